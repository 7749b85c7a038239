// compileAutomaton: every `keyword` literal of a bundle → ONE Aho-Corasick DFA.
// Built here in TypeScript once at load; scanned by the WASM module
// (assembly/keywords.ts) and by the TypeScript twin (twin.ts) with the same loop.
import { MAX_KEYWORDS, MAX_TABLE_ENTRIES } from "./limits.js";

/**
 * A compiled keyword set.
 *
 * Keyword semantics (see matchKeyword): ASCII-case-insensitive literal over the
 * UTF-8 bytes, with word boundaries at a keyword end that is a word byte
 * [A-Za-z0-9_]. Keyword i ↔ bit i of the hit bitset; duplicates each get their
 * own bit; "" never matches.
 *
 * Layout of `table` (Int32Array, all offsets are indices into `table` itself):
 *
 *   rows    [0, stateCount*stride): one row per DFA state, `stride` = 1 + classCount
 *           entries. The state id used by the scan IS its row offset (premultiplied,
 *           the root is 0):
 *             row[0]        offset of the first output block to visit in this state,
 *                           or 0 when no keyword ends here
 *             row[cm[b]]    next state (row offset) on haystack byte b, where
 *                           cm = classMap (1 + byte class, so the `+1` is folded in)
 *   blocks  [stateCount*stride, table.length): one block per state where a keyword
 *           ends exactly (its own outputs), laid out as
 *             [next, count, code_0, len_0, …, code_{count-1}, len_{count-1}]
 *           next    offset of the block of the nearest proper suffix state with own
 *                   outputs (the dictionary-suffix link), 0 at the end of the chain
 *           code    (keywordIndex << 2) | 1 if the keyword's first byte is a word byte
 *                   (needs a non-word byte or the haystack start before it)
 *                   | 2 if its last byte is a word byte (needs a non-word byte or the
 *                   haystack end after it)
 *           len     the keyword's UTF-8 byte length
 *
 * `classMap` (256 bytes): byte → 1 + class. Bytes occurring in no (ASCII-folded)
 * keyword share class 0; 'A'–'Z' share the class of 'a'–'z'.
 *
 * Scan (one pass, identical in WASM and twin):
 *   s = 0; for i in 0..len: s = table[s + cm[h[i]]];
 *     for o = table[s]; o != 0; o = table[o]: for each (code, len) of block o:
 *       skip if the bit is already set; check the boundary flags against
 *       h[i+1-len-1] and h[i+1]; set bit code >>> 2.
 */
export interface Automaton {
  readonly keywords: readonly string[];
  readonly table: Int32Array;
  /** 256 entries: byte → 1 + byte class (the row slot of that byte). */
  readonly classMap: Uint8Array;
  /** Row width: 1 (output slot) + number of byte classes. */
  readonly stride: number;
  readonly stateCount: number;
  /** Words (u32) of the hit bitset: ceil(keywords.length / 32), at least 1. */
  readonly bitsetWords: number;
}

const encoder = new TextEncoder();

function isWordByte(b: number): boolean {
  return (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a) || b === 0x5f;
}

function fold(b: number): number {
  return b >= 0x41 && b <= 0x5a ? b | 0x20 : b;
}

function tooLarge(entries: number): RangeError {
  return new RangeError(`gatehouse: keyword automaton needs ${entries} table entries (max ${MAX_TABLE_ENTRIES})`);
}

