// Test-bracket operands tree-sitter-bash misreads. Inside `[ … ]` and
// `[[ … ]]` the grammar parses an arithmetic-like expression, so a bare word
// made of operator characters — `~`, `~+`, `~-`, `/`, `/*` — is read as a
// prefix or infix operator with no operand, the bracket never closes, and the
// error swallows every statement after it: `[ -d ~ ] && rm -rf ~` was one
// ERROR node with no command in it (a parse-error ask, never the wipe's deny).
// Bash itself reads those words as plain words. `maskTestOperands` returns the
// text with each such word's leading operator characters replaced by `x`
// (same length, so every node offset still indexes the original text, which is
// what the walker slices words from); the walker parses the masked text when
// the original does not parse and the masked one does (walk.ts).

/** Characters that start a word the test-expression grammar reads as an operator. */
const OPERATOR_START = new Set(["~", "/", "+", "*", "%", "^"]);
/** Characters masked in the run at the start of such a word. */
const OPERATOR_RUN = new Set(["~", "/", "+", "-", "*", "%", "^", "."]);
const SPACE = new Set([" ", "\t"]);
/** Characters after which a `[` or `[[` word may start (a word boundary). */
const BEFORE_WORD = new Set([" ", "\t", "\n", ";", "&", "|", "(", "!", "{"]);

/**
 * Where the word starting at `i` ends, skipping quotes, escapes and
 * substitutions (`$(…)`, `${…}`, backticks) so their spaces do not end it.
 */
function wordEnd(s: string, i: number): number {
  let k = i;
  while (k < s.length) {
    const ch = s[k];
    if (SPACE.has(ch) || ch === "\n" || ch === ";" || ch === "&" || ch === "|") return k;
    k = skipUnit(s, k);
  }
  return k;
}

/** The index after one lexical unit at `k`: a quoted string, an escape, a substitution, or one character. */
function skipUnit(s: string, k: number): number {
  const ch = s[k];
  if (ch === "\\") return Math.min(s.length, k + 2);
  if (ch === "'") {
    const e = s.indexOf("'", k + 1);
    return e < 0 ? s.length : e + 1;
  }
  if (ch === '"') {
    let j = k + 1;
    while (j < s.length && s[j] !== '"') j = s[j] === "\\" ? j + 2 : s[j] === "$" && (s[j + 1] === "(" || s[j + 1] === "{") ? skipUnit(s, j) : j + 1;
    return Math.min(s.length, j + 1);
  }
  if (ch === "`") {
    let j = k + 1;
    while (j < s.length && s[j] !== "`") j = s[j] === "\\" ? j + 2 : j + 1;
    return Math.min(s.length, j + 1);
  }
  if (ch === "$" && (s[k + 1] === "(" || s[k + 1] === "{")) {
    const close = s[k + 1] === "(" ? ")" : "}";
    const open = s[k + 1];
    let depth = 1;
    let j = k + 2;
    while (j < s.length && depth > 0) {
      const c = s[j];
      if (c === open) depth++;
      else if (c === close) depth--;
      if (depth === 0) return j + 1;
      j = c === "'" || c === '"' || c === "\\" || c === "`" || (c === "$" && (s[j + 1] === "(" || s[j + 1] === "{")) ? skipUnit(s, j) : j + 1;
    }
    return j;
  }
  return k + 1;
}

/**
 * The text with the operator-looking operands of its test brackets masked
 * (same length), or the text itself when there are none.
 */
export function maskTestOperands(text: string): string {
  if (!text.includes("[")) return text;
  const out = text.split("");
  let changed = false;
  let k = 0;
  let closer: string | null = null; // "]" or "]]" while inside a bracket
  while (k < text.length) {
    const ch = text[k];
    if (SPACE.has(ch) || ch === "\n") {
      k++;
      continue;
    }
    const atBoundary = k === 0 || BEFORE_WORD.has(text[k - 1]);
    if (!atBoundary) {
      k = skipUnit(text, k);
      continue;
    }
    const end = wordEnd(text, k);
    if (end === k) {
      k++; // an operator character (`;`, `&`, `|`) on its own
      continue;
    }
    const word = text.slice(k, end);
    if (closer === null) {
      if (word === "[" || word === "[[") closer = word === "[" ? "]" : "]]";
    } else if (word === closer) {
      closer = null;
    } else if (OPERATOR_START.has(word[0])) {
      for (let j = k; j < end && OPERATOR_RUN.has(text[j]); j++) out[j] = "x";
      changed = true;
    }
    k = end;
  }
  return changed ? out.join("") : text;
}
