// The plain-TypeScript twin of assembly/haystack.ts and assembly/keywords.ts:
// the same algorithms over Uint8Array, written to be read. Property tests hold
// the two to byte-identical answers; this is also the fallback when
// WebAssembly is unavailable.
import type { Automaton } from "./automaton.js";

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

function isJsonSpace(b: number): boolean {
  return b === 0x20 || b === 0x09 || b === 0x0a || b === 0x0d;
}

function hexValue(b: number): number {
  if (b >= 0x30 && b <= 0x39) return b - 0x30;
  if (b >= 0x61 && b <= 0x66) return b - 0x61 + 10;
  if (b >= 0x41 && b <= 0x46) return b - 0x41 + 10;
  return -1;
}

/** Four hex digits at input[at..at+4) as a number, or -1 (also when fewer than 4 bytes remain). */
function hex4(input: Uint8Array, at: number, end: number): number {
  if (at + 4 > end) return -1;
  let v = 0;
  for (let k = 0; k < 4; k++) {
    const h = hexValue(input[at + k]);
    if (h < 0) return -1;
    v = (v << 4) | h;
  }
  return v;
}

export function isWordByte(b: number): boolean {
  return (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a) || b === 0x5f;
}

/**
 * The tolerant byte-level flattener (identical to assembly/haystack.ts).
 *
 * Appends every JSON string value of `input[0..inputLength)` to `out`, each
 * preceded by one `\n` when a string was committed before (in this or an
 * earlier feed of the same event). Rules, which are total over any bytes:
 *  - outside a string every byte but `"` is skipped; `"` opens a string;
 *  - inside, bytes are copied raw until an unescaped `"`; escapes `\" \\ \/ \b
 *    \f \n \r \t` decode; `\uXXXX` decodes to UTF-8 (a high surrogate followed by
 *    `\uDC00-DFFF` is combined; any other surrogate becomes EF BF BD); `\u` not
 *    followed by 4 hex digits emits EF BF BD and the bytes after `u` are read as
 *    ordinary string bytes; any other escaped byte is copied as is; a `\` at the
 *    end of the input is dropped;
 *  - after a closed string, whitespace is skipped; if the next byte is `:` the
 *    string was an object key and its output (with its separator) is rolled back;
 *  - a string still open at the end of the input (truncated JSON) is kept.
 * Output beyond `cap` is dropped but still counted in `pos`, so the result is
 * exactly the first `cap` bytes of the untruncated flattening and `pos > cap`
 * means oversize. Once a committed string ends beyond `cap` nothing more can
 * change, so the feed stops early.
 */
export class TwinFlattener {
  pos = 0;
  count = 0;

  constructor(
    readonly out: Uint8Array,
    readonly cap: number,
  ) {}

  reset(): void {
    this.pos = 0;
    this.count = 0;
  }

  private put(b: number): void {
    if (this.pos < this.cap) this.out[this.pos] = b;
    this.pos++;
  }

  private putCodePoint(cp: number): void {
    if (cp < 0x80) {
      this.put(cp);
    } else if (cp < 0x800) {
      this.put(0xc0 | (cp >> 6));
      this.put(0x80 | (cp & 0x3f));
    } else if (cp < 0x10000) {
      this.put(0xe0 | (cp >> 12));
      this.put(0x80 | ((cp >> 6) & 0x3f));
      this.put(0x80 | (cp & 0x3f));
    } else {
      this.put(0xf0 | (cp >> 18));
      this.put(0x80 | ((cp >> 12) & 0x3f));
      this.put(0x80 | ((cp >> 6) & 0x3f));
      this.put(0x80 | (cp & 0x3f));
    }
  }

