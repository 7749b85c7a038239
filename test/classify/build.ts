// The effect-table tests' input: real analyses of shell text, through the real
// Bash grammar and walker (src/classify/shell/), so a row is tested on exactly
// what a command line gives it — never on a hand-built word split.
import { analyzeArgv, analyzeShellText, loadShellParser, type ShellAnalysis } from "../../src/classify/shell/index.js";
import { readGrammarFiles } from "../../src/node/grammar.js";
import { EFFECT_PROGRAMS } from "../../src/classify/effects/index.js";

export const parser = await loadShellParser(readGrammarFiles());

/** The analysis of a whole text (every command it would run). */
export function sh(text: string): ShellAnalysis {
  return analyzeShellText(parser, text, { programs: EFFECT_PROGRAMS });
}

/** The analysis of an already-split command (Codex argv form). */
export function argv(words: string[]): ShellAnalysis {
  return analyzeArgv(parser, words, { programs: EFFECT_PROGRAMS });
}
