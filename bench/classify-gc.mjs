#!/usr/bin/env node
// The `classify` tail and its share of garbage collection (issue 21 item 5),
// in a process of its own (one engine, the default bundle, the benchmark's
// event set): every call timed on performance.now()'s clock, the collector's
// pauses (PerformanceObserver `gc` entries) on the same clock, and each call
// that a pause overlaps counted as "with GC". Reports the p50/p99 of all calls
// and of the calls no pause touched, how many of the calls at or over the p99
// had a pause inside, and the pauses' time as a share of the calls' time;
// also the same for `evaluate` on the default bundle. Heap allocation per call
// is bench/alloc.mjs's.
//   node bench/classify-gc.mjs [passes]
// Prints one JSON line.
import { dirname, join } from "node:path";
import { PerformanceObserver, performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { buildEventSet } from "./events.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const passes = Number(process.argv[2] ?? 60);
const { loadEngine } = await import(join(root, "dist", "index.js"));
const engine = await loadEngine({});
const { events } = buildEventSet({ peerDir: join(root, "..", "shared", "peer-cases") });
let now = 1_700_000_000_000;
for (let w = 0; w < 100; w++) for (const e of events) engine.evaluate(e.event, null, now++); // steady state

const pauses = [];
const observer = new PerformanceObserver((list) => pauses.push(...list.getEntries().map((e) => [e.startTime, e.startTime + e.duration])));
observer.observe({ entryTypes: ["gc"] });

async function run(fn) {
  const calls = new Float64Array(passes * events.length * 2);
  let k = 0;
  for (let p = 0; p < passes; p++) {
    for (const e of events) {
      const t0 = performance.now();
      fn(e.event);
      calls[k++] = t0;
      calls[k++] = performance.now();
    }
    await new Promise((resolve) => setImmediate(resolve)); // let the observer take its entries (a bounded buffer)
  }
  return calls;
}
const classifyCalls = await run((ev) => engine.classify(ev));
const evaluateCalls = await run((ev) => engine.evaluate(ev, null, now++));
await new Promise((resolve) => setTimeout(resolve, 100)); // the gc entries arrive asynchronously
observer.disconnect();

const pct = (sorted, q) => (sorted.length === 0 ? null : Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] * 10_000) / 10);
function describe(calls) {
  const n = calls.length / 2;
  const all = [];
  const clean = [];
  const withGc = new Uint8Array(n);
  let gcMs = 0;
  let totalMs = 0;
  let j = 0;
  for (let i = 0; i < n; i++) {
    const a = calls[2 * i];
    const b = calls[2 * i + 1];
    totalMs += b - a;
    while (j < pauses.length && pauses[j][1] < a) j++;
    for (let m = j; m < pauses.length && pauses[m][0] <= b; m++) {
      withGc[i] = 1;
      gcMs += Math.min(b, pauses[m][1]) - Math.max(a, pauses[m][0]);
    }
    all.push(b - a);
    if (!withGc[i]) clean.push(b - a);
  }
  const sorted = [...all].sort((x, y) => x - y);
  const p99 = sorted[Math.floor(0.99 * sorted.length)];
  let tail = 0;
  let tailGc = 0;
  for (let i = 0; i < n; i++)
    if (all[i] >= p99) {
      tail++;
      tailGc += withGc[i];
    }
  clean.sort((x, y) => x - y);
  return {
    calls: n,
    p50_us: pct(sorted, 0.5),
    p99_us: pct(sorted, 0.99),
    calls_with_gc: withGc.reduce((s, x) => s + x, 0),
    p50_us_without_gc: pct(clean, 0.5),
    p99_us_without_gc: pct(clean, 0.99),
    tail_calls_at_or_over_p99: tail,
    tail_calls_with_gc: tailGc,
    gc_share_of_time: Math.round((gcMs / totalMs) * 1000) / 1000,
  };
}
process.stdout.write(`${JSON.stringify({ events: events.length, passes, classify: describe(classifyCalls), evaluate_default: describe(evaluateCalls), gc_pauses: pauses.length })}\n`);
