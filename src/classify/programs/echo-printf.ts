// What `echo` and `printf` print, from their literal arguments: the walker's
// literal producers (src/classify/shell/producers.ts) and the effect table's
// stdin of a pipe (effects/common.ts stdinLiteral) both ask this one reading.
import { decodeAnsiC } from "../text.js";

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
