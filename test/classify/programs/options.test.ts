// The one option parser (src/classify/programs/options.ts), over arguments
// that carry their word facts.
import { describe, expect, it } from "vitest";
import { literalArg, type Arg } from "../../../src/classify/programs/args.js";
import { boolFlag, flagValue, has, isCmdSwitch, parseArgs, parseCmdStyle, parseSingleDash as parseSingleDashArgs, type OptionSpec } from "../../../src/classify/programs/options.js";
import { sh } from "../build.js";

const A = (words: string[]): Arg[] => words.map((w) => literalArg(w));
const parseGnu = (words: string[], spec?: OptionSpec) => parseArgs(A(words), spec);
const parseCmd = (words: string[]) => parseCmdStyle(A(words));
const parseSingleDash = (words: string[], valueFlags?: string[]) => parseSingleDashArgs(A(words), valueFlags);

describe("parseArgs: GNU", () => {
  it("clusters short flags", () => {
    const p = parseGnu(["-rf", "build"]);
    expect(p.flags.map((f) => f.name)).toEqual(["r", "f"]);
    expect(p.operands.map((o) => o.value)).toEqual(["build"]);
  });
  it("applies aliases and long flags", () => {
    const p = parseGnu(["--recursive", "--force", "x"], { aliases: { r: "recursive" } });
    expect(has(p, "recursive", "force")).toBe(true);
  });
  it("--flag=value and separate values", () => {
    const p = parseGnu(["--output=a", "--data", "@f", "-o", "b", "-ob2", "url"], { shortValue: "o", longValue: ["data", "output"] });
    expect(p.flags.map((f) => [f.name, f.value])).toEqual([
      ["output", "a"],
      ["data", "@f"],
      ["o", "b"],
      ["o", "b2"],
    ]);
    expect(p.operands.map((o) => o.value)).toEqual(["url"]);
    expect(p.flags[1].valueIndex).toBe(2);
  });
  it("`--` ends flags", () => {
    const p = parseGnu(["-rf", "--", "-x", "/"]);
    expect(p.operands.map((o) => o.value)).toEqual(["-x", "/"]);
    expect(p.sawDoubleDash).toBe(true);
    expect(p.doubleDashOperand).toBe(0);
  });
  it("bare `-` and negative numbers are operands", () => {
    const p = parseGnu(["-", "-5", "-1.5", "-n"]);
    expect(p.operands.map((o) => o.value)).toEqual(["-", "-5", "-1.5"]);
    expect(flagValue(p, "n")).toBeNull();
  });
  it("numericShort turns -5 into -n 5 (head/tail)", () => {
    const p = parseGnu(["-5", "f"], { shortValue: "n", numericShort: "n" });
    expect(flagValue(p, "n")).toBe("5");
    expect(p.operands.map((o) => o.value)).toEqual(["f"]);
  });
  it("GNU permutation: flags after operands", () => {
    expect(has(parseGnu(["build", "-rf"]), "r")).toBe(true);
  });
  it("stopAtOperand: POSIX order", () => {
    const p = parseGnu(["-l", "host", "-rf"], { stopAtOperand: true });
    expect(p.operands.map((o) => o.value)).toEqual(["host", "-rf"]);
  });
  it("resolves unambiguous long-flag prefixes", () => {
    const p = parseGnu(["--rec", "--for"], { longBool: ["recursive", "force"] });
    expect(p.flags.map((f) => f.name)).toEqual(["recursive", "force"]);
  });
  it("a value flag at the end has no value", () => {
    expect(parseGnu(["-o"], { shortValue: "o" }).flags[0].value).toBeNull();
  });
  it("a value consumed by a flag is not an operand", () => {
    const p = parseGnu(["-t", "/tmp", "a", "b"], { shortValue: "t" });
    expect(p.operands.map((o) => o.value)).toEqual(["a", "b"]);
  });
});

describe("parseCmdStyle", () => {
  it("slash switches, case-insensitive, no clustering", () => {
    const p = parseCmd(["/S", "/q", "C:\\x"]);
    expect([...p.switches].sort()).toEqual(["q", "s"]);
    expect(p.operands.map((o) => o.value)).toEqual(["C:\\x"]);
  });
  it("`/s/q` splits, `/a:h` keeps its name", () => {
    expect([...parseCmd(["/s/q", "/a:h", "x"]).switches].sort()).toEqual(["a", "q", "s"]);
  });
  it("Unix paths are not switches", () => {
    expect(isCmdSwitch("/tmp")).toBe(false);
    expect(isCmdSwitch("/")).toBe(false);
    expect(isCmdSwitch("/s")).toBe(true);
    expect(isCmdSwitch("/?")).toBe(true);
  });
});

