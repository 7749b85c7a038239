// Every tree-sitter .wasm the engine may load, as package file specifiers: the
// shell's two here, and the inline-code grammars where they are declared
// (src/classify/inline-code/grammars.ts). Node reads them from node_modules
// (src/node/grammar.ts); the page build copies each into dist/web
// (scripts/build.mjs reads PAGE_WASM_SPECIFIERS) and the page's worker fetches
// each by its file name — so a grammar declared there ships with the page
// without a change to the build.
import { GRAMMAR_FILES as INLINE_GRAMMAR_FILES } from "./classify/inline-code/grammars.js";

export const SHELL_GRAMMAR_FILES = {
  runtime: "web-tree-sitter/tree-sitter.wasm",
  bash: "tree-sitter-bash/tree-sitter-bash.wasm",
} as const;

export { INLINE_GRAMMAR_FILES };

/** Every grammar .wasm, shell first. */
export const PAGE_WASM_SPECIFIERS: readonly string[] = [...Object.values(SHELL_GRAMMAR_FILES), ...Object.values(INLINE_GRAMMAR_FILES)];

/** The file name a grammar has in dist/web: the specifier's last segment. */
export function grammarFileName(specifier: string): string {
  return specifier.slice(specifier.lastIndexOf("/") + 1);
}
