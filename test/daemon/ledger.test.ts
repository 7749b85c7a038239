// `serve --ledger`: every decision the daemon answers is a row of the one
// hash-chained ledger, fsynced before the answer — alongside hook processes
// appending to the same file — and SIGTERM leaves a row for every answer given.
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { ledgerRecorder } from "../../src/daemon/ledger.js";
import { LedgerError } from "../../src/ledger/append.js";
import { loadEngine } from "../../src/node/index.js";
import { claude, countingBundle } from "../support/hook-payloads.js";
import { inBatches, runGatehouse } from "../support/spawn-hook.js";
import { http, inParallel, spawnServe, waitFor } from "./harness.js";
import { scratchDir } from "../support/scratch.js";

let dir: string;
let bundle: string;
beforeAll(() => {
  dir = scratchDir("gatehouse-serve-ledger-");
  bundle = join(dir, "counting.json");
  writeFileSync(bundle, JSON.stringify(countingBundle(3)));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const rows = (path: string) => readFileSync(path, "utf8").split("\n").filter((l) => l !== "").map((l) => JSON.parse(l));

it("the daemon's decisions and hook processes' share one chain that verifies and replays", async () => {
  const ledger = join(dir, "shared.jsonl");
  const stateDir = join(dir, "state");
  const serve = await spawnServe(["--bundle", bundle, "--state-dir", stateDir, "--ledger", ledger, "--ledger-events"]);
  try {
    const payload = (i: number) => JSON.stringify(claude.pre("ls", { session_id: `s${i % 4}` }));
    const event = (i: number) => JSON.stringify({ event_type: "pre_tool_use", session_id: `s${i % 4}`, tool_name: "Bash", tool_input: { command: "ls" } });
    const [answers, hooks] = await Promise.all([
      inParallel(80, 16, (i) => http(serve.url, i % 2 === 0 ? { path: "/v1/hook/claude", body: payload(i) } : { path: "/v1/evaluate", body: event(i) })),
      inBatches(Array.from({ length: 12 }, (_, i) => () => runGatehouse(["hook", "claude", "--bundle", bundle, "--state-dir", stateDir, "--ledger", ledger, "--ledger-events"], payload(i), {}))),
    ]);
    expect(answers.filter((a) => a.status !== 200).map((a) => a.body)).toEqual([]);
    expect(hooks.filter((h) => h.code !== 0).map((h) => h.stderr)).toEqual([]);
    expect(rows(ledger).length).toBe(92);
    const verify = await runGatehouse(["ledger", "verify", ledger], "", {});
    expect([verify.code, verify.stderr]).toEqual([0, ""]);
    expect(verify.stdout).toContain("chain intact — 92 rows");
    // Every row carries its event and the state it was decided on: each decision reproduces.
    const replay = await runGatehouse(["replay", "--bundle", bundle, ledger], "", {});
    expect([replay.code, replay.stderr]).toEqual([0, ""]);
    expect(replay.stdout).toContain("92 replayed — 92 reproduced, 0 differ, 0 failed");
  } finally {
    serve.child.kill("SIGTERM");
    expect(await serve.exited).toBe(0);
  }
});

it("SIGTERM mid-load: every answer given has its row, and the chain verifies", async () => {
  const ledger = join(dir, "drain.jsonl");
  const serve = await spawnServe(["--bundle", bundle, "--ledger", ledger]);
  let answered = 0;
  const load = inParallel(300, 32, async (i) => {
    try {
      const r = await http(serve.url, { path: "/v1/hook/claude", body: JSON.stringify(claude.pre("ls", { session_id: `d${i % 8}` })) });
      if (r.status === 200) answered++;
    } catch {
      // connections made after the daemon stopped accepting
    }
  });
  await waitFor(() => answered >= 40, "some answers");
  serve.child.kill("SIGTERM");
  await load;
  expect(await serve.exited).toBe(0);
  expect(rows(ledger).length).toBe(answered);
  expect((await runGatehouse(["ledger", "verify", ledger], "", {})).code).toBe(0);
});

it("the group commit: calls in flight together share a write and an fsync; each resolves once its row is durable", async () => {
  const engine = await loadEngine();
  const ledger = join(dir, "group.jsonl");
  const record = ledgerRecorder({ path: ledger, events: true });
  const decided = (i: number) => {
    const event = { event_type: "pre_tool_use", session_id: `g${i}`, tool_name: "Bash", tool_input: { command: i % 2 ? "ls" : "rm -rf ~" } };
    return { event, now_ms: 1_767_225_600_000 + i, state_in: null, envelope: engine.evaluate(event, null, 1_767_225_600_000 + i) };
  };
  let durable = 0;
  await Promise.all(
    Array.from({ length: 50 }, async (_, i) => {
      await record(decided(i));
      // By the time a call is answered, its row is in the file.
      expect(rows(ledger).some((r) => r.session_id === `g${i}`)).toBe(true);
      durable++;
    }),
  );
  expect([durable, record.stats.rows]).toEqual([50, 50]);
  expect(record.stats.batches).toBeLessThan(50); // the first write's fsync gathered the rest
  expect(rows(ledger).map((r) => r.seq)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  expect((await runGatehouse(["ledger", "verify", ledger], "", {})).code).toBe(0);

  // A batch that cannot be written fails every call in it, and the next batch is written as usual.
  writeFileSync(join(dir, "not-a-dir"), "");
  const broken = ledgerRecorder({ path: join(dir, "not-a-dir", "ledger.jsonl") });
  const outcomes = await Promise.allSettled([broken(decided(0)), broken(decided(1))]);
  expect(outcomes.map((o) => o.status === "rejected" && o.reason instanceof LedgerError)).toEqual([true, true]);
  await record(decided(99));
  expect(rows(ledger).at(-1)).toMatchObject({ seq: 51, session_id: "g99" });
});
