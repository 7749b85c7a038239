// One word as POSIX shell text, quoted once for every caller: the shell
// table's display of literal words (`raw` of an argv word), the launchers that
// rebuild a command line (`ansible -m file`, `git -c alias`, `xargs -I`), and
// the edges that write command lines (`install`'s hook commands, `check --`).
// A word of only plain characters stays bare; any other is single-quoted with
// `'` as `'\''`, so the shell reads back exactly the word: `~` is quoted too
// (bare at a word's start it would expand to a home directory), and so is `^`
// (a glob operator under zsh's EXTENDED_GLOB).

const BARE = /^[A-Za-z0-9_@%+=:,./-]+$/;

/** The word as shell text that means exactly it: unchanged when it needs no quoting, `''` for the empty word. */
export function quoteWord(word: string): string {
  return BARE.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** The words as one command line (each quoted by `quoteWord`, joined by spaces). */
export function quoteWords(words: readonly string[]): string {
  return words.map(quoteWord).join(" ");
}

/** [word, its shell text] — run by test/model/shell-quote.test.ts (and read back through the bash grammar there). */
export const QUOTE_EXAMPLES: ReadonlyArray<readonly [string, string]> = [
  ["main", "main"],
  ["src/a.ts", "src/a.ts"],
  ["", "''"],
  ["two words", "'two words'"],
  ["it's", `'it'\\''s'`],
  ["~/x", "'~/x'"],
  ["$HOME", "'$HOME'"],
  ["a;b", "'a;b'"],
];
