// The torn-write test: every proper prefix of a JSON object line is one; the
// complete line, and a complete line with anything after it, are not.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isTornRowPrefix } from "../../src/ledger/json-prefix.js";

const objects = fc.dictionary(fc.string({ unit: "binary", maxLength: 6 }), fc.jsonValue({ maxDepth: 3 }), { minKeys: 1, maxKeys: 5 });

describe("isTornRowPrefix", () => {
  it("accepts every proper prefix of a serialized object (property)", () => {
    fc.assert(
      fc.property(objects, (value) => {
        const text = JSON.stringify(value);
        for (let i = 1; i < text.length; i++) expect(isTornRowPrefix(text.slice(0, i)), text.slice(0, i)).toBe(true);
        expect(isTornRowPrefix(text)).toBe(false);
      }),
      { numRuns: 200 },
    );
  });

  it("refuses a complete object followed by anything (property)", () => {
    fc.assert(
      fc.property(objects, fc.string({ minLength: 1, maxLength: 3 }), (value, tail) => {
        expect(isTornRowPrefix(JSON.stringify(value) + tail)).toBe(false);
      }),
      { numRuns: 200 },
    );
  });

  it("refuses text no JSON object starts with", () => {
    for (const text of ["", "[1,2", '"abc', "x", '{"a":1,,', '{"a" :1', '{"a":tru3', '{"a":01', '{"a":1.e5', '{"a":-x', '{"a":"\\q', '{"a":"\u0001', '{a', '{"a":1]', '{"a":[1}', '{"a":{}}}', '{"a":.5'])
      expect(isTornRowPrefix(text), JSON.stringify(text)).toBe(false);
  });

  it("accepts prefixes cut inside every kind of token", () => {
    for (const text of ["{", '{"', '{"se', '{"seq"', '{"seq":', '{"seq":1', '{"a":-', '{"a":1.', '{"a":1e', '{"a":1e+', '{"a":t', '{"a":nul', '{"a":"\\', '{"a":"\\u00', '{"a":[', '{"a":[1,', '{"a":{"b":"c"}', '{"a":{}'])
      expect(isTornRowPrefix(text), text).toBe(true);
  });
});
