// Parse + classify time per command over the whole conformance corpus
// (every shell-bearing event in test/corpus/*.jsonl), in-process, after warm-up.
// Usage: npm run build && node bench/corpus-classify.mjs
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadEngine } from "../dist/index.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const dir = join(root, "test/corpus");
const events = [];
for (const file of readdirSync(dir).filter((f) => f.endsWith(".jsonl"))) {
  for (const line of readFileSync(join(dir, file), "utf8").split("\n")) {
    if (line.trim() === "") continue;
    const c = JSON.parse(line);
    const input = c.event?.tool_input;
    if (input && (typeof input.command === "string" || Array.isArray(input.command))) events.push(c.event);
  }
}
const engine = await loadEngine({});
const parse = (e) => engine.classify({ env: null, facts: null, session: null, spend_delta: null, agent: null, binding: null, tool_result: null, session_id: "", tool_use_id: "", event_type: "pre_tool_use", ...e });
for (let i = 0; i < 5; i++) for (const e of events) parse(e);
const samples = [];
for (let r = 0; r < 20; r++) {
  for (const e of events) {
    const t = process.hrtime.bigint();
    parse(e);
    samples.push(Number(process.hrtime.bigint() - t) / 1000);
  }
}
samples.sort((a, b) => a - b);
const q = (p) => samples[Math.min(samples.length - 1, Math.floor(p * samples.length))].toFixed(1);
console.log(`${events.length} shell commands from the corpus, ${samples.length} timed parse+classify calls`);
console.log(`median ${q(0.5)} µs, p90 ${q(0.9)} µs, p99 ${q(0.99)} µs, max ${samples[samples.length - 1].toFixed(1)} µs`);
