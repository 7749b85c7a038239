// The shell analysis at size: µs per `engine.classify` (parse + walk + effect
// table) for a 2.4 KB build script, the peer-case commands, a 16 KiB single
// word and 256 `echo N;` commands. CPU-bound, single thread; the figures are
// wall-clock per call after warm-up (median and p90 over every timed call).
// Usage: npm run build && node bench/shell-walk.mjs [rounds=30] [engine module …]
// (default ../dist/index.js; with several modules, e.g. a copy of an older
// dist/index.js and the current one, their runs are interleaved in one process).
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { ENV, buildEventSet } from "./events.mjs";

const rounds = Number(process.argv[2] ?? 30);
const modules = process.argv.length > 3 ? process.argv.slice(3) : [null];
const engines = [];
for (const m of modules) {
  const { loadEngine } = await import(m === null ? "../dist/index.js" : pathToFileURL(resolve(m)).href);
  engines.push([m ?? "dist/index.js", await loadEngine({})]);
}
const peerDir = new URL("../../shared/peer-cases", import.meta.url).pathname;

const event = (command, i = 0) => ({
  event_type: "pre_tool_use",
  session_id: "bench-session",
  tool_use_id: `toolu_shell_${i}`,
  tool_name: "Bash",
  tool_input: { command },
  tool_result: null,
  agent: { agent_id: "bench-agent", agent_type: "claude-code" },
  binding: null,
  env: ENV,
  session: null,
  spend_delta: null,
  facts: null,
});

const long = buildEventSet({}).events.find((e) => e.category === "bash" && e.command.length > 2000);
const peer = [];
for (const name of ["cc-safety-net-probes.jsonl", "cc-safety-net-upstream-tests.jsonl"]) {
  const file = join(peerDir, name);
  if (!existsSync(file)) continue;
  for (const line of readFileSync(file, "utf8").split("\n")) {
    if (line.trim() === "") continue;
    const c = JSON.parse(line).command;
    if (typeof c === "string") peer.push(c);
  }
}
const word = "echo " + "a".repeat(16 * 1024 - 5);
const echoes = Array.from({ length: 256 }, (_, i) => `echo ${i};`).join(" ");

// [label, events, timed passes over the events]
const cases = [
  [`2.4 KB script (${long.command.length} chars)`, [long.event], 10 * rounds],
  [`peer-case commands (${peer.length})`, peer.map((c, i) => event(c, i)), Math.max(1, Math.round(rounds / 3))],
  ["16 KiB single word", [event(word)], 10 * rounds],
  ["256 `echo N;` commands", [event(echoes)], 3 * rounds],
];

function time(engine, events, reps, out = []) {
  for (let r = 0; r < reps; r++) {
    for (const e of events) {
      const t0 = process.hrtime.bigint();
      engine.classify(e);
      out.push(Number(process.hrtime.bigint() - t0) / 1000);
    }
  }
  return out;
}

const q = (xs, p) => xs[Math.min(xs.length - 1, Math.floor(p * xs.length))];
const SLICES = 5;
for (const [label, events, reps] of cases) {
  for (const [, engine] of engines) time(engine, events, Math.max(2, Math.round(reps / 3))); // warm-up
  const samples = engines.map(() => []);
  // Interleave the engines in slices so that load on the machine hits each alike.
  for (let k = 0; k < SLICES; k++) engines.forEach(([, engine], j) => time(engine, events, Math.max(1, Math.round(reps / SLICES)), samples[j]));
  engines.forEach(([name], j) => {
    const xs = samples[j].sort((a, b) => a - b);
    const who = engines.length > 1 ? ` [${name}]` : "";
    console.log(`${(label + who).padEnd(34)} µs per classify: median ${q(xs, 0.5).toFixed(1).padStart(8)}, p90 ${q(xs, 0.9).toFixed(1).padStart(8)}  (${xs.length} calls)`);
  });
}
