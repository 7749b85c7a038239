#!/usr/bin/env node
// How far from its steady state a long-lived engine is after N warm-up passes:
// the 2,000-atom WASM engine alone in this process, the benchmark's event set
// (session state carried, 1 s per call), N unrecorded passes, then 50 timed
// passes. V8 tiers WebAssembly (the shell grammar's parser) and JavaScript up
// to optimised code only after enough runs, so a short warm-up times the
// baseline tiers. Why bench/run.mjs warms up 100 passes (docs/performance.md
// "Method").
//
//   npm run build && node bench/warmup-curve.mjs [N …]   (default: 5 60 200, each in a fresh process)
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { loadEngine } from "../dist/index.js";
import { generateBundle } from "./gen-bundle.mjs";
import { buildEventSet } from "./events.mjs";

const args = process.argv.slice(2);
if (args[0] !== "--one") {
  for (const n of args.length > 0 ? args : ["5", "60", "200"]) {
    const r = spawnSync(process.execPath, [fileURLToPath(import.meta.url), "--one", n], { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
    process.stdout.write(r.stdout);
  }
  process.exit(0);
}
const passes = Number(args[1]);
const { events } = buildEventSet({ peerDir: fileURLToPath(new URL("../../shared/peer-cases", import.meta.url)) });
const engine = await loadEngine({ bundle: JSON.stringify(generateBundle({ atoms: 2000, seed: 1337 })), implementation: "wasm" });
let state = null;
let now = 1_700_000_000_000;
const samples = [];
const pass = (record) => {
  for (const e of events) {
    const t0 = process.hrtime.bigint();
    const envelope = engine.evaluate(e.event, state, now);
    const dt = Number(process.hrtime.bigint() - t0) / 1000;
    state = envelope.state;
    now += 1000;
    if (record) samples.push(dt);
  }
};
for (let p = 0; p < passes; p++) pass(false);
for (let p = 0; p < 50; p++) pass(true);
samples.sort((a, b) => a - b);
const q = (p) => samples[Math.floor(p * samples.length)].toFixed(1);
console.log(`after ${String(passes).padStart(4)} warm-up passes: 2,000-atom WASM p50 ${q(0.5)} µs, p90 ${q(0.9)}, p99 ${q(0.99)} (${samples.length} calls)`);
