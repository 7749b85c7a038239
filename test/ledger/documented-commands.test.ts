// docs/ledger.md's command block runs as a new user reads it (issue 22): from a checkout, each line
// exits 0, the only file written is the ledger, and the input it names is a file that ships.
import { readdirSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT, runGatehouse } from "../support/bin.js";
import { scratchDir } from "../support/scratch.js";

const docs = readFileSync(join(ROOT, "docs/ledger.md"), "utf8");

/** The `gatehouse …` lines of each sh block: words, comments dropped. */
function blocks(): string[][][] {
  return [...docs.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) =>
    m[1]!
      .split("\n")
      .map((l) => l.replace(/\s+#.*$/, "").trim())
      .filter((l) => /^(npx )?gatehouse /.test(l))
      .map((l) => l.replace(/^npx /, "").split(/\s+/).slice(1)),
  );
}

/** A fresh directory that looks like the checkout to a relative path (docs/, bundles/), nothing else. */
const dirs: string[] = [];
function checkoutLike(): string {
  const dir = scratchDir("gatehouse-ledger-docs-");
  dirs.push(dir);
  for (const d of ["docs", "bundles"]) symlinkSync(join(ROOT, d), join(dir, d));
  return dir;
}
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe("docs/ledger.md commands, as written", () => {
  const found = blocks();
  it("finds the two blocks, each starting with the eval that records", () => {
    expect(found.length).toBeGreaterThanOrEqual(2);
    for (const block of found) expect(block[0]![0]).toBe("eval");
  });
  for (const [i, block] of found.entries()) {
    it(`block ${i + 1}: every line exits 0 from a checkout, and the ledger is the one file written`, async () => {
      const cwd = checkoutLike();
      for (const words of block) {
        const run = await runGatehouse(words, { cwd });
        expect(run.status, `gatehouse ${words.join(" ")}: ${run.stderr}`).toBe(0);
      }
      expect(readdirSync(cwd).sort()).toEqual(["bundles", "decisions.jsonl", "docs"]);
      const rows = readFileSync(join(cwd, "decisions.jsonl"), "utf8").trim().split("\n").map((l) => JSON.parse(l));
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(row.event).toBeDefined(); // --ledger-events kept each event: replayable
    });
  }
  it("the old reading (events.jsonl after --ledger-events, not there) says the file is eval's input", async () => {
    const cwd = checkoutLike();
    const run = await runGatehouse(["eval", "--ledger", "decisions.jsonl", "--ledger-events", "events.jsonl"], { cwd });
    expect(run.status).toBe(66);
    expect(run.stderr).toMatch(/events\.jsonl: cannot read \(ENOENT\): it is eval's input, the events to judge — --ledger-events takes no value/);
  });
});
