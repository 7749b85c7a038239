#!/usr/bin/env node
// Where the daemon's CPU goes per request (issue 21 item 4): `gatehouse serve`
// under `node --cpu-prof`, driven with Claude hook requests over HTTP
// (keep-alive, /v1/hook/claude) or over its Unix socket the way the
// `--daemon auto` forwarder asks (a connection per call, /v1/hook-answer/claude,
// Connection: close), then the profile folded by function (self time) and by
// the request path's stages (inclusive time). Also prints the server's CPU per
// request from /proc.
//
//   node bench/serve-profile.mjs [--socket] [--requests N] [--in-flight K] [--state-dir] [--top N]
//
// Reports only. Needs `npm run build` first.
import { readdirSync, readFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { spawn } from "node:child_process";
import { SourceMap } from "node:module";
import { benchRepository, claudeHookPayloads, countingDefaultBundle, inProcessCpuPerCall, load, processCpuMs, REPEATED_COMMANDS, stop } from "./http-load.mjs";

const argv = process.argv.slice(2);
// --root DIR: another checkout's `serve` (built), for a before/after on one machine.
const root = argv.includes("--root") ? argv[argv.indexOf("--root") + 1] : join(dirname(fileURLToPath(import.meta.url)), "..");
const opt = (name, dflt) => (argv.includes(name) ? Number(argv[argv.indexOf(name) + 1]) : dflt);
const SOCKET = argv.includes("--socket");
const REQUESTS = opt("--requests", 20_000);
const IN_FLIGHT = opt("--in-flight", 1);
const TOP = opt("--top", 40);
const scratch = mkdtempSync(join(tmpdir(), "gatehouse-serve-profile-"));
const profDir = join(scratch, "prof");
const bundleFile = join(scratch, "bundle.json");
writeFileSync(bundleFile, JSON.stringify(countingDefaultBundle(root)));
const bodies = claudeHookPayloads(REPEATED_COMMANDS, 64, benchRepository(join(scratch, "project"))).map((p) => JSON.stringify(p));
const socketPath = join(scratch, "d.sock");
const PROF = !argv.includes("--no-prof");
const args = [...(PROF ? ["--cpu-prof", "--cpu-prof-dir", profDir] : []), join(root, "bin", "gatehouse.js"), "serve", "--bundle", bundleFile, ...(SOCKET ? ["--socket", socketPath] : ["--port", "0"])];
if (argv.includes("--state-dir")) args.push("--state-dir", join(scratch, "state"));
const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "inherit"] });
const url = await new Promise((resolve, reject) => {
  let out = "";
  child.stdout.on("data", (c) => {
    out += c;
    const m = /listening on (\S+)/.exec(out);
    if (m) resolve(m[1]);
  });
  child.once("exit", (code) => reject(new Error(`serve exited ${code}`)));
});

/** One forwarder-style exchange over the Unix socket. */
const askSocket = (body) =>
  new Promise((resolve, reject) => {
    const s = connect(socketPath);
    const chunks = [];
    s.on("data", (c) => chunks.push(c));
    s.on("end", () => resolve(Buffer.concat(chunks).length));
    s.on("error", reject);
    const b = Buffer.from(body);
    s.write(`POST /v1/hook-answer/claude HTTP/1.1\r\nHost: gatehouse\r\nContent-Type: application/json\r\nContent-Length: ${b.length}\r\nConnection: close\r\n\r\n`);
    s.write(b);
  });