  feed(input: Uint8Array, inputLength: number): void {
    const end = Math.min(inputLength, input.length);
    if (this.pos > this.cap) return;
    let i = 0;
    while (i < end) {
      if (input[i++] !== QUOTE) continue;
      // A string opens.
      const save = this.pos;
      if (this.count > 0) this.put(0x0a);
      let closed = false;
      while (i < end) {
        const c = input[i++];
        if (c === QUOTE) {
          closed = true;
          break;
        }
        if (c !== BACKSLASH) {
          this.put(c);
          continue;
        }
        if (i >= end) break; // a lone `\` at the end: dropped
        const e = input[i++];
        switch (e) {
          case 0x62: this.put(0x08); break; // \b
          case 0x66: this.put(0x0c); break; // \f
          case 0x6e: this.put(0x0a); break; // \n
          case 0x72: this.put(0x0d); break; // \r
          case 0x74: this.put(0x09); break; // \t
          case 0x75: { // \u
            let cp = hex4(input, i, end);
            if (cp < 0) {
              this.putCodePoint(0xfffd);
              break;
            }
            i += 4;
            if (cp >= 0xd800 && cp <= 0xdbff) {
              const lo = i + 6 <= end && input[i] === BACKSLASH && input[i + 1] === 0x75 ? hex4(input, i + 2, end) : -1;
              if (lo >= 0xdc00 && lo <= 0xdfff) {
                cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
                i += 6;
              } else {
                cp = 0xfffd;
              }
            } else if (cp >= 0xdc00 && cp <= 0xdfff) {
              cp = 0xfffd;
            }
            this.putCodePoint(cp);
            break;
          }
          default: this.put(e); // \" \\ \/ and anything else: the byte itself
        }
      }
      if (closed) {
        let j = i;
        while (j < end && isJsonSpace(input[j])) j++;
        if (j < end && input[j] === 0x3a) {
          this.pos = save; // an object key
          continue;
        }
      }
      this.count++;
      if (this.pos > this.cap) return;
    }
  }
}

/**
 * One Aho-Corasick pass over hay[0..length) setting `bits` (cleared first);
 * see the table layout in automaton.ts. Identical to assembly/keywords.ts.
 */
export function twinScan(a: Automaton, hay: Uint8Array, length: number, bits: Uint32Array): void {
  const table = a.table;
  const cm = a.classMap;
  bits.fill(0);
  let s = 0;
  for (let i = 0; i < length; i++) {
    s = table[s + cm[hay[i]]];
    let o = table[s];
    while (o !== 0) {
      const n = table[o + 1];
      for (let j = 0; j < n; j++) {
        const code = table[o + 2 + 2 * j];
        const k = code >>> 2;
        const w = k >>> 5;
        const bit = 1 << (k & 31);
        if ((bits[w] & bit) !== 0) continue;
        if ((code & 1) !== 0) {
          const start = i + 1 - table[o + 3 + 2 * j];
          if (start > 0 && isWordByte(hay[start - 1])) continue;
        }
        if ((code & 2) !== 0) {
          if (i + 1 < length && isWordByte(hay[i + 1])) continue;
        }
        bits[w] |= bit;
      }
      o = table[o];
    }
  }
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Lone surrogates → U+FFFD (what TextEncoder does), then A–Z → a–z and nothing else. */
function foldForMatch(s: string): string {
  return s.replace(LONE_SURROGATE, "\uFFFD").replace(/[A-Z]+/g, (m) => m.toLowerCase());
}

function isWordUnit(u: number): boolean {
  return u < 0x80 && isWordByte(u);
}

/**
 * The keyword semantics on a JS string, written independently of the automaton
 * (the property tests use it as the oracle). Matching UTF-16 code units of
 * well-formed strings is equivalent to matching their UTF-8 bytes: a keyword's
 * encoding starts and ends on code point boundaries, and the byte next to a match
 * is a word byte exactly when the code unit next to it is an ASCII word character.
 */
export function matchKeyword(text: string, keyword: string): boolean {
  const k = foldForMatch(String(keyword));
  if (k.length === 0) return false;
  const t = foldForMatch(String(text));
  const needLeft = isWordUnit(k.charCodeAt(0));
  const needRight = isWordUnit(k.charCodeAt(k.length - 1));
  for (let at = t.indexOf(k); at >= 0; at = t.indexOf(k, at + 1)) {
    if (needLeft && at > 0 && isWordUnit(t.charCodeAt(at - 1))) continue;
    const end = at + k.length;
    if (needRight && end < t.length && isWordUnit(t.charCodeAt(end))) continue;
    return true;
  }
  return false;
}

/**
 * Test oracle: every string value of a parsed JSON value (never keys), depth-first
 * in iteration order, joined by "\n". Iterative, so deep nesting cannot overflow.
 */
export function flattenJsonReference(value: unknown): string {
  const out: string[] = [];
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === "string") {
      out.push(v);
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push(v[i]);
    } else if (v !== null && typeof v === "object") {
      const values = Object.values(v as Record<string, unknown>);
      for (let i = values.length - 1; i >= 0; i--) stack.push(values[i]);
    }
  }
  return out.join("\n");
}
