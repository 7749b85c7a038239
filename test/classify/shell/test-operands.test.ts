// Test-bracket operands the grammar reads as operators (`[ -d ~ ]`, `[ -d / ]`):
// masked at the same length so the statements after the bracket are parsed and
// walked, with the original words.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { maskTestOperands } from "../../../src/classify/shell/test-operands.js";
import { analyze, shapes } from "./analyze.js";

const summary = (text: string): string[] => analyze(text).commands.map((c) => [c.cmd.program, ...c.cmd.argv].join(" "));

describe("maskTestOperands", () => {
  it.each([
    ["[ -d ~ ] && rm -rf ~", "[ -d x ] && rm -rf ~"],
    ["[[ -d / ]] && rm -rf /", "[[ -d x ]] && rm -rf /"],
    ["[ -e ~+ ]; rm -rf ~+", "[ -e xx ]; rm -rf ~+"],
    ['[ "$a" = ~ ] || rm -rf ~', '[ "$a" = x ] || rm -rf ~'],
    ["[ -d ~/$(rm -rf ~) ]", "[ -d xx$(rm -rf ~) ]"],
    ['[ -d "~" ] && rm -rf ~', '[ -d "~" ] && rm -rf ~'],
    ["echo ~ /", "echo ~ /"],
  ])("%s", (text, masked) => {
    expect(maskTestOperands(text)).toBe(masked);
  });

  it("keeps the length and only ever writes x", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom("[", "]", "[[", "]]", " ", "~", "/", "+", "-d", "x", "'", '"', "$(", ")", ";", "&&", "\n", "\\")).map((a) => a.join("")), (s) => {
        const m = maskTestOperands(s);
        expect(m.length).toBe(s.length);
        for (let i = 0; i < s.length; i++) if (m[i] !== s[i]) expect(m[i]).toBe("x");
      }),
    );
  });
});

describe("a guard in front of a command does not hide it", () => {
  it.each([
    ["[ -d ~ ] && rm -rf ~", ["[ -d ~", "rm -rf ~"]],
    ["[[ -d ~ ]] && rm -rf ~", ["[[ -d ~", "rm -rf ~"]],
    ["[ -d / ] && rm -rf /", ["[ -d /", "rm -rf /"]],
    ["[ ! -e ~- ] || rm -rf ~-", ["[ ! -e ~-", "rm -rf ~-"]],
    ["while [ -d ~ ]; do rm -rf ~; done", ["[ -d ~", "rm -rf ~"]],
  ])("%s walks every command, with no parse error", (text, cmds) => {
    const r = analyze(text);
    expect(summary(text).map((s) => s.replace(/\s+/g, " "))).toEqual(cmds);
    expect(shapes(r)).toEqual([]);
  });

  it("a text still wrong after masking keeps its parse error", () => {
    expect(shapes(analyze("[ -d ~ ] && rm -rf ~ && (("))).toContain(2);
  });
});
