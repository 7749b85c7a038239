#!/usr/bin/env node
// `npm run bench`: Gatehouse's performance contract (SPEC §13), measured in one run.
//
//   node bench/run.mjs [--quick] [--json] [--out FILE] [--no-process] [--no-daemon] [--nodes LIST]
//
//   --quick       a short run (a few hundred evaluations per configuration, 2 process
//                 runs); writes bench/results/quick.json unless --out is given
//   --json        print, as stdout's one and last line, the summary object (engine_version,
//                 cases, wasm_vs_twin, hook_process_ms, daemon_ms, peer, targets, …)
//                 instead of the tables
//   --out FILE    where to write the full results JSON (default bench/results/latest.json,
//                 or bench/results/quick.json with --quick)
//   --no-process  skip the child-process measurements (hook processes, cold loads,
//                 allocation, the daemon)
//   --no-daemon   skip the daemon (`gatehouse serve`) measurement only
//   --nodes LIST  other Node majors measured beside this one (comma-separated, default 24;
//                 `none` for none): the hook processes and `evaluate`, in the same run, each
//                 Node installed from the npm registry's `node` package (scripts/node-major.mjs)
//
// Nothing here asserts on time: the run reports, it never fails on a slow figure.
// Progress goes to stderr; the table (or JSON) to stdout. See docs/performance.md.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { availableParallelism, cpus, loadavg, tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { PerformanceObserver } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { bashEvent, buildEventSet, distinctCommand, distinctCommands } from "./events.mjs";
import { benchRepository, claudeHookPayloads, countingDefaultBundle, distinctHookBodies, getJson, inProcessCpuPerCall, load as httpLoad, REPEATED_COMMANDS, startServer, stop, BARE_SERVER } from "./http-load.mjs";
import { describeBundle, generateBundle } from "./gen-bundle.mjs";
import { nodeVersionsSummary, renderReport } from "./report.mjs";
import { nodeMajor } from "../scripts/node-major.mjs";
import { describeSamples, makeHistogram, ratio, summarize } from "./stats.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..");

// ── options ─────────────────────────────────────────────────────────────
const argv = process.argv.slice(2);
const flag = (name) => argv.includes(name);
const option = (name) => {
  const i = argv.indexOf(name);
  return i >= 0 && i + 1 < argv.length ? argv[i + 1] : undefined;
};
for (const a of argv) {
  if (a.startsWith("--") && !["--quick", "--json", "--out", "--no-process", "--no-daemon", "--warmup", "--nodes"].includes(a)) {
    process.stderr.write(`bench: unknown option ${a}\n`);
    process.exit(64);
  }
}
const QUICK = flag("--quick");
const JSON_OUT = flag("--json");
const NO_PROCESS = flag("--no-process");
const NO_DAEMON = NO_PROCESS || flag("--no-daemon");
const NODES_OPTION = option("--nodes") ?? "24";
const OUT = option("--out") ?? join(here, "results", QUICK ? "quick.json" : "latest.json");

// evalTarget: timed evaluate calls per configuration, rounded up to whole passes
// over the event set in every round; peerTarget: the same for the peer (slower).
// distinctTarget / peerDistinctTarget: timed calls of the configurations in which no
// command text repeats; daemon: requests at 1 and at 32 in flight after a warm-up.
// warmupPasses: passes over the event set per configuration before timing. A long-lived host (the
// library, the daemon) runs in the steady state: V8 tiers a WebAssembly function (the shell grammar's
// parser) up to optimised code only after it has run enough — an engine alone in a process after 5
// passes is ~25 % slower at p50 than after 60 (bench/warmup-curve.mjs; docs/performance.md "Method").
// `--warmup N` overrides it; the cold figures (a fresh process, its first evaluate) are under "Load".
const PLAN = QUICK
  ? { evalTarget: 200, warmupPasses: 1, rounds: 2, distinctTarget: 200, peerDistinctTarget: 60, processRuns: 2, coldRuns: 1, coldSubjects: 2, allocReps: 3, daemon: { warmup: 300, requests: 600 } }
  : { evalTarget: 4000, warmupPasses: 100, rounds: 10, distinctTarget: 3000, peerDistinctTarget: 800, processRuns: 20, coldRuns: 3, coldSubjects: 4, allocReps: 20, daemon: { warmup: 3000, requests: 6000 } };

if (option("--warmup") !== undefined) {
  const n = Number(option("--warmup"));
  if (!Number.isInteger(n) || n < 0) (process.stderr.write(`bench: --warmup needs a whole number of passes, got ${option("--warmup")}\n`), process.exit(64));
  PLAN.warmupPasses = n;
}

const GEN = { atoms: 2000, seed: 1337 };
/** Artifacts added to the 2,000 that no event can match (bench/gen-bundle.mjs `unmatchable`). */
const UNMATCHABLE = 10_000;
const NOW0 = 1_700_000_000_000; // now_ms of the first evaluation; +1 s per evaluation
const PEER_DIR = process.env.GATEHOUSE_PEER_CASES ?? join(root, "..", "shared", "peer-cases");

const log = (msg) => process.stderr.write(`bench: ${msg}\n`);
// Other Node majors beside this one (Node 20 reached end of life in April 2026; users run 22 and 24).
const thisMajor = Number(process.versions.node.split(".")[0]);
const otherNodes = (NODES_OPTION === "none" ? [] : NODES_OPTION.split(",").map(Number))
  .filter((m) => m !== thisMajor)
  .map((m) => {
    const n = nodeMajor(m);
    log("error" in n ? `Node ${m}: not measured (${n.error})` : `Node ${n.version} beside ${process.version}: ${n.path}`);
    return n;
  });
const extraNodes = otherNodes.filter((n) => !("error" in n));
const started = process.hrtime.bigint();
const loadStart = loadavg();

// ── the library ─────────────────────────────────────────────────────────
const distIndex = join(root, "dist", "index.js");
if (!existsSync(distIndex)) {
  log("dist/index.js is missing: building (npm run build)");
  const b = spawnSync(process.execPath, [join(root, "scripts", "build.mjs")], { cwd: root, stdio: ["ignore", "inherit", "inherit"] });
  if (b.status !== 0 || !existsSync(distIndex)) {
    process.stderr.write("bench: the build failed — run `npm run build` and retry\n");
    process.exit(70);
  }
}
const lib = await import(distIndex);

// ── events and bundles ──────────────────────────────────────────────────
const { events: allEvents, peerSources } = buildEventSet({ peerDir: PEER_DIR });

const defaultBundleText = readFileSync(join(root, "bundles", "default.json"), "utf8");
const generated = generateBundle(GEN);
const generatedText = JSON.stringify(generated);
const generated10kText = JSON.stringify(generateBundle({ ...GEN, unmatchable: UNMATCHABLE }));
// Commands no configuration sees twice (a parse cache could not flatter them): the corpus's, the peer cases', the built-in ones.
const distinctBase = distinctCommands({ peerDir: PEER_DIR, corpusDir: join(root, "test", "corpus") });
const emptyBundle = { schema_version: "2.0", bundle_id: "bench-empty", artifacts: [] };

// Warm (in-process) load times: each engine's Engine.load, after the first load
// has paid the one-time WASM / tree-sitter compilation. Cold loads are measured
// in fresh processes below.
async function timedLoad(bundle, options) {
  const t0 = process.hrtime.bigint();
  const engine = await lib.loadEngine({ bundle, ...options });
  return { engine, ms: Number(process.hrtime.bigint() - t0) / 1e6 };
}
log("loading engines");
await lib.loadEngine({ bundle: emptyBundle }); // one-time instantiation, not counted
const engines = {};
const warmLoadMs = {};
for (const [key, bundle, options] of [
  ["default_wasm", defaultBundleText, { implementation: "wasm" }],
  ["default_twin", defaultBundleText, { implementation: "twin" }],
  ["default_nopf", defaultBundleText, { implementation: "wasm", prefilter: false }],
  ["gen_wasm", generatedText, { implementation: "wasm" }],
  ["gen_twin", generatedText, { implementation: "twin" }],
  ["gen_nopf", generatedText, { implementation: "wasm", prefilter: false }],
  ["gen10k_wasm", generated10kText, { implementation: "wasm" }],
  ["empty_wasm", emptyBundle, { implementation: "wasm" }],
]) {
  const { engine, ms } = await timedLoad(bundle, options);
  engines[key] = engine;
  warmLoadMs[key] = Math.round(ms * 10) / 10;
}

