// Session state under contention through two real `gatehouse serve` daemons
// on one real redis-server (SPEC §6.8, issue 17), with two CPU-bound processes
// beside them:
// - 60 `gatehouse hook claude --daemon` processes at once, half to each
//   daemon, on a session already past a Tier 2 "deny after 25" rule: 60
//   denies, every call counted (49 → 109).
// - 8 client processes × 50 Claude http-hook POSTs, alternating daemons:
//   exactly 400.
// No wall-clock thresholds; generous time-outs.
import { execFile } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBurners } from "../support/burners.js";
import { claude, countingBundle } from "../support/hook-payloads.js";
import { startRedis, type RedisServer } from "../support/redis.js";
import { runGatehouse } from "../support/spawn-hook.js";
import { postJson, spawnServe, type ServeProcess } from "./harness.js";
import { scratchDir } from "../support/scratch.js";

const run = promisify(execFile);
const HTTP_WORKER = fileURLToPath(new URL("./fixtures/http-worker.mjs", import.meta.url));

let redis: RedisServer;
let dir: string;
beforeAll(async () => {
  redis = await startRedis();
  dir = scratchDir("gatehouse-redis-contention-");
});
afterAll(async () => {
  await redis?.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function twoDaemons(bundle: unknown, db: number): Promise<ServeProcess[]> {
  const file = join(dir, `bundle-${db}.json`);
  writeFileSync(file, JSON.stringify(bundle));
  return Promise.all([0, 1].map(() => spawnServe(["--bundle", file, "--state", redis.url(db)])));
}

async function stop(daemons: ServeProcess[]): Promise<void> {
  for (const d of daemons) d.child.kill("SIGTERM");
  expect(await Promise.all(daemons.map((d) => d.exited))).toEqual([0, 0]);
}

/** The session's counter after one more counted call (which applies anything still queued). */
async function counterAfterOneMore(url: string, session: string): Promise<number> {
  const r = await postJson(url, "/v1/evaluate", { event_type: "pre_tool_use", session_id: session, tool_name: "Bash", tool_input: { command: "ls" } });
  expect(r.status).toBe(200);
  return JSON.parse(r.body).state.c[0] as number;
}

function limitBundle() {
  const base = countingBundle(26);
  const artifact = base.artifacts[0]!;
  return { ...base, bundle_id: "limit", artifacts: [{ ...artifact, artifact_id: "bash.limit", body: { ...artifact.body, verdict: "deny", reason: "bash.limit: more than 25 shell commands in this session" } }] };
}

describe("two gatehouse serve daemons on one Redis, two CPU-bound processes beside them", () => {
  it("60 concurrent forwarded hook calls past a Tier 2 deny limit: 60 denies, 49 → 109", async () => {
    const daemons = await twoDaemons(limitBundle(), 1);
    const session = claude.pre("ls").session_id;
    try {
      for (let i = 0; i < 49; i++) expect((await postJson(daemons[i % 2]!.url, "/v1/evaluate", { event_type: "pre_tool_use", session_id: session, tool_name: "Bash", tool_input: { command: "ls" } })).status).toBe(200);
      const burners = startBurners(2);
      const started = performance.now();
      let answers;
      try {
        // --daemon-timeout at its maximum: this test is about the daemons' store, not the in-process fallback.
        answers = await Promise.all(
          Array.from({ length: 60 }, (_, i) => runGatehouse(["hook", "claude", "--daemon", daemons[i % 2]!.url, "--daemon-timeout", "600000"], JSON.stringify(claude.pre("ls")))),
        );
      } finally {
        await burners.stop();
      }
      const wallMs = performance.now() - started;
      for (const a of answers) {
        expect([a.code, a.stderr]).toEqual([0, ""]); // answered by a daemon (no fallback line)
        expect(JSON.parse(a.stdout).hookSpecificOutput).toMatchObject({ permissionDecision: "deny", permissionDecisionReason: "bash.limit: more than 25 shell commands in this session" });
      }
      expect(await counterAfterOneMore(daemons[0]!.url, session)).toBe(110);
      console.log(`redis contention: 60 forwarded hook calls past the limit → 60 denies, 49 → 109, in ${Math.round(wallMs)} ms`);
    } finally {
      await stop(daemons);
    }
  });

  it("8 client processes × 50 http-hook calls, alternating daemons: exactly 400", async () => {
    const daemons = await twoDaemons(countingBundle(1_000_000), 2);
    try {
      const burners = startBurners(2);
      const started = performance.now();
      let outputs;
      try {
        outputs = await Promise.all(Array.from({ length: 8 }, (_, i) => run(process.execPath, [HTTP_WORKER, "50", "one-session", daemons[i % 2]!.url, daemons[(i + 1) % 2]!.url])));
      } finally {
        await burners.stop();
      }
      const wallMs = performance.now() - started;
      for (const { stdout } of outputs) expect(JSON.parse(stdout)).toEqual({ "200 {}": 50 });
      expect(await counterAfterOneMore(daemons[1]!.url, "one-session")).toBe(401);
      console.log(`redis contention: 8×50 http-hook calls through two daemons → 400, in ${Math.round(wallMs)} ms`);
    } finally {
      await stop(daemons);
    }
  });
});
