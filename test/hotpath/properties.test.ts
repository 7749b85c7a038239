// Property tests: the WASM hot path and its TypeScript twin give identical
// haystack bytes, oversize flags and hit bitsets on any input; both agree with
// flattenJsonReference (when not oversize) and with a per-keyword oracle.
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  compileAutomaton,
  createHotPath,
  flattenJsonReference,
  HAYSTACK_CAP,
  INPUT_CAP,
  matchKeyword,
  type HaystackScan,
} from "../../src/hotpath/index.js";
import { hitList, same, utf8, type Pair } from "./helpers.js";

/** A fresh instance per sample: regions are never freed (stub runtime), so a shared instance would grow without bound. */
function freshPair(keywords: readonly string[]): Pair {
  const a = compileAutomaton(keywords);
  return { wasm: createHotPath(a, { kind: "wasm" }), twin: createHotPath(a, { kind: "twin" }) };
}

function both(p: Pair, input: string, result?: string | null): HaystackScan {
  return same(p.wasm.scan(input, result), p.twin.scan(input, result));
}

function bothBytes(p: Pair, input: Uint8Array, result?: Uint8Array | null): HaystackScan {
  return same(p.wasm.scanBytes(input, result), p.twin.scanBytes(input, result));
}

const fold = (b: number): number => (b >= 0x41 && b <= 0x5a ? b | 0x20 : b);
const isWord = (b: number): boolean =>
  (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a) || b === 0x5f;

/** Independent byte-level oracle: every start position, fold, compare, check both boundaries. */
function naiveBytesMatch(hay: Uint8Array, keyword: string): boolean {
  const k = utf8(keyword);
  if (k.length === 0) return false;
  outer: for (let s = 0; s + k.length <= hay.length; s++) {
    for (let j = 0; j < k.length; j++) if (fold(hay[s + j]) !== fold(k[j])) continue outer;
    if (isWord(k[0]) && s > 0 && isWord(hay[s - 1])) continue;
    const e = s + k.length;
    if (isWord(k[k.length - 1]) && e < hay.length && isWord(hay[e])) continue;
    return true;
  }
  return false;
}

function expectHitsMatchText(scan: HaystackScan, keywords: readonly string[], text: string): void {
  const hits = hitList(scan, keywords.length);
  for (let k = 0; k < keywords.length; k++) {
    if (hits[k] !== matchKeyword(text, keywords[k])) {
      throw new Error(`keyword ${JSON.stringify(keywords[k])} (#${k}): bit ${hits[k]} but matchKeyword says ${!hits[k]} on ${JSON.stringify(text)}`);
    }
  }
}

function expectHitsMatchBytes(scan: HaystackScan, keywords: readonly string[]): void {
  expect(hitList(scan, keywords.length)).toEqual(keywords.map((k) => naiveBytesMatch(scan.bytes, k)));
}

// ---- arbitraries -----------------------------------------------------------

const special = fc.constantFrom(
  '"', "\\", "\n", "\t", "\r", "\u0000", "\u001f", "\u007f", "\u2028", "é", "É", "ß", "€", "😀",
  "\ud800", "\udfff", "\ud83d", "\ufeff", "\ufffd", " ", "_", "-", ":", "{", "}", "[", "]", ",", "/",
);
const anyCodePoint = fc.integer({ min: 0, max: 0x10ffff }).map((cp) => String.fromCodePoint(cp)); // lone surrogates included
const asciiChar = fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789");
const unit = fc.oneof({ arbitrary: asciiChar, weight: 5 }, { arbitrary: special, weight: 3 }, { arbitrary: anyCodePoint, weight: 1 });
const fullUnicodeString = fc.oneof(fc.string({ unit: "binary" }), fc.string({ unit }), fc.string({ unit: "grapheme" }));

const asciiWord = fc.stringMatching(/^[a-z][a-z0-9_]{0,5}$/);
const withCase = (w: string, seed: number): string =>
  [...w].map((c, i) => ((seed >>> (i % 30)) & 1 ? c.toUpperCase() : c)).join("");
