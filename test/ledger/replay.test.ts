// replay: the conformance corpus's default-bundle cases, recorded as a ledger
// through `eval --ledger-events`, replay byte for byte; a changed bundle is
// reported row by row, field by field.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";
import { CorpusCaseSchema } from "../../src/corpus/case.js";
import { compareDecision } from "../../src/corpus/compare.js";
import { loadEngine, defaultBundlePath } from "../../src/node/index.js";
import { memoryIo } from "../support/io.js";
import { bash, tempDir } from "./support.js";

const dir = tempDir();
const corpusDir = join(import.meta.dirname, "../corpus");
const ledger = join(dir, "corpus.jsonl");

/** Every corpus case that runs on the default bundle and expects a decision. */
const cases = readdirSync(corpusDir)
  .filter((f) => f.endsWith(".jsonl"))
  .sort()
  .flatMap((f) =>
    readFileSync(join(corpusDir, f), "utf8")
      .split("\n")
      .filter((l) => l.trim() !== "")
      .map((l) => CorpusCaseSchema.parse(JSON.parse(l))),
  )
  .filter((c) => c.bundle === "bundles/default.json" && "decision" in c.expected);

/** The default bundle with fs.wipe asking instead of denying, and git.reset_hard's reason reworded. */
function changedBundle(): string {
  const bundle = JSON.parse(readFileSync(defaultBundlePath(), "utf8"));
  const byId = (id: string) => bundle.artifacts.find((a: { artifact_id: string }) => a.artifact_id === id);
  byId("fs.wipe").body.verdict = "ask";
  byId("git.reset_hard").body.reason = "reworded: git {{target}} discards work";
  const path = join(dir, "changed.json");
  writeFileSync(path, JSON.stringify(bundle));
  return path;
}

beforeAll(async () => {
  const frames = cases.map((c) => JSON.stringify({ event: c.event, now_ms: c.now_ms, state: c.state_in }));
  const input = join(dir, "frames.jsonl");
  writeFileSync(input, frames.join("\n") + "\n");
  const { io, out } = memoryIo();
  expect(await main(["eval", "--ledger", ledger, "--ledger-events", input], io)).toBe(0);
  // What was recorded is what the corpus expects.
  out.forEach((line, i) => {
    const expected = cases[i]!.expected as { decision: Parameters<typeof compareDecision>[0] };
    expect(compareDecision(expected.decision, JSON.parse(line).decision), cases[i]!.name).toEqual([]);
  });
});

