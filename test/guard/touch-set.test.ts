// The shared touch-set matcher (src/model/touch-set.ts): gitignore semantics
// checked against git itself, the one deliberate difference (a later `!`
// takes files back out of a matched directory), and the patterns git would
// silently give up on, which are errors here.
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileTouchSet, touchSetPatternError } from "../../src/model/touch-set.js";
import { scratchDir } from "../support/scratch.js";

const includes = (patterns: string[], path: string) => {
  const compiled = compileTouchSet(patterns);
  if (!compiled.ok) throw new Error(compiled.message);
  return compiled.touchSet.includes(path);
};

const PATHS = [
  "a.ts",
  "src/a.ts",
  "src/deep/b.ts",
  "src/generated/x.ts",
  "docs/README.md",
  "README.md",
  "SRC/a.ts",
  ".env",
  "src/.hidden/c.ts",
  "lib/v7.txt",
  "lib/v7x.txt",
  "a b/c d.md",
  "#notes.md",
  "!bang.md",
  "src/[x].ts",
  "x.test.ts",
  "pkg/x/test/y.ts",
];

// Each is judged alone, so git's directory pruning never comes into it: on a
// one-pattern set our answer must be git's.
const SINGLE_PATTERNS = [
  "src/**",
  "src/",
  "src",
  "/src/*.ts",
  "*.ts",
  "**/test/**",
  "**/*.md",
  "docs/*",
  "*.[mt][ds]",
  "lib/v[[:digit:]].txt",
  "lib/v[!0-9]*.txt",
  "a?ts",
  "a\\ b/*",
  "\\#notes.md",
  "\\!bang.md",
  "src/\\[x\\].ts",
  ".*",
  "README.md",
  "/README.md",
  "**",
];

describe("touch-set matcher", () => {
  it("agrees with git check-ignore on every one-pattern set", () => {
    const dir = scratchDir("gatehouse-touchset-git-");
    execFileSync("git", ["init", "-q", dir]);
    for (const pattern of SINGLE_PATTERNS) {
      writeFileSync(join(dir, ".gitignore"), `${pattern}\n`);
      let out = "";
      try {
        out = execFileSync("git", ["-C", dir, "check-ignore", "--no-index", "--stdin", "-z"], { input: PATHS.join("\0") + "\0" }).toString();
      } catch (error) {
        // check-ignore exits 1 when nothing matched
        if ((error as { status?: number }).status !== 1) throw error;
      }
      const gitSays = new Set(out.split("\0").filter(Boolean));
      for (const path of PATHS) expect({ pattern, path, in: includes([pattern], path) }).toEqual({ pattern, path, in: gitSays.has(path) });
    }
  });

  it("the last matching pattern decides, and a later ! takes files back out of a matched directory", () => {
    expect(includes(["src/**", "!src/generated/**"], "src/a.ts")).toBe(true);
    expect(includes(["src/**", "!src/generated/**"], "src/generated/x.ts")).toBe(false);
    expect(includes(["src/**", "!src/generated/**", "src/generated/keep.ts"], "src/generated/keep.ts")).toBe(true);
    expect(includes(["*.ts", "!*.test.ts"], "x.test.ts")).toBe(false);
    expect(includes(["!a.ts"], "a.ts")).toBe(false);
    expect(includes([], "a.ts")).toBe(false);
  });

  it("names the pattern that decides a path (a block says which ! took it out)", () => {
    const compiled = compileTouchSet(["src/**", "!src/generated/**", "src/generated/keep.ts"]);
    if (!compiled.ok) throw new Error(compiled.message);
    expect(compiled.touchSet.decidingPattern("src/generated/x.ts")).toBe("!src/generated/**");
    expect(compiled.touchSet.decidingPattern("src/generated/keep.ts")).toBe("src/generated/keep.ts");
    expect(compiled.touchSet.decidingPattern("src/a.ts")).toBe("src/**");
    expect(compiled.touchSet.decidingPattern("docs/a.md")).toBeNull();
    expect(compiled.touchSet.decidingPattern("../x")).toBeNull();
  });

  it("is case-sensitive, and skips blank lines and # comments", () => {
    expect(includes(["src/**"], "SRC/a.ts")).toBe(false);
    expect(includes(["", "  ", "# src/**", "docs/**"], "src/a.ts")).toBe(false);
    expect(includes(["", "# note", "docs/**"], "docs/a.md")).toBe(true);
  });

  it("judges only normalised relative paths", () => {
    for (const path of ["", "/etc/passwd", "../x.ts", "src/../x.ts", "./src/a.ts", "src//a.ts", "src/./a.ts"])
      expect(includes(["**"], path), path).toBe(false);
  });

  it("a pattern git would silently give up on is an error naming the pattern", () => {
    for (const bad of ["[", "src/[ab", "[[:word:]]", "a\\", "src/\\/", "!", "! ", "../x/**", "src/../x", "./src/**", "src/./a"]) {
      expect(touchSetPatternError(bad), bad).not.toBeNull();
      const compiled = compileTouchSet(["src/**", bad]);
      expect(compiled.ok, bad).toBe(false);
      if (!compiled.ok) expect(compiled.message).toContain(JSON.stringify(bad));
    }
    for (const ok of ["[]]", "[!]]", "[[:alpha:]]", "[[:x]", "a\\\\", "a\\ ", "\\[", "src/**/", "..x/*", "x..", "#not-a-pattern"])
      expect(touchSetPatternError(ok), ok).toBeNull();
  });

  it("never throws, whatever the path or pattern", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 12 }), { maxLength: 4 }), fc.string({ maxLength: 24 }), (patterns, path) => {
        const compiled = compileTouchSet(patterns);
        if (compiled.ok) expect(typeof compiled.touchSet.includes(path)).toBe("boolean");
        else expect(compiled.message).toMatch(/^touch-set pattern /);
      }),
      { seed: 9, numRuns: 2000 },
    );
  });
});
