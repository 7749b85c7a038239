// The page build (scripts/build.mjs) ships every grammar the engine declares
// (src/grammars.ts: the shell's and the inline-code ones) and the engine's own
// .wasm, byte for byte, beside index.html — so a grammar declared later ships
// without a change to the build. Needs `npm run build` first (npm test does it).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { grammarFileName, INLINE_GRAMMAR_FILES, PAGE_WASM_SPECIFIERS, SHELL_GRAMMAR_FILES } from "../../src/grammars.js";

const root = join(import.meta.dirname, "../..");
const web = join(root, "dist/web");
const require = createRequire(join(root, "package.json"));

describe("dist/web", () => {
  it("holds every declared grammar .wasm, identical to the package's", () => {
    expect(PAGE_WASM_SPECIFIERS).toEqual([...Object.values(SHELL_GRAMMAR_FILES), ...Object.values(INLINE_GRAMMAR_FILES)]);
    for (const specifier of PAGE_WASM_SPECIFIERS)
      expect(readFileSync(join(web, grammarFileName(specifier))).equals(readFileSync(require.resolve(specifier))), specifier).toBe(true);
  });
  it("holds the engine's .wasm, and the page's scripts do not embed it again", () => {
    expect(readFileSync(join(web, "gatehouse.wasm")).equals(readFileSync(join(root, "build/gatehouse.wasm")))).toBe(true);
    const worker = readFileSync(join(web, "worker.js"), "utf8");
    const embedded = readFileSync(join(root, "build/gatehouse.wasm")).toString("base64").slice(0, 64);
    expect(worker).not.toContain(embedded);
  });
  it("holds index.html, the page script, the worker, the stylesheet and the bundle JSON Schema", () => {
    const index = readFileSync(join(web, "index.html"), "utf8");
    expect(index).toContain('src="playground.js"');
    expect(index).toContain('href="playground.css"');
    expect(JSON.parse(readFileSync(join(web, "bundle.schema.json"), "utf8")).$schema).toBe("https://json-schema.org/draft/2020-12/schema");
    expect(readFileSync(join(web, "playground.js"), "utf8")).toContain("worker.js");
  });
});
