#!/usr/bin/env node
// Bytes allocated per `evaluate` (SPEC §13 "allocation per event"), measured
// in a process of its own whose young generation is fixed large enough
// (--min/--max-semi-space-size) that no garbage collection runs while the
// events are evaluated: the heap's growth over N evaluations, divided by N.
// A part during which V8 did collect (a `gc` performance entry inside its
// interval) is reported as null, never as a figure.
//   node --min-semi-space-size=128 --max-semi-space-size=128 --expose-gc bench/alloc.mjs <bundle.json|default> [reps]
// Prints one JSON line: {bytes_per_event: {all, bash, file, …}, events, reps}.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { PerformanceObserver, performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { buildEventSet } from "./events.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const [which = "default", repsText = "20"] = process.argv.slice(2);
const reps = Number(repsText);
const { loadEngine } = await import(join(root, "dist", "index.js"));
const engine = await loadEngine(which === "default" ? {} : { bundle: readFileSync(which, "utf8") });
const { events } = buildEventSet({ peerDir: join(root, "..", "shared", "peer-cases") });
let now = 1_700_000_000_000;
// Warm: every event a few times (JIT, memo caches, inline grammars loaded).
for (let w = 0; w < 5; w++) for (const e of events) engine.evaluate(e.event, null, now++);

const collections = [];
const observer = new PerformanceObserver((list) => collections.push(...list.getEntries().map((e) => e.startTime)));
observer.observe({ entryTypes: ["gc"] });
const parts = [];
const measure = (name, list) => {
  globalThis.gc();
  const t0 = performance.now();
  const before = process.memoryUsage().heapUsed;
  for (let r = 0; r < reps; r++) for (const e of list) engine.evaluate(e.event, null, now++);
  const after = process.memoryUsage().heapUsed;
  parts.push({ name, t0, t1: performance.now(), bytes: Math.round((after - before) / (reps * list.length)) });
};
measure("all", events);
for (const c of [...new Set(events.map((e) => e.category))]) measure(c, events.filter((e) => e.category === c));
await new Promise((resolve) => setTimeout(resolve, 100)); // the gc entries arrive asynchronously
observer.disconnect();
const bytes = Object.fromEntries(parts.map((p) => [p.name, collections.some((t) => t >= p.t0 && t <= p.t1) ? null : p.bytes]));
process.stdout.write(`${JSON.stringify({ bytes_per_event: bytes, events: events.length, reps })}\n`);
