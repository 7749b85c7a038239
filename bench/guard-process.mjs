#!/usr/bin/env node
// Wall time of one `gatehouse guard` hook call, as Claude Code pays it: a fresh
// process, the PreToolUse payload on stdin, the exit code read back. Against a
// bare `node -e 0` on the same machine in the same run (interleaved, so drift
// in machine load hits every subject alike).
//
//   node bench/guard-process.mjs [--runs N] [--json]
//
// Subjects: node -e 0; guard allow (Write inside the touch set); guard block
// (Write outside: the reason on stderr and one fsynced, locked record append);
// guard pass-through (a Bash call, not a write tool); and, for scale, the full
// CLI bundle answering `gatehouse help` (what the guard would pay without its
// own dist/guard.cjs entry). Reports ms (p50, p90, min); asserts nothing.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const BIN = join(root, "bin/gatehouse.js");
const argv = process.argv.slice(2);
const runsAt = argv.indexOf("--runs");
const RUNS = runsAt >= 0 ? Number(argv[runsAt + 1]) : 40;
const JSON_OUT = argv.includes("--json");

const dir = realpathSync(mkdtempSync(join(tmpdir(), "gatehouse-bench-guard-")));
const checkout = join(dir, "checkout");
mkdirSync(join(checkout, "src"), { recursive: true });
const spec = join(dir, "spec.json");
writeFileSync(spec, JSON.stringify({ version: 1, gate: "out_of_contract_write", sessionCwd: checkout, touchSet: ["src/**", "!src/generated/**"], recordFile: join(dir, "records.jsonl") }));
const payload = (tool_name, tool_input) => JSON.stringify({ session_id: "bench", cwd: checkout, hook_event_name: "PreToolUse", tool_name, tool_input, tool_use_id: "toolu_bench" });

const SUBJECTS = [
  { name: "node -e 0", args: ["-e", "0"], input: "", expect: 0 },
  { name: "guard allow (Write in src/)", args: [BIN, "guard", "--config", spec], input: payload("Write", { file_path: join(checkout, "src/a.ts"), content: "x" }), expect: 0 },
  { name: "guard block (Write in docs/, record appended)", args: [BIN, "guard", "--config", spec], input: payload("Write", { file_path: join(checkout, "docs/a.md"), content: "x" }), expect: 2 },
  { name: "guard pass-through (Bash)", args: [BIN, "guard", "--config", spec], input: payload("Bash", { command: "ls" }), expect: 0 },
  { name: "full CLI bundle: gatehouse help", args: [BIN, "help"], input: "", expect: 0 },
];

const samples = SUBJECTS.map(() => []);
for (let round = -2; round < RUNS; round++) {
  SUBJECTS.forEach((s, i) => {
    const t0 = process.hrtime.bigint();
    const r = spawnSync(process.execPath, s.args, { input: s.input });
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    if (r.status !== s.expect) throw new Error(`${s.name}: exit ${r.status}, expected ${s.expect}: ${r.stderr}`);
    if (round >= 0) samples[i].push(ms); // two warm-up rounds fill the page cache
  });
}
rmSync(dir, { recursive: true, force: true });

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const round1 = (x) => Math.round(x * 10) / 10;
const baseline = pct(samples[0], 50);
const results = SUBJECTS.map((s, i) => ({
  subject: s.name,
  runs: samples[i].length,
  p50_ms: round1(pct(samples[i], 50)),
  p90_ms: round1(pct(samples[i], 90)),
  min_ms: round1(Math.min(...samples[i])),
  over_node_p50_ms: round1(pct(samples[i], 50) - baseline),
}));
if (JSON_OUT) process.stdout.write(`${JSON.stringify({ node: process.version, runs: RUNS, results })}\n`);
else {
  process.stdout.write(`guard wall time per call (${RUNS} runs each, node ${process.version})\n`);
  for (const r of results) process.stdout.write(`  ${r.subject.padEnd(48)} p50 ${String(r.p50_ms).padStart(6)} ms  p90 ${String(r.p90_ms).padStart(6)} ms  min ${String(r.min_ms).padStart(6)} ms  (+${r.over_node_p50_ms} ms over node -e 0)\n`);
}
