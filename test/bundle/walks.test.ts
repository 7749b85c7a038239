// The loader's whole-bundle walks (nesting depth, non-integer numbers) keep
// their paths as parent links or one pushed-and-popped array instead of a copy
// per value (docs/performance.md "Hook process start"): the same answers as
// the plain recursive definitions, on random JSON.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { tooDeepAt } from "../../src/bundle/depth.js";
import { firstFloat } from "../../src/bundle/float.js";

/** The definition: depth-first, last child first (the order the walk has always reported in). */
function deepReference(value: unknown, cap: number, path: PropertyKey[] = []): PropertyKey[] | null {
  if (value === null || typeof value !== "object") return null;
  if (path.length >= cap) return path;
  const children: [PropertyKey, unknown][] = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
  for (let i = children.length - 1; i >= 0; i--) {
    const found = deepReference(children[i]![1], cap, [...path, children[i]![0]]);
    if (found !== null) return found;
  }
  return null;
}

/** The definition: the first non-integer number in document order. */
function floatReference(value: unknown, path: PropertyKey[] = []): PropertyKey[] | null {
  if (typeof value === "number") return Number.isInteger(value) ? null : path;
  if (value === null || typeof value !== "object") return null;
  const children: [PropertyKey, unknown][] = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
  for (const [k, v] of children) {
    const found = floatReference(v, [...path, k]);
    if (found !== null) return found;
  }
  return null;
}

const json = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: "small", withCrossShrink: true }, fc.integer(), fc.double({ noNaN: true }), fc.string(), fc.constant(null), fc.boolean(), tie("array"), tie("object")),
  array: fc.array(tie("value"), { maxLength: 4 }),
  object: fc.dictionary(fc.string({ maxLength: 3 }), tie("value"), { maxKeys: 4 }),
})).value;

describe("bundle walks", () => {
  it("tooDeepAt finds what the recursive definition finds, at every cap", () => {
    fc.assert(
      fc.property(json, fc.integer({ min: 0, max: 6 }), (value, cap) => {
        expect(tooDeepAt(value, cap)).toEqual(deepReference(value, cap));
      }),
      { numRuns: 500 },
    );
  });

  it("firstFloat finds what the recursive definition finds, under a starting path", () => {
    fc.assert(
      fc.property(json, fc.array(fc.oneof(fc.string(), fc.nat()), { maxLength: 2 }), (value, start) => {
        expect(firstFloat(value, start)).toEqual(floatReference(value, start));
      }),
      { numRuns: 500 },
    );
  });

  it("the starting path is not changed", () => {
    const start = ["artifacts", 0];
    expect(firstFloat({ a: [1, 2.5] }, start)).toEqual(["artifacts", 0, "a", 1]);
    expect(start).toEqual(["artifacts", 0]);
  });
});