// ── pre-flight: an event that throws in any configuration is left out of all ──
// (so every configuration times the same set; the exclusions are reported)
const excluded = [];
const events = allEvents.filter((e) => {
  try {
    for (const engine of Object.values(engines)) engine.evaluate(e.event, null, NOW0);
    engines.default_wasm.classify(e.event);
    return true;
  } catch (error) {
    excluded.push({ label: e.source === "peer-cases" ? "(a peer-case command)" : e.label, category: e.category, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) });
    return false;
  }
});
if (excluded.length > 0) log(`WARNING: ${excluded.length} event(s) throw and are left out: ${excluded[0].error}`);
if (events.length === 0) {
  process.stderr.write("bench: every event throws — nothing to measure\n");
  process.exit(1);
}
const bashEvents = events.filter((e) => e.category === "bash");
const categories = [...new Set(events.map((e) => e.category))];

// ── agreement: every configuration of a bundle must decide alike ────────
// (a sanity check of what is being timed, reported — never a failure)
function agreement(keys) {
  let mismatches = 0;
  const verdicts = {};
  for (const e of events) {
    const outs = keys.map((k) => JSON.stringify(engines[k].evaluate(e.event, null, NOW0)));
    if (outs.some((o) => o !== outs[0])) mismatches++;
    const v = JSON.parse(outs[0]).decision.verdict;
    verdicts[v] = (verdicts[v] ?? 0) + 1;
  }
  return { configurations: keys, events: events.length, mismatches, verdicts };
}
const agree = { default: agreement(["default_wasm", "default_twin", "default_nopf"]), generated: agreement(["gen_wasm", "gen_twin", "gen_nopf"]) };
// The 10,000 unmatchable artifacts must change no decision: the 2,000-atom bundle with and without them agree.
agree.generated_unmatchable = (() => {
  let mismatches = 0;
  for (const e of events) {
    const a = engines.gen_wasm.evaluate(e.event, null, NOW0).decision;
    const b = engines.gen10k_wasm.evaluate(e.event, null, NOW0).decision;
    if (JSON.stringify(a) !== JSON.stringify(b)) mismatches++;
  }
  return { configurations: ["gen_wasm", "gen10k_wasm"], events: events.length, mismatches, compared: "decision" };
})();

// ── the peer ────────────────────────────────────────────────────────────
let peer = { name: "cc-safety-net", version: null, installed: false, note: "not installed" };
let peerCheck = null;
const scratch = mkdtempSync(join(tmpdir(), "gatehouse-bench-"));
const peerHome = join(scratch, "home");
const peerCwd = join(peerHome, "proj");
mkdirSync(peerCwd, { recursive: true });
spawnSync("git", ["init", "-q", peerCwd], { stdio: "ignore" }); // the peer's cases were run in a git repo
try {
  if (process.env.GATEHOUSE_BENCH_NO_PEER === "1") throw Object.assign(new Error("disabled"), { code: "GATEHOUSE_BENCH_NO_PEER=1" });
  const api = await import("cc-safety-net/api");
  peerCheck = api.checkCommand;
  const pkgPath = join(root, "node_modules", "cc-safety-net", "package.json");
  peer = { name: "cc-safety-net", version: existsSync(pkgPath) ? JSON.parse(readFileSync(pkgPath, "utf8")).version : null, installed: true, note: "checkCommand({command, cwd}) in-process" };
} catch (error) {
  peer.note = `not installed (${error instanceof Error ? error.code ?? error.message : String(error)})`;
}

// ── the timed configurations ────────────────────────────────────────────
const passesPerRound = (target, n) => Math.max(1, Math.ceil(target / n / PLAN.rounds));

function evaluateConfig(key, label, engineKey, eventList, atoms) {
  return {
    key,
    label,
    kind: "evaluate",
    engine: engines[engineKey],
    atoms,
    events: eventList,
    passes: passesPerRound(PLAN.evalTarget, eventList.length),
    state: null,
    now: NOW0,
    ...timing(),
    byCategory: Object.fromEntries(categories.map((c) => [c, makeHistogram()])),
    // Each event's fastest timed call: what it costs when nothing else gets in the way (the tail's intrinsic part).
    best: new Float64Array(eventList.length).fill(Infinity),
  };
}
/**
 * A configuration in which no command text repeats (`distinctCommand`): each
 * call takes the next text of the one sequence every such configuration
 * shares, so Gatehouse and the peer see the same commands in the same order.
 */
function distinctConfig(key, label, kind, target, engine = null) {
  const perRound = Math.max(1, Math.ceil(target / PLAN.rounds));
  return { key, label, kind, engine, perRound, passes: 1, warmup: Math.max(1, Math.ceil(perRound / 2)), cursor: 0, state: null, now: NOW0, ...timing(), byCategory: { bash: makeHistogram() }, verdicts: {} };
}
/** Histogram of the whole run, one per round, and CPU vs wall time of the timed slices. */
function timing() {
  return { hist: makeHistogram(), rounds: Array.from({ length: PLAN.rounds }, () => makeHistogram()), cpuUs: 0, wallUs: 0 };
}
const defaultAtoms = JSON.parse(defaultBundleText).artifacts.length;
const configs = [
  evaluateConfig("default_wasm", "default bundle, WASM", "default_wasm", events, defaultAtoms),
  evaluateConfig("default_twin", "default bundle, twin", "default_twin", events, defaultAtoms),
  evaluateConfig("default_nopf", "default bundle, WASM, prefilter off", "default_nopf", events, defaultAtoms),
  evaluateConfig("gen_wasm", "2,000-atom bundle, WASM", "gen_wasm", events, GEN.atoms),
  evaluateConfig("gen_twin", "2,000-atom bundle, twin", "gen_twin", events, GEN.atoms),
  evaluateConfig("gen_nopf", "2,000-atom bundle, WASM, prefilter off", "gen_nopf", events, GEN.atoms),
  evaluateConfig("gen10k_wasm", `2,000 atoms + ${UNMATCHABLE.toLocaleString("en-US")} unmatchable, WASM`, "gen10k_wasm", events, GEN.atoms + UNMATCHABLE),
  evaluateConfig("empty_wasm", "empty bundle (0 atoms), WASM", "empty_wasm", events, 0),
  distinctConfig("classify_distinct", "classify only, every command distinct", "classify-distinct", PLAN.distinctTarget, engines.default_wasm),
  distinctConfig("default_distinct", "default bundle, WASM, every command distinct", "evaluate-distinct", PLAN.distinctTarget, engines.default_wasm),
  {
    key: "classify",
    label: "classify only (shell parse + classify)",
    kind: "classify",
    engine: engines.default_wasm,
    events,
    passes: passesPerRound(PLAN.evalTarget, events.length),
    ...timing(),
    byCategory: Object.fromEntries(categories.map((c) => [c, makeHistogram()])),
  },
];
if (peerCheck !== null) configs.push(distinctConfig("peer", `${peer.name} ${peer.version ?? ""} checkCommand, every command distinct`.trim(), "peer-distinct", PLAN.peerDistinctTarget));

