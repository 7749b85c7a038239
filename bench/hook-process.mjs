#!/usr/bin/env node
// Hook process wall time (SPEC §13): `gatehouse hook claude` per call, process
// start included, against bare `node -e 0` started the same way (spawnSync,
// stdin piped), in the same run, interleaved round by round so load from other
// processes on the shared cores falls on every subject alike. Then the
// concurrency figure with real processes: P processes × C `hook claude`
// process spawns each, all at once, on one session of a counting bundle,
// through one state directory on disk — the counter must end at P × C.
//
//   node bench/hook-process.mjs [--runs N] [--procs P] [--calls C] [--compare DIR] [--json]
//
// --compare DIR adds another checkout's launcher (DIR/bin/gatehouse.js, built)
// on the same two hook commands to the same interleaved rounds: a before/after
// on one loaded machine.
//
// Each spawn also reports its CPU time (user + system, all threads; preloaded
// bench/cpu-report.cjs, the same preload for every subject): on shared cores
// wall time grows with other processes' load, CPU time much less.
//
// Reports; never fails on a slow figure. Needs `npm run build` first.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describeSamples } from "./stats.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const argv = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = argv.indexOf(name);
  return i >= 0 ? Number(argv[i + 1]) : dflt;
};
const RUNS = opt("--runs", 30);
const PROCS = opt("--procs", 8);
const CALLS = opt("--calls", 50);
const JSON_OUT = argv.includes("--json");
const COMPARE = argv.includes("--compare") ? argv[argv.indexOf("--compare") + 1] : null;
const node = process.execPath;
const bin = join(root, "bin", "gatehouse.js");
const scratch = mkdtempSync(join(tmpdir(), "gatehouse-bench-hook-"));
const log = (m) => process.stderr.write(`hook-process: ${m}\n`);

const counting = join(scratch, "counting.json");
writeFileSync(
  counting,
  JSON.stringify({
    schema_version: "2.0",
    bundle_id: "bench-counting",
    artifacts: [{ kind: "t2_program", artifact_id: "count", body: { on: ["pre_tool_use"], match: { field: "tool.name", pred: "eq", value: "Bash" }, registers: { c: 1 }, ops: [{ op: "INC_SAT", c: 0 }], fire: { reg: "c0", gte: 1e9 }, verdict: "ask", reason: "count" } }],
  }),
);
const payload = (command, session = "bench") =>
  JSON.stringify({ session_id: session, transcript_path: "/t.jsonl", cwd: "/home/dev/project", hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command }, tool_use_id: "toolu" });

const cpuFile = join(scratch, "cpu.txt");
const cpuReport = join(root, "bench", "cpu-report.cjs");
const time = (args, input) => {
  rmSync(cpuFile, { force: true });
  const t0 = process.hrtime.bigint();
  const r = spawnSync(node, ["-r", cpuReport, ...args], { input, encoding: "utf8", cwd: root, env: { ...process.env, GATEHOUSE_BENCH_CPU_FILE: cpuFile } });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  let cpu = null;
  try {
    cpu = Number(readFileSync(cpuFile, "utf8").trim());
  } catch {
    // the process exited without its exit handler (a crash): no CPU figure
  }
  return { ms, cpu, status: r.status };
};

const subjects = [
  { key: "node_bare", label: "node -e 0 (stdin piped)", args: ["-e", "0"], input: "" },
  { key: "hook_allow", label: "hook claude, default bundle: ls (allow, silence)", args: [bin, "hook", "claude"], input: payload("ls -la") },
  { key: "hook_deny", label: "hook claude, default bundle: rm -rf ~ (deny JSON)", args: [bin, "hook", "claude"], input: payload("rm -rf ~") },
  { key: "hook_state", label: "hook claude, counting bundle + state dir (lock, fsync)", args: [bin, "hook", "claude", "--bundle", counting, "--state-dir", join(scratch, "state-seq")], input: payload("ls") },
  { key: "hook_ignored", label: "hook claude: SessionStart (not gated, no engine load)", args: [bin, "hook", "claude"], input: JSON.stringify({ session_id: "bench", hook_event_name: "SessionStart", source: "startup" }) },
];
if (COMPARE !== null) {
  const other = join(COMPARE, "bin", "gatehouse.js");
  subjects.push(
    { key: "compare_allow", label: `${COMPARE}: hook claude, default bundle: ls`, args: [other, "hook", "claude"], input: payload("ls -la") },
    { key: "compare_deny", label: `${COMPARE}: hook claude, default bundle: rm -rf ~`, args: [other, "hook", "claude"], input: payload("rm -rf ~") },
  );
}

