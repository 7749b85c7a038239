// The peer cross-check (docs/peer-cases.md): cc-safety-net's own verdicts on
// commands, read at run time from ../shared/peer-cases/ (never copied into the
// project), evaluated through the engine with the embedded default bundle.
// Shared by scripts/peer-agreement.ts and test/peer/peer-cases.test.ts.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Classification } from "../../src/model/classification.js";
import type { Engine } from "../../src/engine.js";
import type { Decision } from "../../src/model/decision.js";
import { parseEvent } from "../../src/model/event.js";

export const PEER_DIR_FROM_ROOT = "../shared/peer-cases";
export const UPSTREAM_FILE = "cc-safety-net-upstream-tests.jsonl";
export const PROBES_FILE = "cc-safety-net-probes.jsonl";

/** The peer's HOME for the probes (its README says they ran with HOME=/home/ccsn). */
export const PROBE_HOME = "/home/ccsn";
/**
 * The upstream test cases carry a cwd (`/tmp/proj2`) but no HOME; their tests
 * build a fresh temp dir per case and leave HOME to the runner. We declare a
 * conventional Linux home outside the cwd.
 */
export const UPSTREAM_HOME = "/home/user";

export type PeerVerdict = "allow" | "deny";
export type OurVerdict = "allow" | "ask" | "deny";

export interface PeerCase {
  file: "upstream" | "probes";
  id: number;
  command: string;
  cwd: string;
  home: string;
  /** The verdict we compare with: upstream_expect / standard. */
  peer: PeerVerdict;
  /** Other peer columns reported but not compared (ccsn_2_4_5_standard; strict; paranoid). */
  extra: Record<string, PeerVerdict>;
}

export interface Evaluated extends PeerCase {
  ours: OurVerdict;
  decision: Decision;
  /** The classifier's view (for `simple`, which the decision does not carry). */
  classification: Classification;
}

export function peerDir(repoRoot: string): string {
  return join(repoRoot, PEER_DIR_FROM_ROOT);
}

/**
 * Whether a missing peer set fails the run instead of skipping it: on CI (CI set,
 * as for the browser suites, test/web/chromium.ts) the run that decides a landing
 * never passes without the cross-check; on a developer's clone it skips and says so.
 */
export const peerCasesRequired = process.env.CI !== undefined;

export function peerCasesAvailable(repoRoot: string): boolean {
  const dir = peerDir(repoRoot);
  return existsSync(join(dir, UPSTREAM_FILE)) && existsSync(join(dir, PROBES_FILE));
}

function readJsonl(path: string): Array<Record<string, unknown>> {
  return readFileSync(path, "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

const verdict = (v: unknown): PeerVerdict => {
  if (v === "allow" || v === "deny") return v;
  throw new Error(`unexpected peer verdict ${JSON.stringify(v)}`);
};

/** One file of peer cases: `peerColumn` is the verdict we compare with, `extraColumns` are only reported. */
function readPeerCases(path: string, file: PeerCase["file"], home: string, peerColumn: string, extraColumns: readonly string[]): PeerCase[] {
  return readJsonl(path).map(
    (r): PeerCase => ({
      file,
      id: r.id as number,
      command: r.command as string,
      cwd: r.cwd as string,
      home,
      peer: verdict(r[peerColumn]),
      extra: Object.fromEntries(extraColumns.map((column) => [column, verdict(r[column])])),
    }),
  );
}

export function loadPeerCases(repoRoot: string): PeerCase[] {
  const dir = peerDir(repoRoot);
  return [
    ...readPeerCases(join(dir, UPSTREAM_FILE), "upstream", UPSTREAM_HOME, "upstream_expect", ["ccsn_2_4_5_standard"]),
    ...readPeerCases(join(dir, PROBES_FILE), "probes", PROBE_HOME, "standard", ["strict", "paranoid"]),
  ];
}

/** Our four verdicts onto the peer's two: hold degrades to ask (a bare hook has no resolver). */
export function ourVerdict(d: Decision): OurVerdict {
  if (d.verdict === "deny") return "deny";
  if (d.verdict === "ask" || d.verdict === "hold") return "ask";
  return "allow";
}

export const NOW_MS = 1_767_225_600_000;

export function evaluatePeerCase(engine: Engine, c: PeerCase): Evaluated {
  const event = {
    event_type: "pre_tool_use",
    session_id: `peer-${c.file}`,
    tool_use_id: `${c.file}-${c.id}`,
    tool_name: "Bash",
    tool_input: { command: c.command },
    env: { cwd: c.cwd, home: c.home, path_dirs: [], additional_dirs: [] },
  };
  const decision = engine.evaluate(event, null, NOW_MS).decision;
  return { ...c, ours: ourVerdict(decision), decision, classification: engine.classify(parseEvent(event)) };
}

export interface Agreement {
  total: number;
  /** deny==deny and allow==allow (an ask agrees with nothing). */
  strict: number;
  /** our deny|ask vs their deny; our allow vs their allow. */
  loose: number;
}

export function agreement(rows: Evaluated[], peerOf: (r: Evaluated) => PeerVerdict = (r) => r.peer): Agreement {
  let strict = 0;
  let loose = 0;
  for (const r of rows) {
    const p = peerOf(r);
    if (r.ours === p) strict++;
    if ((r.ours === "allow") === (p === "allow")) loose++;
  }
  return { total: rows.length, strict, loose };
}
