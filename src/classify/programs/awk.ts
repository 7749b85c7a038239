// awk: where its program text is on the command line, and what the program
// does outside its own output — the commands it runs (`system("…")`,
// `print … | "cmd"`, `"cmd" | getline`) and the files it writes (`print … >
// "F"`, `printf … >> "F"`, gawk's `-i inplace`). Read with a small
// tokenizer; the walker runs the commands (src/classify/shell/launchers/awk.ts)
// and the effect table judges the writes (src/classify/effects/script-writes.ts).
import { quoteWord } from "../../model/shell-quote.js";
import type { Arg } from "./args.js";
import { has, parseArgs, type OptionSpec } from "./options.js";

/** awk's command line, POSIX and gawk: the options that take a value. */
export const AWK_OPTIONS: OptionSpec = {
  shortValue: "fvFilWeE",
  longValue: ["file", "assign", "field-separator", "include", "load", "source", "exec"],
  aliases: { f: "file", v: "assign", F: "field-separator", i: "include", l: "load", e: "source", E: "exec" },
};

/** awk: the program text (`-e`/`--source TEXT`, or the first operand), null when it comes from `-f FILE`/`-E FILE` or is absent. */
export function awkProgram(words: readonly Arg[], i: number): Arg | null {
  const p = parseArgs(words, AWK_OPTIONS, i + 1);
  const source = p.flags.find((f) => f.name === "source" && f.value !== null);
  if (source) return { ...source.arg, value: source.value! };
  if (has(p, "file", "exec")) return null;
  return p.operands[0]?.arg ?? null;
}

interface AwkToken {
  t: "str" | "id" | "pipe" | "punct" | "num";
  v: string;
}

export function awkTokens(src: string): AwkToken[] {
  const out: AwkToken[] = [];
  let i = 0;
  const regexAllowed = (): boolean => {
    const prev = out[out.length - 1];
    if (!prev) return true;
    if (prev.t === "id" || prev.t === "num" || prev.t === "str") return false;
    return !(prev.t === "punct" && (prev.v === ")" || prev.v === "]" || prev.v === "$"));
  };
  while (i < src.length) {
    const c = src[i];
    if (c === "#") {
      while (i < src.length && src[i] !== "\n") i++;
      continue;
    }
    if (c === " " || c === "\t" || c === "\r") {
      i++;
      continue;
    }
    if (c === "\\" && src[i + 1] === "\n") {
      i += 2;
      continue;
    }
    if (c === '"') {
      let v = "";
      i++;
      while (i < src.length && src[i] !== '"') {
        if (src[i] === "\\" && i + 1 < src.length) {
          const n = src[i + 1];
          const map: Record<string, string> = { n: "\n", t: "\t", r: "\r", "\\": "\\", '"': '"', "/": "/", a: "\x07", b: "\b", f: "\f", v: "\v" };
          const esc = /^(x[0-9A-Fa-f]{1,2}|[0-7]{1,3})/.exec(src.slice(i + 1, i + 4));
          if (esc) {
            v += String.fromCharCode(esc[0][0] === "x" ? parseInt(esc[0].slice(1), 16) : parseInt(esc[0], 8));
            i += 1 + esc[0].length;
            continue;
          }
          v += map[n] ?? n;
          i += 2;
          continue;
        }
        v += src[i++];
      }
      i++;
      out.push({ t: "str", v });
      continue;
    }
    if (c === "/" && regexAllowed()) {
      i++;
      let inClass = false;
      while (i < src.length && src[i] !== "\n") {
        if (src[i] === "\\") {
          i += 2;
          continue;
        }
        if (src[i] === "[") inClass = true;
        else if (src[i] === "]") inClass = false;
        else if (src[i] === "/" && !inClass) break;
        i++;
      }
      i++;
      out.push({ t: "punct", v: "regex" });
      continue;
    }
    if (/[A-Za-z_]/.test(c)) {
      let v = "";
      while (i < src.length && /[A-Za-z0-9_]/.test(src[i])) v += src[i++];
      out.push({ t: "id", v });
      continue;
    }
    if (/[0-9.]/.test(c)) {
      let v = "";
      while (i < src.length && /[0-9.eE]/.test(src[i])) v += src[i++];
      out.push({ t: "num", v });
      continue;
    }
    if (c === "|") {
      if (src[i + 1] === "|") {
        out.push({ t: "punct", v: "||" });
        i += 2;
        continue;
      }
      i += src[i + 1] === "&" ? 2 : 1;
      out.push({ t: "pipe", v: "|" });
      continue;
    }
    if (c === "\n") {
      out.push({ t: "punct", v: ";" });
      i++;
      continue;
    }
    out.push({ t: "punct", v: c });
    i++;
  }
  return out;
}

/** A command that runs its stdin as a script (`sh`, `bash -s`, `/bin/zsh`). */
const SHELL_COMMAND = /^\s*(\S*\/)?(ba|da|z|k|a|mk|c|tc|y|fi)?sh(\s+-\w*s\w*)?\s*$/;

/**
 * What `print …` before the pipe at `toks[pipe]` writes: the string when it
 * is one literal (`print "x"`, `print("x")`), null when it is computed,
 * undefined when no `print`/`printf` statement ends there.
 */
function printedLiteral(toks: readonly AwkToken[], pipe: number): string | null | undefined {
  let k = pipe - 1;
  while (k >= 0 && !(toks[k].t === "id" && (toks[k].v === "print" || toks[k].v === "printf")) && toks[k].v !== ";" && toks[k].v !== "{" && toks[k].v !== "}") k--;
  if (k < 0 || toks[k].t !== "id") return undefined;
  const args = toks.slice(k + 1, pipe).filter((t) => t.v !== "(" && t.v !== ")");
  if (args.length === 1 && args[0].t === "str") return args[0].v;
  return null;
}