let sink = 0; // keeps results observable so no call can be optimised away
/** `count` calls of a distinct-command configuration, each on the next text of the shared sequence. */
function runDistinct(cfg, count, record, round = -1) {
  for (let k = 0; k < count; k++) {
    const command = distinctCommand(distinctBase, cfg.cursor++);
    let dt;
    if (cfg.kind === "peer-distinct") {
      const t0 = process.hrtime.bigint();
      const r = peerCheck({ command, cwd: peerCwd });
      dt = Number(process.hrtime.bigint() - t0);
      sink ^= r.kind.length;
      if (record) cfg.verdicts[r.kind] = (cfg.verdicts[r.kind] ?? 0) + 1;
    } else {
      const event = bashEvent(command, cfg.cursor);
      const t0 = process.hrtime.bigint();
      if (cfg.kind === "classify-distinct") sink ^= cfg.engine.classify(event).effects.length;
      else {
        const envelope = cfg.engine.evaluate(event, cfg.state, cfg.now);
        cfg.state = envelope.state;
        cfg.now += 1000;
        sink ^= envelope.decision.verdict.length;
        if (record) cfg.verdicts[envelope.decision.verdict] = (cfg.verdicts[envelope.decision.verdict] ?? 0) + 1;
      }
      dt = Number(process.hrtime.bigint() - t0);
    }
    if (record) {
      const v = Math.max(1, dt);
      cfg.hist.recordValue(v);
      cfg.rounds[round].recordValue(v);
      cfg.byCategory.bash.recordValue(v);
    }
  }
}

function runPasses(cfg, passes, record, round = -1) {
  if (cfg.kind.endsWith("-distinct")) return runDistinct(cfg, cfg.perRound * passes, record, round);
  const list = cfg.events;
  for (let p = 0; p < passes; p++) {
    for (let i = 0; i < list.length; i++) {
      const item = list[i];
      let dt;
      if (cfg.kind === "evaluate") {
        const t0 = process.hrtime.bigint();
        const envelope = cfg.engine.evaluate(item.event, cfg.state, cfg.now);
        dt = Number(process.hrtime.bigint() - t0);
        cfg.state = envelope.state;
        cfg.now += 1000;
        sink ^= envelope.decision.verdict.length;
      } else if (cfg.kind === "classify") {
        const t0 = process.hrtime.bigint();
        const c = cfg.engine.classify(item.event);
        dt = Number(process.hrtime.bigint() - t0);
        sink ^= c.effects.length;
      }
      if (record) {
        const v = Math.max(1, dt);
        cfg.hist.recordValue(v);
        cfg.rounds[round].recordValue(v);
        cfg.byCategory[item.category].recordValue(v);
        if (cfg.best !== undefined && v < cfg.best[i]) cfg.best[i] = v;
      }
    }
  }
}

log(`${events.length} events (${bashEvents.length} Bash); warm-up ${PLAN.warmupPasses} passes per configuration`);
for (const cfg of configs) {
  if (cfg.kind.endsWith("-distinct")) runDistinct(cfg, cfg.warmup, false);
  else runPasses(cfg, PLAN.warmupPasses, false);
}
// The distinct sequence restarts for the timed rounds of every configuration alike; the warm-up's texts come after them, so none is timed twice.
const timedStart = Math.max(...configs.filter((c) => c.kind.endsWith("-distinct")).map((c) => c.cursor));
for (const cfg of configs) if (cfg.kind.endsWith("-distinct")) cfg.cursor = timedStart;

// Garbage-collection pauses during the timed rounds (they land in the tails of
// whichever configuration is running; reported, not removed).
const gcPauses = [];
const gcObserver = new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) gcPauses.push(entry.duration);
});
const heapBeforeRounds = process.memoryUsage();
gcObserver.observe({ entryTypes: ["gc"] });

// Interleaved rounds: every configuration runs a slice in every round (in a
// rotating order), so a burst of load from another process on the shared cores
// lands on all of them alike instead of on whichever ran at that moment.
for (let r = 0; r < PLAN.rounds; r++) {
  log(`round ${r + 1}/${PLAN.rounds}`);
  for (let j = 0; j < configs.length; j++) {
    const cfg = configs[(j + r) % configs.length];
    const cpu0 = process.cpuUsage();
    const wall0 = process.hrtime.bigint();
    runPasses(cfg, cfg.passes, true, r);
    cfg.wallUs += Number(process.hrtime.bigint() - wall0) / 1000;
    const cpu = process.cpuUsage(cpu0);
    cfg.cpuUs += cpu.user + cpu.system;
  }
}

await new Promise((resolve) => setTimeout(resolve, 100)); // let queued GC entries arrive
gcObserver.disconnect();
const gc = {
  pauses: gcPauses.length,
  total_ms: Math.round(gcPauses.reduce((a, b) => a + b, 0) * 10) / 10,
  max_ms: Math.round(Math.max(0, ...gcPauses) * 10) / 10,
  over_1ms: gcPauses.filter((d) => d > 1).length,
  heap_used_mb_at_start: Math.round(heapBeforeRounds.heapUsed / 1e5) / 10,
};

const latency = {};
const latencyByCategory = {};
const roundSpread = {};
let cpuAll = 0;
let wallAll = 0;
for (const cfg of configs) {
  latency[cfg.key] = { label: cfg.label, ...summarize(cfg.hist) };
  const perRound = cfg.rounds.map(summarize).filter((x) => x !== null);
  const spread = (k) => ({ min: Math.min(...perRound.map((x) => x[k])), max: Math.max(...perRound.map((x) => x[k])) });
  roundSpread[cfg.key] = { p50: spread("p50"), p99: spread("p99"), cpu_share: Math.round((cfg.cpuUs / cfg.wallUs) * 100) / 100 };
  cpuAll += cfg.cpuUs;
  wallAll += cfg.wallUs;
  latencyByCategory[cfg.key] = Object.fromEntries(Object.entries(cfg.byCategory).map(([c, h]) => [c, summarize(h)]));
}
const S = (k) => (latency[k]?.n ? latency[k] : null);

const ratios = {
  wasm_over_twin_default: ratio(S("default_wasm"), S("default_twin")),
  wasm_over_twin_generated: ratio(S("gen_wasm"), S("gen_twin")),
  prefilter_off_over_on_default: ratio(S("default_nopf"), S("default_wasm")),
  prefilter_off_over_on_generated: ratio(S("gen_nopf"), S("gen_wasm")),
  generated_over_default_wasm: ratio(S("gen_wasm"), S("default_wasm")),
};

const p50 = (k) => S(k)?.p50 ?? null;
const split = {
  classify_p50_us: p50("classify"),
  empty_bundle_evaluate_p50_us: p50("empty_wasm"),
  default_evaluate_p50_us: p50("default_wasm"),
  generated_evaluate_p50_us: p50("gen_wasm"),
  note: "medians over the whole event set; differences of medians are indicative, not exact",
};
split.rest_of_evaluate_p50_us = round1(split.empty_bundle_evaluate_p50_us - split.classify_p50_us);
split.default_atoms_add_p50_us = round1(split.default_evaluate_p50_us - split.empty_bundle_evaluate_p50_us);
split.generated_atoms_add_p50_us = round1(split.generated_evaluate_p50_us - split.empty_bundle_evaluate_p50_us);
split.per_atom_ns_generated = split.generated_atoms_add_p50_us === null ? null : Math.round((split.generated_atoms_add_p50_us * 1000) / GEN.atoms);
// SPEC §13: what 10,000 artifacts that cannot match an event add to its median (target < 10 µs).
const unmatchable = {
  artifacts_added: UNMATCHABLE,
  p50_us_without: p50("gen_wasm"),
  p50_us_with: p50("gen10k_wasm"),
  p50_delta_us: round1(p50("gen10k_wasm") - p50("gen_wasm")),
  per_round_p50_delta_us: (() => {
    const a = configs.find((c) => c.key === "gen_wasm").rounds.map(summarize);
    const b = configs.find((c) => c.key === "gen10k_wasm").rounds.map(summarize);
    const d = a.map((x, i) => (x && b[i] ? round1(b[i].p50 - x.p50) : null)).filter((x) => x !== null);
    return { min: Math.min(...d), max: Math.max(...d), median: d.sort((x, y) => x - y)[Math.floor(d.length / 2)] };
  })(),
  target_us: 10,
};

