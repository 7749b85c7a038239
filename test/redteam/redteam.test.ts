// The adversarial set as a ratchet (docs/redteam.md): every case not listed in
// known-misses.json must come out as expected, and every listed one must still
// be a miss of the recorded kind — so a fix shrinks the list (rerun
// `bash scripts/run-ts.sh scripts/redteam.ts --write` and commit it) and a
// regression fails here, naming the case.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { loadEngine } from "../../src/node/index.js";
import { packageRoot } from "../../src/node/package-root.js";
import { judge, KNOWN_FILE, loadCases, missMap, tally, type Outcome, type RedteamResult } from "./cases.js";

const root = packageRoot();

describe("red-team set through the default bundle", () => {
  let results: RedteamResult[] = [];
  let known: Record<string, Outcome> = {};
  beforeAll(async () => {
    const engine = await loadEngine();
    results = loadCases(root).map((c, i) => judge(engine, c, i));
    known = JSON.parse(readFileSync(join(root, KNOWN_FILE), "utf8")).misses as Record<string, Outcome>;
  });

  it("has both dangerous cases and harmless lookalikes, with unique keys", () => {
    const t = tally(results);
    expect(t.dangerous).toBeGreaterThan(500);
    expect(t.harmless).toBeGreaterThan(200);
    expect(new Set(results.map((r) => r.key)).size).toBe(results.length);
  });

  it("no case outside the known list is missed or falsely stopped (a new one is a regression)", () => {
    const now = missMap(results);
    const regressions = Object.entries(now).filter(([k, o]) => known[k] !== o).map(([k, o]) => `${o}: ${k}`);
    expect(regressions).toEqual([]);
  });

  it("every known miss is still one (a fixed case leaves the list: rerun scripts/redteam.ts --write)", () => {
    const now = missMap(results);
    const fixed = Object.entries(known).filter(([k, o]) => now[k] !== o).map(([k, o]) => `was ${o}: ${k}`);
    expect(fixed).toEqual([]);
  });
});
