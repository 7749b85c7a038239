// Concurrent hook processes of one session never lose or double an increment:
// 8 processes × 50 `gatehouse hook claude` calls, all at once, on one session
// of a counting bundle, through one state directory — the counter ends at
// exactly 400.
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { expect, it } from "vitest";
import { countingBundle } from "../support/hook-payloads.js";

const run = promisify(execFile);
const WORKER = fileURLToPath(new URL("./fixtures/hook-worker.mjs", import.meta.url));
const CLI = fileURLToPath(new URL("../../dist/cli.cjs", import.meta.url));
const PROCESSES = 8;
const CALLS = 50;

it(`${PROCESSES} processes × ${CALLS} hook calls on one session end at exactly ${PROCESSES * CALLS}`, async () => {
  // On tmpfs when there is one: this test is about the lock, and 400 fsyncs on a shared disk would cost ~8 s
  // (bench/hook-process.mjs measures the real-disk figure).
  const dir = mkdtempSync(join(existsSync("/dev/shm") ? "/dev/shm" : tmpdir(), "gatehouse-concurrency-"));
  const bundle = join(dir, "counting.json");
  writeFileSync(bundle, JSON.stringify(countingBundle(1_000_000)));
  const stateDir = join(dir, "state");
  const started = performance.now();
  const outputs = await Promise.all(
    Array.from({ length: PROCESSES }, () => run(process.execPath, [WORKER, CLI, bundle, stateDir, String(CALLS), "one-session"], { maxBuffer: 16 * 1024 * 1024 })),
  );
  const wallMs = performance.now() - started;
  for (const { stdout } of outputs) {
    const summary = JSON.parse(stdout) as { codes: Record<string, number>; errors: string[] };
    expect(summary.errors).toEqual([]);
    expect(summary.codes).toEqual({ 0: CALLS });
  }
  const files = readdirSync(join(stateDir, "sessions"));
  expect(files.filter((f) => f.endsWith(".json"))).toHaveLength(1);
  expect(files.filter((f) => f.endsWith(".lock"))).toEqual([]); // every lock released
  const record = JSON.parse(readFileSync(join(stateDir, "sessions", files.find((f) => f.endsWith(".json"))!), "utf8"));
  expect(record.state.c).toEqual([PROCESSES * CALLS]);
  console.log(`concurrency: ${PROCESSES}×${CALLS} hook calls → counter ${record.state.c[0]} in ${Math.round(wallMs)} ms`);
});
