// Literal producers: the few programs whose output is known without running
// anything — `echo`, `printf`, `cat` (passing its stdin through) and
// `base64 -d` — keyed by program name. The literal evaluator
// (src/classify/shell/literal.ts) asks them what a pipeline stage prints, so
// `$(echo rm)`, `echo 'rm -rf /' | sh` and `base64 -d <<< … | sh` can be read.
import type { Word } from "./words.js";
import { decodeBase64Text } from "../text.js";
import { echoOutput, printfOutput } from "../programs/echo-printf.js";

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
