// The red-team set's figures per class (docs/redteam.md), and with --write the
// known-miss list test/redteam/redteam.test.ts ratchets against.
// Usage: scripts/run-ts.sh scripts/redteam.ts [--write] [--list]
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { loadEngine } from "../src/node/index.js";
import { packageRoot } from "../src/node/package-root.js";
import { judge, KNOWN_FILE, loadCases, missMap, tally, type RedteamResult } from "../test/redteam/cases.js";

const root = packageRoot();
const engine = await loadEngine();
const results = loadCases(root).map((c, i) => judge(engine, c, i));
const pct = (a: number, b: number) => (b === 0 ? "-" : `${((100 * a) / b).toFixed(1)}%`);

const byClass = new Map<string, RedteamResult[]>();
for (const r of results) byClass.set(r.case.class, [...(byClass.get(r.case.class) ?? []), r]);
const lines = ["| class | stopped / dangerous | silent | rule | allowed / harmless |", "|---|--:|--:|--:|--:|"];
for (const [cls, rs] of [...byClass].sort(([a], [b]) => a.localeCompare(b))) {
  const t = tally(rs);
  lines.push(`| ${cls} | ${t.stopped}/${t.dangerous} | ${t.silent} | ${t.rule} | ${t.allowed}/${t.harmless} |`);
}
const t = tally(results);
lines.push(`| **total** | **${t.stopped}/${t.dangerous} (${pct(t.stopped, t.dangerous)})** | ${t.silent} | ${t.rule} | **${t.allowed}/${t.harmless} (${pct(t.allowed, t.harmless)})** |`);
process.stdout.write(lines.join("\n") + "\n");
if (process.argv.includes("--list")) for (const [k, o] of Object.entries(missMap(results))) process.stdout.write(`${o}\t${k}\n`);
if (process.argv.includes("--write")) {
  const body = { note: "Written by scripts/redteam.ts --write: the red-team cases the default bundle still misses (silent, rule) or stops though harmless (false_alarm).", totals: t, misses: missMap(results) };
  writeFileSync(join(root, KNOWN_FILE), JSON.stringify(body, null, 2) + "\n");
  process.stderr.write(`wrote ${KNOWN_FILE}: ${Object.keys(body.misses).length} entries\n`);
}