log(`${RUNS} runs × ${subjects.length} commands, interleaved`);
for (const s of subjects) time(s.args, s.input); // warm the file cache
const samples = Object.fromEntries(subjects.map((s) => [s.key, []]));
const cpuSamples = Object.fromEntries(subjects.map((s) => [s.key, []]));
const statuses = Object.fromEntries(subjects.map((s) => [s.key, new Set()]));
for (let r = 0; r < RUNS; r++)
  for (const s of subjects) {
    const res = time(s.args, s.input);
    samples[s.key].push(res.ms);
    if (res.cpu !== null) cpuSamples[s.key].push(res.cpu);
    statuses[s.key].add(res.status);
  }
const perCall = {};
for (const s of subjects) perCall[s.key] = { label: s.label, exit_status: [...statuses[s.key]], ...describeSamples(samples[s.key]), cpu: describeSamples(cpuSamples[s.key]) };
const bare = perCall.node_bare;
const r1 = (x) => Math.round(x * 10) / 10;
for (const s of subjects.slice(1)) {
  perCall[s.key].over_bare_median_ms = r1(perCall[s.key].median - bare.median);
  perCall[s.key].over_bare_p90_ms = r1(perCall[s.key].p90 - bare.p90);
  perCall[s.key].cpu_over_bare_median_ms = perCall[s.key].cpu && bare.cpu ? r1(perCall[s.key].cpu.median - bare.cpu.median) : null;
}

// Concurrency with real processes: PROCS chains of CALLS sequential spawns each, all chains at once (--procs 0 skips it).
async function concurrencyRun() {
  log(`concurrency: ${PROCS} × ${CALLS} hook processes on one session`);
  const stateDir = join(scratch, "state-concurrent");
  const spawnOnce = () =>
    new Promise((resolve) => {
      const child = spawn(node, [bin, "hook", "claude", "--bundle", counting, "--state-dir", stateDir], { stdio: ["pipe", "ignore", "pipe"] });
      let stderr = "";
      child.stderr.on("data", (d) => (stderr += d));
      child.on("close", (code) => resolve({ code, stderr }));
      child.stdin.end(payload("ls", "concurrent"));
    });
  const t0 = process.hrtime.bigint();
  const chains = await Promise.all(
    Array.from({ length: PROCS }, async () => {
      const codes = [];
      for (let i = 0; i < CALLS; i++) codes.push(await spawnOnce());
      return codes;
    }),
  );
  const wallMs = Number(process.hrtime.bigint() - t0) / 1e6;
  const results = chains.flat();
  const sessions = join(stateDir, "sessions");
  const file = readdirSync(sessions).find((f) => f.endsWith(".json"));
  const counter = JSON.parse(readFileSync(join(sessions, file), "utf8")).state.c[0];
  const concurrency = {
    processes: PROCS,
    calls_each: CALLS,
    expected: PROCS * CALLS,
    counter,
    nonzero_exits: results.filter((r) => r.code !== 0).length,
    stderr_lines: results.filter((r) => r.stderr !== "").length,
    wall_ms: Math.round(wallMs),
    per_call_ms: Math.round((wallMs / (PROCS * CALLS)) * 10) / 10,
  };
  return concurrency;
}
const concurrency = PROCS > 0 ? await concurrencyRun() : null;

const report = { node: process.version, runs: RUNS, per_call_ms: perCall, concurrency };
if (JSON_OUT) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
else {
  const lines = ["| command | median ms | p90 ms | over bare node (median / p90) | CPU median ms | CPU over bare node |", "|---|--:|--:|--:|--:|--:|"];
  for (const s of subjects) {
    const c = perCall[s.key];
    const bareRow = s.key === "node_bare";
    lines.push(`| ${c.label} | ${c.median} | ${c.p90} | ${bareRow ? "—" : `+${c.over_bare_median_ms} / +${c.over_bare_p90_ms}`} | ${c.cpu?.median ?? "—"} | ${bareRow || c.cpu_over_bare_median_ms === null ? "—" : `+${c.cpu_over_bare_median_ms}`} |`);
  }
  if (concurrency !== null)
    lines.push("", `concurrency: ${PROCS} processes × ${CALLS} calls (one spawn each) on one session → counter ${concurrency.counter} (expected ${concurrency.expected}), ${concurrency.nonzero_exits} non-zero exits, wall ${concurrency.wall_ms} ms`);
  process.stdout.write(`${lines.join("\n")}\n`);
}
