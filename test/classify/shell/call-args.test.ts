// A function body sees its call's arguments (analyzer.ts `withCallArgs`), and
// word splitting follows an `IFS` the text set (command-words.ts).
import { beforeAll, describe, expect, it } from "vitest";
import { withCallArgs } from "../../../src/classify/shell/analyzer.js";
import { analyzeShellText, loadShellParser } from "../../../src/classify/shell/index.js";
import type { Word } from "../../../src/classify/shell/words.js";
import { readGrammarFiles } from "../../../src/node/grammar.js";
import { EFFECT_PROGRAMS } from "../../../src/classify/effects/index.js";

type Parser = Awaited<ReturnType<typeof loadShellParser>>;
let parser: Parser;
beforeAll(async () => {
  parser = await loadShellParser(readGrammarFiles());
});
const word = (value: string, dynamic = false) => ({ value, raw: value, dynamic, quoted: false, tilde: value.startsWith("~"), vars: [] }) as unknown as Word;
const argvs = (text: string) => analyzeShellText(parser, text, { programs: EFFECT_PROGRAMS }).commands.map((c) => [c.cmd.program, ...c.cmd.argv].join(" "));

describe("withCallArgs", () => {
  it('puts the arguments in place of "$@", $@, "$*" and $*', () => {
    expect(withCallArgs('git "$@"', [word("push"), word("-f")])).toBe("git push -f");
    expect(withCallArgs("rm -rf ${@}", [word("~")])).toBe("rm -rf ~");
    expect(withCallArgs('echo "$*"', [word("a"), word("b")])).toBe("echo 'a b'");
    expect(withCallArgs('echo "$@"', [word("it's")])).toBe("echo 'it'\\''s'");
  });
  it("leaves the body as written when an argument is not known, or nothing expands", () => {
    expect(withCallArgs('git "$@"', [word("$X", true)])).toBe('git "$@"');
    expect(withCallArgs("git status", [word("x")])).toBe("git status");
  });
});

describe("through the analysis", () => {
  it("a function wrapping a program runs it with the call's words", () => {
    expect(argvs('g() { command git "$@"; }; g push --force origin main')).toContain("git push --force origin main");
  });
  it("IFS set to a known value splits unquoted expansions on it", () => {
    expect(argvs('IFS=,; c="rm,-rf,/tmp/x"; $c')).toContain("rm -rf /tmp/x");
    expect(argvs('X="a b"; ls $X')).toContain("ls a b");
  });
});