describe("replay", () => {
  it("the corpus recorded as a ledger replays byte for byte", async () => {
    expect(cases.length).toBeGreaterThan(300);
    const verify = memoryIo();
    expect(await main(["ledger", "verify", ledger], verify.io)).toBe(0);
    const { io, out } = memoryIo();
    expect(await main(["replay", ledger], io)).toBe(0);
    expect(out.at(-1)).toContain(`${cases.length} replayed — ${cases.length} reproduced, 0 differ, 0 failed`);
  });

  it("--against a changed bundle reports exactly the rows whose decision changes, field by field", async () => {
    const changed = changedBundle();
    const engine = await loadEngine({ bundlePath: changed });
    const expectedLines = cases.flatMap((c, i) => {
      const replayed = JSON.stringify(engine.evaluate(c.event, c.state_in, c.now_ms).decision);
      const recorded = JSON.parse(readFileSync(ledger, "utf8").split("\n")[i]!).decision;
      return replayed === JSON.stringify(recorded) ? [] : [i + 1];
    });
    expect(expectedLines.length).toBeGreaterThan(5);
    const { io, out } = memoryIo();
    expect(await main(["replay", "--json", "--against", changed, ledger], io)).toBe(1);
    const reported = out.map((l) => JSON.parse(l)).filter((o) => o.kind === "differs");
    expect(reported.map((o) => o.line)).toEqual(expectedLines);
    const fields = new Set(reported.flatMap((o) => o.differences.map((d: { field: string }) => d.field)));
    expect(fields).toEqual(new Set(["decision.verdict", "decision.reason"]));
    const wipe = reported.find((o) => o.differences.some((d: { field: string; recorded: unknown; replayed: unknown }) => d.field === "decision.verdict"));
    expect(wipe.differences.find((d: { field: string }) => d.field === "decision.verdict")).toMatchObject({ recorded: "deny", replayed: "ask" });
    expect(wipe.recorded_bundle).not.toBe(wipe.replayed_bundle);
    // The text form names each row and each field.
    const text = memoryIo();
    expect(await main(["replay", "--against", changed, ledger], text.io)).toBe(1);
    expect(text.out.filter((l) => / the decision differs/.test(l))).toHaveLength(expectedLines.length);
    expect(text.out.some((l) => /^ {2}decision\.verdict: recorded "deny" → replayed "ask"$/.test(l))).toBe(true);
  });

  it("by digest, rows of a bundle not given are reported and not compared", async () => {
    const changed = changedBundle();
    const { io, out, err } = memoryIo();
    expect(await main(["replay", "--bundle", changed, ledger], io)).toBe(1);
    expect(out.some((l) => l.startsWith(`${cases.length} rows recorded with bundle sha256:`) && l.includes("not compared"))).toBe(true);
    expect(out.at(-1)).toContain(`0 replayed`);
    expect(err[0]).toContain("no row");
    // Given both, each row finds its own.
    const both = memoryIo();
    expect(await main(["replay", "--bundle", changed, "--bundle", defaultBundlePath(), ledger], both.io)).toBe(0);
  });

  it("session state recorded per row replays Tier 2 decisions; --against a bundle of another layout starts each row blank", async () => {
    const t2 = JSON.parse(readFileSync(join(corpusDir, "engine-tier2.jsonl"), "utf8").split("\n")[0]!).bundle;
    const bundlePath = join(dir, "burst.json");
    writeFileSync(bundlePath, JSON.stringify(t2));
    const input = join(dir, "burst-events.jsonl");
    writeFileSync(input, Array.from({ length: 4 }, (_, i) => JSON.stringify({ event: bash("ls", "s1", `u${i}`), now_ms: 1000 + i })).join("\n") + "\n");
    const path = join(dir, "burst-ledger.jsonl");
    const evalIo = memoryIo();
    expect(await main(["eval", "--bundle", bundlePath, "--ledger", path, "--ledger-events", input], evalIo.io)).toBe(0);
    const rows = readFileSync(path, "utf8").trim().split("\n").map((l) => JSON.parse(l));
    expect(rows.map((r) => r.state_in?.c ?? null)).toEqual([null, [1], [2], [3]]);
    expect(rows.map((r) => r.decision.verdict)).toEqual(["allow", "allow", "ask", "ask"]);
    expect(await main(["replay", "--bundle", bundlePath, path], memoryIo().io)).toBe(0);
    const against = memoryIo();
    expect(await main(["replay", "--json", "--against", defaultBundlePath(), path], against.io)).toBe(1);
    const differs = against.out.map((l) => JSON.parse(l)).filter((o) => o.kind === "differs");
    expect(differs.map((o) => o.line)).toEqual([3, 4]);
    expect(differs.every((o) => o.blank_state)).toBe(true);
  });

  it("rows without events are not replayable, and a ledger of only those is a failure to compare", async () => {
    const input = join(dir, "plain.jsonl");
    writeFileSync(input, JSON.stringify(bash("ls")) + "\n");
    const path = join(dir, "plain-ledger.jsonl");
    expect(await main(["eval", "--ledger", path, input], memoryIo().io)).toBe(0);
    const { io, out } = memoryIo();
    expect(await main(["replay", path], io)).toBe(1);
    expect(out.some((l) => l.includes("without an event") && l.includes("--ledger-events"))).toBe(true);
  });

  it("rows without an event that are not contiguous are named as ranges, not one span (issue 22 item 8)", async () => {
    const path = join(dir, "mixed-ledger.jsonl");
    // Rows 1, 3–4 and 8 carry their event; 2, 5–7 and 9 do not.
    for (const [n, events] of [[1, true], [1, false], [2, true], [3, false], [1, true], [1, false]] as const) {
      const input = join(dir, `mixed-${n}-${events}.jsonl`);
      writeFileSync(input, Array.from({ length: n }, () => JSON.stringify(bash("ls"))).join("\n") + "\n");
      expect(await main(["eval", "--ledger", path, ...(events ? ["--ledger-events"] : []), input], memoryIo().io)).toBe(0);
    }
    const { io, out } = memoryIo();
    expect(await main(["replay", path], io)).toBe(0);
    expect(out).toContain("5 rows without an event (lines 2, 5–7, 9): not replayable — record with --ledger-events");
  });

  it("usage: --against with --bundle, no file, and an unreadable file", async () => {
    expect(await main(["replay", "--against", "a.json", "--bundle", "b.json", ledger], memoryIo().io)).toBe(64);
    expect(await main(["replay"], memoryIo().io)).toBe(64);
    const missing = memoryIo();
    expect(await main(["replay", join(dir, "nope.jsonl")], missing.io)).toBe(66);
    expect(missing.err[0]).toMatch(/nope\.jsonl: cannot read the ledger \(ENOENT\)/);
  });
});