/** The slowest event's fastest call, per configuration: the tail with preemption and GC taken out (each event's best of its timed calls). */
const intrinsicTail = {};
for (const cfg of configs) {
  if (cfg.best === undefined) continue;
  let worst = 0;
  for (let i = 1; i < cfg.best.length; i++) if (cfg.best[i] > cfg.best[worst]) worst = i;
  const bests = [...cfg.best].filter(Number.isFinite).sort((a, b) => a - b);
  intrinsicTail[cfg.key] = {
    slowest_event: cfg.events[worst].label.length > 60 ? `${cfg.events[worst].label.slice(0, 57)}…` : cfg.events[worst].label,
    slowest_event_best_us: round1(cfg.best[worst] / 1000),
    p99_of_event_bests_us: round1(bests[Math.min(bests.length - 1, Math.ceil(0.99 * bests.length) - 1)] / 1000),
  };
}
function round1(x) {
  return Number.isFinite(x) ? Math.round(x * 10) / 10 : null;
}

const distinctCalls = (k) => S(k)?.n ?? 0;
const peerComparison = {
  peer,
  commands: "distinct Bash command texts (bench/events.mjs distinctCommands: the corpus's, the peer cases', the built-in ones; later passes behind a comment line), the same sequence for each",
  distinct_base_commands: distinctBase.length,
  cwd: "a fresh git repository in a temporary directory",
  calls: { peer: distinctCalls("peer"), gatehouse_classify: distinctCalls("classify_distinct"), gatehouse_default: distinctCalls("default_distinct") },
  gatehouse_classify_distinct: S("classify_distinct"),
  gatehouse_default_distinct: S("default_distinct"),
  peer_distinct: peerCheck === null ? null : S("peer"),
  peer_over_gatehouse_default: peerCheck === null ? null : ratio(S("peer"), S("default_distinct")),
  peer_over_gatehouse_classify: peerCheck === null ? null : ratio(S("peer"), S("classify_distinct")),
  verdicts: {
    peer: peerCheck === null ? null : configs.find((c) => c.key === "peer").verdicts,
    // On exactly the texts the peer was timed on (not timed here).
    gatehouse_default: (() => {
      const out = {};
      for (let k = 0; k < distinctCalls("peer"); k++) {
        const v = engines.default_wasm.evaluate(bashEvent(distinctCommand(distinctBase, timedStart + k), k), null, NOW0).decision.verdict;
        out[v] = (out[v] ?? 0) + 1;
      }
      return out;
    })(),
  },
};
// ── process level ───────────────────────────────────────────────────────
const cpuFile = join(scratch, "cpu.txt");
/** Wall time of one spawn; with `cpu`, also the child's CPU time (node -r bench/cpu-report.cjs). */
function timeSpawn(cmd, args, opts = {}, cpu = false) {
  if (cpu) writeFileSync(cpuFile, "");
  const fullArgs = cpu ? ["-r", join(here, "cpu-report.cjs"), ...args] : args;
  const env = cpu ? { ...(opts.env ?? process.env), GATEHOUSE_BENCH_CPU_FILE: cpuFile } : opts.env;
  const t0 = process.hrtime.bigint();
  const r = spawnSync(cmd, fullArgs, { cwd: root, encoding: "utf8", maxBuffer: 16 * 1024 * 1024, ...opts, env });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  const cpuMs = cpu ? Number(readFileSync(cpuFile, "utf8").trim().split("\n").pop()) : null;
  return { ms, cpuMs: Number.isFinite(cpuMs) ? cpuMs : null, status: r.status, error: r.error?.message ?? null, stderr: r.stderr ?? "" };
}

