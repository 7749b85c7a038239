// awk: the commands an awk program runs — `system("…")`, `print … | "…"`,
// `"…" | getline` — read from its program text with a small tokenizer, and
// parsed like top-level shell text (a computed command is shape 3).
import { GAP_SHAPE } from "../../../model/gap-shapes.js";
import { type Word } from "../words.js";
import type { Launch, LauncherRow } from "./types.js";
import { quoteWord } from "../../../model/shell-quote.js";

/** awk: the program text word (null when it comes from `-f FILE` or is absent). */
export function awkProgram(words: readonly Word[], i: number): Word | null {
  let j = i + 1;
  while (j < words.length) {
    const w = words[j];
    if (w.dynamic) return w;
    const v = w.value;
    if (v === "--") return words[j + 1] ?? null;
    if (v === "-f" || v.startsWith("--file") || (v.startsWith("-f") && v.length > 2)) return null;
    if (v === "-e" || v === "--source") return words[j + 1] ?? null;
    if (v.startsWith("--source=")) return { ...w, value: v.slice("--source=".length) };
    if (v === "-F" || v === "-v" || v === "-i" || v === "-l" || v === "-W") {
      j += 2;
      continue;
    }
    if (v.startsWith("-") && v.length > 1) {
      j++;
      continue;
    }
    return w;
  }
  return null;
}

interface AwkToken {
  t: "str" | "id" | "pipe" | "punct" | "num";
  v: string;
}

function awkTokens(src: string): AwkToken[] {
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


function awk(call: Launch): number | null {
  const out = call.emit();
  const prog = awkProgram(call.words, call.i);
  if (!prog || prog.dynamic) return out;
  const { scripts, dynamic } = awkCommands(prog.value);
  if (dynamic) call.gap(GAP_SHAPE.DYNAMIC_SCRIPT, `${call.name} runs a command that is not a literal`);
  for (const s of scripts) call.inline(s, { inheritStdin: false, sameScope: false });
  return out;
}

export const AWK_ROWS: readonly LauncherRow[] = [
  {
    names: ["awk", "gawk", "mawk", "nawk"],
    runs: "itself, and the literal commands of `system()`, `| \"cmd\"` and `\"cmd\" | getline`",
    launch: awk,
    examples: [
      ["awk 'BEGIN { system(\"rm -rf /tmp/x\") }'", ["awk BEGIN { system(\"rm -rf /tmp/x\") }", "awk>rm -rf /tmp/x"]],
      ["awk '{ system($0) }'", ["awk { system($0) }"], [3]],
      ["awk 'BEGIN { print \"rm -rf /tmp/x\" | \"sh\" }'", ["awk BEGIN { print \"rm -rf /tmp/x\" | \"sh\" }", "awk>printf %s\\n rm -rf /tmp/x", "awk>sh>rm -rf /tmp/x"]],
      ["awk '{ print $1 | \"sh\" }'", ["awk { print $1 | \"sh\" }", "awk>sh"], [3]],
      ["awk '{ print $1 | \"sort -u\" }' f", ["awk { print $1 | \"sort -u\" } f", "awk>sort -u"]],
    ],
  },
];
