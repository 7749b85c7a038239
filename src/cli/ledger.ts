// `gatehouse ledger verify [--json] [--allow-torn] FILE` and
// `gatehouse ledger show FILE [--session S] [--verdict V[,V…]] [--since T] [--json]`
// (docs/ledger.md; options in src/cli/commands.ts). verify: exit 0 on an intact
// chain, 1 naming the first broken row (or a torn line, unless --allow-torn),
// 66 when the file cannot be read.
import { VERDICTS, type Verdict } from "../model/decision.js";
import { fileLines } from "../ledger/file-lines.js";
import { readLedgerLine } from "../ledger/line.js";
import { verifyLedger, verifyPassed, type Finding, type VerifyReport } from "../ledger/verify.js";
import { UsageError, type ParsedArgs } from "./args.js";
import { unreadable } from "./engine-options.js";
import { EXIT } from "../model/exit-codes.js";
import type { Io } from "./io.js";
import { printable } from "./printable.js";

/** Run a reader over the file, turning an unreadable file into exit 66 with one line. */
export function readingLedger<T>(file: string, read: () => T): T {
  try {
    return read();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== undefined) throw unreadable(file, error, "cannot read the ledger");
    throw error;
  }
}

function findingLine(f: Finding): string {
  const seq = f.seq !== null ? `seq ${f.seq}` : f.kind === "torn" ? null : `where seq ${f.due_seq} was due`;
  return `line ${f.line}${seq !== null ? ` (${seq})` : ""}: ${f.kind === "torn" ? "torn" : f.kind.replace(/_/g, " ")} — ${printable(f.message)}`;
}

function verifyText(file: string, r: VerifyReport, allowTorn: boolean): string[] {
  const lines: string[] = [];
  const head = r.head === null ? "no rows" : `head seq ${r.head.seq} at line ${r.head.line}, ${r.head.hash}`;
  if (r.breakCount === 0) lines.push(`${file}: chain intact — ${r.rows} row${r.rows === 1 ? "" : "s"}, ${head}`);
  else {
    lines.push(`${file}: chain broken at ${findingLine(r.breaks[0]!)}`);
    for (const f of r.breaks.slice(1)) lines.push(`  also ${findingLine(f)}`);
    if (r.breakCount > r.breaks.length) lines.push(`  … and ${r.breakCount - r.breaks.length} more`);
    lines.push(`  ${r.rows} rows read, ${head}`);
  }
  for (const t of r.torn) lines.push(`  ${findingLine(t)}${allowTorn ? " [allowed]" : ""}`);
  if (r.tornCount > r.torn.length) lines.push(`  … and ${r.tornCount - r.torn.length} more torn lines`);
  for (const n of r.notes) lines.push(`  note: ${n}`);
  return lines;
}

export async function verifyCommand(args: ParsedArgs, io: Io): Promise<number> {
  const file = args.positionals[0]!;
  const allowTorn = args.flags.has("allow-torn");
  const report = readingLedger(file, () => verifyLedger(file));
  const ok = verifyPassed(report, allowTorn);
  if (args.flags.has("json")) io.out(JSON.stringify({ ok, ...report }));
  else for (const line of verifyText(file, report, allowTorn)) io.out(line);
  return ok ? EXIT.OK : EXIT.FAILURE;
}

const DURATION = /^(\d+)(s|m|h|d|w)$/;
const UNIT_MS: Record<string, number> = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };

/** `--since`: epoch ms, an ISO date/time, or a duration back from now (`30m`, `12h`, `7d`). */
export function parseSince(text: string, nowMs: number): number {
  if (/^\d+$/.test(text)) return Number(text);
  const d = DURATION.exec(text);
  if (d !== null) return nowMs - Number(d[1]) * UNIT_MS[d[2]!]!;
  const t = /^\d{4}-\d{2}-\d{2}/.test(text) ? Date.parse(text) : Number.NaN;
  if (Number.isNaN(t)) throw new UsageError(`--since ${JSON.stringify(text)}: give epoch ms, an ISO date/time (2026-01-31, 2026-01-31T09:00Z) or a duration (30m, 12h, 7d)`);
  return t;
}

function parseVerdicts(text: string): Set<Verdict> {
  const out = new Set<Verdict>();
  for (const v of text.split(",")) {
    const t = v.trim();
    if (!(VERDICTS as readonly string[]).includes(t)) throw new UsageError(`--verdict ${JSON.stringify(t)}: one of ${VERDICTS.join(", ")} (comma-separated for several)`);
    out.add(t as Verdict);
  }
  return out;
}

export async function showCommand(args: ParsedArgs, io: Io): Promise<number> {
  const file = args.positionals[0]!;
  const session = args.values.get("session");
  const verdicts = args.values.has("verdict") ? parseVerdicts(args.values.get("verdict")!) : null;
  const since = args.values.has("since") ? parseSince(args.values.get("since")!, io.now()) : null;
  const json = args.flags.has("json");
  let skipped = 0;
  let shown = 0;
  readingLedger(file, () => {
    for (const l of fileLines(file)) {
      const reading = l.oversize === null ? readLedgerLine(l.bytes) : null;
      if (reading === null || reading.kind !== "row") {
        skipped++;
        continue;
      }
      const { row } = reading;
      if (session !== undefined && row.session_id !== session) continue;
      if (verdicts !== null && !verdicts.has(row.decision.verdict)) continue;
      if (since !== null && row.now_ms < since) continue;
      shown++;
      if (json) {
        io.out(l.bytes.toString("utf8"));
        continue;
      }
      const d = row.decision;
      const tool = typeof row.event?.tool_name === "string" ? row.event.tool_name : "-";
      const rule = d.undecided ? "-" : (d.artifact_id ?? d.atom_id ?? "-");
      const time = new Date(row.now_ms).toISOString();
      io.out([`#${row.seq}`, time, printable(row.session_id || "-"), printable(tool), d.verdict.padEnd(5), printable(rule), printable(d.reason)].join("  ").trimEnd());
    }
  });
  if (skipped > 0) io.err(`gatehouse ledger show: ${skipped} line(s) of ${file} are not rows and were skipped (gatehouse ledger verify ${file} says what they are)`);
  if (!json && shown === 0) io.err(`gatehouse ledger show: no rows match`);
  return EXIT.OK;
}