let processLevel = null;
let coldLoad = null;
if (!NO_PROCESS) {
  const node = process.execPath;
  const gatehouseBin = join(root, "bin", "gatehouse.js");
  const help = spawnSync(node, [gatehouseBin, "--help"], { cwd: root, encoding: "utf8" });
  const helpText = `${help.stdout ?? ""}${help.stderr ?? ""}`;
  const hasHook = /^\s*hook\b/m.test(helpText);
  const hasServe = /^\s*serve\b/m.test(helpText);
  const claudeHookInput = (cwd) =>
    JSON.stringify({ session_id: "bench", transcript_path: join(scratch, "transcript.jsonl"), cwd, hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "rm -rf build" } });

  // The launcher's code cache (src/node/code-cache.ts) in the scratch directory: the unrecorded first run of each
  // subject writes it, as a user's first call does; "no code cache" is what a call pays without one.
  const cached = { ...process.env, GATEHOUSE_CACHE_DIR: join(scratch, "code-cache") };
  const uncached = { ...process.env, GATEHOUSE_CACHE_DIR: "off" };
  const subjects = [
    { key: "node_bare", label: "node -e 0 (stdin piped)", run: () => timeSpawn(node, ["-e", "0"], { input: "" }, true) },
    { key: "gatehouse_check", label: 'gatehouse check --command "rm -rf build"', run: () => timeSpawn(node, [gatehouseBin, "check", "--command", "rm -rf build"], { env: cached }) },
  ];
  if (hasHook) {
    subjects.push({
      key: "gatehouse_hook_claude",
      label: "gatehouse hook claude (stdin: rm -rf build)",
      run: () => timeSpawn(node, [gatehouseBin, "hook", "claude", "--state-dir", join(scratch, "state")], { input: claudeHookInput("/home/dev/proj"), env: cached }, true),
    });
    subjects.push({
      key: "gatehouse_hook_claude_uncached",
      label: "gatehouse hook claude, no code cache (GATEHOUSE_CACHE_DIR=off)",
      run: () => timeSpawn(node, [gatehouseBin, "hook", "claude", "--state-dir", join(scratch, "state")], { input: claudeHookInput("/home/dev/proj"), env: uncached }),
    });
  }
  // `hook claude --daemon URL`: the hook process forwards to a running `gatehouse serve` (docs/daemon.md
  // "Hook processes that forward"); the daemon runs for these samples only, with its own state directory.
  const forwardTo = hasHook && hasServe ? await startServer([gatehouseBin, "serve", "--port", "0", "--state-dir", join(scratch, "state-daemon")]) : null;
  if (forwardTo !== null)
    subjects.push({
      key: "gatehouse_hook_claude_daemon",
      label: "gatehouse hook claude --daemon URL (a running serve answers)",
      run: () => timeSpawn(node, [gatehouseBin, "hook", "claude", "--daemon", forwardTo.url, "--state-dir", join(scratch, "state")], { input: claudeHookInput("/home/dev/proj"), env: cached }, true),
    });
  // The hook exactly as `install claude` writes it (`… hook claude --daemon auto` through the agent's wrapper), run
  // as Claude Code runs it (`sh -c`), per Node: each installed by that Node, with a state directory of its own
  // ($XDG_STATE_HOME), so each forwards to the daemon it started itself on its first (unrecorded) call.
  const autoHooks = [];
  const autoHook = (n, tag) => {
    const xdg = join(scratch, `xdg-${tag}`);
    const project = join(scratch, `auto-project-${tag}`);
    mkdirSync(project, { recursive: true });
    const env = { ...process.env, XDG_STATE_HOME: xdg, GATEHOUSE_CACHE_DIR: join(scratch, `code-cache-${tag}`) };
    const inst = spawnSync(n.path, [gatehouseBin, "install", "claude", "--project", project], { cwd: root, encoding: "utf8", env });
    let command = null;
    try {
      command = JSON.parse(readFileSync(join(project, ".claude", "settings.json"), "utf8")).hooks.PreToolUse[0].hooks[0].command;
    } catch {
      log(`install claude on Node ${n.version} wrote no hook command: ${(inst.stderr ?? "").trim().split("\n")[0]}`);
      return null;
    }
    // CPU of every process of the call (sh, node, a daemon start on the first): the preload reports each node's.
    const run = () => timeSpawn("/bin/sh", ["-c", command], { cwd: project, input: claudeHookInput(project), env: { ...env, NODE_OPTIONS: `-r ${join(here, "cpu-report.cjs")}`, GATEHOUSE_BENCH_CPU_FILE: cpuFile } }, false);
    const first = run();
    // The daemon starts detached on the first call; wait (≤ 10 s) until a call is answered by it (no fallback line).
    for (let i = 0; i < 50 && /evaluated in this process|starting/i.test(run().stderr); i++) spawnSync("sleep", ["0.2"]);
    autoHooks.push({ xdg, first: first.ms });
    return { command, run: () => {
      writeFileSync(cpuFile, "");
      const r = run();
      // cpu-report.cjs appends one line per node process: the call's CPU is their sum.
      const lines = readFileSync(cpuFile, "utf8").trim().split("\n").filter((l) => l !== "").map(Number);
      return { ...r, cpuMs: lines.length > 0 ? Math.round(lines.reduce((a, b) => a + b, 0) * 100) / 100 : null, stderr: r.stderr };
    } };
  };
  if (hasHook && hasServe)
    for (const n of [{ path: node, version: process.version, major: null }, ...extraNodes]) {
      const tag = n.major === null ? "system" : `node${n.major}`;
      const a = autoHook(n, tag);
      if (a !== null)
        subjects.push({
          key: n.major === null ? "gatehouse_hook_claude_auto" : `gatehouse_hook_claude_auto_${tag}`,
          ...(n.major === null ? {} : { node: n }),
          label: `install claude's hook (--daemon auto, a daemon it started) on Node ${n.version}`,
          run: a.run,
        });
    }
  const peerBin = join(root, "node_modules", "cc-safety-net", "dist", "bin", "cc-safety-net.js");
  if (peer.installed && existsSync(peerBin))
    subjects.push({
      key: "peer_hook_claude",
      label: "cc-safety-net hook --claude-code (stdin: rm -rf build)",
      run: () => timeSpawn(node, [peerBin, "hook", "--claude-code"], { cwd: peerCwd, input: claudeHookInput(peerCwd), env: { ...process.env, HOME: peerHome } }, true),
    });
  // The same hook on each other Node, in the same interleaved rounds, measured against that Node's own bare start.
  for (const n of extraNodes) {
    const tag = `node${n.major}`;
    subjects.push({ key: `node_bare_${tag}`, node: n, label: `node ${n.version} -e 0 (stdin piped)`, run: () => timeSpawn(n.path, ["-e", "0"], { input: "" }, true) });
    if (hasHook)
      subjects.push({
        key: `gatehouse_hook_claude_${tag}`,
        node: n,
        label: `gatehouse hook claude on Node ${n.version}`,
        run: () => timeSpawn(n.path, [gatehouseBin, "hook", "claude", "--state-dir", join(scratch, "state")], { input: claudeHookInput("/home/dev/proj"), env: cached }, true),
      });
    if (peer.installed && existsSync(peerBin))
      subjects.push({
        key: `peer_hook_claude_${tag}`,
        node: n,
        label: `cc-safety-net hook --claude-code on Node ${n.version}`,
        run: () => timeSpawn(n.path, [peerBin, "hook", "--claude-code"], { cwd: peerCwd, input: claudeHookInput(peerCwd), env: { ...process.env, HOME: peerHome } }, true),
      });
  }

  log(`process level: ${PLAN.processRuns} runs × ${subjects.length} commands`);
  for (const s of subjects) s.run(); // warm the file cache; not counted
  const samples = Object.fromEntries(subjects.map((s) => [s.key, []]));
  const cpuSamples = Object.fromEntries(subjects.map((s) => [s.key, []]));
  const statuses = Object.fromEntries(subjects.map((s) => [s.key, new Set()]));
  for (let r = 0; r < PLAN.processRuns; r++) {
    for (const s of subjects) {
      const res = s.run();
      samples[s.key].push(res.ms);
      if (res.cpuMs !== null) cpuSamples[s.key].push(res.cpuMs);
      statuses[s.key].add(res.error ?? res.status);
    }
  }
  if (forwardTo !== null) await stop(forwardTo.child);
  // The daemons the auto hooks started: stopped by their pid files (in this run's scratch state directories).
  for (const a of autoHooks) {
    const run = join(a.xdg, "gatehouse", "run");
    for (const f of existsSync(run) ? readdirSync(run).filter((x) => x.endsWith(".pid")) : []) {
      const pid = Number(readFileSync(join(run, f), "utf8").trim());
      if (Number.isSafeInteger(pid) && pid > 0)
        try {
          process.kill(pid, "SIGTERM");
        } catch {
          // already gone (idle exit)
        }
    }
  }
  processLevel = { runs: PLAN.processRuns, commands: {}, not_measured: [] };
  for (const s of subjects)
    processLevel.commands[s.key] = { label: s.label, exit_status: [...statuses[s.key]], ...describeSamples(samples[s.key]), cpu_ms: describeSamples(cpuSamples[s.key]) };
  // Each command against the bare start of the Node that ran it.
  for (const s of subjects)
    if (!s.key.startsWith("node_bare")) {
      const base = processLevel.commands[s.node === undefined ? "node_bare" : `node_bare_node${s.node.major}`];
      const c = processLevel.commands[s.key];
      c.node = s.node?.version ?? process.version;
      c.over_bare_node_median_ms = Math.round((c.median - base.median) * 10) / 10;
      c.over_bare_node_p90_ms = Math.round((c.p90 - base.p90) * 10) / 10;
      c.cpu_over_bare_node_median_ms = c.cpu_ms && base.cpu_ms ? Math.round((c.cpu_ms.median - base.cpu_ms.median) * 10) / 10 : null;
    }
  if (!hasHook) processLevel.not_measured.push("gatehouse hook claude: this CLI has no `hook` command yet");
  if (!hasServe) processLevel.not_measured.push("daemon path (gatehouse serve): this CLI has no `serve` command");
  if (!peer.installed) processLevel.not_measured.push("cc-safety-net hook: not installed");

  // Cold loads: a fresh process per sample (bench/cold-load.mjs).
  log(`cold loads: ${PLAN.coldRuns} runs × ${PLAN.coldSubjects}`);
  const coldSubjects = [
    ["default", "wasm"],
    ["generated", "wasm"],
    ["default", "twin"],
    ["generated", "twin"],
  ].slice(0, PLAN.coldSubjects);
  const coldSamples = Object.fromEntries(coldSubjects.map(([w, i]) => [`${w}_${i}`, []]));
  for (let r = 0; r < PLAN.coldRuns; r++) {
    for (const [which, impl] of coldSubjects) {
      const res = spawnSync(node, [join(here, "cold-load.mjs"), which, impl, String(GEN.atoms), String(GEN.seed)], { cwd: root, encoding: "utf8", maxBuffer: 16 * 1024 * 1024 });
      try {
        coldSamples[`${which}_${impl}`].push(JSON.parse(res.stdout.trim().split("\n").pop()));
      } catch {
        log(`cold load ${which}/${impl} failed: ${(res.stderr ?? "").trim().split("\n")[0]}`);
      }
    }
  }
  coldLoad = { runs: PLAN.coldRuns, subjects: {} };
  for (const [key, list] of Object.entries(coldSamples)) {
    if (list.length === 0) {
      coldLoad.subjects[key] = null;
      continue;
    }
    const field = (f) => describeSamples(list.map((x) => x[f]))?.median ?? null;
    coldLoad.subjects[key] = { import_ms: field("import_ms"), first_load_ms: field("first_load_ms"), second_load_ms: field("second_load_ms"), first_evaluate_ms: field("first_evaluate_ms") };
  }
}

// ── Node versions side by side: `evaluate` on this Node and each other one, the same script alike ──
// (bench/evaluate-node.mjs: a fresh process each, warm-up passes first; rounds alternate the versions).
let nodeVersions = null;
if (!NO_PROCESS && extraNodes.length > 0) {
  const runs = [{ version: process.version, path: process.execPath }, ...extraNodes];
  const passes = QUICK ? [5, 5] : [40, PLAN.warmupPasses];
  log(`evaluate on ${runs.map((n) => n.version).join(", ")}`);
  const results = Object.fromEntries(runs.map((n) => [n.version, []]));
  for (let round = 0; round < (QUICK ? 1 : 3); round++)
    for (const n of round % 2 === 0 ? runs : [...runs].reverse()) {
      const r = spawnSync(n.path, [join(here, "evaluate-node.mjs"), ...passes.map(String)], { cwd: root, encoding: "utf8", maxBuffer: 16 * 1024 * 1024 });
      try {
        results[n.version].push(JSON.parse(r.stdout.trim().split("\n").pop()));
      } catch {
        log(`evaluate on ${n.version} failed: ${(r.stderr ?? "").trim().split("\n")[0]}`);
      }
    }
  // The round with the lowest default-bundle p99 stands for each version: the others were hit harder by the load.
  const best = (list) => (list.length === 0 ? null : list.reduce((a, b) => (b.default_wasm.p99 < a.default_wasm.p99 ? b : a)));
  nodeVersions = { method: "bench/evaluate-node.mjs per Node, fresh process, the round with the lowest default p99", not_measured: otherNodes.filter((n) => "error" in n).map((n) => `Node ${n.major}: ${n.error}`), evaluate: Object.fromEntries(Object.entries(results).map(([v, l]) => [v, best(l)])) };
}

