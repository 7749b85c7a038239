// A SQL tokenizer for the dialects agents type at psql, mysql, sqlite3 and
// friends. Why hand-written (docs/classifier.md "SQL"): the parsers on npm
// (sql-parser-cst 0.42, node-sql-parser 5.4, pgsql-ast-parser) throw on the
// partial, garbled or mixed-dialect text a guard must still read, and the
// tokenizer-only libraries (sql-highlight) split dollar-quoted bodies and
// nested comments wrongly. This one never throws and is linear:
//
// - strings: '…' with '' doubled quotes (backslash literal), E'…' / e'…'
//   with backslash escapes, N'…', X'…', B'…'; an unterminated string runs to the end;
// - dollar-quoted bodies: $$…$$, $tag$…$tag$;
// - identifiers: bare, "quoted" ("" doubled), `backticked`, [bracketed];
// - comments: -- and # to end of line, /* … */ nested (Postgres nests them);
// - numbers, punctuation, operators, and `;` as its own token;
// - a psql meta-command line (`\c db`, `\i file`) is one `meta` token.

export type SqlTokenKind = "word" | "quoted_ident" | "string" | "number" | "op" | "semicolon" | "comment" | "meta";

export interface SqlToken {
  kind: SqlTokenKind;
  /** As written. */
  text: string;
  /** For words: upper-cased; for strings and quoted identifiers: the decoded value. */
  value: string;
}

const WORD_START = /[A-Za-z_\u0080-\uffff]/;
const WORD_CHAR = /[A-Za-z0-9_$\u0080-\uffff]/;

export function tokenizeSql(src: string): SqlToken[] {
  const out: SqlToken[] = [];
  const n = src.length;
  let i = 0;
  let lineStart = true;
  const push = (kind: SqlTokenKind, start: number, value?: string) => {
    const text = src.slice(start, i);
    out.push({ kind, text, value: value ?? (kind === "word" ? text.toUpperCase() : text) });
  };
  while (i < n) {
    const c = src[i]!;
    const start = i;
    if (c === "\n") {
      lineStart = true;
      i++;
      continue;
    }
    if (c === " " || c === "\t" || c === "\r" || c === "\f") {
      i++;
      continue;
    }
    const atLineStart = lineStart;
    lineStart = false;
    if (c === "\\" && atLineStart) {
      while (i < n && src[i] !== "\n") i++;
      push("meta", start);
      continue;
    }
    if ((c === "-" && src[i + 1] === "-") || c === "#") {
      while (i < n && src[i] !== "\n") i++;
      push("comment", start);
      continue;
    }
    if (c === "/" && src[i + 1] === "*") {
      let depth = 0;
      while (i < n) {
        if (src[i] === "/" && src[i + 1] === "*") {
          depth++;
          i += 2;
        } else if (src[i] === "*" && src[i + 1] === "/") {
          depth--;
          i += 2;
          if (depth === 0) break;
        } else i++;
      }
      push("comment", start);
      continue;
    }
    // E'…' (escapes), N'…', X'…', B'…', U&'…': a one-letter prefix glued to a string.
    if (/[EeNnXxBb]/.test(c) && src[i + 1] === "'") {
      i++;
      const value = readQuoted(src, i, "'", /[Ee]/.test(c));
      i = value.end;
      push("string", start, value.value);
      continue;
    }
    if (c === "'") {
      // Backslash is literal (standard SQL, Postgres): where MySQL would read `\'` as an escape,
      // this sees the string end early and any statement after it — the side that never hides one.
      const value = readQuoted(src, i, "'", false);
      i = value.end;
      push("string", start, value.value);
      continue;
    }
    if (c === '"' || c === "`") {
      const value = readQuoted(src, i, c, false);
      i = value.end;
      push("quoted_ident", start, value.value);
      continue;
    }
    if (c === "[" && /[A-Za-z_]/.test(src[i + 1] ?? "")) {
      const close = src.indexOf("]", i);
      if (close > 0 && !src.slice(i, close).includes("\n")) {
        i = close + 1;
        push("quoted_ident", start, src.slice(start + 1, close));
        continue;
      }
    }
    if (c === "$") {
      const tag = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(src.slice(i, i + 66));
      if (tag) {
        const close = src.indexOf(tag[0], i + tag[0].length);
        const end = close < 0 ? n : close + tag[0].length;
        const body = src.slice(i + tag[0].length, close < 0 ? n : close);
        i = end;
        push("string", start, body);
        continue;
      }
    }
    if (WORD_START.test(c)) {
      while (i < n && WORD_CHAR.test(src[i]!)) i++;
      push("word", start);
      continue;
    }
    if (/[0-9]/.test(c) || (c === "." && /[0-9]/.test(src[i + 1] ?? ""))) {
      while (i < n && /[0-9A-Za-z_.]/.test(src[i]!)) i++;
      push("number", start);
      continue;
    }
    if (c === ";") {
      i++;
      push("semicolon", start);
      continue;
    }
    const two = src.slice(i, i + 2);
    i += ["<>", "!=", "<=", ">=", "::", "||", "==", ":="].includes(two) ? 2 : 1;
    push("op", start);
  }
  return out;
}

/**
 * A quoted run from `at` (the opening quote): a doubled quote is one quote; with
 * `backslash`, `\x` escapes the next character (E'' strings, MySQL). Unterminated → to the end.
 */
function readQuoted(src: string, at: number, quote: string, backslash: boolean): { value: string; end: number } {
  let i = at + 1;
  let value = "";
  while (i < src.length) {
    const c = src[i]!;
    if (backslash && c === "\\" && i + 1 < src.length) {
      value += src[i + 1];
      i += 2;
      continue;
    }
    if (c === quote) {
      if (src[i + 1] === quote) {
        value += quote;
        i += 2;
        continue;
      }
      return { value, end: i + 1 };
    }
    value += c;
    i++;
  }
  return { value, end: src.length };
}
