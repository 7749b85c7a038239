// Node-only: the inline-code grammars' bytes, read from the installed
// packages on first use (synchronously: `Engine.evaluate` may need one).
import { createRequire } from "node:module";
import { GRAMMAR_FILES, type InlineGrammarSource, type InlineLanguage } from "../classify/inline-code/grammars.js";
import { readPackageFile } from "./package-file.js";

const require = createRequire(import.meta.url);

export function nodeInlineGrammars(): InlineGrammarSource {
  return {
    read: (language: InlineLanguage) => readPackageFile(require, GRAMMAR_FILES[language]),
  };
}
