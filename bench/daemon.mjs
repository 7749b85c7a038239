#!/usr/bin/env node
// The daemon under load (issue 11): HTTP round trips at 1 and 32 requests in
// flight against `gatehouse serve` — Claude Code's http hook route with the
// memory store and with the Redis store, and /v1/evaluate — and a bare Node
// `http` server answering `{}` in the same run, for the ratio.
//
//   node bench/daemon.mjs [--quick] [--json] [--out FILE]
//
// Each server is its own process (as in production: the agent is the client);
// the client here keeps connections alive. The daemon runs the default bundle
// plus one Tier 2 counting program, so every call reads and writes its
// session's state in the store (64 sessions, round robin).
// Nothing asserts on time. Progress on stderr; the table (or JSON) on stdout.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, cpus, loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { BARE_SERVER, benchRepository, claudeHookPayloads, countingDefaultBundle, distinctHookBodies, freePort, getJson, load, REPEATED_COMMANDS, startServer, stop } from "./http-load.mjs";
import { distinctCommands } from "./events.mjs";
import { ratio } from "./stats.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..");
const argv = process.argv.slice(2);
for (const a of argv) if (a.startsWith("--") && !["--quick", "--json", "--out"].includes(a)) (process.stderr.write(`bench: unknown option ${a}\n`), process.exit(64));
const QUICK = argv.includes("--quick");
const JSON_OUT = argv.includes("--json");
const outIndex = argv.indexOf("--out");
const OUT = outIndex >= 0 ? argv[outIndex + 1] : join(here, "results", QUICK ? "daemon-quick.json" : "daemon.json");
// A fresh daemon takes a few thousand calls to reach its steady state (JIT): the warm-up covers that.
const PLAN = QUICK ? { warmup: 500, requests: 2_000 } : { warmup: 6_000, requests: 20_000 };
const say = (line) => process.stderr.write(`bench: ${line}\n`);

const bin = join(root, "bin", "gatehouse.js");
const tmp = mkdtempSync(join(tmpdir(), "gatehouse-bench-daemon-"));
// The agent's project: a real git repository (the daemon reads its branch for every call).
const repo = benchRepository(join(tmp, "project"));
// What Claude Code's http hook POSTs for a Bash call (hooks.md §1): a mix of allowed and denied
// commands, over 64 sessions (calls of one session queue behind each other in the daemon, as one
// agent's calls do). /v1/evaluate gets the same calls as events. The distinct configuration sends
// a command text never sent before on every call (the classification cache cannot answer it).
const hookPayloads = claudeHookPayloads(REPEATED_COMMANDS, 64, repo);
const events = hookPayloads.map((p) => ({
  event_type: "pre_tool_use",
  session_id: p.session_id,
  tool_use_id: p.tool_use_id,
  tool_name: p.tool_name,
  tool_input: p.tool_input,
  env: { cwd: p.cwd, home: "/home/dev" },
}));
const BODIES = { "/": events.map((e) => JSON.stringify(e)), "/v1/evaluate": events.map((e) => JSON.stringify(e)), "/v1/hook/claude": hookPayloads.map((p) => JSON.stringify(p)) };
const distinctBase = distinctCommands({ peerDir: process.env.GATEHOUSE_PEER_CASES ?? join(root, "..", "shared", "peer-cases"), corpusDir: join(root, "test", "corpus") });

async function measure(name, server, path, requests = PLAN.requests, bodies = BODIES[path]) {
  const result = {};
  for (const inFlight of [1, 32]) {
    await load(server.url, path, bodies, inFlight, Math.min(PLAN.warmup, requests));
    say(`${name}: ${requests} requests at ${inFlight} in flight`);
    result[`in_flight_${inFlight}`] = await load(server.url, path, bodies, inFlight, requests, server.child.pid);
  }
  return result;
}

function startRedis(dir) {
  return freePort().then(
    (port) =>
      new Promise((resolve, reject) => {
        const child = spawn("/usr/bin/redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", dir], { stdio: ["ignore", "pipe", "pipe"] });
        let out = "";
        child.stdout.on("data", (c) => {
          out += c;
          if (out.includes("Ready to accept connections")) resolve({ child, url: `redis://127.0.0.1:${port}/0` });
        });
        child.once("error", reject);
        child.once("exit", (code) => reject(new Error(`redis-server exited ${code}`)));
      }),
  );
}

