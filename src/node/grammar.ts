// Node-only: locate and read the two .wasm files the shell parser needs
// (web-tree-sitter's runtime and the tree-sitter-bash grammar) from the
// installed packages, plus a lazy source for the inline-code grammars. The
// browser build embeds the shell bytes instead.
import { createRequire } from "node:module";
import type { GrammarBytes } from "../classify/shell/index.js";
import type { InlineGrammarSource } from "../classify/inline-code/grammars.js";
import { SHELL_GRAMMAR_FILES } from "../grammars.js";
import { nodeInlineGrammars } from "./inline-grammars.js";
import { readPackageFile } from "./package-file.js";

const require = createRequire(import.meta.url);

let cached: (GrammarBytes & { inline: InlineGrammarSource }) | null = null;

/**
 * Reads `web-tree-sitter/tree-sitter.wasm` and `tree-sitter-bash/tree-sitter-bash.wasm` (once per
 * process), with the inline-code grammars as a lazy source (each read on its first use).
 */
export function readGrammarFiles(): GrammarBytes & { inline: InlineGrammarSource } {
  if (cached !== null) return cached;
  cached = {
    runtime: readPackageFile(require, SHELL_GRAMMAR_FILES.runtime),
    language: readPackageFile(require, SHELL_GRAMMAR_FILES.bash),
    inline: nodeInlineGrammars(),
  };
  return cached;
}
