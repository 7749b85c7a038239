// The cost of the bundle's atoms alone: classifications are computed once per
// event up front and replayed, so only the bundle-dependent work is timed.
// Usage: npm run build && node bench/atoms-only.mjs [atoms=2000]
import { Engine, loadEngine } from "../dist/index.js";
import { generateBundle } from "./gen-bundle.mjs";
import { buildEventSet } from "./events.mjs";

const atoms = Number(process.argv[2] ?? 2000);
const real = await loadEngine({});
const set = buildEventSet({ peerDir: new URL("../../shared/peer-cases", import.meta.url).pathname });
const events = (set.events ?? set).map((e) => e.event ?? e);
const classifications = new Map();
const full = (e) => ({ event_type: "", session_id: "", tool_use_id: "", tool_name: "", tool_input: null, tool_result: null, agent: null, binding: null, env: null, session: null, spend_delta: null, facts: null, ...e });
for (const e of events) classifications.set(e.tool_use_id ?? JSON.stringify(e.tool_input), real.classify(full(e)));
const classify = (e) => structuredClone(classifications.get(e.tool_use_id ?? JSON.stringify(e.tool_input)));
const bundle = generateBundle({ atoms, seed: 1337 });
const empty = { schema_version: "2.0", artifacts: [] };
const engines = {
  [`${atoms} atoms`]: await Engine.load({ bundle, classify }),
  [`${atoms} atoms, prefilter off`]: await Engine.load({ bundle, classify, prefilter: false }),
  "empty bundle": await Engine.load({ bundle: empty, classify }),
};
let now = 1;
for (const engine of Object.values(engines)) for (let w = 0; w < 5; w++) for (const e of events) engine.evaluate(e, null, now++);
const results = Object.fromEntries(Object.keys(engines).map((k) => [k, []]));
for (let r = 0; r < 7; r++) {
  for (const [name, engine] of Object.entries(engines)) {
    const c0 = process.cpuUsage();
    for (let i = 0; i < 5; i++) for (const e of events) engine.evaluate(e, null, now++);
    const c = process.cpuUsage(c0);
    results[name].push((c.user + c.system) / (5 * events.length));
  }
}
for (const [name, xs] of Object.entries(results)) {
  xs.sort((a, b) => a - b);
  console.log(`${name.padEnd(28)} CPU µs per evaluate: min ${xs[0].toFixed(1)}, median ${xs[3].toFixed(1)}`);
}
