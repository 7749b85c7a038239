#!/usr/bin/env node
// The guard's records: append throughput with 8 processes appending to one
// file at once (each append: lock file, fsynced write, unlock — what every
// blocking hook call does), and the fold's time and memory on a flooded file.
//
//   node bench/guard-records.mjs [--appends N] [--json]
//
// The record and fold modules are bundled from src/ with esbuild into a temp
// file (they are not part of dist/'s public surface). Each fold runs in a fresh
// process so its peak RSS is its own. Asserts nothing but correctness.
import { spawn, spawnSync } from "node:child_process";
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..");
const argv = process.argv.slice(2);
const appendsAt = argv.indexOf("--appends");
const PER_PROCESS = appendsAt >= 0 ? Number(argv[appendsAt + 1]) : 250;
const JSON_OUT = argv.includes("--json");
const WRITERS = 8;

const dir = mkdtempSync(join(tmpdir(), "gatehouse-bench-records-"));
const lib = join(dir, "records-lib.mjs");
await build({
  stdin: {
    contents: 'export { appendRecords, makeRecord } from "./src/guard/record.ts"; export { foldRecords } from "./src/guard/fold.ts";',
    resolveDir: root,
    loader: "ts",
  },
  bundle: true,
  format: "esm",
  platform: "node",
  target: "node20",
  outfile: lib,
  logLevel: "warning",
});

// A child: `append FILE N ID` appends N records one call at a time; `fold FILE` folds and reports.
const child = join(dir, "child.mjs");
writeFileSync(
  child,
  `import { appendRecords, makeRecord, foldRecords } from ${JSON.stringify(lib)};
const [mode, file, n, id] = process.argv.slice(2);
if (mode === "append") {
  for (let i = 0; i < Number(n); i++)
    await appendRecords(file, [makeRecord({ gate: "out_of_contract_write", hookEvent: "PreToolUse", tool: "Write", subject: "docs/" + id + "-" + i + ".md", verdict: "blocked", detail: "gatehouse guard blocked Write: docs/x.md matches none of the touch-set patterns (src/**)" }, Date.now())]);
} else {
  const t0 = process.hrtime.bigint();
  const fold = foldRecords(file, "bench");
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  process.stdout.write(JSON.stringify({ ms, kept: fold.records.length, lines: fold.lines, dropped: fold.dropped, rssMiB: process.memoryUsage().rss / 2 ** 20, maxRssMiB: process.resourceUsage().maxRSS / 1024 }));
}
`,
);

// ── 8 concurrent appenders ───────────────────────────────────────────────
const records = join(dir, "records.jsonl");
const t0 = process.hrtime.bigint();
await Promise.all(
  Array.from(
    { length: WRITERS },
    (_, w) =>
      new Promise((resolve, reject) => {
        const p = spawn(process.execPath, [child, "append", records, String(PER_PROCESS), `w${w}`], { stdio: "inherit" });
        p.on("error", reject);
        p.on("close", (code) => (code === 0 ? resolve() : reject(new Error(`writer ${w} exited ${code}`))));
      }),
  ),
);
const appendSeconds = Number(process.hrtime.bigint() - t0) / 1e9;
const total = WRITERS * PER_PROCESS;
const check = JSON.parse(spawnSync(process.execPath, [child, "fold", records], { encoding: "utf8" }).stdout);
if (check.lines !== total || check.dropped.malformed !== 0) throw new Error(`appends lost or torn: ${JSON.stringify(check)}`);

// ── folds ────────────────────────────────────────────────────────────────
const foldOf = (file) => JSON.parse(spawnSync(process.execPath, [child, "fold", file], { encoding: "utf8" }).stdout);
const baseline = foldOf(join(dir, "absent.jsonl")); // process + module cost with nothing to read
const flood = join(dir, "flood.jsonl");
writeFileSync(flood, "");
const garbage = [];
for (let i = 0; i < 10_000; i++) garbage.push(i % 2 ? `{"v":1,"ts":"torn ${i}","gate":` : `not json at all ${"x".repeat(i % 200)}`);
appendFileSync(flood, `${garbage.join("\n")}\n`);
const floodFold = foldOf(flood);
const big = join(dir, "big.jsonl");
const line = `${JSON.stringify({ v: 1, ts: "t", gate: "g", hookEvent: "PreToolUse", tool: "Write", subject: "s", verdict: "blocked", detail: "d".repeat(400) })}\n`;
writeFileSync(big, line.repeat(200_000)); // ~90 MB of valid records: 64 kept, the rest counted past the cap
const bigFold = foldOf(big);
const giant = join(dir, "giant.jsonl");
writeFileSync(giant, "x".repeat(64 * 2 ** 20)); // one 64 MiB line with no newline
const giantFold = foldOf(giant);
rmSync(dir, { recursive: true, force: true });

const r1 = (x) => Math.round(x * 10) / 10;
const results = {
  appends: { writers: WRITERS, per_writer: PER_PROCESS, total, seconds: r1(appendSeconds), appends_per_s: Math.round(total / appendSeconds) },
  folds: [
    { file: "no record file", ms: r1(baseline.ms), max_rss_mib: r1(baseline.maxRssMiB) },
    { file: "10,000 garbage lines", ms: r1(floodFold.ms), kept: floodFold.kept, malformed: floodFold.dropped.malformed, max_rss_mib: r1(floodFold.maxRssMiB) },
    { file: "200,000 valid records (~90 MB)", ms: r1(bigFold.ms), kept: bigFold.kept, past_cap: bigFold.dropped.pastCap, max_rss_mib: r1(bigFold.maxRssMiB) },
    { file: "one 64 MiB line", ms: r1(giantFold.ms), kept: giantFold.kept, malformed: giantFold.dropped.malformed, max_rss_mib: r1(giantFold.maxRssMiB) },
  ],
};
if (JSON_OUT) process.stdout.write(`${JSON.stringify(results)}\n`);
else {
  const a = results.appends;
  process.stdout.write(`records: ${a.writers} processes × ${a.per_writer} appends = ${a.total} in ${a.seconds} s → ${a.appends_per_s} appends/s (locked, fsynced, none torn)\n`);
  for (const f of results.folds)
    process.stdout.write(`fold ${f.file.padEnd(32)} ${String(f.ms).padStart(8)} ms  max RSS ${f.max_rss_mib} MiB${f.kept !== undefined ? `  kept ${f.kept}` : ""}${f.malformed !== undefined ? `  malformed ${f.malformed}` : ""}${f.past_cap !== undefined ? `  past cap ${f.past_cap}` : ""}\n`);
}