/**
 * Commands an awk program runs: `system("…")`, `print … | "…"`,
 * `"…" | getline`. Literal strings are returned; any such call with a
 * computed command sets `dynamic`.
 */
export function awkCommands(program: string): { scripts: string[]; dynamic: boolean } {
  const toks = awkTokens(program);
  const scripts: string[] = [];
  let dynamic = false;
  for (let k = 0; k < toks.length; k++) {
    const tok = toks[k];
    if (tok.t === "id" && tok.v === "system" && toks[k + 1]?.v === "(") {
      const a = toks[k + 2];
      if (a?.t === "str" && toks[k + 3]?.v === ")") scripts.push(a.v);
      else dynamic = true;
    } else if (tok.t === "pipe") {
      const next = toks[k + 1];
      if (next?.t === "id" && next.v === "getline") {
        const prev = toks[k - 1];
        if (prev?.t === "str" && !(toks[k - 2]?.t === "str" || toks[k - 2]?.t === "id")) scripts.push(prev.v);
        else dynamic = true;
      } else if (next?.t === "str" && !(toks[k + 2]?.t === "str" || toks[k + 2]?.t === "id")) {
        // `print "rm -rf ~" | "sh"`: the printed line is the piped command's input — a shell runs it.
        const printed = printedLiteral(toks, k);
        if (printed !== undefined && SHELL_COMMAND.test(next.v)) {
          if (printed === null) {
            dynamic = true;
            scripts.push(next.v);
          } else scripts.push(`printf '%s\\n' ${quoteWord(printed)} | ${next.v}`);
        } else scripts.push(next.v);
      } else {
        dynamic = true;
      }
    }
  }
  return { scripts, dynamic };
}

/** The files an awk program writes: literal names, and whether some target is computed (`print > $1".txt"`). */
export interface AwkWrites {
  files: string[];
  dynamic: boolean;
}

/** Where output goes that is no file: the streams awk itself names. */
const AWK_STREAMS = /^\/dev\/(stdout|stderr|fd\/[012])$|^-$/;

/**
 * `print … > "F"` and `>> "F"`: a `>` that follows `print`/`printf` in the
 * same statement, outside parentheses, redirects (inside them, and in a
 * pattern or condition, it compares).
 */
export function awkWrites(program: string): AwkWrites {
  const toks = awkTokens(program);
  const out: AwkWrites = { files: [], dynamic: false };
  for (let k = 0; k < toks.length; k++) {
    if (!(toks[k].t === "id" && (toks[k].v === "print" || toks[k].v === "printf"))) continue;
    let depth = 0;
    for (let j = k + 1; j < toks.length; j++) {
      const t = toks[j];
      if (t.t === "punct" && (t.v === "(" || t.v === "[")) depth++;
      else if (t.t === "punct" && (t.v === ")" || t.v === "]")) depth--;
      else if (t.t === "pipe" || (t.t === "punct" && (t.v === ";" || t.v === "}" || t.v === "{"))) break;
      if (depth < 0) break;
      if (depth === 0 && t.t === "punct" && t.v === ">") {
        const next = toks[j + 1]?.t === "punct" && toks[j + 1].v === ">" ? j + 2 : j + 1;
        const target = toks[next];
        const after = toks[next + 1];
        // One literal string, not the start of a concatenation (`> "out/" $1`).
        if (target?.t === "str" && !(after && (after.t === "str" || after.t === "id" || (after.t === "punct" && after.v === "$")))) {
          if (!AWK_STREAMS.test(target.v)) out.files.push(target.v);
        } else out.dynamic = true;
        break;
      }
    }
  }
  return out;
}

/** gawk's in-place edit (`-i inplace`, `--include=inplace`): every file operand is rewritten. */
export function awkInPlace(words: readonly Arg[], i: number): boolean {
  return parseArgs(words, AWK_OPTIONS, i + 1).flags.some((f) => f.name === "include" && /^inplace(\.awk)?$/.test(f.value ?? ""));
}

/** The file operands of an awk command line: the operands after the program text that are no `var=value` assignment. */
export function awkFiles(words: readonly Arg[], i: number): Arg[] {
  const p = parseArgs(words, AWK_OPTIONS, i + 1);
  const fromFlag = p.flags.some((f) => f.name === "source" || f.name === "file" || f.name === "exec");
  return p.operands.slice(fromFlag ? 0 : 1).map((o) => o.arg).filter((a) => !/^[A-Za-z_][A-Za-z0-9_]*=/.test(a.value) && a.value !== "-");
}

/** [awk program, the files it writes, a target built at run time] — run by test/classify/programs/. */
export const AWK_WRITE_EXAMPLES: ReadonlyArray<readonly [string, string[], boolean]> = [
  ['BEGIN { print "x" > "/home/u/.bashrc" }', ["/home/u/.bashrc"], false],
  ['{ print >> ".claude/settings.json" }', [".claude/settings.json"], false],
  ['{ printf "%s\\n", $0 > "out.txt" }', ["out.txt"], false],
  ['{ print > $1 ".txt" }', [], true],
  ['{ print $1 > "/dev/stderr" }', [], false],
  ["$3 > 100 { print $1 }", [], false],
  ["{ if ($2 > 5) print $1 }", [], false],
  ["{ print ($1 > $2) }", [], false],
  ['{ print $1 | "sort" }', [], false],
  ['{ print "a" > "out/" name }', [], true],
];
