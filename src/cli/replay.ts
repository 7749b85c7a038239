// `gatehouse replay [--bundle B]… [--against B] [--json] [--twin] FILE` (docs/ledger.md;
// options in src/cli/commands.ts):
// re-evaluate every row recorded with its event and report each decision that
// differs, field by field. Exit 0 when every compared row reproduced, 1 on any
// difference or failed replay — or when rows exist but none could be compared.
import type { Engine } from "../engine.js";
import { ENGINE_VERSION } from "../version.js";
import { replayLedger, type ReplayOutcome } from "../ledger/replay.js";
import type { ParsedArgs } from "./args.js";
import { engineFromArgs } from "./engine-options.js";
import { EXIT } from "../model/exit-codes.js";
import type { Io } from "./io.js";
import { readingLedger } from "./ledger.js";
import { LineRanges } from "./line-ranges.js";
import { printable } from "./printable.js";

const MAX_VALUE_CHARS = 300;
function shortJson(value: unknown): string {
  const text = printable(JSON.stringify(value) ?? "undefined");
  return text.length > MAX_VALUE_CHARS ? `${text.slice(0, MAX_VALUE_CHARS)}…` : text;
}

function where(o: { line: number; seq: number; session_id: string; tool_name: string | null }): string {
  return `line ${o.line} (seq ${o.seq}, session ${printable(o.session_id || "-")}${o.tool_name !== null ? `, ${printable(o.tool_name)}` : ""})`;
}

const note = <K>(spans: Map<K, LineRanges>, key: K, line: number) => {
  let s = spans.get(key);
  if (s === undefined) spans.set(key, (s = new LineRanges()));
  s.add(line);
};
const lines = (s: LineRanges) => s.toString();

export async function replayCommand(args: ParsedArgs, io: Io): Promise<number> {
  const file = args.positionals[0]!;
  const bundlePaths = args.lists.get("bundle") ?? [];
  const againstPath = args.values.get("against");
  const implementation = args.flags.has("twin") ? "twin" : "wasm";
  const json = args.flags.has("json");

  const against = againstPath === undefined ? null : await engineFromArgs(againstPath, implementation);
  const candidates = new Map<string, Engine>();
  if (against === null) {
    for (const path of bundlePaths.length > 0 ? bundlePaths : [undefined]) {
      const engine = await engineFromArgs(path, implementation);
      candidates.set(engine.bundleDigest, engine);
    }
  }
  const counts = { reproduced: 0, differs: 0, failed: 0, other_bundle: 0, no_event: 0, not_a_row: 0 };
  const otherBundles = new Map<string, LineRanges>();
  const unreplayable = new Map<"no_event" | "not_a_row", LineRanges>();
  const report = (o: ReplayOutcome) => {
    counts[o.kind]++;
    if (o.kind === "reproduced") return;
    if (json) {
      io.out(JSON.stringify(o));
      return;
    }
    if (o.kind === "differs") {
      const notes = [
        o.recorded_bundle !== o.replayed_bundle ? `recorded with ${o.recorded_bundle}, replayed with ${o.replayed_bundle}` : null,
        o.recorded_engine !== ENGINE_VERSION ? `recorded by ${printable(o.recorded_engine)}, replayed by ${ENGINE_VERSION}` : null,
        o.redacted ? "the event was redacted when recorded, which alone may change the decision" : null,
        o.blank_state ? "the recorded state_in does not fit this bundle's layout: replayed from a blank state" : null,
      ].filter((n) => n !== null);
      io.out(`${where(o)}: the decision differs${notes.length > 0 ? ` [${notes.join("; ")}]` : ""}`);
      for (const d of o.differences) io.out(`  ${d.field}: recorded ${shortJson(d.recorded)} → replayed ${shortJson(d.replayed)}`);
    } else if (o.kind === "failed") io.out(`${where(o)}: replay failed — ${printable(o.message)}`);
    else if (o.kind === "other_bundle") note(otherBundles, o.bundle_digest, o.line);
    else note(unreplayable, o.kind, o.line);
  };
  readingLedger(file, () => {
    for (const outcome of replayLedger(file, { against, byDigest: (d) => candidates.get(d) ?? null })) report(outcome);
  });

  const compared = counts.reproduced + counts.differs + counts.failed;
  const rows = compared + counts.other_bundle + counts.no_event;
  if (json) io.out(JSON.stringify({ summary: { file, ...counts, against: against?.bundleDigest ?? null, candidates: [...candidates.keys()] } }));
  else {
    for (const [digest, s] of otherBundles)
      io.out(`${s.count} row${s.count === 1 ? "" : "s"} recorded with bundle ${printable(digest)} (${lines(s)}): not compared — that bundle was not given (--bundle FILE, or --against FILE to compare anyway)`);
    const ne = unreplayable.get("no_event");
    if (ne !== undefined) io.out(`${ne.count} row${ne.count === 1 ? "" : "s"} without an event (${lines(ne)}): not replayable — record with --ledger-events`);
    const bad = unreplayable.get("not_a_row");
    if (bad !== undefined) io.out(`${bad.count} line${bad.count === 1 ? "" : "s"} that are not rows (${lines(bad)}): skipped — gatehouse ledger verify says what they are`);
    const on = against !== null ? `against ${against.bundleDigest}` : `by digest (${[...candidates.keys()].join(", ")})`;
    io.out(`replay ${file} ${on}: ${compared} replayed — ${counts.reproduced} reproduced, ${counts.differs} differ, ${counts.failed} failed; ${counts.other_bundle} of another bundle, ${counts.no_event} without an event`);
  }
  if (counts.differs > 0 || counts.failed > 0) return EXIT.FAILURE;
  // A replay that checked nothing does not pass: rows none could be compared, or only lines that are no rows.
  if ((rows > 0 || counts.not_a_row > 0) && compared === 0) {
    io.err(`gatehouse replay: ${rows > 0 ? "no row" : "no line"} of ${file} could be compared`);
    return EXIT.FAILURE;
  }
  return EXIT.OK;
}
