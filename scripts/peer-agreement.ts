// The peer cross-check (docs/peer-cases.md): every command of cc-safety-net's
// upstream tests and probes (read at run time from ../shared/peer-cases/, never
// copied into the project) through the engine with the embedded default bundle;
// agreement figures per file and the disagreements grouped by class.
//
// Usage: scripts/run-ts.sh scripts/peer-agreement.ts [--list] [--json]
//   --list  print every disagreement (class, verdicts, deciding rule, command)
//   --json  print the figures and class counts as JSON instead of the tables
import { loadEngine } from "../src/node/index.js";
import { packageRoot } from "../src/node/package-root.js";
import { agreement, evaluatePeerCase, loadPeerCases, peerCasesAvailable, peerDir, PROBE_HOME, UPSTREAM_HOME, type Agreement, type Evaluated, type PeerVerdict } from "../test/peer/cases.js";
import { CLASS_DOCS, disagreementClass, isDisagreement } from "../test/peer/classes.js";

const root = packageRoot();
if (!peerCasesAvailable(root)) {
  process.stderr.write(`peer cases not found under ${peerDir(root)}: nothing to compare\n`);
  process.exit(0);
}
const list = process.argv.includes("--list");
const asJson = process.argv.includes("--json");

const engine = await loadEngine();
const rows = loadPeerCases(root).map((c) => evaluatePeerCase(engine, c));
const byFile = {
  upstream: rows.filter((r) => r.file === "upstream"),
  probes: rows.filter((r) => r.file === "probes"),
};

const pct = (n: number, d: number) => `${((100 * n) / d).toFixed(1)}%`;
const fmt = (a: Agreement) => `strict ${a.strict}/${a.total} (${pct(a.strict, a.total)})  loose ${a.loose}/${a.total} (${pct(a.loose, a.total)})`;
const column = (name: string) => (r: Evaluated): PeerVerdict => r.extra[name]!;

const figures = {
  upstream: {
    upstream_expect: agreement(byFile.upstream),
    ccsn_2_4_5_standard: agreement(byFile.upstream, column("ccsn_2_4_5_standard")),
  },
  probes: {
    standard: agreement(byFile.probes),
    strict: agreement(byFile.probes, column("strict")),
    paranoid: agreement(byFile.probes, column("paranoid")),
  },
};

const disagreements = rows.filter(isDisagreement).map((r) => ({ r, cls: disagreementClass(r) }));
const counts = new Map<string, { upstream: number; probes: number; examples: string[] }>();
for (const { r, cls } of disagreements) {
  const key = cls ?? "UNDOCUMENTED";
  const entry = counts.get(key) ?? { upstream: 0, probes: 0, examples: [] };
  entry[r.file]++;
  if (entry.examples.length < 2) entry.examples.push(r.command.replace(/\n/g, "⏎"));
  counts.set(key, entry);
}
const verdictsOf = (file: "upstream" | "probes") => {
  const m: Record<string, number> = {};
  for (const r of byFile[file]) m[`${r.peer}/${r.ours}`] = (m[`${r.peer}/${r.ours}`] ?? 0) + 1;
  return m;
};

if (asJson) {
  const classes = Object.fromEntries([...counts].map(([k, v]) => [k, { upstream: v.upstream, probes: v.probes }]));
  console.log(JSON.stringify({ figures, verdicts: { upstream: verdictsOf("upstream"), probes: verdictsOf("probes") }, classes }, null, 2));
} else {
  console.log(`Peer cross-check: cc-safety-net 2.4.5 vs the embedded default bundle`);
  console.log(`(Bash pre_tool_use; upstream cases with env {cwd: case cwd, home: ${UPSTREAM_HOME}}, probes with {cwd: case cwd, home: ${PROBE_HOME}};`);
  console.log(` strict: deny==deny and allow==allow, an ask matches neither; loose: our deny|ask vs their deny)\n`);
  console.log(`upstream tests (${byFile.upstream.length})`);
  console.log(`  vs upstream_expect       ${fmt(figures.upstream.upstream_expect)}`);
  console.log(`  vs ccsn_2_4_5_standard   ${fmt(figures.upstream.ccsn_2_4_5_standard)}`);
  console.log(`probes (${byFile.probes.length})`);
  console.log(`  vs standard              ${fmt(figures.probes.standard)}`);
  console.log(`  vs strict                ${fmt(figures.probes.strict)}`);
  console.log(`  vs paranoid              ${fmt(figures.probes.paranoid)}`);
  console.log(`\npeer/ours verdict pairs: upstream ${JSON.stringify(verdictsOf("upstream"))}; probes ${JSON.stringify(verdictsOf("probes"))}`);
  console.log(`\ndisagreements by class (vs upstream_expect / standard): ${disagreements.length}\n`);
  const order = [...CLASS_DOCS.map((c) => c.id), "UNDOCUMENTED"];
  const title = new Map(CLASS_DOCS.map((c) => [c.id, c.title]));
  console.log(`| class | upstream | probes | e.g. |`);
  console.log(`|---|---|---|---|`);
  for (const id of order) {
    const e = counts.get(id);
    if (!e) continue;
    console.log(`| ${id} — ${title.get(id) ?? "no documented class"} | ${e.upstream} | ${e.probes} | ${e.examples.map((x) => `\`${x.slice(0, 60)}\``).join(", ")} |`);
  }
  if (list) {
    console.log("");
    for (const { r, cls } of disagreements)
      console.log(`${cls ?? "UNDOCUMENTED"}\t${r.file}#${r.id}\tpeer ${r.peer}\tours ${r.ours}\t${r.decision.atom_id ?? "-"}\t${JSON.stringify(r.command)}`);
  }
}
const undocumented = disagreements.filter((d) => d.cls === null).length;
if (undocumented > 0) process.stderr.write(`${undocumented} undocumented disagreement(s): run with --list\n`);
process.exit(undocumented > 0 ? 1 : 0);
