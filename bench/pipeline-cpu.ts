// The daemon's request path in one process, stage by stage (issue 21 item 4):
// CPU per call (process.cpuUsage over many calls, after a warm-up) of each
// layer a `POST /v1/hook/claude` runs, built as `gatehouse serve` builds them
// — the engine with its classification cache, the git-branch and footprint
// enrichment, the host-facts gathering, the memory store — against the
// library's `evaluate` of the same event. CPU, not wall time: the machine is
// shared. Run (bundled whole: jsonc-parser does not load as an external ESM package):
//   npx esbuild bench/pipeline-cpu.ts --bundle --platform=node --format=esm --external:ioredis \
//     --external:web-tree-sitter --banner:js="import { createRequire as __cr } from 'module'; const require = __cr(import.meta.url);" \
//     --outfile=bench/.pipeline-cpu.mjs && node bench/.pipeline-cpu.mjs [calls]
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ADAPTERS, handleHook } from "../src/adapters/index.js";
import { parseEvent } from "../src/model/event.js";
import { loadEngine } from "../src/node/load-engine.js";
import { composeEnrich, footprintEnricher } from "../src/node/footprint.js";
import { GitBranchReader } from "../src/node/git-branch.js";
import { gatherHostFacts } from "../src/node/host-facts.js";
import { MemorySessionStore } from "../src/state/memory-store.js";
import { hostEnvFrom } from "../src/adapters/host.js";
// @ts-expect-error plain ES module of the bench
import { benchRepository, claudeHookPayloads, countingDefaultBundle, REPEATED_COMMANDS } from "./http-load.mjs";

const CALLS = Number(process.argv[2] ?? 4000);
const root = join(import.meta.dirname ?? ".", "..");
const scratch = mkdtempSync(join(tmpdir(), "gatehouse-pipeline-"));
const bodies: string[] = claudeHookPayloads(REPEATED_COMMANDS, 64, benchRepository(join(scratch, "project"))).map((p: unknown) => JSON.stringify(p));
const bundle = countingDefaultBundle(process.cwd());
const plain = await loadEngine({ bundle });
const cached = await loadEngine({ bundle, classificationCache: { entries: 4096 } });
const host = hostEnvFrom(process.env, process.cwd(), "http");
const enrich = composeEnrich(new GitBranchReader().enrich, footprintEnricher([], process.cwd()));
const store = new MemorySessionStore();
const mapped = bodies.map((b) => {
  const m = ADAPTERS.claude.map(JSON.parse(b), host) as { gate: Record<string, unknown> };
  return m.gate;
});
const enriched = mapped.map((e) => enrich(e as never));

const cpu = async (name: string, fn: (i: number) => unknown) => {
  for (let i = 0; i < 2000; i++) await fn(i);
  const u0 = process.cpuUsage();
  for (let i = 0; i < CALLS; i++) await fn(i);
  const u = process.cpuUsage(u0);
  const us = (u.user + u.system) / CALLS;
  console.log(`${name.padEnd(64)} ${us.toFixed(1).padStart(7)} µs`);
  return us;
};
const states = new Map<string, unknown>();
const n = bodies.length;
const base = await cpu("library evaluate (no cache), enriched event", (i) => {
  const e = enriched[i % n]!;
  const s = plain.evaluate(e, states.get(String(e.session_id)) ?? null, 1_700_000_000_000 + i);
  states.set(String(e.session_id), s.state);
});
await cpu("evaluate, cached engine", (i) => cached.evaluate(enriched[i % n]!, null, 1));
await cpu("parseEvent", (i) => parseEvent(enriched[i % n]!));
await cpu("JSON.parse of the body", (i) => JSON.parse(bodies[i % n]!));
await cpu("adapter map", (i) => ADAPTERS.claude.map(JSON.parse(bodies[i % n]!), host));
await cpu("enrich (git branch + footprint)", (i) => enrich(mapped[i % n] as never));
await cpu("hostWants, cached engine", (i) => cached.hostWants(enriched[i % n]!));
await cpu("gatherHostFacts, cached engine", (i) => gatherHostFacts(cached, enriched[i % n]! as never));
await cpu("gather + evaluate, cached engine", (i) => cached.evaluate(gatherHostFacts(cached, enriched[i % n]! as never), null, 1));
const deps = { engine: cached, store, host, nowMs: 1_700_000_000_000, posture: "open" as const, grantAllow: false, inputName: "the request body", enrich, gather: (e: typeof cached, ev: never) => gatherHostFacts(e, ev) };
const full = await cpu("handleHook (the daemon's pipeline, memory store)", (i) => handleHook(ADAPTERS.claude, bodies[i % n]!, deps as never));
console.log(`handleHook ÷ library evaluate: ${(full / base).toFixed(2)}×`);
rmSync(scratch, { recursive: true, force: true });
