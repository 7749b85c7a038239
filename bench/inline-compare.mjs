// Before/after of the inline-code change on events WITHOUT inline code: µs per
// `engine.evaluate` by event category of the bench event set (bench/events.mjs),
// for several builds interleaved in one process, and which inline grammars each
// engine loaded (none, for these events: the grammars are lazy).
// Usage: npm run build && node bench/inline-compare.mjs [rounds=20] [engine module …]
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { buildEventSet } from "./events.mjs";

const rounds = Number(process.argv[2] ?? 20);
const modules = process.argv.length > 3 ? process.argv.slice(3) : ["dist/index.js"];
const engines = [];
for (const m of modules) {
  const { loadEngine } = await import(pathToFileURL(resolve(m)).href);
  engines.push([m, await loadEngine({})]);
}
const { events } = buildEventSet({});
const byCategory = new Map();
for (const e of events) byCategory.set(e.category, [...(byCategory.get(e.category) ?? []), e.event]);
const q = (xs, p) => xs[Math.min(xs.length - 1, Math.floor(p * xs.length))];
for (const [category, evs] of byCategory) {
  const samples = engines.map(() => []);
  for (const [, engine] of engines) for (const e of evs) engine.evaluate(e, null, 0); // warm-up
  for (let r = 0; r < rounds; r++)
    engines.forEach(([, engine], j) => {
      for (const e of evs) {
        const t = process.hrtime.bigint();
        engine.evaluate(e, null, 0);
        samples[j].push(Number(process.hrtime.bigint() - t) / 1000);
      }
    });
  engines.forEach(([name], j) => {
    const xs = samples[j].sort((a, b) => a - b);
    console.log(`${category.padEnd(12)} ${name.padEnd(30)} µs per evaluate: median ${q(xs, 0.5).toFixed(1).padStart(7)}, p90 ${q(xs, 0.9).toFixed(1).padStart(7)} (${xs.length})`);
  });
}
for (const [name, engine] of engines) console.log(`${name}: inline grammars loaded: ${JSON.stringify(engine.inlineGrammarsLoaded ?? "n/a")}`);
