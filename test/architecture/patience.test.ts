// The suite must pass on a loaded two-core machine (the issue tracker saw
// 60/30 s per-test limits trip under load). Time-outs are hang guards set once,
// in vitest.config.ts; no test sets a shorter one of its own, and no test
// asserts on elapsed wall-clock time. (Benchmarks in bench/ measure time.)
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "../..");

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    return e.isDirectory() ? testFiles(path) : e.name.endsWith(".ts") ? [path] : [];
  });
}

/** Offending lines of one file's text. */
export function impatience(text: string): string[] {
  const found: string[] = [];
  for (const line of text.split("\n")) {
    // `it(…, async () => { … }, 30_000)` / `describe(…, () => {…}, 120_000)`: a per-test limit below the guard.
    if (/^\s*\}\s*,\s*\d[\d_]*\s*\)\s*;?\s*$/.test(line)) found.push(line.trim());
    // `expect(Date.now() - started).toBeLessThan(9_000)`: a wall-clock bound.
    // `browser.newPage()` keeps Playwright's 30 s action limit; test/web/chromium.ts's openPage sets the guard.
    else if (/\.newPage\(\)/.test(line)) found.push(line.trim());
    else if (/expect\([^)]*(Date\.now\(\)|performance\.now\(\))[^)]*\)\s*\.\s*toBeLessThan/.test(line)) found.push(line.trim());
  }
  return found;
}

describe("patience", () => {
  it("finds a per-test limit and a wall-clock bound, and passes plain code", () => {
    expect(impatience("  it('x', async () => {\n  }, 30_000);\n")).toEqual(["}, 30_000);"]);
    expect(impatience("expect(Date.now() - started).toBeLessThan(9_000);")).toHaveLength(1);
    expect(impatience("    page = await browser.newPage();")).toHaveLength(1);
    expect(impatience("  });\nconst t = setTimeout(() => {}, 1_000);\nexpect(at(s, 60_000))")).toEqual([]);
  });

  it("no test sets its own time limit or bounds elapsed time", () => {
    const offences = testFiles(join(root, "test"))
      .filter((f) => !f.includes(join("test", "e2e")) && f !== join(root, "test/architecture/patience.test.ts") && f !== join(root, "test/web/chromium.ts"))
      .flatMap((f) => impatience(readFileSync(f, "utf8")).map((line) => `${relative(root, f)}: ${line}`));
    expect(offences).toEqual([]);
  });
});