// ── allocation per event (a child process with a fixed, large young generation: bench/alloc.mjs) ──
let allocation = null;
let classifyGc = null;
if (!NO_PROCESS) {
  log("allocation per event");
  const genFile = join(scratch, "generated.json");
  writeFileSync(genFile, generatedText);
  const flags = ["--min-semi-space-size=128", "--max-semi-space-size=128", "--expose-gc", join(here, "alloc.mjs")];
  const one = (which) => {
    const r = spawnSync(process.execPath, [...flags, which, String(PLAN.allocReps)], { cwd: root, encoding: "utf8", maxBuffer: 16 * 1024 * 1024 });
    try {
      return JSON.parse(r.stdout.trim().split("\n").pop()).bytes_per_event;
    } catch {
      log(`allocation (${which}) failed: ${(r.stderr ?? "").trim().split("\n")[0]}`);
      return null;
    }
  };
  allocation = { method: "heap growth over repeated evaluate calls with no GC inside (bench/alloc.mjs); null: a collection ran", default_bundle: one("default"), generated_bundle: one(genFile) };
  // The classify tail and the collector's share of it, in a process of its own (bench/classify-gc.mjs).
  const gc = spawnSync(process.execPath, [join(here, "classify-gc.mjs"), String(QUICK ? 5 : 60)], { cwd: root, encoding: "utf8", maxBuffer: 16 * 1024 * 1024 });
  try {
    classifyGc = JSON.parse(gc.stdout.trim().split("\n").pop());
  } catch {
    log(`classify-gc failed: ${(gc.stderr ?? "").trim().split("\n")[0]}`);
  }
}

// ── the daemon: `gatehouse serve` under load (bench/http-load.mjs, as bench/daemon.mjs) ──
// Two configurations on the same server, interleaved per in-flight level: the eight repeated commands (what
// the classification cache is for) and every command distinct (what it cannot help), cwd a real repository.
let daemon = null;
// A ratio of two CPU figures (null when either is missing); defined before the daemon block below runs.
const cpuRatio = (a, b) => (a == null || !b ? null : Number((a / b).toFixed(2)));
if (!NO_DAEMON) {
  const bin = join(root, "bin", "gatehouse.js");
  const bundleFile = join(scratch, "daemon-bundle.json");
  writeFileSync(bundleFile, JSON.stringify(countingDefaultBundle(root)));
  const bareFile = join(scratch, "bare.mjs");
  writeFileSync(bareFile, BARE_SERVER);
  // Each configuration its own project (cwd is keyed): the distinct texts include the eight repeated ones.
  const configurations = {
    repeated: claudeHookPayloads(REPEATED_COMMANDS, 64, benchRepository(join(scratch, "daemon-project"))).map((p) => JSON.stringify(p)),
    distinct: distinctHookBodies(distinctBase, benchRepository(join(scratch, "daemon-project-2"))),
  };
  const cacheStats = async (server) => (server.health ? ((await getJson(server.url, "/healthz")).classify_cache ?? null) : null);
  const run = async (server, path, configs) => {
    const out = {};
    for (const inFlight of [1, 32])
      for (const [name, bodies] of Object.entries(configs)) {
        await httpLoad(server.url, path, bodies, inFlight, PLAN.daemon.warmup);
        const before = await cacheStats(server);
        const row = await httpLoad(server.url, path, bodies, inFlight, PLAN.daemon.requests, server.child.pid);
        const after = await cacheStats(server);
        // The cache's hits and misses during the timed requests: the distinct configuration's must be 0 hits.
        if (before !== null && after !== null) row.classify_cache = { hits: after.hits - before.hits, misses: after.misses - before.misses, uncached: after.uncached - before.uncached };
        (out[name] ??= {})[`in_flight_${inFlight}`] = row;
      }
    return out;
  };
  try {
    log(`daemon: gatehouse serve (memory store), repeated and distinct commands, ${PLAN.daemon.requests} requests each at 1 and at 32 in flight`);
    const served = await startServer([bin, "serve", "--port", "0", "--bundle", bundleFile]);
    const hook = await run({ ...served, health: true }, "/v1/hook/claude", configurations);
    const cache = (await getJson(served.url, "/healthz")).classify_cache;
    await stop(served.child);
    // The same repeated calls evaluated in this process (the library's evaluate, no classification cache, the
    // event as the payload gives it plus its git branch): CPU per call, for the server ÷ in-process ratio.
    const inProcess = await inProcessCpuPerCall(lib, bundleFile, configurations.repeated, PLAN.daemon.requests);
    log("daemon: a bare node http server, for the ratio");
    const bare = await startServer([bareFile]);
    const bareRun = (await run(bare, "/", { bare: ["{}"] })).bare;
    await stop(bare.child);
    daemon = {
      route: "POST /v1/hook/claude (Claude Code http hook), default bundle + one counting Tier 2 program, memory store, 64 sessions, cwd a git repository",
      requests: PLAN.daemon.requests,
      serve: hook.repeated,
      serve_distinct: hook.distinct,
      classify_cache: cache,
      bare_node_http: bareRun,
      in_process_evaluate_cpu_us: inProcess,
      server_cpu_over_in_process: {
        in_flight_1: cpuRatio(hook.repeated.in_flight_1.server_cpu_us_per_request, inProcess),
        in_flight_32: cpuRatio(hook.repeated.in_flight_32.server_cpu_us_per_request, inProcess),
      },
    };
  } catch (error) {
    daemon = { error: error instanceof Error ? error.message : String(error) };
    log(`daemon not measured: ${daemon.error}`);
  }
}

const summaryDaemonRatio = (r) => r.daemon?.server_cpu_over_in_process?.in_flight_1 ?? null;

// ── memory ──────────────────────────────────────────────────────────────
async function memoryConstants() {
  if (typeof lib.PER_EVENT_MEMORY_BYTES === "number" && typeof lib.sessionStateBytes === "function")
    return { PER_EVENT_MEMORY_BYTES: lib.PER_EVENT_MEMORY_BYTES, INPUT_CAP: lib.INPUT_CAP ?? null, HAYSTACK_CAP: lib.HAYSTACK_CAP ?? null, BITSET_CAP: lib.BITSET_CAP ?? null, sessionStateBytes: lib.sessionStateBytes, source: "dist/index.js" };
  try {
    // Not exported from dist: bundle the two constant modules from src/ in memory.
    const { build } = await import("esbuild");
    const out = await build({
      stdin: {
        contents: 'export { PER_EVENT_MEMORY_BYTES, INPUT_CAP, HAYSTACK_CAP, BITSET_CAP } from "./src/hotpath/limits.ts";\nexport { sessionStateBytes } from "./src/model/state-layout.ts";\n',
        resolveDir: root,
        loader: "ts",
        sourcefile: "bench-memory-entry.ts",
      },
      bundle: true,
      write: false,
      format: "esm",
      platform: "neutral",
      target: "es2022",
      logLevel: "silent",
    });
    const m = await import("data:text/javascript;base64," + Buffer.from(out.outputFiles[0].contents).toString("base64"));
    return { ...m, source: "src/hotpath/limits.ts + src/model/state-layout.ts (bundled in memory; not exported from dist)" };
  } catch (error) {
    // Last resort: the formula documented in src/model/state-layout.ts.
    return {
      PER_EVENT_MEMORY_BYTES: null,
      sessionStateBytes: (l) => 8 * (l.c + l.t + l.a) + l.f + (l.run ? 40 : 0),
      source: `formula of src/model/state-layout.ts (esbuild unavailable: ${error instanceof Error ? error.message : error})`,
    };
  }
}
const mem = await memoryConstants();
const wasmPath = join(root, "build", "gatehouse.wasm");
const bundleMemory = (engine, finalState) => ({
  layout: engine.layout,
  session_state_bytes: mem.sessionStateBytes(engine.layout),
  blank_state_json_bytes: Buffer.byteLength(JSON.stringify(engine.blankState())),
  state_json_bytes_after_run: finalState == null ? null : Buffer.byteLength(JSON.stringify(finalState)),
});
const memory = {
  per_event_wasm_memory_bytes: mem.PER_EVENT_MEMORY_BYTES ?? null,
  per_event_parts: { INPUT_CAP: mem.INPUT_CAP ?? null, HAYSTACK_CAP: mem.HAYSTACK_CAP ?? null, BITSET_CAP: mem.BITSET_CAP ?? null },
  source: mem.source,
  wasm_module_bytes: existsSync(wasmPath) ? statSync(wasmPath).size : null,
  default_bundle: bundleMemory(engines.default_wasm, configs.find((c) => c.key === "default_wasm").state),
  generated_bundle: bundleMemory(engines.gen_wasm, configs.find((c) => c.key === "gen_wasm").state),
};

