// Canonical JSON (docs/ledger.md "The chain rule", SPEC §3's bundle digest):
// the iterative writer gives exactly the bytes of the plain recursive reading
// of the rule, and keeps going where recursion would overflow the stack.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonicalJson } from "../../src/bundle/canonical.js";

/** The rule as a reader would first write it: recursive, for values of ordinary depth. */
function reference(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  if (Array.isArray(value)) return `[${value.map((v) => reference(v === undefined ? null : v)).join(",")}]`;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record)
    .filter((k) => record[k] !== undefined)
    .sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${reference(record[k])}`).join(",")}}`;
}

describe("canonicalJson", () => {
  it("equals the recursive reference on random JSON, undefined members and lone surrogates included", () => {
    const value = fc.letrec((tie) => ({
      any: fc.oneof(
        { depthSize: "small" },
        fc.jsonValue({ maxDepth: 2 }),
        fc.string({ unit: "binary" }),
        fc.constantFrom(undefined, -0, 1e21, 5e-324, "\ud800", "\u2028"),
        fc.array(tie("any"), { maxLength: 4 }),
        fc.dictionary(fc.string({ unit: "binary", maxLength: 4 }), tie("any"), { maxKeys: 4 }),
      ),
    })).any;
    fc.assert(
      fc.property(value, (v) => {
        expect(canonicalJson(v)).toBe(reference(v));
      }),
      { numRuns: 400 },
    );
  });

  it("sorts keys by UTF-16 code units and drops undefined members", () => {
    expect(canonicalJson({ b: 1, a: [undefined, { d: undefined, c: "x" }], "\u{1F600}": 0, "\uffff": 1 })).toBe('{"a":[null,{"c":"x"}],"b":1,"\u{1F600}":0,"\uffff":1}');
  });

  it("writes values nested 200,000 levels deep (a hook payload JSON.parse accepts)", () => {
    const depth = 200_000;
    const text = `{"a":${"[".repeat(depth)}${"]".repeat(depth)}}`;
    expect(canonicalJson(JSON.parse(text))).toBe(text);
  });
});
