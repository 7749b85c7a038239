// Shared by the shell tests: one parser, an analysis of a command text, and
// the distinct gap shapes of an analysis (what most cases compare).
import { analyzeShellText, loadShellParser, type ShellAnalysis } from "../../../src/classify/shell/index.js";
import { readGrammarFiles } from "../../../src/node/grammar.js";
import { EFFECT_PROGRAMS } from "../../../src/classify/effects/index.js";

export const parser = await loadShellParser(readGrammarFiles());
export const analyze = (text: string): ShellAnalysis => analyzeShellText(parser, text, { programs: EFFECT_PROGRAMS });
/** The distinct gap shapes, ascending. */
export const shapes = (r: ShellAnalysis): number[] => [...new Set(r.unknown.map((u) => u.shape))].sort((a, b) => a - b);
