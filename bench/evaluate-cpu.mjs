// Quick CPU-time check of evaluate (min of 5 rounds): 2,000 generated atoms vs an empty bundle.
// Usage: npm run build && node bench/evaluate-cpu.mjs
import { loadEngine } from "../dist/index.js";
import { generateBundle } from "./gen-bundle.mjs";
import { buildEventSet } from "./events.mjs";
const engine = await loadEngine({ bundle: generateBundle({ atoms: 2000, seed: 1337 }) });
const small = await loadEngine({ bundle: { schema_version: "2.0", artifacts: [] } });
const set = buildEventSet({ peerDir: "../shared/peer-cases" });
const events = (set.events ?? set).map((e) => e.event ?? e);
let now = 1;
const cpu = (eng, rounds) => { const c0 = process.cpuUsage(); for (let r = 0; r < rounds; r++) for (const e of events) eng.evaluate(e, null, now++); const c = process.cpuUsage(c0); return (c.user + c.system) / (rounds * events.length); };
cpu(engine, 5); cpu(small, 5);
const res = []; for (let k = 0; k < 5; k++) res.push([cpu(engine, 10), cpu(small, 10)]);
res.sort((a, b) => a[0] - b[0]);
console.log("cpu µs/evaluate (min of 5): 2000 atoms", res[0][0].toFixed(1), " empty bundle", Math.min(...res.map((r) => r[1])).toFixed(1));
