// Session state in a real redis-server (test/support/redis.ts), never a mock:
// two daemons sharing it count one session exactly, an outage is an error per
// request and then recovers, a corrupt stored record is kept aside and leaves
// the session's state unknown (never blank).
import { Redis } from "ioredis";
import { claude, countingBundle } from "../support/hook-payloads.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HealthSchema, ErrorBodySchema } from "../../src/daemon/wire.js";
import type { Engine } from "../../src/engine.js";
import { loadEngine } from "../../src/node/index.js";
import { redisStore } from "../../src/daemon/stores.js";
import { RedisSessionStore, sessionKey } from "../../src/node/redis-store.js";
import { journalOf } from "../../src/state/journal.js";
import { RECORD_FORMAT } from "../../src/state/record.js";
import type { SessionState } from "../../src/model/session-state.js";
import { StateStoreError } from "../../src/state/store.js";
import { freePort, startRedis, type RedisServer } from "../support/redis.js";
import { http, inParallel, postJson, startTestDaemon, waitFor } from "./harness.js";

const bash = (session_id: string, command = "ls") => ({ event_type: "pre_tool_use", session_id, tool_name: "Bash", tool_input: { command } });

let redis: RedisServer;
let engine: Engine;
beforeAll(async () => {
  [redis, engine] = await Promise.all([startRedis(), loadEngine({ bundle: countingBundle(1_000_000) })]);
});
afterAll(async () => redis?.stop());

const counterOf = (body: string) => JSON.parse(body).state.c[0] as number;

