// Never throws, whatever the text: random strings, deep nesting, huge inputs.
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { analyzeInlineCode, INLINE_LANGUAGES, type InlineGrammars } from "../../../src/classify/inline-code/index.js";
import { loadGrammars } from "./helpers.js";

let grammars: InlineGrammars;
beforeAll(async () => {
  grammars = await loadGrammars();
});

const PIECES = ["os.system(", "'rm -rf /'", ")", "(", "[", "]", "{", "}", "x = ", "x", "+", "\n", "`", "$(", "\"", "'", "#{", "eval", "require('fs').rmSync", "Remove-Item ", "-Recurse ", "FileUtils.rm_rf ", "for d in x:", "  ", ";", ",", "$HOME", "\\"];

describe.each(INLINE_LANGUAGES)("%s", (language) => {
  it("never throws on random code, and answers the same twice", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...PIECES), { maxLength: 40 }).map((p) => p.join("")), (code) => {
        const a = analyzeInlineCode(language, code, { grammars });
        expect(analyzeInlineCode(language, code, { grammars })).toEqual(a);
      }),
      { numRuns: 150 },
    );
  });
  it("deep nesting is dynamic, not a crash", () => {
    const deep = "(".repeat(3000) + "1" + ")".repeat(3000);
    const a = analyzeInlineCode(language, deep, { grammars });
    expect(a.effects).toEqual([]);
  });
  it("code over 16 KiB is not read (dynamic)", () => {
    expect(analyzeInlineCode(language, "x".repeat(17 * 1024), { grammars }).dynamic?.[0]).toMatch(/over 16384 bytes/);
  });
});
