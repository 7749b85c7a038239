// What `Engine.explain`'s recorder costs `evaluate` when it is off: the
// default-bundle evaluate p50 (and p90) over the benchmark's event set, for
// several engine builds interleaved in one process (round-robin, so drift on
// these shared cores hits each alike). Also the cost of explain itself.
// Usage: npm run build && node bench/trace-overhead.mjs [rounds=12] [engine module …]
// (default ../dist/index.js; pass a copy of an older dist/index.js to compare).
import { resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { buildEventSet } from "./events.mjs";

const rounds = Number(process.argv[2] ?? 12);
const modules = process.argv.length > 3 ? process.argv.slice(3) : [null];
const engines = [];
for (const m of modules) {
  const { loadEngine } = await import(m === null ? "../dist/index.js" : pathToFileURL(resolve(m)).href);
  engines.push({ name: m ?? "dist/index.js", engine: await loadEngine({}), samples: [], explain: [] });
}
const events = buildEventSet({ peerDir: new URL("../../shared/peer-cases", import.meta.url).pathname }).events.map((e) => e.event);
const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
let now = 1_700_000_000_000;
for (const e of engines) for (let w = 0; w < 3; w++) for (const ev of events) e.engine.evaluate(ev, null, now++);
// Phase 1: evaluate only (explain never runs before these figures are taken).
for (let r = 0; r < rounds; r++)
  for (const e of engines)
    for (const ev of events) {
      const t0 = performance.now();
      e.engine.evaluate(ev, null, now++);
      e.samples.push((performance.now() - t0) * 1000);
    }
// Phase 2: explain, on the builds that have it.
for (let r = 0; r < Math.ceil(rounds / 2); r++)
  for (const e of engines)
    if (typeof e.engine.explain === "function")
      for (const ev of events) {
        const t0 = performance.now();
        e.engine.explain(ev, null, now++, () => performance.now());
        e.explain.push((performance.now() - t0) * 1000);
      }
for (const e of engines) {
  const line = [`${e.name}: evaluate p50 ${pct(e.samples, 50).toFixed(1)} µs, p90 ${pct(e.samples, 90).toFixed(1)} µs (${e.samples.length} calls)`];
  if (e.explain.length > 0) line.push(`explain p50 ${pct(e.explain, 50).toFixed(1)} µs, p90 ${pct(e.explain, 90).toFixed(1)} µs`);
  console.log(line.join("; "));
}
