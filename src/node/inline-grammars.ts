// Node-only: the inline-code grammars' bytes, read from the installed
// packages on first use (synchronously: `Engine.evaluate` may need one).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { GRAMMAR_FILES, type InlineGrammarSource, type InlineLanguage } from "../classify/inline-code/grammars.js";

const require = createRequire(import.meta.url);

export function nodeInlineGrammars(): InlineGrammarSource {
  return {
    read: (language: InlineLanguage) => new Uint8Array(readFileSync(require.resolve(GRAMMAR_FILES[language]))),
  };
}