const mixedCase = fc.tuple(asciiWord, fc.integer()).map(([w, seed]) => withCase(w, seed));
const punctuated = fc.stringMatching(/^(--?[a-z]{1,5}|[a-z]{1,4} [a-z]{1,4}|[a-z]{1,3}[/.:=][a-z]{0,3}|[();|&<>]{1,2}|_[a-z]{1,3}_?)$/);
const nonAscii = fc.string({ unit: fc.oneof(special, anyCodePoint, fc.constantFrom("a", "B", "é")), minLength: 1, maxLength: 4 });
const keyword = fc.oneof(
  { arbitrary: asciiWord, weight: 4 },
  { arbitrary: mixedCase, weight: 2 },
  { arbitrary: punctuated, weight: 3 },
  { arbitrary: nonAscii, weight: 2 },
  { arbitrary: fc.constant(""), weight: 1 },
);
/** Random keyword sets with duplicates (a random sub-list appended again). */
const keywordSet = fc
  .array(keyword, { maxLength: 40 })
  .chain((ks) => fc.subarray(ks).map((dups) => [...ks, ...dups]));

/** String pieces that often contain keywords (in random case) next to word and non-word bytes. */
function pieceFor(ks: readonly string[]): fc.Arbitrary<string> {
  const pool = ks.length > 0 ? ks : ["x"];
  return fc.oneof(
    { arbitrary: unit, weight: 4 },
    { arbitrary: fc.tuple(fc.constantFrom(...pool), fc.integer()).map(([k, seed]) => withCase(k, seed)), weight: 3 },
    { arbitrary: fc.constantFrom(" ", "_", "x", "-", "é", "\n", "9"), weight: 3 },
  );
}

const jsonFor = (ks: readonly string[]) =>
  fc.oneof(
    fc.jsonValue({ stringUnit: pieceFor(ks), maxDepth: 5 }),
    fc.jsonValue({ stringUnit: "binary", maxDepth: 3 }),
  );
const indent = fc.constantFrom<undefined | number | string>(undefined, undefined, 2, "\t", " \r\n ");

/** A tiny deterministic PRNG (mulberry32) for the escaping serializer. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * JSON text of `value` whose strings (keys too) escape code units at random:
 * `\uXXXX` in random hex case (astral characters become surrogate-pair escapes),
 * the short escapes, and `\/`; whitespace between tokens at random too.
 */
function stringifyEscaped(value: unknown, seed: number): string {
  const rnd = prng(seed);
  const ws = (): string => (rnd() < 0.2 ? [" ", "\n", "\t", "\r\n  "][Math.floor(rnd() * 4)] : "");
  // Escaping decisions are per code point: escaping only one half of a surrogate pair
  // would leave a raw lone surrogate in the text, which UTF-8 cannot carry.
  const short: Record<string, string> = { '"': '\\"', "\\": "\\\\", "\b": "\\b", "\f": "\\f", "\n": "\\n", "\r": "\\r", "\t": "\\t", "/": "\\/" };
  const str = (s: string): string => {
    let out = '"';
    for (const c of s) {
      const u = c.charCodeAt(0);
      if (u === 0x22 || u === 0x5c || u < 0x20 || rnd() < 0.3) {
        if (short[c] !== undefined && rnd() < 0.5) out += short[c];
        else {
          for (let i = 0; i < c.length; i++) {
            const h = c.charCodeAt(i).toString(16).padStart(4, "0");
            out += "\\u" + (rnd() < 0.5 ? h : h.toUpperCase());
          }
        }
      } else out += c;
    }
    return out + '"';
  };
  const walk = (v: unknown): string => {
    if (typeof v === "string") return str(v);
    if (Array.isArray(v)) return "[" + ws() + v.map((x) => walk(x)).join(ws() + "," + ws()) + ws() + "]";
    if (v !== null && typeof v === "object") {
      const parts = Object.entries(v as Record<string, unknown>).map(([k, x]) => str(k) + ws() + ":" + ws() + walk(x));
      return "{" + ws() + parts.join("," + ws()) + ws() + "}";
    }
    return JSON.stringify(v);
  };
  return ws() + walk(value) + ws();
}

/** JSON text of a value: JSON.stringify (maybe indented) or the escaping serializer. */
const serializer = fc.oneof(
  indent.map((space) => (v: unknown) => JSON.stringify(v, null, space)),
  fc.integer().map((seed) => (v: unknown) => stringifyEscaped(v, seed)),
);
const eventCase = keywordSet.chain((ks) => fc.tuple(fc.constant(ks), jsonFor(ks), serializer));

