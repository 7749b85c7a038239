// `gatehouse ledger verify`: walk the file once, in bounded memory, checking
// every row against the chain rule (src/ledger/row.ts). A break is a row that
// is not what was appended — its bytes, its hash, its place (seq) or its link
// (prev) — or a line that is no row at all. A torn line (the prefix of a row a
// crash cut short) is reported too, but it is not a break: appends never chain
// to one, so the chain runs past it. After a break the walk re-anchors on the
// broken row, so one damaged row is one finding, not a cascade.
import { fileLines } from "./file-lines.js";
import { sha256Digest } from "./hash.js";
import { readLedgerLine } from "./line.js";
import { eventDigest, GENESIS_PREV, rowHash, type Digest } from "./row.js";

export const BREAK_KINDS = ["unparsable", "not_a_row", "not_canonical", "hash", "seq", "prev", "event_digest"] as const;
export type BreakKind = (typeof BREAK_KINDS)[number];

export interface Finding {
  line: number;
  /** The row's seq when the line is a row. */
  seq: number | null;
  /** The seq the chain expected at this line (what a row here should have carried). */
  due_seq: number;
  kind: BreakKind | "torn";
  message: string;
}

export interface VerifyReport {
  /** Rows that parse as rows (broken or not). */
  rows: number;
  lines: number;
  /** The last row: what an outside record should pin to detect truncation of the tail. */
  head: { line: number; seq: number; hash: Digest } | null;
  /** The first MAX_KEPT breaks, in file order; `breakCount` counts them all. */
  breaks: Finding[];
  breakCount: number;
  torn: Finding[];
  tornCount: number;
  /** Harmless oddities (a last row without its newline). */
  notes: string[];
}

const MAX_KEPT = 100;

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

export function verifyLedger(path: string): VerifyReport {
  const report: VerifyReport = { rows: 0, lines: 0, head: null, breaks: [], breakCount: 0, torn: [], tornCount: 0, notes: [] };
  const broke = (f: Finding) => {
    report.breakCount++;
    if (report.breaks.length < MAX_KEPT) report.breaks.push(f);
  };
  let expectedSeq = 1;
  let expectedPrev: Digest = GENESIS_PREV;
  let prevLine = 0;
  for (const l of fileLines(path)) {
    report.lines = l.line;
    if (l.oversize !== null) {
      broke({ line: l.line, seq: null, due_seq: expectedSeq, kind: "unparsable", message: `the line is ${l.oversize} bytes, over the row limit` });
      continue;
    }
    const reading = readLedgerLine(l.bytes);
    if (reading.kind === "torn") {
      report.tornCount++;
      if (report.torn.length < MAX_KEPT)
        report.torn.push({ line: l.line, seq: null, due_seq: expectedSeq, kind: "torn", message: tornMessage(l.bytes.length, reading.nulPadding ?? 0) });
      continue;
    }
    if (reading.kind !== "row") {
      broke({ line: l.line, seq: null, due_seq: expectedSeq, kind: reading.kind, message: reading.message });
      continue;
    }
    const { row, raw } = reading;
    report.rows++;
    const computed = rowHash(raw as never, sha256Digest);
    const at = { line: l.line, seq: row.seq, due_seq: expectedSeq };
    if (!reading.canonical) broke({ ...at, kind: "not_canonical", message: "the line is not the ledger's serialization of the row it parses to (bytes were changed)" });
    else if (computed !== row.hash) broke({ ...at, kind: "hash", message: `the row's contents do not match its hash (recorded ${row.hash}, computed ${computed})` });
    else if (row.seq !== expectedSeq) {
      const why = row.seq > expectedSeq ? `${plural(row.seq - expectedSeq, "row")} missing before it` : "a repeated or reordered row";
      broke({ ...at, kind: "seq", message: `seq ${row.seq} where ${expectedSeq} was due: ${why}` });
    } else if (row.prev !== expectedPrev)
      broke({ ...at, kind: "prev", message: `prev does not link to the row before (${prevLine === 0 ? "the genesis value" : `line ${prevLine}`}): recorded ${row.prev}, expected ${expectedPrev}` });
    else if (row.event !== undefined && row.redacted === undefined && eventDigest(row.event, sha256Digest) !== row.event_digest)
      broke({ ...at, kind: "event_digest", message: `the recorded event does not match event_digest ${row.event_digest}` });
    expectedSeq = row.seq + 1;
    expectedPrev = row.hash;
    prevLine = l.line;
    report.head = { line: l.line, seq: row.seq, hash: row.hash };
    if (!l.terminated) report.notes.push(`line ${l.line}: the last row has no newline (its append stopped just short of it); the next append adds it`);
  }
  return report;
}

/** No breaks and (unless allowed) no torn lines. */
export function verifyPassed(report: VerifyReport, allowTorn = false): boolean {
  return report.breakCount === 0 && (allowTorn || report.tornCount === 0);
}

function tornMessage(length: number, nulPadding: number): string {
  if (nulPadding === 0) return `a torn write: the first ${plural(length, "byte")} of a row an append did not finish (outside the chain)`;
  const written = length - nulPadding;
  const nuls = `${plural(nulPadding, "NUL byte")} (what a crash leaves where a grown file's data was lost)`;
  return `a torn write: ${written > 0 ? `${plural(written, "byte")} of a row an append did not finish, then ` : ""}${nuls} (outside the chain)`;
}
