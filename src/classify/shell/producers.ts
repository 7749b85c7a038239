// Literal producers: the few programs whose output is known without running
// anything — `echo`, `printf`, `cat` (passing its stdin through) and
// `base64 -d` — keyed by program name. The literal evaluator
// (src/classify/shell/literal.ts) asks them what a pipeline stage prints, so
// `$(echo rm)`, `echo 'rm -rf /' | sh` and `base64 -d <<< … | sh` can be read.
import type { Word } from "./words.js";
import { decodeAnsiC, decodeBase64Text } from "./text.js";

/** What a producer prints, given its literal arguments, its words, and its stdin (when known). */
export type Producer = (args: readonly string[], words: readonly Word[], input: (() => string | null) | null) => string | null;

export const PRODUCERS: Readonly<Record<string, Producer>> = {
  echo: (args) => echoOutput(args),
  printf: (args) => printfOutput(args),
  // `cat` with no file operand (or `-`) passes its stdin through.
  cat: (args, _words, input) => (args.some((l) => l !== "-" && !(l.startsWith("-") && l.length > 1)) ? null : input ? input() : null),
  base64: (_args, words, input) => {
    const f = base64DecodeFlags(words);
    if (!f.decode || f.operands > 0 || !input) return null;
    const data = input();
    return data === null ? null : decodeBase64Text(data);
  },
};

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