rmSync(scratch, { recursive: true, force: true });

// ── results ─────────────────────────────────────────────────────────────
const git = (args) => {
  const r = spawnSync("git", args, { cwd: root, encoding: "utf8" });
  return r.status === 0 ? r.stdout.trim() : null;
};
const countBy = (list, f) => list.reduce((acc, x) => ((acc[f(x)] = (acc[f(x)] ?? 0) + 1), acc), {});
const results = {
  schema: "gatehouse-bench/1",
  generated_at: new Date().toISOString(),
  quick: QUICK,
  machine: {
    cpu: cpus()[0]?.model ?? "unknown",
    cpus: availableParallelism(),
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
    load_average_start: loadStart.map((x) => Math.round(x * 100) / 100),
    load_average_end: loadavg().map((x) => Math.round(x * 100) / 100),
    note: "shared, noisy cores: other processes run at the same time",
  },
  git: { commit: git(["rev-parse", "--short", "HEAD"]), dirty: (git(["status", "--porcelain", "--untracked-files=no"]) ?? "") !== "" },
  engine_version: engines.default_wasm.engineVersion,
  method: {
    timer: "process.hrtime.bigint() around each call; hdr-histogram-js, 3 significant digits",
    warmup_passes: PLAN.warmupPasses,
    rounds: PLAN.rounds,
    passes_per_round: Object.fromEntries(configs.map((c) => [c.key, c.passes])),
    now_ms: `starts at ${NOW0}, +1000 per evaluation; each configuration carries its session state from call to call`,
  },
  events: {
    total: events.length,
    by_category: countBy(events, (e) => e.category),
    by_source: countBy(events, (e) => e.source),
    peer_case_sources: peerSources,
    excluded,
    peer_case_dir_found: existsSync(PEER_DIR),
  },
  bundles: {
    default: { bundle_id: engines.default_wasm.bundleId, digest: engines.default_wasm.bundleDigest, artifacts: JSON.parse(defaultBundleText).artifacts.length, skipped: engines.default_wasm.skipped.length },
    generated: {
      ...GEN,
      bundle_id: engines.gen_wasm.bundleId,
      digest: engines.gen_wasm.bundleDigest,
      json_bytes: Buffer.byteLength(generatedText),
      ...describeBundle(generated),
      skipped: engines.gen_wasm.skipped.length,
    },
  },
  agreement: agree,
  latency_us: latency,
  rounds_us: roundSpread,
  cpu_share_timed: Math.round((cpuAll / wallAll) * 100) / 100,
  gc_during_timed_rounds: gc,
  latency_by_category_us: latencyByCategory,
  ratios,
  budget: {
    rule: "SPEC §13: p99 ≤ 500 µs with 2,000 atoms (one core)",
    generated_wasm_p99_us: S("gen_wasm")?.p99 ?? null,
    generated_wasm_p99_quietest_round_us: roundSpread.gen_wasm?.p99.min ?? null,
    generated_wasm_p50_us: S("gen_wasm")?.p50 ?? null,
    budget_us: 500,
    within: S("gen_wasm") ? S("gen_wasm").p99 <= 500 : null,
    informational: true,
  },
  split,
  unmatchable,
  intrinsic_tail_us: intrinsicTail,
  allocation_bytes_per_event: allocation,
  classify_gc: classifyGc,
  daemon,
  peer: peerComparison,
  process: processLevel,
  node_versions: nodeVersions,
  load_ms: { warm_in_process: warmLoadMs, cold: coldLoad },
  memory,
  wall_time_s: Math.round(Number(process.hrtime.bigint() - started) / 1e8) / 10,
};

results.summary = summarize_(results);
mkdirSync(dirname(OUT), { recursive: true });
writeFileSync(OUT, JSON.stringify(results, null, 2) + "\n");
if (!QUICK && option("--out") === undefined) writeFileSync(join(here, "results", "latest.md"), renderReport(results) + "\n");
log(`wrote ${relative(process.cwd(), OUT) || OUT} (${results.wall_time_s} s; checksum ${sink})`);
// --json: the summary object is stdout's one line (the full results are in the file).
process.stdout.write(JSON_OUT ? `${JSON.stringify(results.summary)}\n` : renderReport(results) + "\n");

/**
 * The contract's figures in one object (`npm run bench -- --json` prints it as
 * its last line): the cases, WASM vs twin, the hook process, the daemon, the
 * peer, and each SPEC §13 target with whether this run met it.
 */
