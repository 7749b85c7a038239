// Inline code: how shells, `eval`, `cmd`, PowerShell, git aliases, awk and
// the non-shell interpreters take a program as an argument or on stdin, and
// the few literal producers (`echo`, `printf`) whose output can be known
// without running anything. Pure functions over Word lists.
import { decodeAnsiC, decodeBase64Text, type Word } from "./words.js";

/** Shells whose `-c` script (or stdin) is parsed with the Bash grammar. */
export const SHELLS = new Set(["sh", "bash", "zsh", "dash", "ksh", "ash", "mksh", "yash", "fish", "csh", "tcsh"]);

export type ShellInvocation =
  /** `-c SCRIPT`: `index` is the script word. */
  | { kind: "script"; index: number }
  /** Reads its script from stdin (no operand, `-s`, or `-`). */
  | { kind: "stdin" }
  /** Runs a script file (`bash x.sh`; `index` is that operand), or `-c` without its operand (`index` -1). */
  | { kind: "file"; index: number };

/** How a shell was invoked: options may be clustered (`-lc`, `-euxc`), `-c` may follow other flags. */
export function shellInvocation(words: readonly Word[], i: number): ShellInvocation {
  let j = i + 1;
  let cmode = false;
  let smode = false;
  while (j < words.length) {
    const w = words[j];
    if (w.dynamic) break;
    const v = w.value;
    if (v === "--" || v === "-") {
      j++;
      if (v === "-") smode = true;
      break;
    }
    if (v.startsWith("--")) {
      j += v === "--rcfile" || v === "--init-file" ? 2 : 1;
      if (v === "--command") cmode = true; // fish
      continue;
    }
    if ((v[0] === "-" || v[0] === "+") && v.length > 1) {
      const letters = v.slice(1);
      if (v[0] === "-" && letters.includes("c")) cmode = true;
      if (letters.includes("s")) smode = true;
      let extra = 0;
      for (const ch of letters) if (ch === "o" || ch === "O") extra++;
      j += 1 + extra;
      continue;
    }
    break;
  }
  if (cmode) return j < words.length ? { kind: "script", index: j } : { kind: "file", index: -1 };
  if (j < words.length && !smode) return { kind: "file", index: j };
  return { kind: "stdin" };
}

export type InterpreterUse =
  /** Code given on the command line (`python -c`, `node -e`, `perl -e`, …). */
  | { kind: "inline"; flag: string }
  /** The program comes from stdin (no script operand, or `-`). */
  | { kind: "stdin" }
  /** A script file, a module, a REPL flag, `--version`: not inline code. */
  | { kind: "other" };

const PYTHON = /^(python[0-9.]*|pypy[0-9.]*)$/;
const PERL = /^perl[0-9.]*$/;
const RUBY = /^(ruby[0-9.]*|jruby)$/;
const NODE = new Set(["node", "nodejs"]);
const PHP = /^php[0-9.]*$/;
const LUA = /^(lua[0-9.]*|luajit)$/;

/** Non-shell interpreters: where their program comes from. Null for other programs. */
export function interpreterUse(name: string, words: readonly Word[], i: number): InterpreterUse | null {
  if (PYTHON.test(name)) return clusterUse(words, i, { inline: "c", other: "hmV", nextValue: "WX" });
  if (NODE.has(name)) return nodeUse(words, i);
  if (PERL.test(name)) return clusterUse(words, i, { inline: "eE", other: "vh", restValue: "iImMxdDC", digits: "l0" });
  if (RUBY.test(name)) return clusterUse(words, i, { inline: "e", other: "vh", restValue: "FiWTKx0", nextValue: "rICE" });
  if (PHP.test(name)) return plainUse(words, i, PHP_FLAGS);
  if (LUA.test(name)) return plainUse(words, i, { inline: ["-e"], value: ["-l"] });
  if (name === "osascript") return plainUse(words, i, { inline: ["-e"], value: ["-l", "-s"] });
  if (name === "rscript") return plainUse(words, i, { inline: ["-e"] });
  if (name === "deno") return subcommandUse(words, i, ["eval"], ["-e", "--eval"]);
  if (name === "bun") return subcommandUse(words, i, [], ["-e", "--eval", "-p", "--print"]);
  return null;
}

function endOf(words: readonly Word[], j: number): InterpreterUse {
  if (j >= words.length) return { kind: "stdin" };
  if (!words[j].dynamic && words[j].value === "-") return { kind: "stdin" };
  return { kind: "other" };
}

/**
 * Walks the options after an interpreter's name, the part node, python, perl
 * and ruby read alike: a dynamic word ends the walk (`other`), `-` is stdin,
 * `--` hands over to the word after it, running out of words is stdin.
 * `readOption` reads any other word: a result, or how many words it spans.
 */