describe("parseSingleDash", () => {
  it("whole-name flags, never clustered", () => {
    const p = parseSingleDash(["-destroy", "-auto-approve"]);
    expect([...p.flags.keys()]).toEqual(["destroy", "auto-approve"]);
    expect(p.flags.has("d")).toBe(false);
  });
  it("values with = or the next token for value flags", () => {
    const p = parseSingleDash(["-var-file=prod.tfvars", "-var", "x=1", "-target", "a.b", "dir"], ["var", "target"]);
    expect(p.flags.get("var-file")).toBe("prod.tfvars");
    expect(p.flags.get("var")).toBe("x=1");
    expect(p.flags.get("target")).toBe("a.b");
    expect(p.operands.map((o) => o.value)).toEqual(["dir"]);
  });
  it("boolean flags set to false", () => {
    expect(boolFlag(parseSingleDash(["-destroy=false"]), "destroy")).toBe(false);
    expect(boolFlag(parseSingleDash(["-destroy=true"]), "destroy")).toBe(true);
    expect(boolFlag(parseSingleDash(["--destroy"]), "destroy")).toBe(true);
    expect(boolFlag(parseSingleDash([]), "destroy")).toBe(false);
  });
  it("lowercases PowerShell-style names", () => {
    expect(parseSingleDash(["-Recurse", "-Force"]).flags.has("recurse")).toBe(true);
  });
});

describe("parseArgs: POSIX (wrappers)", () => {
  const wrapper: OptionSpec = { shortValue: "u", shortOptional: "i", stopAtOperand: true, stopAtDynamic: true, digitsAreFlags: true };
  it("ends at the first operand, `end` is its index", () => {
    const p = parseArgs(A(["-u", "root", "-n", "rm", "-rf", "x"]), wrapper);
    expect(p.end).toBe(3);
    expect(p.flags.map((f) => f.name)).toEqual(["u", "n"]);
  });
  it("digits cluster as flag letters when asked (`nice -10`, `xargs -0`)", () => {
    expect(parseArgs(A(["-0", "rm"]), wrapper).end).toBe(1);
    expect(parseArgs(A(["-0", "rm"]), { stopAtOperand: true }).end).toBe(0);
  });
  it("an optional value is only attached", () => {
    const p = parseArgs(A(["-i{}", "-i", "rm"]), wrapper);
    expect(p.flags.map((f) => f.value)).toEqual(["{}", null]);
    expect(p.end).toBe(2);
  });
  it("a word whose value is unknown ends the options", () => {
    const a = sh('frob -u root "$CMD" x').commands[0];
    const p = parseArgs(a.args, wrapper);
    expect(p.stoppedOnDynamic).toBe(true);
    expect(p.end).toBe(2);
  });
  it("reads at most maxOptionWords option words", () => {
    expect(parseArgs(A(["-a", "-b", "x"]), wrapper, 0, 1).end).toBe(1);
  });
  it("`--` ends the options after itself", () => {
    expect(parseArgs(A(["-u", "x", "--", "-rf"]), wrapper).end).toBe(3);
  });
});

describe("word facts travel with flags and operands", () => {
  /** The args of the text's last command (substitutions come first). */
  const args = (text: string) => sh(text).commands.at(-1)!.args;
  it("an operand is its word: substitution, variables, tilde, quoting", () => {
    const p = parseArgs(args('rm -rf "$D" ~/x $(cat l) \'$HOME\''), {});
    expect(p.operands.map((o) => [o.value, o.arg.subst, o.arg.vars, o.arg.tilde, o.arg.quoted])).toEqual([
      ["$D", false, ["D"], false, true],
      ["~/x", false, [], true, false],
      ["$(cat l)", true, [], false, false],
      ["$HOME", false, [], false, true],
    ]);
  });
  it("a separate value is the next word", () => {
    const f = parseArgs(args('curl -o "$OUT" u'), { shortValue: "o" }).flags[0];
    expect([f.value, f.arg.vars, f.valueIndex]).toEqual(["$OUT", ["OUT"], 1]);
  });
  it("an attached value keeps its word's facts, and a leading ~ in it counts as home", () => {
    const [a, b] = parseArgs(args("curl --output=~/x -o$DIR/y u"), { shortValue: "o", longValue: ["output"] }).flags;
    expect([a.value, a.arg.tilde, a.valueIndex]).toEqual(["~/x", true, -1]);
    expect([b.value, b.arg.vars]).toEqual(["$DIR/y", ["DIR"]]);
  });
  it("single-dash values keep their word", () => {
    const p = parseSingleDashArgs(args("Remove-Item -Path $P -Recurse"), ["path"]);
    expect(p.flagArgs.get("path")?.vars).toEqual(["P"]);
  });
});
