// Tests leave no temp directories behind (issue 22 item 10): they make them
// through test/support/scratch.ts (removed after the file), never with a bare
// mkdtemp in the temp directory; and each run's teardown reports what is left
// in its own $TMPDIR (test/support/temp-root.ts).
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { leftoverReport, prefixOf } from "../support/temp-root.js";

const root = join(import.meta.dirname, "../..");
const BARE_MKDTEMP = /mkdtempSync\(\s*join\(\s*tmpdir\(\)/;

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    return e.isDirectory() ? testFiles(path) : e.name.endsWith(".ts") ? [path] : [];
  });
}

describe("scratch directories", () => {
  it("finds a bare mkdtemp in the temp directory", () => {
    expect(BARE_MKDTEMP.test('const dir = mkdtempSync(join(tmpdir(), "gatehouse-x-"));')).toBe(true);
    expect(BARE_MKDTEMP.test('const dir = scratchDir("gatehouse-x-"); mkdtempSync(join(dir, "seq-"));')).toBe(false);
  });

  it("no test makes a temp directory except through test/support/scratch.ts (the e2e suite keeps its own sandboxes)", () => {
    const offenders = testFiles(join(root, "test"))
      .filter((f) => !f.includes(join("test", "e2e")) && !f.endsWith(join("support", "scratch.ts")) && !f.endsWith(join("support", "temp-root.ts")) && f !== join(root, "test/architecture/scratch.test.ts"))
      .filter((f) => BARE_MKDTEMP.test(readFileSync(f, "utf8")))
      .map((f) => relative(root, f));
    expect(offenders).toEqual([]);
  });

  it("the run's leftover report counts by prefix", () => {
    expect(leftoverReport([])).toBeNull();
    expect(prefixOf("gatehouse-hook-Ab12Cd")).toBe("gatehouse-hook-");
    expect(leftoverReport(["gatehouse-hook-Ab12Cd", "gatehouse-hook-Zz99Yy", "gh-lock-123456"])).toBe(
      "3 temp entries left by tests (use test/support/scratch.ts): gatehouse-hook-* ×2, gh-lock-* ×1",
    );
  });
});
