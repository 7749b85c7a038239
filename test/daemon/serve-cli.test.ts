// `gatehouse serve` as a real child process: the ready line, refusals at start,
// SIGHUP reloads (a broken bundle keeps the old one), SIGTERM drains and exits 0
// with every answered call's state written, two daemons on one Redis.
import { spawnSync } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Redis } from "ioredis";
import { countingBundle } from "../support/hook-payloads.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bundleDigest } from "../../src/bundle/canonical.js";
import { HealthSchema } from "../../src/daemon/wire.js";
import { sessionKey } from "../../src/node/redis-store.js";
import { SessionRecordSchema } from "../../src/state/record.js";
import { freePort, startRedis, type RedisServer } from "../support/redis.js";
import { BIN, http, inParallel, postJson, spawnServe, waitFor } from "./harness.js";
import { scratchDir } from "../support/scratch.js";

const bash = (session_id: string, command = "ls") => ({ event_type: "pre_tool_use", session_id, tool_name: "Bash", tool_input: { command } });
const health = async (url: string) => HealthSchema.parse(JSON.parse((await http(url, { path: "/healthz" })).body));

let dir: string;
let redis: RedisServer;
beforeAll(async () => {
  dir = scratchDir("gatehouse-serve-");
  redis = await startRedis();
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await redis?.stop();
});

