// Robustness: analyzeShellText never throws and always returns well-formed
// output, on arbitrary strings and on shell-shaped noise; every command of the
// peer corpus goes through without a throw.
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SimpleCommandSchema, UnknownCommandSchema } from "../../../src/model/classification.js";
import {
  MAX_SIMPLE_COMMANDS,
  MAX_WRAPPER_DEPTH,
  analyzeArgv,
  analyzeShellText,
  loadShellParser,
  type ShellAnalysis,
} from "../../../src/classify/shell/index.js";
import { readGrammarFiles } from "../../../src/node/grammar.js";
import { EFFECT_PROGRAMS } from "../../../src/classify/effects/index.js";
import { peerCasesRequired, peerDir } from "../../peer/cases.js";

const parser = await loadShellParser(readGrammarFiles());
const REPORTED_SHAPES = new Set([1, 2, 3, 4, 6, 7, 9, 10, 11, 12]);

function assertWellFormed(r: ShellAnalysis): void {
  expect(Array.isArray(r.commands)).toBe(true);
  expect(Array.isArray(r.unknown)).toBe(true);
  expect(r.commands.length).toBeLessThanOrEqual(MAX_SIMPLE_COMMANDS);
  r.commands.forEach((c, index) => {
    SimpleCommandSchema.parse(c.cmd);
    expect(c.cmd.argv.length).toBe(c.cmd.raw_argv.length);
    expect(c.cmd.program).toBe(c.cmd.program.toLowerCase());
    expect(c.depth).toBeGreaterThanOrEqual(0);
    expect(c.depth).toBeLessThanOrEqual(MAX_WRAPPER_DEPTH);
    expect(c.wrappers.length).toBeLessThanOrEqual(MAX_WRAPPER_DEPTH + 1);
    expect(typeof c.inSubstitution).toBe("boolean");
    if (c.stdin !== null) {
      if (c.stdin.kind === "pipe") {
        expect(Number.isInteger(c.stdin.upstream)).toBe(true);
        expect(c.stdin.upstream).toBeGreaterThanOrEqual(0);
        expect(c.stdin.upstream).toBeLessThan(index);
      } else if (c.stdin.kind === "file") {
        expect(typeof c.stdin.path).toBe("string");
      } else {
        expect(["heredoc", "herestring"]).toContain(c.stdin.kind);
        expect(c.stdin.text === null || typeof c.stdin.text === "string").toBe(true);
      }
    }
    if (c.find !== null) {
      expect(c.find.roots.length).toBeGreaterThan(0);
      expect(typeof c.find.filtered).toBe("boolean");
    }
  });
  for (const u of r.unknown) {
    UnknownCommandSchema.parse(u);
    expect(REPORTED_SHAPES.has(u.shape)).toBe(true);
    // The catch-all in index.ts must never be what answered.
    expect(u.reason).not.toMatch(/^shell analysis failed/);
  }
  // Plain data: survives a JSON round trip unchanged.
  expect(JSON.parse(JSON.stringify(r))).toEqual(r);
}

const SHELL_TOKENS = [
  "rm", "-rf", "/", "git", "reset", "--hard", "sudo", "env", "FOO=1", "xargs", "find", ".", "-exec", "{}", "\\;", "+",
  "bash", "sh", "-c", "-lc", "eval", "echo", "printf", "cat", "base64", "-d", "python3", "node", "-e", "awk",
  "'", '"', "`", "$", "$(", "${", "}", "(", ")", "{", "}", "[", "]", "[[", "]]", "|", "||", "&&", "&", ";", ";;",
  "|&", ">", ">>", "<", "<<", "<<-", "<<<", "2>&1", "&>", "EOF", "'EOF'", "\n", "\\", "\\\n", "#", "!", "*", "?", "~",
  "if", "then", "else", "fi", "for", "in", "do", "done", "while", "case", "esac", "f()", "alias", "r=rm", "$'\\x72'",
  "<(", ">(", "=", "x=$(ls)", "cm0gLXJmIC8=", "watch", "parallel", ":::", "cmd", "/C", "powershell", "-Command",
];
const shellNoise = fc
  .array(fc.oneof(fc.constantFrom(...SHELL_TOKENS), fc.string({ maxLength: 6 })), { maxLength: 60 })
  .chain((tokens) => fc.constantFrom(tokens.join(" "), tokens.join(""), tokens.join("\n")));

describe("analyzeShellText never throws and returns well-formed output", () => {
  it("arbitrary ASCII and Unicode strings (including lone surrogates)", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 200 }),
          fc.string({ unit: "grapheme", maxLength: 200 }),
          fc.string({ unit: "binary", maxLength: 200 }),
        ),
        (text) => {
          assertWellFormed(analyzeShellText(parser, text, { programs: EFFECT_PROGRAMS }));
        },
      ),
      { numRuns: 600 },
    );
  });

  it("shell-shaped noise", () => {
    fc.assert(
      fc.property(shellNoise, (text) => {
        assertWellFormed(analyzeShellText(parser, text, { programs: EFFECT_PROGRAMS }));
      }),
      { numRuns: 1500 },
    );
  });

  it("huge inputs", () => {
    fc.assert(
      fc.property(fc.constantFrom(...SHELL_TOKENS), fc.integer({ min: 2000, max: 9000 }), (token, n) => {
        const r = analyzeShellText(parser, (token + " ").repeat(n), { programs: EFFECT_PROGRAMS });
        assertWellFormed(r);
      }),
      { numRuns: 25 },
    );
  });

  it("NUL bytes and control characters", () => {
    for (const text of ["\u0000", "rm\u0000 -rf /", "echo \u0007\u001b[31m", "\r\n\r\n", "a\u2028b", "\ufeffls"]) {
      assertWellFormed(analyzeShellText(parser, text, { programs: EFFECT_PROGRAMS }));
    }
  });

  it("analyzeArgv on arbitrary arrays", () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.constantFrom(...SHELL_TOKENS), fc.string({ maxLength: 20 })), { maxLength: 12 }), (argv) => {
        assertWellFormed(analyzeArgv(parser, argv, { programs: EFFECT_PROGRAMS }));
      }),
      { numRuns: 800 },
    );
  });
});

// The peer tool's commands (read at test time, never copied into the repo; required on CI, test/peer/cases.ts).
const peerCasesDir = peerDir(join(import.meta.dirname, "../../.."));
const peerCommands: string[] = [];
if (existsSync(peerCasesDir)) {
  for (const f of readdirSync(peerCasesDir).filter((n) => n.endsWith(".jsonl"))) {
    for (const line of readFileSync(join(peerCasesDir, f), "utf8").split("\n")) {
      if (!line.trim()) continue;
      const row = JSON.parse(line) as { command?: unknown };
      if (typeof row.command === "string") peerCommands.push(row.command);
    }
  }
}

describe("peer-case commands", () => {
  it.skipIf(peerCommands.length === 0 && !peerCasesRequired)("every command analyzes without a throw", () => {
    expect(peerCommands.length, `no peer commands in ${peerCasesDir}`).toBeGreaterThan(0);
    for (const command of peerCommands) {
      let r: ShellAnalysis | undefined;
      expect(() => {
        r = analyzeShellText(parser, command, { programs: EFFECT_PROGRAMS });
      }, command).not.toThrow();
      assertWellFormed(r!);
    }
  });
});
