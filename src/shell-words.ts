// Words ↔ one POSIX shell command line. `shellQuote` leaves plain words bare
// and single-quotes the rest, so the line means exactly the words (`check --`
// re-quotes its argv with it; `install` writes hook commands with it).
// `shellWords` reads a command line back into words (shell-quote's tokenizer:
// quotes and escapes undone, `$VAR` kept literal, operators dropped).
import { parse } from "shell-quote";
import { quoteWords } from "./model/shell-quote.js";

/** The words as one command line: model/shell-quote.ts's `quoteWord` for each. */
export const shellQuote = quoteWords;

/** The words of a command line, up to its first operator (`&&`, `|`, `;`, …). */
export function shellWords(line: string): string[] {
  const words: string[] = [];
  for (const token of parse(line, (name) => `$${name}`)) {
    if (typeof token === "string") words.push(token);
    else if ("op" in token && token.op !== "glob") break;
    else if ("pattern" in token) words.push(token.pattern);
  }
  return words;
}