describe("gatehouse serve (process)", () => {
  it("refuses a non-loopback address, a bad option and an unreachable Redis at start, with one line each", async () => {
    const run = (...args: string[]) => spawnSync(process.execPath, [BIN, "serve", "--port", "0", ...args], { encoding: "utf8", timeout: 300_000 });
    const open = run("--host", "0.0.0.0");
    expect([open.status, open.stderr.trim().split("\n").length]).toEqual([64, 1]);
    expect(open.stderr).toContain("0.0.0.0 is not a loopback address");
    expect(run("--log-level", "loud").status).toBe(64);
    expect(run("--port", "70000").status).toBe(64);
    const notRedis = run("--state", "http://user:secret@cache:6379/0");
    expect([notRedis.status, notRedis.stderr.trim()]).toEqual([64, expect.stringMatching(/--state wants a redis:\/\/ or rediss:\/\/ URL \(got "http:\/\/…@cache:6379\/0"\)/)]);
    const port = await freePort();
    const noRedis = run("--state", `redis://127.0.0.1:${port}/0`);
    expect([noRedis.status, noRedis.stderr.trim()]).toEqual([1, expect.stringMatching(new RegExp(`^gatehouse serve: redis://127\\.0\\.0\\.1:${port}/0: cannot connect`))]);
  });

  it("SIGHUP reloads the bundle; a broken one keeps the old bundle serving, logged", async () => {
    const file = join(dir, "bundle.json");
    const first = countingBundle(2);
    writeFileSync(file, JSON.stringify(first));
    const serve = await spawnServe(["--bundle", file]);
    try {
      expect((await health(serve.url)).bundle_digest).toBe(bundleDigest(first));
      writeFileSync(file, "{ not json");
      serve.child.kill("SIGHUP");
      await waitFor(() => serve.stderr().includes("bundle reload failed"), "the failed reload to be logged");
      expect(serve.stderr()).toContain("bundle is not JSON");
      expect((await health(serve.url)).bundle_digest).toBe(bundleDigest(first));
      const verdicts = [];
      for (let i = 0; i < 2; i++) verdicts.push(JSON.parse((await postJson(serve.url, "/v1/evaluate", bash("h"))).body).decision.verdict);
      expect(verdicts).toEqual(["allow", "ask"]); // still the counting bundle's rule
      const second = countingBundle(5);
      writeFileSync(file, JSON.stringify(second));
      serve.child.kill("SIGHUP");
      await waitFor(async () => (await health(serve.url)).bundle_digest === bundleDigest(second), "the new bundle");
      expect(serve.stderr()).toContain('"msg":"bundle reloaded"');
      // A reloaded bundle with a skipped artifact: a JSON log line like every other (stderr is JSON lines).
      writeFileSync(file, JSON.stringify({ ...second, artifacts: [...second.artifacts, { kind: "t1_predicate_tree", artifact_id: "typo", body: { when: { all: [] }, verdict: "block" } }] }));
      serve.child.kill("SIGHUP");
      await waitFor(() => serve.stderr().includes('"msg":"artifact skipped"'), "the skipped artifact to be logged");
      for (const line of serve.stderr().trim().split("\n")) expect(() => JSON.parse(line), line).not.toThrow();
    } finally {
      serve.child.kill("SIGTERM");
      expect(await serve.exited).toBe(0);
    }
  });

  it("SIGTERM drains requests in flight, writes their state and exits 0", async () => {
    const serve = await spawnServe(["--state", redis.url(4), "--bundle", writeBundle(dir, "count.json", countingBundle(1_000_000))]);
    const answered: number[] = [];
    let refused = 0;
    const load = inParallel(300, 32, async () => {
      try {
        const r = await postJson(serve.url, "/v1/evaluate", bash("drain"));
        if (r.status === 200) answered.push(JSON.parse(r.body).state.c[0]);
      } catch {
        refused++; // connections made after the daemon stopped accepting
      }
    });
    await waitFor(() => answered.length >= 50, "some answers");
    serve.child.kill("SIGTERM");
    await load;
    expect(await serve.exited).toBe(0);
    expect(serve.stderr()).toContain('"msg":"stopped","drained":true');
    const raw = new Redis(redis.url(4));
    try {
      const doc = await raw.hget(sessionKey("drain"), "doc");
      // Every answer the daemon gave is in the store: the count is exactly the number of 200s.
      expect((SessionRecordSchema.parse(JSON.parse(doc!)).state as { c: number[] }).c[0]).toBe(answered.length);
      expect([...answered].sort((a, b) => a - b)).toEqual(Array.from({ length: answered.length }, (_, i) => i + 1));
    } finally {
      raw.disconnect();
    }
    expect(answered.length + refused).toBe(300);
  });

  it("two daemon processes sharing one Redis: 400 concurrent calls on one session count to exactly 400", async () => {
    const file = writeBundle(dir, "count2.json", countingBundle(1_000_000));
    const daemons = await Promise.all([spawnServe(["--state", redis.url(5), "--bundle", file]), spawnServe(["--state", redis.url(5), "--bundle", file])]);
    try {
      const statuses = await inParallel(400, 32, async (i) => (await postJson(daemons[i % 2]!.url, "/v1/evaluate", bash("fleet"))).status);
      expect(statuses.filter((s) => s !== 200)).toEqual([]);
      const last = await postJson(daemons[0]!.url, "/v1/evaluate", bash("fleet"));
      expect(JSON.parse(last.body).state.c[0]).toBe(401);
    } finally {
      for (const d of daemons) d.child.kill("SIGTERM");
      expect(await Promise.all(daemons.map((d) => d.exited))).toEqual([0, 0]);
    }
  });
  it("keeps a classification cache by default (counted on /healthz); --classify-cache 0 turns it off; a bad size is refused", async () => {
    const on = await spawnServe([]);
    try {
      const answers = [];
      for (const session of ["a", "b", "c", "d"]) answers.push(JSON.parse((await postJson(on.url, "/v1/evaluate", bash(session, "rm -rf ~"))).body).decision);
      expect(answers.map((d) => d.verdict)).toEqual(["deny", "deny", "deny", "deny"]);
      expect(answers[3]).toEqual(answers[0]);
      // Stored on the second sighting, answered from the third.
      expect((await health(on.url)).classify_cache).toMatchObject({ entries: 1, hits: 2, misses: 2, uncached: 0 });
    } finally {
      on.child.kill("SIGTERM");
      await on.exited;
    }
    const off = await spawnServe(["--classify-cache", "0"]);
    try {
      await postJson(off.url, "/v1/evaluate", bash("a"));
      expect((await health(off.url)).classify_cache).toBeNull();
    } finally {
      off.child.kill("SIGTERM");
      await off.exited;
    }
    const bad = spawnSync(process.execPath, [BIN, "serve", "--port", "0", "--classify-cache", "-3"], { encoding: "utf8", timeout: 300_000 });
    expect([bad.status, bad.stderr.trim()]).toEqual([64, expect.stringContaining("--classify-cache wants an integer ≥ 0")]);
  });
});

function writeBundle(directory: string, name: string, bundle: unknown): string {
  const file = join(directory, name);
  writeFileSync(file, JSON.stringify(bundle));
  return file;
}