async function socketLoad(count) {
  let next = 0;
  const worker = async () => {
    while (next < count) await askSocket(bodies[next++ % bodies.length]);
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
}

const run = (count) => (SOCKET ? socketLoad(count) : load(url, "/v1/hook/claude", bodies, IN_FLIGHT, count));
await run(3000); // warm-up: the JIT's steady state
const cpu0 = processCpuMs(child.pid);
await run(REQUESTS);
const cpu1 = processCpuMs(child.pid);
await stop(child);
const perRequest = ((cpu1 - cpu0) * 1000) / REQUESTS;

// The same calls evaluated in this process (the library's `evaluate`, no classification cache): CPU per call.
const lib = await import(join(root, "dist", "index.js"));
const inProcess = await inProcessCpuPerCall(lib, bundleFile, bodies, REQUESTS);
console.log(`in-process evaluate of the same events: ${inProcess.toFixed(1)} µs CPU/call; server ÷ in-process ${(perRequest / inProcess).toFixed(2)}×`);

if (!PROF) {
  console.log(`server CPU ${perRequest.toFixed(1)} µs/request (/proc, ${REQUESTS} timed, no profiler)`);
  rmSync(scratch, { recursive: true, force: true });
  process.exit(0);
}
// Fold the profile: self time per function, and inclusive time per named stage.
const file = readdirSync(profDir).find((f) => f.endsWith(".cpuprofile"));
const prof = JSON.parse(readFileSync(join(profDir, file), "utf8"));
const byId = new Map(prof.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const selfUs = new Map();
const dt = prof.timeDeltas;
for (let i = 0; i < prof.samples.length; i++) selfUs.set(prof.samples[i], (selfUs.get(prof.samples[i]) ?? 0) + (dt[i] ?? 0));
// dist/cli.cjs is minified: name each frame by its source (dist/cli.cjs.map).
const maps = new Map();
const mapOf = (u) => {
  if (!maps.has(u)) {
    let m = null;
    try {
      m = new SourceMap(JSON.parse(readFileSync(`${fileURLToPath(u.startsWith("file:") ? u : `file://${u}`)}.map`, "utf8")));
    } catch {}
    maps.set(u, m);
  }
  return maps.get(u);
};
const label = (n) => {
  const f = n.callFrame;
  const m = f.url.includes("/dist/") ? mapOf(f.url) : null;
  const e = m?.findEntry(f.lineNumber, f.columnNumber);
  if (e?.originalSource) return `${e.name ?? f.functionName ?? "(anon)"} ${e.originalSource.replace(/^.*?\/(src|node_modules)\//, "$1/")}:${e.originalLine + 1}`;
  return `${f.functionName || "(anon)"} ${f.url.replace(/^.*\/(dist|node_modules)\//, "$1/")}:${f.lineNumber + 1}`;
};
const self = new Map();
let total = 0;
let idle = 0;
for (const [id, us] of selfUs) {
  const n = byId.get(id);
  if (n.callFrame.functionName === "(idle)") {
    idle += us;
    continue;
  }
  total += us;
  const k = label(n);
  self.set(k, (self.get(k) ?? 0) + us);
}
// Inclusive: a sample counts once for each distinct function name on its stack.
const STAGES = (process.env.STAGES ?? "handleHook,gatherHostFacts,hostWants,evaluate,classify,parseEvent,checkState,update,enrich,onDecision,stringify,parse,src/state/,src/ledger/,node_modules/zod/,src/daemon/server,writeHead,end").split(",");
const stageCache = new Map();
const stageOf = (n) => {
  if (!stageCache.has(n.id)) {
    const l = label(n);
    stageCache.set(n.id, STAGES.find((st) => (st.includes("/") ? l.includes(` ${st}`) : l.startsWith(`${st} `))) ?? null);
  }
  return stageCache.get(n.id);
};
const incl = new Map();
for (const [id, us] of selfUs) {
  const seen = new Set();
  for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
    const name = stageOf(byId.get(cur));
    if (name !== null && !seen.has(name)) {
      seen.add(name);
      incl.set(name, (incl.get(name) ?? 0) + us);
    }
  }
}
const perReq = (us) => (us / (REQUESTS + 3000)).toFixed(1);
console.log(`${SOCKET ? "unix socket, a connection per call (the --daemon auto forwarder)" : "http keep-alive"}, ${IN_FLIGHT} in flight: server CPU ${perRequest.toFixed(1)} µs/request (/proc, ${REQUESTS} timed); profile busy ${perReq(total)} µs/request over ${REQUESTS + 3000} requests`);
console.log("\ninclusive µs/request by stage:");
for (const s of STAGES) if (incl.has(s)) console.log(`  ${s.padEnd(24)} ${perReq(incl.get(s))}`);
console.log(`\ntop ${TOP} self µs/request:`);
for (const [k, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, TOP)) console.log(`  ${perReq(us).padStart(6)}  ${k}`);
rmSync(scratch, { recursive: true, force: true });