// ---- properties ------------------------------------------------------------

describe("wasm ≡ twin ≡ reference", () => {
  test("random JSON values: identical bytes/flags/bits, equal to the reference, bits equal matchKeyword", () => {
    fc.assert(
      fc.property(eventCase, ([ks, value, serialize]) => {
        const p = freshPair(ks);
        const text = serialize(value);
        expect(JSON.stringify(JSON.parse(text))).toBe(JSON.stringify(value));
        const scan = both(p, text);
        const ref = flattenJsonReference(value);
        const refBytes = utf8(ref);
        const over = refBytes.length > HAYSTACK_CAP;
        expect(scan.oversize).toBe(over);
        if (!over) {
          expect(Buffer.from(scan.bytes).equals(Buffer.from(refBytes))).toBe(true);
          expectHitsMatchText(scan, ks, ref);
        }
        expectHitsMatchBytes(scan, ks);
      }),
      { numRuns: 400 },
    );
  });

  test("tool_input + tool_result: the result's strings follow the input's", () => {
    fc.assert(
      fc.property(
        keywordSet.chain((ks) => fc.tuple(fc.constant(ks), jsonFor(ks), fc.option(jsonFor(ks), { nil: null }), serializer, serializer)),
        ([ks, input, result, ser1, ser2]) => {
          const p = freshPair(ks);
          const scan = both(p, ser1(input), result === null ? null : ser2(result));
          const ref = flattenJsonReference(result === null ? [input] : [input, result]);
          expect(scan.oversize).toBe(false);
          expect(scan.text()).toBe(new TextDecoder("utf-8", { ignoreBOM: true }).decode(utf8(ref)));
          expect(Buffer.from(scan.bytes).equals(Buffer.from(utf8(ref)))).toBe(true);
          expectHitsMatchText(scan, ks, ref);
        },
      ),
      { numRuns: 200 },
    );
  });

  test("deep nesting of arrays and objects", () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom("arr", "obj", "objpad"), { minLength: 1, maxLength: 2000 }),
        fc.string({ unit }),
        (shape, leaf) => {
          let v: unknown = leaf;
          for (const kind of shape) {
            if (kind === "arr") v = [v, "s"];
            else if (kind === "obj") v = { k: v };
            else v = { a: 1, [leaf]: v, z: leaf };
          }
          const p = freshPair(["s", "k", leaf]);
          const scan = both(p, JSON.stringify(v));
          const ref = flattenJsonReference(v);
          expect(Buffer.from(scan.bytes).equals(Buffer.from(utf8(ref)))).toBe(true);
          expectHitsMatchText(scan, ["s", "k", leaf], ref);
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe("arbitrary and malformed input never crashes and agrees", () => {
  test("random unicode text as tool_input / tool_result", () => {
    fc.assert(
      fc.property(keywordSet, fullUnicodeString, fc.option(fullUnicodeString, { nil: null }), (ks, a, b) => {
        const p = freshPair(ks);
        const scan = both(p, a, b);
        expect(scan.oversize).toBe(false);
        expectHitsMatchText(scan, ks, scan.text());
        expectHitsMatchBytes(scan, ks);
      }),
      { numRuns: 300 },
    );
  });

  test("truncated JSON (cut anywhere, as text and as bytes)", () => {
    fc.assert(
      fc.property(eventCase, fc.nat(), fc.nat(), ([ks, value, serialize], cutA, cutB) => {
        const p = freshPair(ks);
        const text = serialize(value);
        const prefix = text.slice(0, cutA % (text.length + 1));
        const s1 = both(p, prefix);
        expectHitsMatchBytes(s1, ks);
        const bytes = utf8(text);
        const s2 = bothBytes(p, bytes.subarray(0, cutB % (bytes.length + 1)), bytes.subarray(cutA % (bytes.length + 1)));
        expectHitsMatchBytes(s2, ks);
      }),
      { numRuns: 300 },
    );
  });

  const jsonishByte = fc.oneof(
    { arbitrary: fc.integer({ min: 0, max: 255 }), weight: 2 },
    { arbitrary: fc.constantFrom(...utf8('"\\u{}[],: \n\tdD8bBcCfF0aAeEnrt/x9_')), weight: 5 },
    { arbitrary: fc.constantFrom(0xc3, 0xa9, 0xe2, 0x82, 0xac, 0xf0, 0x9f, 0xff, 0x80), weight: 1 },
  );
  const rawBytes = fc.oneof(
    fc.uint8Array({ maxLength: 400 }),
    fc.array(jsonishByte, { maxLength: 400 }).map((a) => Uint8Array.from(a)),
    fc.array(fc.constantFrom(...['"', "\\", "u", "d", "8", "0", "c", "D", "F", ":", " ", "a"].map((c) => utf8(c)[0])), { maxLength: 60 }).map((a) =>
      Uint8Array.from(a),
    ),
  );

  test("random raw bytes (invalid UTF-8, stray quotes and escapes)", () => {
    fc.assert(
      fc.property(keywordSet, rawBytes, fc.option(rawBytes, { nil: null }), (ks, a, b) => {
        const p = freshPair(ks);
        const scan = bothBytes(p, a, b);
        expect(scan.length).toBeLessThanOrEqual(a.length * 3 + (b === null ? 0 : b.length * 3 + 1));
        expectHitsMatchBytes(scan, ks);
      }),
      { numRuns: 500 },
    );
  });
});

describe("over the caps", () => {
  // Shared pair: these cases are big, so few runs; hot paths are reused (regions are per hot path).
  const ks = ["rm", "git push", "é", "zz"];
  const p = freshPair(ks);
  const big = fc.constantFrom("a", "é", "€", "😀", "rm ", "\\n", "\ud800");

  test("flattened text near HAYSTACK_CAP: oversize iff over, bytes = reference prefix", () => {
    fc.assert(
      fc.property(big, fc.integer({ min: -8, max: 8 }), fc.constantFrom(1, 2, 3), (piece, delta, parts) => {
        const pieceBytes = utf8(JSON.parse(`"${piece}"`) as string).length;
        const target = HAYSTACK_CAP + delta;
        const per = Math.ceil(target / parts / pieceBytes);
        const values: unknown[] = [];
        for (let i = 0; i < parts; i++) values.push(JSON.parse(`"${piece.repeat(per)}"`));
        values.push({ [piece.repeat(per)]: 1 });
        const text = JSON.stringify(values);
        const scan = both(p, text);
        const ref = utf8(flattenJsonReference(values));
        expect(scan.oversize).toBe(ref.length > HAYSTACK_CAP || utf8(text).length > INPUT_CAP);
        if (utf8(text).length <= INPUT_CAP) {
          const n = Math.min(ref.length, HAYSTACK_CAP);
          expect(scan.length).toBe(n);
          expect(Buffer.from(scan.bytes).equals(Buffer.from(ref.subarray(0, n)))).toBe(true);
        }
        expectHitsMatchBytes(scan, ks);
      }),
      { numRuns: 20 },
    );
  });

  test("JSON text near INPUT_CAP (outside strings, inside a string, in tool_result): oversize iff over", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -6, max: 6 }),
        fc.constantFrom("ws", "string", "key"),
        fc.constantFrom("a", "é", "😀"),
        fc.boolean(),
        (delta, where, ch, asResult) => {
          const head = '{"command":"rm -rf /","x":';
          const room = INPUT_CAP + delta - utf8(head).length - 1;
          const chBytes = utf8(ch).length;
          let body: string;
          if (where === "ws") body = '"y"' + " ".repeat(Math.max(0, room - 3));
          else if (where === "string") body = JSON.stringify(ch.repeat(Math.max(0, Math.floor((room - 2) / chBytes))));
          else body = "{" + JSON.stringify(ch.repeat(Math.max(0, Math.floor((room - 6) / chBytes)))) + ':"v"}';
          const text = head + body + "}";
          const over = utf8(text).length > INPUT_CAP;
          const scan = asResult ? both(p, '{"tool":"t"}', text) : both(p, text);
          const value = JSON.parse(text) as unknown;
          const refOver = utf8(flattenJsonReference(value)).length + (asResult ? 2 : 0) > HAYSTACK_CAP;
          expect(scan.oversize).toBe(over || refOver);
          expect(hitList(scan, ks.length)[0]).toBe(true);
          expectHitsMatchBytes(scan, ks);
        },
      ),
      { numRuns: 30 },
    );
  });
});
