// Node-only: locate and read the two .wasm files the shell parser needs
// (web-tree-sitter's runtime and the tree-sitter-bash grammar) from the
// installed packages. The browser build embeds the same bytes instead.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { GrammarBytes } from "../classify/shell/index.js";

const require = createRequire(import.meta.url);

let cached: GrammarBytes | null = null;

/** Reads `web-tree-sitter/tree-sitter.wasm` and `tree-sitter-bash/tree-sitter-bash.wasm` (once per process). */
export function readGrammarFiles(): GrammarBytes {
  if (cached !== null) return cached;
  const runtimePath = require.resolve("web-tree-sitter/tree-sitter.wasm");
  const languagePath = require.resolve("tree-sitter-bash/tree-sitter-bash.wasm");
  cached = {
    runtime: new Uint8Array(readFileSync(runtimePath)),
    language: new Uint8Array(readFileSync(languagePath)),
  };
  return cached;
}
