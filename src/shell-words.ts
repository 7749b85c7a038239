// Words ↔ one POSIX shell command line. `shellQuote` leaves plain words bare
// and single-quotes the rest, so the line means exactly the words (`check --`
// re-quotes its argv with it; `install` writes hook commands with it).
// `shellWords` reads a command line back into words (shell-quote's tokenizer:
// quotes and escapes undone, `$VAR` kept literal, operators dropped).
import { parse } from "shell-quote";

export function shellQuote(words: readonly string[]): string {
  return words.map((w) => (/^[A-Za-z0-9_@%+=:,./~^-]+$/.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`)).join(" ");
}

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