const bareFile = join(tmp, "bare.mjs");
writeFileSync(bareFile, BARE_SERVER);
const bundleFile = join(tmp, "bundle.json");
const bundle = countingDefaultBundle(root);
writeFileSync(bundleFile, JSON.stringify(bundle));
const results = { when: new Date().toISOString(), machine: { cpus: cpus()[0]?.model, parallelism: availableParallelism(), loadavg: loadavg() }, plan: PLAN };
try {
  const bare = await startServer([bareFile]);
  results.bare = await measure("bare node http {}", bare, "/");
  await stop(bare.child);

  const memory = await startServer([bin, "serve", "--port", "0", "--bundle", bundleFile]);
  results.memory = await measure("serve (memory store) POST /v1/hook/claude", memory, "/v1/hook/claude");
  // Its own project (cwd is keyed): the distinct texts include the eight repeated ones.
  const before = (await getJson(memory.url, "/healthz")).classify_cache;
  results.memory_distinct = await measure("serve (memory store) POST /v1/hook/claude, every command distinct", memory, "/v1/hook/claude", PLAN.requests, distinctHookBodies(distinctBase, benchRepository(join(tmp, "project-2"))));
  const after = (await getJson(memory.url, "/healthz")).classify_cache;
  results.memory_distinct.classify_cache = { hits: after.hits - before.hits, misses: after.misses - before.misses };
  results.memory_evaluate = await measure("serve (memory store) POST /v1/evaluate", memory, "/v1/evaluate");
  results.classify_cache = (await getJson(memory.url, "/healthz")).classify_cache;
  await stop(memory.child);

  // Each decision appended to the ledger and fsynced before its answer (docs/ledger.md).
  const ledgered = await startServer([bin, "serve", "--port", "0", "--bundle", bundleFile, "--ledger", join(tmp, "ledger.jsonl")]);
    // An fsync per row bounds this one: a tenth of the requests.
  results.memory_ledger = await measure("serve (memory store, --ledger) POST /v1/hook/claude", ledgered, "/v1/hook/claude", PLAN.requests / 10);
  await stop(ledgered.child);

  let redis = null;
  try {
    redis = await startRedis(tmp);
  } catch (error) {
    say(`no redis-server (${error.message}): the Redis figures are skipped`);
  }
  if (redis !== null) {
    const served = await startServer([bin, "serve", "--port", "0", "--bundle", bundleFile, "--state", redis.url]);
    results.redis = await measure("serve (Redis store) POST /v1/hook/claude", served, "/v1/hook/claude");
    await stop(served.child);
    await stop(redis.child);
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}

for (const store of ["memory", "memory_distinct", "memory_evaluate", "memory_ledger", "redis"]) {
  if (results[store] === undefined) continue;
  results[`${store}_vs_bare`] = {};
  for (const k of ["in_flight_1", "in_flight_32"]) {
    results[`${store}_vs_bare`][k] = {
      latency: ratio(results[store][k].latency_us, results.bare[k].latency_us),
      throughput: Number((results[store][k].requests_per_s / results.bare[k].requests_per_s).toPrecision(3)),
    };
  }
}
mkdirSync(dirname(OUT), { recursive: true });
writeFileSync(OUT, JSON.stringify(results, null, 2) + "\n");

if (JSON_OUT) process.stdout.write(JSON.stringify(results, null, 2) + "\n");
else {
  const rows = [["server", "in flight", "p50 µs", "p90 µs", "p99 µs", "max µs", "req/s", "CPU µs/req", "errors", "p50 ×bare", "p99 ×bare", "req/s ×bare"]];
  for (const store of ["bare", "memory", "memory_distinct", "memory_evaluate", "memory_ledger", "redis"]) {
    if (results[store] === undefined) continue;
    for (const k of ["in_flight_1", "in_flight_32"]) {
      const r = results[store][k];
      const vs = results[`${store}_vs_bare`]?.[k];
      rows.push([store, k.slice(10), r.latency_us.p50, r.latency_us.p90, r.latency_us.p99, r.latency_us.max, r.requests_per_s, r.server_cpu_us_per_request ?? "–", r.errors, vs?.latency.p50 ?? "", vs?.latency.p99 ?? "", vs?.throughput ?? ""]);
    }
  }
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => String(r[i]).length)));
  for (const r of rows) process.stdout.write(r.map((c, i) => String(c).padStart(widths[i])).join("  ") + "\n");
  const c = results.classify_cache;
  if (c) process.stdout.write(`classification cache (memory-store daemon, end of its runs): ${c.entries} entries, ${c.hits} hits, ${c.misses} misses, ${c.uncached} not cacheable\n`);
  const d = results.memory_distinct?.classify_cache;
  if (d) process.stdout.write(`  of which the distinct configuration (warm-up included): ${d.hits} hits, ${d.misses} misses\n`);
  process.stdout.write(`(written to ${OUT})\n`);
}
