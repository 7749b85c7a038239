// readPackageFile finds a grammar's .wasm where Node's resolution would, without
// running it when an install puts the file in a `node_modules` on the lookup path.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { PAGE_WASM_SPECIFIERS } from "../../src/grammars.js";
import { readPackageFile } from "../../src/node/package-file.js";

const require = createRequire(import.meta.url);

/** A `require` whose lookup paths hold nothing, resolving through `resolve`: the fallback's view. */
function resolvingOnly(resolve: (specifier: string) => string): NodeJS.Require {
  return Object.assign(() => undefined, { resolve: Object.assign(resolve, { paths: () => ["/nonexistent/node_modules"] }) }) as unknown as NodeJS.Require;
}

describe("readPackageFile", () => {
  it("reads every grammar the engine loads, byte for byte what require.resolve names", () => {
    for (const specifier of PAGE_WASM_SPECIFIERS) {
      const bytes = readPackageFile(require, specifier);
      expect(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).equals(readFileSync(require.resolve(specifier))), specifier).toBe(true);
      expect(WebAssembly.validate(bytes), specifier).toBe(true);
    }
  });

  it("falls back to Node's resolution when no lookup directory holds the file", () => {
    const asked: string[] = [];
    const bytes = readPackageFile(resolvingOnly((s) => (asked.push(s), require.resolve(s))), "tree-sitter-bash/tree-sitter-bash.wasm");
    expect(asked).toEqual(["tree-sitter-bash/tree-sitter-bash.wasm"]);
    expect(bytes.byteLength).toBe(readFileSync(require.resolve("tree-sitter-bash/tree-sitter-bash.wasm")).byteLength);
  });

  it("a file no install has is an error, not empty bytes", () => {
    expect(() => readPackageFile(require, "tree-sitter-bash/no-such-grammar.wasm")).toThrow(/Cannot find module|ENOENT/);
  });
});