function walkOptions(words: readonly Word[], i: number, readOption: (v: string) => InterpreterUse | number): InterpreterUse {
  let j = i + 1;
  while (j < words.length) {
    const w = words[j];
    if (w.dynamic) return { kind: "other" };
    const v = w.value;
    if (v === "-") return { kind: "stdin" };
    if (v === "--") return endOf(words, j + 1);
    const read = readOption(v);
    if (typeof read !== "number") return read;
    j += read;
  }
  return { kind: "stdin" };
}

const NODE_VALUE_OPTIONS = new Set([
  "-r", "--require", "--import", "--loader", "--experimental-loader", "-C", "--conditions", "--input-type",
  "--inspect-port", "--title", "--env-file", "--watch-path", "--stack-size",
]);

function nodeUse(words: readonly Word[], i: number): InterpreterUse {
  return walkOptions(words, i, (v) => {
    if (/^-(e|p|pe|ep)$/.test(v)) return { kind: "inline", flag: v };
    if (v === "--eval" || v.startsWith("--eval=") || v === "--print" || v.startsWith("--print="))
      return { kind: "inline", flag: v.replace(/=[\s\S]*$/, "") };
    if (v === "-h" || v === "--help" || v === "-v" || v === "--version" || v === "-i" || v === "--interactive") return { kind: "other" };
    if (v.startsWith("-")) return NODE_VALUE_OPTIONS.has(v) ? 2 : 1;
    return { kind: "other" };
  });
}

/**
 * Short-flag letters of an interpreter whose flags cluster (`python -Bc`,
 * `perl -lne`, `ruby -pi -e`). Each string lists letters; an absent field
 * lists none.
 */
interface ClusterLetters {
  /** Take the code as the next word (`-c`, `-e`). */
  inline: string;
  /** Mean no inline code follows: help, version, run a module (`-h`, `-V`, `-m`). */
  other: string;
  /** Take the rest of the cluster as their value (`-i.bak`, `-MFoo`). */
  restValue?: string;
  /** Take trailing digits (`-l015`, `-0777`). */
  digits?: string;
  /** Take an attached value or else the next word (`-rjson`, `-r json`, `-W error`). */
  nextValue?: string;
}

/** python / perl / ruby: where the program comes from, reading clustered short flags. */
function clusterUse(words: readonly Word[], i: number, letters: ClusterLetters): InterpreterUse {
  const { inline, other, restValue = "", digits = "", nextValue = "" } = letters;
  return walkOptions(words, i, (v) => {
    if (v.startsWith("--")) return v === "--help" || v === "--version" ? { kind: "other" } : 1;
    if (v.length > 1 && v[0] === "-") {
      for (let k = 1; k < v.length; k++) {
        const ch = v[k];
        if (inline.includes(ch)) return { kind: "inline", flag: "-" + ch };
        if (other.includes(ch)) return { kind: "other" };
        if (restValue.includes(ch)) return 1;
        if (nextValue.includes(ch)) return k + 1 >= v.length ? 2 : 1;
        if (digits.includes(ch)) {
          while (k + 1 < v.length && /[0-9a-fA-Fx]/.test(v[k + 1])) k++;
        }
      }
      return 1;
    }
    return { kind: "other" };
  });
}

/** Flags that never cluster, each a whole word. */
interface PlainFlags {
  /** Take the code as the next word (`-e`, `php -r`). */
  inline: readonly string[];
  /** Mean no inline code follows (a script file, a REPL, help). */
  other?: readonly string[];
  /** Take the next word as their value. */
  value?: readonly string[];
}

const PHP_FLAGS: PlainFlags = {
  inline: ["-r", "-R", "-B", "-E"],
  // php has always classed a bare `-` as other, not stdin; kept so.
  other: ["-", "-f", "-a", "-l", "-S", "-t", "-v", "-h", "-i", "-m"],
  value: ["-d", "-c", "-z"],
};

/**
 * lua, osascript, Rscript, php: where the program comes from, reading
 * whole-word flags. Not walkOptions: `inline` and `other` are read before
 * `-`, which php lists as other.
 */
function plainUse(words: readonly Word[], i: number, flags: PlainFlags): InterpreterUse {
  const { inline, other = [], value = [] } = flags;
  let j = i + 1;
  while (j < words.length) {
    const w = words[j];
    if (w.dynamic) return { kind: "other" };
    const v = w.value;
    if (inline.includes(v)) return { kind: "inline", flag: v };
    if (other.includes(v)) return { kind: "other" };
    if (v === "-") return { kind: "stdin" };
    if (v === "--") return endOf(words, j + 1);
    if (value.includes(v)) {
      j += 2;
      continue;
    }
    if (v.startsWith("-") && v.length > 1) {
      j++;
      continue;
    }
    return { kind: "other" };
  }
  return { kind: "stdin" };
}

