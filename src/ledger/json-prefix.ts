// Whether a line could be a torn write: a proper prefix of a row line. A row
// line is one JSON object with no whitespace outside strings (JSON.stringify's
// output), so a write cut short by a crash leaves text that an incremental
// scan of that grammar accepts up to its last character without ever closing
// the top-level object. Anything else — a character the grammar cannot take,
// bytes after the closing brace — is not a torn write but damage.

type Expect =
  | "value" // a value must start here
  | "key-or-end" // just after `{`
  | "key" // after `,` in an object
  | "colon"
  | "comma-or-end-object"
  | "value-or-end-array" // just after `[`
  | "comma-or-end-array";

const LITERALS = ["true", "false", "null"];
const HEX = /^[0-9a-fA-F]$/;
const isDigit = (c: string | undefined): boolean => c !== undefined && c >= "0" && c <= "9";

/**
 * Scan a JSON number from `i`: the index after it; `text.length` when the text
 * ends inside it (a prefix may stop anywhere); -1 when it cannot be a number.
 */
function scanNumber(text: string, i: number): number {
  const n = text.length;
  let j = i;
  if (text[j] === "-") j++;
  if (j === n) return n;
  if (text[j] === "0") j++;
  else if (isDigit(text[j])) while (isDigit(text[j])) j++;
  else return -1;
  if (j === n) return n;
  if (text[j] === ".") {
    j++;
    if (j === n) return n;
    if (!isDigit(text[j])) return -1;
    while (isDigit(text[j])) j++;
    if (j === n) return n;
  }
  if (text[j] === "e" || text[j] === "E") {
    j++;
    if (j === n) return n;
    if (text[j] === "+" || text[j] === "-") j++;
    if (j === n) return n;
    if (!isDigit(text[j])) return -1;
    while (isDigit(text[j])) j++;
  }
  return j;
}

/** Scan a string from its opening quote: the index after it; `text.length` if the text ends inside it; -1 if invalid. */
function scanString(text: string, start: number): number {
  const n = text.length;
  let j = start + 1;
  while (j < n) {
    const c = text.charCodeAt(j);
    if (c === 0x22) return j + 1;
    if (c < 0x20) return -1;
    if (c !== 0x5c) {
      j++;
      continue;
    }
    const e = text[j + 1];
    if (e === undefined) return n;
    if (e === "u") {
      for (let k = 2; k < 6; k++) {
        const h = text[j + k];
        if (h === undefined) return n;
        if (!HEX.test(h)) return -1;
      }
      j += 6;
    } else if ('"\\/bfnrt'.includes(e)) j += 2;
    else return -1;
  }
  return n;
}

/** Scan a scalar (string, number, literal) from `i`: as for scanString. */
function scanScalar(text: string, i: number): number {
  const ch = text[i]!;
  if (ch === '"') return scanString(text, i);
  if (ch === "-" || isDigit(ch)) return scanNumber(text, i);
  const literal = LITERALS.find((l) => l[0] === ch);
  if (literal === undefined) return -1;
  const rest = text.slice(i, i + literal.length);
  if (!literal.startsWith(rest)) return -1;
  return i + rest.length;
}

/** True when `text` is a proper, non-empty prefix of some JSON object text written without whitespace. */
export function isTornRowPrefix(text: string): boolean {
  if (!text.startsWith("{")) return false;
  const n = text.length;
  const stack: string[] = [];
  let expect: Expect = "value";
  let i = 0;
  // After a complete value: what the enclosing container expects next (null: the top-level value closed).
  const next = (): Expect | null => {
    const top = stack[stack.length - 1];
    return top === undefined ? null : top === "{" ? "comma-or-end-object" : "comma-or-end-array";
  };
  while (i < n) {
    const ch = text[i]!;
    let after: Expect | null;
    if (expect === "colon") {
      if (ch !== ":") return false;
      i++;
      expect = "value";
      continue;
    }
    if (expect === "key-or-end" || expect === "key") {
      if (ch === "}" && expect === "key-or-end") {
        stack.pop();
        i++;
        after = next();
      } else {
        if (ch !== '"') return false;
        const end = scanString(text, i);
        if (end < 0) return false;
        i = end;
        after = "colon";
      }
    } else if (expect === "comma-or-end-object" || expect === "comma-or-end-array") {
      const close = expect === "comma-or-end-object" ? "}" : "]";
      if (ch === ",") {
        i++;
        expect = expect === "comma-or-end-object" ? "key" : "value";
        continue;
      }
      if (ch !== close) return false;
      stack.pop();
      i++;
      after = next();
    } else if (ch === "]" && expect === "value-or-end-array") {
      stack.pop();
      i++;
      after = next();
    } else if (ch === "{" || ch === "[") {
      stack.push(ch);
      i++;
      after = ch === "{" ? "key-or-end" : "value-or-end-array";
    } else {
      const end = scanScalar(text, i);
      if (end === n) return true; // the text ends inside (or right at the end of) a scalar
      if (end < 0) return false;
      // A literal or number cut short is only fine at the very end of the text.
      const token = text.slice(i, end);
      if (!(token[0] === '"' || LITERALS.includes(token) || /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?$/.test(token))) return false;
      i = end;
      after = next();
    }
    if (after === null) return false; // the top-level object closed: bytes after it are damage
    expect = after;
  }
  return stack.length > 0;
}