describe("Redis session store", () => {
  it("two daemons sharing one Redis: 400 concurrent calls on one session leave the counter at exactly 400", async () => {
    const stores = await Promise.all([RedisSessionStore.connect({ url: redis.url(1) }), RedisSessionStore.connect({ url: redis.url(1) })]);
    const daemons = await Promise.all(stores.map((redis) => startTestDaemon(engine, { store: redisStore(redis) })));
    try {
      const counts = await inParallel(400, 64, async (i) => {
        const r = await postJson(daemons[i % 2]!.daemon.url, "/v1/evaluate", bash("shared"));
        expect(r.status).toBe(200);
        return counterOf(r.body);
      });
      // Every call saw a distinct count: no increment lost, none doubled.
      expect([...counts].sort((a, b) => a - b)).toEqual(Array.from({ length: 400 }, (_, i) => i + 1));
      expect(counterOf((await postJson(daemons[0]!.daemon.url, "/v1/evaluate", bash("shared"))).body)).toBe(401);
      // The two daemons really contended: writes lost the compare-and-set and were evaluated again.
      expect(stores[0]!.conflicts + stores[1]!.conflicts).toBeGreaterThan(0);
      console.log(`two daemons, 400 calls on one session: ${stores[0]!.conflicts + stores[1]!.conflicts} compare-and-set conflicts retried`);
    } finally {
      await Promise.all(daemons.map((t) => t.stop()));
    }
  });

  it("an outage is a 503 per request, never a crash, and calls recover when Redis is back", async () => {
    const status: string[] = [];
    const store = await RedisSessionStore.connect({ url: redis.url(2), commandTimeoutMs: 500, onStatus: (line) => status.push(line) });
    const t = await startTestDaemon(engine, { store: redisStore(store) });
    const closedStore = await RedisSessionStore.connect({ url: redis.url(2), commandTimeoutMs: 500 });
    try {
      expect((await postJson(t.daemon.url, "/v1/evaluate", bash("o"))).status).toBe(200);
      await redis.kill();
      const during = await inParallel(20, 4, () => postJson(t.daemon.url, "/v1/evaluate", bash("o")));
      for (const r of during) {
        expect(r.status).toBe(503);
        const error = ErrorBodySchema.parse(JSON.parse(r.body)).error;
        expect(error.code).toBe("state_unavailable");
        expect(error.message).toContain(`redis://127.0.0.1:${redis.port}/2`);
      }
      // The hook routes take their error posture: open evaluates with the session's state unknown (never
      // blank), so the counting rule answers on_unknown (ask) and says why; closed blocks.
      const closed = await startTestDaemon(engine, { store: redisStore(closedStore), posture: "closed" });
      try {
        const payload = JSON.stringify(claude.pre("ls"));
        const openAnswer = await http(t.daemon.url, { path: "/v1/hook/claude", body: payload });
        expect(openAnswer.status).toBe(200);
        const asked = JSON.parse(openAnswer.body).hookSpecificOutput;
        expect(asked.permissionDecision).toBe("ask");
        expect(asked.permissionDecisionReason).toContain("this session's Tier 2 state is unknown (the state store failed: redis://");
        const closedAnswer = await http(closed.daemon.url, { path: "/v1/hook/claude", body: payload });
        expect([closedAnswer.status, JSON.parse(closedAnswer.body).decision]).toEqual([200, "block"]);
      } finally {
        await closed.stop();
      }
      const health = await http(t.daemon.url, { path: "/healthz" });
      expect([health.status, HealthSchema.parse(JSON.parse(health.body)).status]).toEqual([503, "degraded"]);
      await redis.restart();
      await waitFor(async () => (await http(t.daemon.url, { path: "/healthz" })).status === 200, "the store to reconnect");
      const after = await postJson(t.daemon.url, "/v1/evaluate", bash("o"));
      expect(after.status).toBe(200);
      expect(counterOf(after.body)).toBe(1); // the test server keeps no data across a restart
      // Told once that it went away and once that it is back, not once per retry.
      expect(status.map((l) => l.replace(/ \(.*\)/, ""))).toEqual([
        `redis://127.0.0.1:${redis.port}/2: unreachable; calls that need session state fail until it is back`,
        `redis://127.0.0.1:${redis.port}/2: reachable again`,
      ]);
    } finally {
      await t.stop();
    }
  });

  it("a stored record that cannot be read is kept aside and the session's state is unknown; another layout restarts blank", async () => {
    const raw = new Redis(redis.url(3));
    const store = await RedisSessionStore.connect({ url: redis.url(3) });
    const scope = { layout: engine.layout, bundleDigest: engine.bundleDigest };
    const count = async (session: string) => (await store.update(session, scope, (s) => { const e = engine.evaluate(bash(session), s, 0); return { state: e.state, result: e.state.c[0] }; }));
    try {
      expect((await count("c")).result).toBe(1);
      await raw.hset(sessionKey("c"), "doc", "{not json");
      const corrupt = await count("c");
      expect(corrupt.result).toBe(0); // nothing counted: the program could not read the state
      expect(corrupt.warnings.join()).toContain("is corrupt (not JSON");
      // Kept aside, as the state directory renames a corrupt file, under the key the warning names.
      const aside = /kept as (\S+);/.exec(corrupt.warnings.join())![1]!;
      expect(aside.startsWith(`${sessionKey("c")}:corrupt:`)).toBe(true);
      expect(await raw.get(aside)).toBe("{not json");
      // The session stays unknown: the rule is inconclusive on every later call, not restarted from zero.
      const stored = JSON.parse((await raw.hget(sessionKey("c"), "doc"))!);
      expect(stored.state.unknown).toContain(`its stored record was corrupt: not JSON`);
      const after = await store.update("c", scope, (s) => ({ state: engine.evaluate(bash("c"), s, 0).state, result: engine.evaluate(bash("c"), s, 0).decision }));
      expect(after.result.inconclusive_facts).toEqual(["session.state"]);
      const other = { format: RECORD_FORMAT, layout: { c: 2, f: 0, t: 0, a: 0, run: false }, bundle_digest: "sha256:x", updated_ms: 0, state: { c: [5, 5], f: [], t: [], a: [], run: null } };
      await raw.hset(sessionKey("c"), "doc", JSON.stringify(other));
      const changed = await count("c");
      expect([changed.result, changed.warnings.join().includes("restarts blank: it was written for layout c=2")]).toEqual([1, true]);
      expect((await count("c")).warnings).toEqual([]);
      // Hostile ids become fixed-size keys.
      for (const id of ["../../etc/passwd", "a\u0000b", "x".repeat(100_000), "gatehouse:session:c"]) expect((await count(id)).result).toBe(1);
      expect(await raw.ttl(sessionKey("c"))).toBeGreaterThan(13 * 24 * 3600);
    } finally {
      raw.disconnect();
      await store.close();
    }
  });

  it("a call that loses the compare-and-set past the bound answers from the last committed state, is queued, and the next write applies it once", async () => {
    const raw = new Redis(redis.url(4));
    const store = await RedisSessionStore.connect({ url: redis.url(4), maxAttempts: 1 });
    const scope = { layout: engine.layout, bundleDigest: engine.bundleDigest };
    const event = bash("q");
    const journal = journalOf(engine, event, 0);
    const count = (state: SessionState | null) => {
      const e = engine.evaluate(event, state, 0);
      return { state: e.state, result: e.state.c[0]! };
    };
    try {
      for (let i = 0; i < 3; i++) await store.update("q", scope, count, journal);
      // A second call started inside the first one's evaluation: on the store's one connection its read goes
      // out before the first call's compare-and-set and its own compare-and-set after, so it loses — once,
      // which is this store's bound — and is queued, answered from the last committed state (4, which the lost
      // round handed back) as 5.
      let inner: Promise<{ result: number; warnings: string[] }> | null = null;
      const outer = await store.update("q", scope, (state) => ((inner ??= store.update("q", scope, count, journal)), count(state)), journal);
      const late = await inner!;
      expect(outer).toEqual({ result: 4, warnings: [] });
      expect(late.result).toBe(5);
      expect(late.warnings).toEqual([expect.stringMatching(/lost the compare-and-set 1 times in a row to other calls of this session; answered from its last committed state, and this call's update is queued for the next call to apply$/)]);
      expect(await raw.llen(`${sessionKey("q")}:queued`)).toBe(1);
      // The next write replays it before its own call and trims exactly it.
      expect((await store.update("q", scope, count, journal)).result).toBe(6);
      expect(await raw.llen(`${sessionKey("q")}:queued`)).toBe(0);
      expect(JSON.parse((await raw.hget(sessionKey("q"), "doc"))!).state.c).toEqual([6]);
      // A queued call that does not parse is kept aside and leaves the state unknown (the count is no longer exact).
      await raw.rpush(`${sessionKey("q")}:queued`, "{torn");
      const after = await store.update("q", scope, (state) => ({ state: engine.evaluate(event, state, 0).state, result: engine.evaluate(event, state, 0).decision }), journal);
      expect(after.result.inconclusive_facts).toEqual(["session.state"]);
      const aside = /kept as (\S+);/.exec(after.warnings.join())![1]!;
      expect(await raw.get(aside)).toBe("{torn");
      expect(await raw.llen(`${sessionKey("q")}:queued`)).toBe(0);
    } finally {
      raw.disconnect();
      await store.close();
    }
  });

  it("fails at start, naming the URL, when Redis cannot be reached", async () => {
    const port = await freePort();
    await expect(RedisSessionStore.connect({ url: `redis://127.0.0.1:${port}/0`, connectTimeoutMs: 500 })).rejects.toThrow(StateStoreError);
    await expect(RedisSessionStore.connect({ url: `redis://u:secret@127.0.0.1:${port}/0`, connectTimeoutMs: 500 })).rejects.toThrow(/redis:\/\/u:\*\*\*@127\.0\.0\.1/);
    await expect(RedisSessionStore.connect({ url: "http://127.0.0.1:1/" })).rejects.toThrow(/redis:\/\//);
  });
});