function subcommandUse(words: readonly Word[], i: number, inlineSubs: string[], inlineFlags: string[]): InterpreterUse {
  for (let j = i + 1; j < words.length; j++) {
    const w = words[j];
    if (w.dynamic) return { kind: "other" };
    if (inlineFlags.includes(w.value) || inlineFlags.some((f) => f.startsWith("--") && w.value.startsWith(f + "=")))
      return { kind: "inline", flag: w.value.split("=")[0] };
    if (w.value.startsWith("-")) continue;
    return inlineSubs.includes(w.value) ? { kind: "inline", flag: w.value } : { kind: "other" };
  }
  return { kind: "other" };
}

/** `cmd /C …` / `cmd /K …`: the script as cmd.exe receives it, or null when cmd runs nothing. */
export function cmdScript(words: readonly Word[], i: number): { words: Word[]; prefix: string } | null {
  for (let j = i + 1; j < words.length; j++) {
    const w = words[j];
    if (w.dynamic) return null;
    const v = w.value;
    if (/^\/[ck]$/i.test(v)) return { words: words.slice(j + 1), prefix: "" };
    if (/^\/[ck]/i.test(v) && !/^\/[ck]:/i.test(v)) return { words: words.slice(j + 1), prefix: v.slice(2) };
    if (v.startsWith("/")) continue;
    return null;
  }
  return null;
}

export type PowerShellScript =
  | { kind: "command"; words: Word[] }
  | { kind: "encoded"; word: Word | null }
  | null;

const PS_VALUE_OPTIONS = new Set([
  "executionpolicy", "ep", "ex", "exec", "windowstyle", "w", "win", "version", "v", "psconsolefile",
  "configurationname", "config", "outputformat", "of", "o", "inputformat", "if", "inp", "workingdirectory", "wd",
  "settingsfile", "settings", "custompipename", "encodedarguments", "ea",
]);

/** `powershell|pwsh -Command …` / `-EncodedCommand …`; null for `-File`, REPL, or nothing to run. */
export function powershellScript(name: string, words: readonly Word[], i: number): PowerShellScript {
  let j = i + 1;
  while (j < words.length) {
    const w = words[j];
    if (w.dynamic) break;
    const v = w.value;
    if ((v[0] === "-" || v[0] === "/") && v.length > 1) {
      const opt = v.slice(1).toLowerCase().replace(/:.*$/, "");
      if (opt === "c" || opt === "cwa" || opt === "commandwithargs" || (opt.length >= 3 && "command".startsWith(opt)))
        return { kind: "command", words: words.slice(j + 1) };
      if (opt === "e" || opt === "ec" || (opt.length >= 2 && "encodedcommand".startsWith(opt)))
        return { kind: "encoded", word: words[j + 1] ?? null };
      if (opt === "f" || (opt.length >= 2 && "file".startsWith(opt))) return null;
      j += PS_VALUE_OPTIONS.has(opt) ? 2 : 1;
      continue;
    }
    break;
  }
  if (j >= words.length) return null;
  // Windows PowerShell defaults to -Command; pwsh defaults to -File.
  return name === "powershell" ? { kind: "command", words: words.slice(j) } : null;
}

export interface GitAliasUse {
  /** The alias definition word (`alias.x=…`) and its value. */
  value: string;
  dynamic: boolean;
  /** Index of the subcommand word that invokes the alias. */
  subIndex: number;
}

const GIT_VALUE_OPTIONS = new Set(["-C", "--git-dir", "--work-tree", "--namespace", "--config-env", "--super-prefix", "--list-cmds"]);

/** `git -c alias.X=VALUE … X …`: the alias the subcommand invokes, when defined on this command line. */
export function gitAliasUse(words: readonly Word[], i: number): GitAliasUse | null {
  const aliases = new Map<string, { value: string; dynamic: boolean }>();
  let j = i + 1;
  while (j < words.length) {
    const w = words[j];
    if (w.dynamic) return null;
    const v = w.value;
    if (v === "-c") {
      const kv = words[j + 1];
      if (kv) {
        const m = /^alias\.([^=]+)=([\s\S]*)$/i.exec(kv.value);
        if (m) aliases.set(m[1].toLowerCase(), { value: m[2], dynamic: kv.dynamic });
      }
      j += 2;
      continue;
    }
    if (GIT_VALUE_OPTIONS.has(v)) {
      j += 2;
      continue;
    }
    if (v.startsWith("-")) {
      j++;
      continue;
    }
    break;
  }
  if (j >= words.length || aliases.size === 0) return null;
  const sub = words[j];
  const alias = aliases.get(sub.value.toLowerCase());
  if (!alias) return null;
  return { value: alias.value, dynamic: alias.dynamic, subIndex: j };
}

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
        scripts.push(next.v);
      } else {
        dynamic = true;
      }
    }
  }
  return { scripts, dynamic };
}

