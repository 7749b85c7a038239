#!/usr/bin/env node
// The playground page's figures (issue 12's closing note), measured in Debian's
// headless Chromium against dist/web served by `gatehouse playground`:
//   - page weight: every file the page loads, raw and gzip;
//   - time to first decision: navigation start → the first decision rendered
//     (worker start, .wasm fetch and compile, default bundle compile, one evaluation);
//   - per keystroke: a command typed one character at a time; for each keystroke the
//     engine's evaluate() time inside the worker and keystroke → decision rendered;
//   - bundle compile time in the worker, default and the 2,000-atom bundle.
// Usage: npm run build && node bench/page.mjs [--runs N] [--json]
// Reports only; asserts nothing (shared, noisy machines).
import { readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { servePage } from "./serve-page.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const web = join(root, "dist/web");
const argv = process.argv.slice(2);
const runs = Number(argv[argv.indexOf("--runs") + 1] || 5) || 5;

const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? NaN : s[Math.min(s.length - 1, Math.floor(q * s.length))];
};
const summary = (xs) => ({ n: xs.length, p50: quantile(xs, 0.5), p90: quantile(xs, 0.9), p99: quantile(xs, 0.99), max: Math.max(...xs) });

// The files the page loads (source maps and the library build excluded): at start, and the
// inline-code grammars, fetched only when an event holds such code.
const AT_START = new Set(["index.html", "playground.js", "playground.css", "worker.js", "gatehouse.wasm", "tree-sitter.wasm", "tree-sitter-bash.wasm", "bundle.schema.json"]);
const PAGE_FILES = readdirSync(web).filter((f) => !f.endsWith(".map") && f !== "gatehouse.js");
const weight = Object.fromEntries(
  PAGE_FILES.map((f) => {
    const bytes = readFileSync(join(web, f));
    return [f, { bytes: statSync(join(web, f)).size, gzip: gzipSync(bytes).length, loaded: AT_START.has(f) ? "at start" : "on first need" }];
  }),
);

const server = await servePage();
const url = server.url;
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run"] });
const metrics = (page) => page.evaluate(() => window.gatehousePlayground.metrics);

const firstDecision = [];
const workerReady = [];
for (let i = 0; i < runs; i++) {
  const page = await browser.newPage();
  await page.goto(url);
  await page.waitForFunction(() => window.gatehousePlayground?.metrics.firstDecisionAt != null, undefined, { timeout: 60_000 });
  const m = await metrics(page);
  firstDecision.push(m.firstDecisionAt);
  workerReady.push(m.workerReadyMs);
  await page.close();
}

const COMMAND = "git push --force origin main && rm -rf ./build";
async function typing(page) {
  await page.fill('[data-testid="command-input"]', "");
  const before = (await metrics(page)).samples.length;
  await page.click('[data-testid="command-input"]');
  await page.keyboard.type(COMMAND, { delay: 40 });
  await page.waitForFunction((c) => window.gatehousePlayground.metrics.lastEvent?.tool_input?.command === c, COMMAND);
  await page.waitForTimeout(200);
  return (await metrics(page)).samples.slice(before);
}

const page = await browser.newPage();
await page.goto(url);
await page.evaluate(() => window.gatehousePlayground.ready);
const compileDefault = (await metrics(page)).lastCompileMs;
const keysDefault = await typing(page);
const compiles = (await metrics(page)).compiles;
await page.click('[data-testid="preset-generated"]');
await page.waitForFunction((n) => window.gatehousePlayground.metrics.compiles > n, compiles, { timeout: 60_000 });
const compile2000 = (await metrics(page)).lastCompileMs;
const summary2000 = await page.textContent('[data-testid="bundle-summary"]');
const keys2000 = await typing(page);
await browser.close();
await server.close();

const result = {
  chromium: "/usr/bin/chromium",
  weight,
  at_start: Object.values(weight).filter((w) => w.loaded === "at start").reduce((t, w) => ({ bytes: t.bytes + w.bytes, gzip: t.gzip + w.gzip }), { bytes: 0, gzip: 0 }),
  first_decision_ms: summary(firstDecision),
  worker_ready_ms: summary(workerReady),
  compile_ms: { default: compileDefault, atoms_2000: compile2000, atoms_2000_summary: summary2000 },
  keystroke: {
    command: COMMAND,
    default: { evaluate_ms: summary(keysDefault.map((s) => s.evaluateMs)), answered_ms: summary(keysDefault.map((s) => s.answeredMs)), round_trip_ms: summary(keysDefault.map((s) => s.roundTripMs)) },
    atoms_2000: { evaluate_ms: summary(keys2000.map((s) => s.evaluateMs)), answered_ms: summary(keys2000.map((s) => s.answeredMs)), round_trip_ms: summary(keys2000.map((s) => s.roundTripMs)) },
  },
};
if (argv.includes("--json")) process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
else {
  const f = (x) => (typeof x === "number" ? x.toFixed(2) : String(x));
  const lines = [
    "file | bytes | gzip | loaded",
    "---|--:|--:|---",
    ...Object.entries(weight).map(([k, w]) => `${k} | ${w.bytes} | ${w.gzip} | ${w.loaded}`),
    `total at start | ${result.at_start.bytes} | ${result.at_start.gzip} |`,
    "",
  ];
  lines.push(`first decision after navigation, ms (${runs} loads): p50 ${f(result.first_decision_ms.p50)}, max ${f(result.first_decision_ms.max)}; worker ready p50 ${f(result.worker_ready_ms.p50)}`);
  lines.push(`bundle compile in the worker, ms: default ${f(compileDefault)}, 2,000 atoms ${f(compile2000)} (${summary2000})`);
  for (const [name, k] of Object.entries(result.keystroke).filter(([n]) => n !== "command"))
    lines.push(`per keystroke, ${name} (${k.evaluate_ms.n} keys): evaluate p50 ${f(k.evaluate_ms.p50)} / p90 ${f(k.evaluate_ms.p90)} / max ${f(k.evaluate_ms.max)} ms; answer back p50 ${f(k.answered_ms.p50)} ms; keystroke → rendered p50 ${f(k.round_trip_ms.p50)} / p90 ${f(k.round_trip_ms.p90)} / max ${f(k.round_trip_ms.max)} ms`);
  process.stdout.write(`${lines.join("\n")}\n`);
}
