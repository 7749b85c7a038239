// `evaluate` on whichever Node runs this file, the same way for every version: bench/run.mjs runs it
// under the system Node and under each extra major (scripts/node-major.mjs) and puts the figures side
// by side. Default bundle and the 2,000-atom bundle, the mixed event set, warm-up passes first (the
// steady state of a long-lived host), then each evaluate timed alone into a histogram.
//
//   node bench/evaluate-node.mjs [passes] [warmupPasses]   prints one JSON line
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { buildEventSet } from "./events.mjs";
import { generateBundle } from "./gen-bundle.mjs";
import { makeHistogram, summarize } from "./stats.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const [passes = 40, warmup = 100] = process.argv.slice(2).map(Number);
const { loadEngine } = await import(join(root, "dist/index.js"));
const engines = {
  default_wasm: await loadEngine({ bundle: readFileSync(join(root, "bundles/default.json"), "utf8") }),
  gen_wasm: await loadEngine({ bundle: generateBundle({ atoms: 2000, seed: 1337 }) }),
};
const events = buildEventSet({}).events.map((e) => e.event);
let now = 1_700_000_000_000;
const out = { node: process.version, passes, warmup_passes: warmup, events: events.length };
for (const [key, engine] of Object.entries(engines)) {
  for (let p = 0; p < warmup; p++) for (const e of events) engine.evaluate(e, null, (now += 1000));
  const h = makeHistogram();
  const c0 = process.cpuUsage();
  for (let p = 0; p < passes; p++)
    for (const e of events) {
      const t0 = process.hrtime.bigint();
      engine.evaluate(e, null, (now += 1000));
      h.recordValue(Number(process.hrtime.bigint() - t0));
    }
  const c = process.cpuUsage(c0);
  out[key] = { ...summarize(h), cpu_us_per_evaluate: Math.round(((c.user + c.system) / (passes * events.length)) * 10) / 10 };
}
process.stdout.write(`${JSON.stringify(out)}\n`);
