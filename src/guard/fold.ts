// The fold: a session's guard records read back as a bounded, scrubbed list
// for whoever ran the session. The file is session-writable, so the fold
// trusts nothing in it: lines that are not records are skipped and counted,
// at most FOLD_CAP records are kept, every string is scrubbed of secrets,
// stripped of control characters and truncated, and the run id comes from the
// caller — a forged line cannot attach itself to another run. The file is
// streamed in fixed chunks, so a flood costs time linear in its size and
// memory bounded by one line.
import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import { scrubSecrets } from "../redact/secrets.js";
import { GuardRecordSchema, type GuardRecord } from "./record.js";

export const FOLD_CAP = 64;
const SUBJECT_MAX = 500;
const DETAIL_MAX = 1000;
const FIELD_MAX = 200;
/** A longer line is no record the guard wrote (it clips fields to 4 KiB); it is dropped without being held. */
export const LINE_MAX_BYTES = 64 * 1024;
const CHUNK_BYTES = 64 * 1024;

export type FoldedRecord = GuardRecord & { runId?: string };

export interface Fold {
  file: string;
  /** False when there is no record file: the hook never fired (or never ran). */
  exists: boolean;
  runId: string | null;
  records: FoldedRecord[];
  cap: number;
  /** Non-blank lines seen, including those past the cap. */
  lines: number;
  dropped: { malformed: number; pastCap: number };
}

export class FoldReadError extends Error {
  override readonly name = "FoldReadError";
}

// C0 and C1 controls, DEL, and the bidirectional overrides that make a
// terminal show text other than what it holds.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** Scrub, neutralise and bound one session-authored string. */
export function cleanRecordString(text: string, max: number): string {
  const clean = scrubSecrets(text).replace(CONTROL, "\uFFFD");
  if (clean.length <= max) return clean;
  let cut = clean.slice(0, max);
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  return `${cut}…`;
}

function cleanRecord(record: GuardRecord, runId: string | null): FoldedRecord {
  const folded: FoldedRecord = {
    ...(runId !== null ? { runId } : {}),
    v: record.v,
    ts: cleanRecordString(record.ts, FIELD_MAX),
    gate: cleanRecordString(record.gate, FIELD_MAX),
    hookEvent: cleanRecordString(record.hookEvent, FIELD_MAX),
    tool: cleanRecordString(record.tool, FIELD_MAX),
    subject: cleanRecordString(record.subject, SUBJECT_MAX),
    verdict: record.verdict,
  };
  if (record.detail !== undefined) folded.detail = cleanRecordString(record.detail, DETAIL_MAX);
  if (record.sessionId !== undefined) folded.sessionId = cleanRecordString(record.sessionId, FIELD_MAX);
  if (record.toolUseId !== undefined) folded.toolUseId = cleanRecordString(record.toolUseId, FIELD_MAX);
  return folded;
}

function parseRecordLine(text: string): GuardRecord | null {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = GuardRecordSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

const isBlank = (bytes: Buffer) => bytes.every((b) => b === 0x20 || b === 0x09 || b === 0x0d);

/** Stands for a line longer than LINE_MAX_BYTES, whose bytes were never kept. */
const OVERSIZED = Symbol("oversized line");

/**
 * The lines of the first `size` bytes of `fd`, read in fixed chunks; a line
 * over `maxBytes` is yielded as OVERSIZED. A last line without its newline is
 * yielded too (a torn append, unless it still parses).
 */
function* boundedLines(fd: number, size: number, maxBytes: number): Generator<Buffer | typeof OVERSIZED> {
  const chunk = Buffer.alloc(CHUNK_BYTES);
  let parts: Buffer[] = [];
  let partBytes = 0;
  let oversized = false;
  const take = (bytes: Buffer) => {
    if (oversized || bytes.length === 0) return;
    if (partBytes + bytes.length > maxBytes) {
      oversized = true;
      parts = [];
      partBytes = 0;
    } else {
      parts.push(Buffer.from(bytes)); // a copy: `chunk` is reused
      partBytes += bytes.length;
    }
  };
  const line = () => {
    const out = oversized ? OVERSIZED : Buffer.concat(parts, partBytes);
    parts = [];
    partBytes = 0;
    oversized = false;
    return out;
  };
  for (let remaining = size; remaining > 0; ) {
    const n = readSync(fd, chunk, 0, Math.min(CHUNK_BYTES, remaining), null);
    if (n === 0) break; // the file shrank under us
    remaining -= n;
    const data = chunk.subarray(0, n);
    let start = 0;
    for (let nl = data.indexOf(0x0a); nl !== -1; nl = data.indexOf(0x0a, start)) {
      take(data.subarray(start, nl));
      yield line();
      start = nl + 1;
    }
    take(data.subarray(start));
  }
  if (partBytes > 0 || oversized) yield line();
}

export function foldRecords(file: string, runId: string | null = null, cap = FOLD_CAP): Fold {
  const fold: Fold = { file, exists: true, runId, records: [], cap, lines: 0, dropped: { malformed: 0, pastCap: 0 } };
  let fd: number;
  try {
    fd = openSync(file, "r");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return { ...fold, exists: false };
    throw new FoldReadError(`${file}: cannot read records (${code ?? String(error)})`);
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) throw new FoldReadError(`${file}: not a regular file`);
    // Read up to the size at open: lines appended meanwhile belong to the next fold.
    for (const line of boundedLines(fd, stat.size, LINE_MAX_BYTES)) {
      if (line !== OVERSIZED && isBlank(line)) continue;
      fold.lines++;
      if (fold.records.length >= cap) {
        fold.dropped.pastCap++;
        continue;
      }
      const record = line === OVERSIZED ? null : parseRecordLine(line.toString("utf8"));
      if (record === null) fold.dropped.malformed++;
      else fold.records.push(cleanRecord(record, runId));
    }
    return fold;
  } finally {
    closeSync(fd);
  }
}