function summarize_(r) {
  const L = r.latency_us;
  const caseOf = (key, name, atoms, eventCount) => {
    const l = L[key];
    if (!l?.n) return null;
    return { name, atoms, events: eventCount, calls: l.n, p50_us: l.p50, p90_us: l.p90, p99_us: l.p99, p999_us: l.p99_9, max_us: l.max, events_per_s: Math.round(1e6 / l.mean) };
  };
  const n = r.events.total;
  const cases = [
    caseOf("default_wasm", "default bundle, WASM", defaultAtoms, n),
    caseOf("default_twin", "default bundle, TypeScript twin", defaultAtoms, n),
    caseOf("default_nopf", "default bundle, WASM, prefilter off", defaultAtoms, n),
    caseOf("gen_wasm", "2,000-atom bundle, WASM", GEN.atoms, n),
    caseOf("gen_twin", "2,000-atom bundle, TypeScript twin", GEN.atoms, n),
    caseOf("gen_nopf", "2,000-atom bundle, WASM, prefilter off", GEN.atoms, n),
    caseOf("gen10k_wasm", `2,000-atom bundle + ${UNMATCHABLE} unmatchable artifacts, WASM`, GEN.atoms + UNMATCHABLE, n),
    caseOf("empty_wasm", "empty bundle, WASM", 0, n),
    caseOf("classify", "classify (shell parse + classification), the mixed events", null, n),
    caseOf("classify_distinct", "classify, every command distinct", null, L.classify_distinct?.n ?? 0),
    caseOf("default_distinct", "default bundle, WASM, every command distinct", defaultAtoms, L.default_distinct?.n ?? 0),
    caseOf("peer", `${r.peer.peer.name} ${r.peer.peer.version ?? ""} checkCommand, the same distinct commands`.replace("  ", " "), null, L.peer?.n ?? 0),
  ].filter((c) => c !== null);
  const P = r.process?.commands ?? null;
  const hook = P?.gatehouse_hook_claude ?? null;
  const bare = P?.node_bare ?? null;
  const peerHook = P?.peer_hook_claude ?? null;
  const forwarding = P?.gatehouse_hook_claude_daemon ?? null;
  const autoHook = P?.gatehouse_hook_claude_auto ?? null;
  const d32 = r.daemon?.serve?.in_flight_32 ?? null;
  const d1 = r.daemon?.serve?.in_flight_1 ?? null;
  const ms = (us) => (us === null || us === undefined ? null : Math.round(us) / 1000);
  const figures = (x) =>
    x === null || x === undefined
      ? null
      : { p50: ms(x.latency_us.p50), p99: ms(x.latency_us.p99), requests_per_s: x.requests_per_s, server_cpu_us_per_request: x.server_cpu_us_per_request ?? null, ...(x.classify_cache && { classify_cache: x.classify_cache }) };
  const daemonFigures = (c) => (c === null || c === undefined ? null : { ...figures(c.in_flight_32), in_flight: 32, in_flight_1: figures(c.in_flight_1) });
  const hookProcess =
    hook === null || bare === null
      ? null
      : {
          p50: hook.median,
          p90: hook.p90,
          node_baseline_p50: bare.median,
          node_baseline_p90: bare.p90,
          over_node_p50: hook.over_bare_node_median_ms,
          over_node_p90: hook.over_bare_node_p90_ms,
          without_code_cache_p50: P.gatehouse_hook_claude_uncached?.median ?? null,
          // CPU time (all threads) of the same processes: what the call costs, less the waiting for a core.
          cpu_p50: hook.cpu_ms?.median ?? null,
          node_baseline_cpu_p50: bare.cpu_ms?.median ?? null,
          over_node_cpu_p50: hook.cpu_ms && bare.cpu_ms ? Math.round((hook.cpu_ms.median - bare.cpu_ms.median) * 10) / 10 : null,
          peer_over_node_cpu_p50: peerHook?.cpu_ms && bare.cpu_ms ? Math.round((peerHook.cpu_ms.median - bare.cpu_ms.median) * 10) / 10 : null,
          peer_p50: peerHook?.median ?? null,
          peer_over_node_p50: peerHook?.over_bare_node_median_ms ?? null,
          // `hook claude --daemon URL` with a daemon running: the process forwards and loads none of the engine.
          forwarding_p50: forwarding?.median ?? null,
          forwarding_over_node_p50: forwarding?.over_bare_node_median_ms ?? null,
          forwarding_over_node_cpu_p50: forwarding?.cpu_ms && bare.cpu_ms ? Math.round((forwarding.cpu_ms.median - bare.cpu_ms.median) * 10) / 10 : null,
          // The hook exactly as `install claude` writes it (--daemon auto), from its second call on.
          auto_p50: autoHook?.median ?? null,
          auto_over_node_p50: autoHook?.over_bare_node_median_ms ?? null,
          auto_over_node_cpu_p50: autoHook?.cpu_over_bare_node_median_ms ?? null,
          runs: r.process.runs,
        };
  const daemonMs =
    d32 === null
      ? { p50: null, p99: null, in_flight: 32, why_null: NO_DAEMON ? "not run (--no-daemon / --no-process)" : (r.daemon?.error ?? "not measured") }
      : {
          p50: ms(d32.latency_us.p50),
          p99: ms(d32.latency_us.p99),
          in_flight: 32,
          requests_per_s: d32.requests_per_s,
          server_cpu_us_per_request: d32.server_cpu_us_per_request,
          // The same calls' in-process evaluate (CPU per call) and the server's CPU over it (issue 21: ≤ 2×).
          in_process_evaluate_cpu_us: r.daemon.in_process_evaluate_cpu_us ?? null,
          server_cpu_over_in_process: r.daemon.server_cpu_over_in_process ?? null,
          in_flight_1: { p50: ms(d1.latency_us.p50), p99: ms(d1.latency_us.p99), requests_per_s: d1.requests_per_s, server_cpu_us_per_request: d1.server_cpu_us_per_request },
          // The same server, every command text new: what the classification cache cannot help.
          distinct: daemonFigures(r.daemon.serve_distinct),
          classify_cache: r.daemon.classify_cache ?? null,
          bare_node_http_in_flight_32: figures(r.daemon.bare_node_http.in_flight_32),
          bare_node_http_in_flight_1: figures(r.daemon.bare_node_http.in_flight_1),
        };
  const target = (name, value, limit, unit) => ({ target: name, value, limit, unit, met: value === null || value === undefined ? null : value <= limit });
  const targets = [
    target("2,000-atom WASM p99 ≤ 500 µs", L.gen_wasm?.p99 ?? null, 500, "µs"),
    target("2,000-atom WASM p50 ≤ 60 µs", L.gen_wasm?.p50 ?? null, 60, "µs"),
    target("default bundle p99 ≤ 300 µs", L.default_wasm?.p99 ?? null, 300, "µs"),
    target("hook process median ≤ bare node + 30 ms", hookProcess?.over_node_p50 ?? null, 30, "ms over node"),
    target("hook process forwarding to a running daemon (--daemon) median ≤ bare node + 30 ms", hookProcess?.forwarding_over_node_p50 ?? null, 30, "ms over node"),
    target("daemon server CPU per request (1 in flight) ≤ 2× in-process evaluate", summaryDaemonRatio(r), 2, "×"),
    target("install claude's hook (--daemon auto), from its second call: median ≤ bare node + 10 ms", hookProcess?.auto_over_node_p50 ?? null, 10, "ms over node"),
    target("daemon p99 ≤ 2 ms at 32 in flight", daemonMs.p99, 2, "ms"),
    target("daemon p99 ≤ 2 ms at 32 in flight, every command distinct", daemonMs.distinct?.p99 ?? null, 2, "ms"),
    { ...target("+10,000 unmatchable artifacts add < 10 µs to p50", r.unmatchable.p50_delta_us, 10, "µs"), met: r.unmatchable.p50_delta_us === null ? null : r.unmatchable.p50_delta_us < 10 },
  ];
  return {
    engine_version: r.engine_version,
    generated_at: r.generated_at,
    commit: r.git.commit,
    quick: r.quick,
    machine: { cpu: r.machine.cpu, cpus: r.machine.cpus, node: r.machine.node, load_average: [r.machine.load_average_start[0], r.machine.load_average_end[0]], cpu_share_timed: r.cpu_share_timed },
    cases,
    wasm_vs_twin: {
      note: "WASM ÷ twin per percentile, full evaluate; below 1: WASM faster",
      default_bundle: r.ratios.wasm_over_twin_default,
      generated_bundle: r.ratios.wasm_over_twin_generated,
    },
    prefilter_off_over_on: { default_bundle: r.ratios.prefilter_off_over_on_default, generated_bundle: r.ratios.prefilter_off_over_on_generated },
    unmatchable: r.unmatchable,
    per_atom_ns: r.split.per_atom_ns_generated,
    classify_gc: r.classify_gc ?? null,
    allocation_bytes_per_event: r.allocation_bytes_per_event === null ? null : { default_bundle: r.allocation_bytes_per_event.default_bundle, generated_bundle: r.allocation_bytes_per_event.generated_bundle },
    intrinsic_tail_us: { default_bundle: r.intrinsic_tail_us.default_wasm, generated_bundle: r.intrinsic_tail_us.gen_wasm },
    quietest_round_p99_us: { default_bundle: r.rounds_us.default_wasm?.p99.min ?? null, generated_bundle: r.rounds_us.gen_wasm?.p99.min ?? null },
    hook_process_ms: hookProcess,
    node_versions: nodeVersionsSummary(r),
    daemon_ms: daemonMs,
    peer: {
      name: r.peer.peer.name,
      version: r.peer.peer.version,
      installed: r.peer.peer.installed,
      commands: "the same distinct Bash commands as the distinct cases, in the same process",
      p50_us: r.peer.peer_distinct?.p50 ?? null,
      p99_us: r.peer.peer_distinct?.p99 ?? null,
      gatehouse_default_p50_us: r.peer.gatehouse_default_distinct?.p50 ?? null,
      gatehouse_default_p99_us: r.peer.gatehouse_default_distinct?.p99 ?? null,
      peer_over_gatehouse_default: r.peer.peer_over_gatehouse_default,
      hook_process_over_node_p50_ms: hookProcess?.peer_over_node_p50 ?? null,
    },
    targets,
    wall_time_s: r.wall_time_s,
  };
}