export function compileAutomaton(keywords: readonly string[]): Automaton {
  if (keywords.length > MAX_KEYWORDS) {
    throw new RangeError(`gatehouse: ${keywords.length} keywords exceed MAX_KEYWORDS (${MAX_KEYWORDS})`);
  }
  const bytes: Uint8Array[] = keywords.map((k) => {
    const b = encoder.encode(String(k));
    for (let i = 0; i < b.length; i++) b[i] = fold(b[i]);
    return b;
  });

  // Byte classes over the folded alphabet.
  const classOfFolded = new Int32Array(256); // 0 = "other"
  let classCount = 1;
  for (const b of bytes) {
    for (let i = 0; i < b.length; i++) {
      if (classOfFolded[b[i]] === 0) classOfFolded[b[i]] = classCount++;
    }
  }
  const classMap = new Uint8Array(256);
  for (let b = 0; b < 256; b++) classMap[b] = 1 + classOfFolded[fold(b)];
  const nc = classCount;
  const stride = 1 + nc;

  // Trie (goto over classes; 0 = absent, since the root is never a child).
  let cap = 64;
  let go = new Int32Array(cap * nc);
  let stateCount = 1;
  const own: number[][] = [[]]; // keyword indices ending exactly at each state
  for (let k = 0; k < bytes.length; k++) {
    const b = bytes[k];
    if (b.length === 0) continue;
    let s = 0;
    for (let i = 0; i < b.length; i++) {
      const c = classOfFolded[b[i]];
      let t = go[s * nc + c];
      if (t === 0) {
        t = stateCount++;
        if (stateCount * stride > MAX_TABLE_ENTRIES) throw tooLarge(stateCount * stride);
        if (stateCount > cap) {
          cap *= 2;
          const grown = new Int32Array(cap * nc);
          grown.set(go);
          go = grown;
        }
        own.push([]);
        go[s * nc + c] = t;
      }
      s = t;
    }
    own[s].push(k);
  }

  // BFS: failure links, full DFA transitions (written over `go`), output chains.
  const fail = new Int32Array(stateCount);
  const outLink = new Int32Array(stateCount).fill(-1); // nearest suffix state (incl. self) with own outputs
  const nextOut = new Int32Array(stateCount).fill(-1); // nearest PROPER suffix state with own outputs
  const order = new Int32Array(stateCount);
  let head = 0;
  let tail = 0;
  order[tail++] = 0;
  while (head < tail) {
    const s = order[head++];
    const f = fail[s];
    if (s !== 0) {
      nextOut[s] = outLink[f];
      outLink[s] = own[s].length > 0 ? s : nextOut[s];
    }
    for (let c = 0; c < nc; c++) {
      const t = go[s * nc + c];
      if (t !== 0) {
        fail[t] = s === 0 ? 0 : go[f * nc + c];
        order[tail++] = t;
      } else {
        go[s * nc + c] = s === 0 ? 0 : go[f * nc + c];
      }
    }
  }

  // Lay out the output blocks after the rows.
  const rowsEnd = stateCount * stride;
  const blockAt = new Int32Array(stateCount);
  let total = rowsEnd;
  for (let s = 0; s < stateCount; s++) {
    if (own[s].length > 0) {
      blockAt[s] = total;
      total += 2 + 2 * own[s].length;
      if (total > MAX_TABLE_ENTRIES) throw tooLarge(total);
    }
  }
  const table = new Int32Array(total);
  for (let s = 0; s < stateCount; s++) {
    const row = s * stride;
    table[row] = outLink[s] >= 0 ? blockAt[outLink[s]] : 0;
    for (let c = 0; c < nc; c++) table[row + 1 + c] = go[s * nc + c] * stride;
    const list = own[s];
    if (list.length > 0) {
      let o = blockAt[s];
      table[o++] = nextOut[s] >= 0 ? blockAt[nextOut[s]] : 0;
      table[o++] = list.length;
      for (const k of list) {
        const b = bytes[k];
        table[o++] = (k << 2) | (isWordByte(b[0]) ? 1 : 0) | (isWordByte(b[b.length - 1]) ? 2 : 0);
        table[o++] = b.length;
      }
    }
  }

  return Object.freeze({
    keywords: Object.freeze(keywords.map((k) => String(k))),
    table,
    classMap,
    stride,
    stateCount,
    bitsetWords: Math.max(1, Math.ceil(keywords.length / 32)),
  });
}
