// Hot-path micro-benchmark: ns per event for HotPath.scan (encodeInto + flatten +
// one Aho-Corasick pass + copies of the bitset and haystack), WASM vs the
// TypeScript twin, on a ~2 KB haystack with 2,000 keywords.
// Usage: node bench/hotpath.mjs [runs]   (bundles src/hotpath with esbuild in memory)
import { build } from "esbuild";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const out = await build({
  entryPoints: [join(root, "src/hotpath/index.ts")],
  bundle: true,
  write: false,
  format: "esm",
  platform: "neutral",
  target: "es2022",
  mainFields: ["module", "main"],
  logLevel: "error",
});
const hp = await import("data:text/javascript;base64," + Buffer.from(out.outputFiles[0].contents).toString("base64"));

// Deterministic inputs (mulberry32).
let seed = 0x9e3779b9;
const rnd = () => {
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const letters = "abcdefghijklmnopqrstuvwxyz";
const word = (min, max) => {
  const n = min + Math.floor(rnd() * (max - min + 1));
  let s = "";
  for (let i = 0; i < n; i++) s += letters[Math.floor(rnd() * 26)];
  return s;
};
const keywords = [];
for (let i = 0; i < 2000; i++) {
  const r = rnd();
  keywords.push(r < 0.6 ? word(4, 14) : r < 0.85 ? `${word(2, 6)} ${word(3, 8)}` : `--${word(3, 10)}`);
}
const planted = keywords.filter((_, i) => i % 97 === 0); // ~21 keywords that may occur in a haystack

// Two ~2 KB events: command-like text (paths, flags, common words: the DFA mostly
// stays near its root) and random lowercase words (every byte is in the keyword
// alphabet: the DFA walks deeper, more table rows, more cache misses).
const vocab = (
  "git commit -m fix: update the build script && npm run build --silent | tee /tmp/build.log ; " +
  "cd /home/dev/project/src && ls -la ./components/*.tsx 2>/dev/null || echo 'no files found' ; " +
  "curl -sSL https://example.com/install.sh -o /tmp/install.sh ; python3 -m pytest tests/ -x -q ; " +
  "docker compose up -d postgres redis && kubectl get pods -n staging --watch=false ; make -j4 all ; " +
  "export NODE_ENV=production PATH=/usr/local/bin:$PATH ; cat README.md | head -n 40 ; grep -rn TODO src/"
).split(" ");
function makeEvent(kind) {
  const parts = [];
  while (parts.join(" ").length < 1900) {
    if (rnd() < 0.03) parts.push(planted[Math.floor(rnd() * planted.length)]);
    else parts.push(kind === "command" ? vocab[Math.floor(rnd() * vocab.length)] : word(1, 9));
  }
  const cut = Math.floor(parts.length * 0.7);
  return JSON.stringify({
    command: parts.slice(0, cut).join(" "),
    description: parts.slice(cut).join(" "),
    timeout: 120000,
    run_in_background: false,
  });
}

const t0 = performance.now();
const automaton = hp.compileAutomaton(keywords);
const compileMs = performance.now() - t0;
const wasm = hp.createHotPath(automaton, { kind: "wasm" });
const twin = hp.createHotPath(automaton, { kind: "twin" });
const popcount = (bits) => Array.from(bits).reduce((n, w) => n + (w.toString(2).match(/1/g)?.length ?? 0), 0);


const runs = Number(process.argv[2] ?? 5000);
function measure(path, event) {
  for (let i = 0; i < 2000; i++) path.scan(event); // warm-up
  const ns = new Float64Array(runs);
  for (let i = 0; i < runs; i++) {
    const s = process.hrtime.bigint();
    path.scan(event);
    ns[i] = Number(process.hrtime.bigint() - s);
  }
  ns.sort();
  const q = (p) => ns[Math.min(runs - 1, Math.floor(p * runs))];
  return { median: q(0.5), p99: q(0.99) };
}
const med = (xs) => xs.slice().sort((x, y) => x - y)[Math.floor(xs.length / 2)];
const summary = (rs) => ({ median: med(rs.map((r) => r.median)), p99: med(rs.map((r) => r.p99)) });

console.log(`hot path: ${keywords.length} keywords → ${automaton.stateCount} states × ${automaton.stride} slots, table ${(automaton.table.byteLength / 1024).toFixed(0)} KiB, compiled in ${compileMs.toFixed(0)} ms`);
console.log(`${runs} timed scans per round, 3 interleaved rounds; figures are the median over rounds of each round's median / p99`);
for (const kind of ["command", "random"]) {
  const event = makeEvent(kind);
  const a = wasm.scan(event);
  const b = twin.scan(event);
  if (a.length !== b.length || a.hits.join() !== b.hits.join()) throw new Error("wasm and twin disagree");
  // Interleave rounds so machine noise hits both sides alike.
  const results = { wasm: [], twin: [] };
  for (let round = 0; round < 3; round++) {
    results.wasm.push(measure(wasm, event));
    results.twin.push(measure(twin, event));
  }
  const w = summary(results.wasm);
  const t = summary(results.twin);
  console.log(`\n${kind} event: ${event.length} B JSON → haystack ${a.length} B, ${popcount(a.hits)} keyword hits`);
  console.log(`  wasm: median ${w.median.toFixed(0)} ns/event (${(w.median / a.length).toFixed(2)} ns/B), p99 ${w.p99.toFixed(0)} ns`);
  console.log(`  twin: median ${t.median.toFixed(0)} ns/event (${(t.median / a.length).toFixed(2)} ns/B), p99 ${t.p99.toFixed(0)} ns`);
  console.log(`  twin/wasm median ratio: ${(t.median / w.median).toFixed(2)}×`);
}
