import { describe, expect, it } from "vitest";
import { boolFlag, flagValue, has, isCmdSwitch, parseCmdStyle, parseGnu, parseSingleDash } from "../../src/classify/flags.js";

describe("parseGnu", () => {
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
    const p = parseCmdStyle(["/S", "/q", "C:\\x"]);
    expect([...p.switches].sort()).toEqual(["q", "s"]);
    expect(p.operands.map((o) => o.value)).toEqual(["C:\\x"]);
  });
  it("`/s/q` splits, `/a:h` keeps its name", () => {
    expect([...parseCmdStyle(["/s/q", "/a:h", "x"]).switches].sort()).toEqual(["a", "q", "s"]);
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