/** What `echo ARGS…` prints (bash builtin: `-n`, `-e`, `-E` leading flags). */
export function echoOutput(args: readonly string[]): string {
  let newline = true;
  let escapes = false;
  let k = 0;
  while (k < args.length && /^-[neE]+$/.test(args[k])) {
    for (const ch of args[k].slice(1)) {
      if (ch === "n") newline = false;
      else if (ch === "e") escapes = true;
      else escapes = false;
    }
    k++;
  }
  let text = args.slice(k).join(" ");
  if (escapes) {
    const d = decodeAnsiC(text, true);
    text = d.text;
    if (d.stopped) newline = false;
  }
  return newline ? text + "\n" : text;
}

const PRINTF_MAX = 64 * 1024;

/** What `printf FORMAT ARGS…` prints, or null for a format this does not model. */
export function printfOutput(args: readonly string[]): string | null {
  let k = 0;
  if (args[k] === "--") k++;
  if (args[k] === "-v") return null; // assigns to a variable, prints nothing useful
  const format = args[k];
  if (format === undefined) return null;
  const rest = args.slice(k + 1);
  let out = "";
  let argi = 0;
  for (let pass = 0; pass < 1000; pass++) {
    let consumed = 0;
    for (let i = 0; i < format.length; i++) {
      const c = format[i];
      if (c === "\\") {
        const m = /^\\(?:[0-7]{1,3}|x[0-9A-Fa-f]{1,2}|u[0-9A-Fa-f]{1,4}|U[0-9A-Fa-f]{1,8}|.)/s.exec(format.slice(i));
        const seq = m ? m[0] : "\\";
        const d = decodeAnsiC(/^\\[0-7]/.test(seq) ? "\\0" + seq.slice(1) : seq, true);
        if (d.stopped) return out;
        out += d.text;
        i += seq.length - 1;
        continue;
      }
      if (c !== "%") {
        out += c;
        continue;
      }
      const m = /^%([-+ #0]*)(\d*)(?:\.(\d*))?([sbcdiuxXoq%])/.exec(format.slice(i));
      if (!m) return null;
      i += m[0].length - 1;
      const conv = m[4];
      if (conv === "%") {
        out += "%";
        continue;
      }
      const arg = rest[argi] ?? "";
      if (argi < rest.length) {
        argi++;
        consumed++;
      }
      let piece: string;
      if (conv === "s") piece = arg;
      else if (conv === "b") {
        const d = decodeAnsiC(arg, true);
        piece = d.text;
      } else if (conv === "c") piece = arg.slice(0, 1);
      else if (conv === "q") return null;
      else {
        if (arg !== "" && !/^[-+]?\d+$/.test(arg)) return null;
        const n = arg === "" ? 0 : parseInt(arg, 10);
        piece = conv === "x" ? n.toString(16) : conv === "X" ? n.toString(16).toUpperCase() : conv === "o" ? n.toString(8) : String(n);
      }
      if (m[3] !== undefined && conv === "s") piece = piece.slice(0, parseInt(m[3] || "0", 10));
      const width = m[2] ? parseInt(m[2], 10) : 0;
      if (width > PRINTF_MAX) return null;
      if (piece.length < width) piece = m[1].includes("-") ? piece.padEnd(width) : piece.padStart(width);
      out += piece;
      if (out.length > PRINTF_MAX) return null;
    }
    if (argi >= rest.length || consumed === 0) break;
  }
  return out;
}

/** `base64 -d` of a literal input: the decoded text, or null. */
export function base64DecodeFlags(args: readonly Word[]): { decode: boolean; operands: number } {
  let decode = false;
  let operands = 0;
  let endOpts = false;
  for (const a of args) {
    const v = a.value;
    if (!endOpts && v === "--") {
      endOpts = true;
      continue;
    }
    if (!endOpts && v.startsWith("--")) {
      if (v === "--decode") decode = true;
      continue;
    }
    if (!endOpts && v.length > 1 && v[0] === "-") {
      if (/[dD]/.test(v.slice(1)) && /^-[dDiw0-9]+$/.test(v)) decode = true;
      continue;
    }
    if (v !== "-") operands++;
  }
  return { decode, operands };
}

export { decodeBase64Text };
