// Appending a decision to the ledger — the one call `eval`, `hook` and `serve`
// make (docs/ledger.md). Under the ledger's lock file, it reads the last row
// (from the end of the file: constant work per append), chains the new row to
// it, writes the line and fsyncs before returning, so a caller that answers
// after `appendDecision` resolves never answers an unrecorded decision.
//
// Crash safety: a line is only ever added whole at the end. If the file does
// not end with a newline (an append cut short by a crash), the new row starts
// on a new line and chains to the last line that is a row — the torn bytes
// stay where they are, outside the chain, for `verify` to report. If a write
// fails part-way (a full disk), the file is truncated back to its length
// before the append, so a failed append leaves the ledger as it was.
import { closeSync, fstatSync, fsyncSync, openSync, realpathSync, statSync, truncateSync } from "node:fs";
import { makeDirs } from "../files/make-dirs.js";
import { basename, dirname, join, resolve } from "node:path";
import { clipDepth, tooDeepAt } from "../bundle/depth.js";
import type { DecisionRecord, Envelope } from "../model/envelope.js";
import { parseEvent } from "../model/event.js";
import { appendDurable, fsyncDir } from "../files/durable-file.js";
import { acquireFileLock, LockTimeoutError } from "../files/file-lock.js";
import { scanBackward } from "./file-lines.js";
import { sha256Digest } from "./hash.js";
import { MAX_EVENT_DEPTH, MAX_ROW_BYTES, readLedgerLine } from "./line.js";
import { redactForLedger } from "./redact.js";
import { eventDigest, GENESIS_PREV, LedgerRowSchema, rowHash, serializeRow, type Digest, type LedgerRow, type UnhashedRow } from "./row.js";

export interface LedgerTarget {
  /** The ledger file (created, with its directory, on the first append). */
  path: string;
  /** `--ledger-events`: keep the event and `state_in` in the row so `replay` can re-evaluate it. */
  events?: boolean;
  /** `--ledger-redact`: replace secrets in the recorded event and decision by their digests. */
  redact?: boolean;
  /** How long to wait for another process's append (default 10 s). */
  lockTimeoutMs?: number;
}

export interface AppendResult {
  row: LedgerRow;
  /** Set when the row was written without its event (the row would have been over MAX_ROW_BYTES). */
  eventDropped: boolean;
  /** Set when the file ended in a torn line, which the new row now follows. */
  followedTornLine: boolean;
}

/** An append that did not happen; the ledger is as it was unless `message` says otherwise. One line. */
export class LedgerError extends Error {
  override readonly name = "LedgerError";
  constructor(
    message: string,
    /** The errno code (`ENOSPC`, `EACCES`, …), `LOCK_TIMEOUT`, or `ENOTLEDGER` (the file holds lines but no row). */
    readonly code: string,
  ) {
    super(message);
  }
}

class NotALedger extends Error {}

/** Write seam: `appendDurable` in production; a test may inject a failing one. */
export type AppendBytes = (path: string, data: Buffer) => void;

interface Tail {
  seq: number;
  hash: Digest;
  /** Whether the file ends in a newline (an empty file does). */
  terminated: boolean;
  /** Whether lines that are not rows follow the last row. */
  torn: boolean;
}

/** What this process last wrote, so the next append skips re-reading the tail if nobody else wrote since. */
const lastWritten = new Map<string, { dev: number; ino: number; size: number; tail: Tail }>();

function readTail(path: string): { tail: Tail; size: number; dev: number; ino: number } | null {
  let fd: number;
  try {
    fd = openSync(path, "r");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
  try {
    const st = fstatSync(fd);
    const cached = lastWritten.get(path);
    if (cached !== undefined && cached.dev === st.dev && cached.ino === st.ino && cached.size === st.size) return { tail: cached.tail, size: st.size, dev: st.dev, ino: st.ino };
    let terminated = true;
    let first = true;
    let torn = false;
    let foreign: number | null = null; // offset of a line that is neither a row nor a torn write
    const found = scanBackward(fd, (line) => {
      if (first) terminated = line.terminated;
      first = false;
      const reading = readLedgerLine(line.bytes);
      if (reading.kind === "row") return { seq: reading.row.seq, hash: reading.row.hash };
      torn = true;
      if (reading.kind !== "torn") foreign = line.offset;
      return null;
    });
    // Not one row, and something that is not a torn write: this is some other file (the input, say), not a ledger.
    if (found === null && foreign !== null) throw new NotALedger(`${path} is not a ledger: it holds no row, and the line at byte ${foreign} is not a torn one; refusing to append to it`);
    const tail: Tail = { seq: found?.seq ?? 0, hash: found?.hash ?? GENESIS_PREV, terminated: st.size === 0 || terminated, torn };
    return { tail, size: st.size, dev: st.dev, ino: st.ino };
  } finally {
    closeSync(fd);
  }
}

function errnoOf(error: unknown): string {
  return (error as NodeJS.ErrnoException)?.code ?? (error instanceof LockTimeoutError ? "LOCK_TIMEOUT" : "EIO");
}

function describe(error: unknown): string {
  const code = (error as NodeJS.ErrnoException)?.code;
  const text = error instanceof Error ? error.message : String(error);
  // Node's errno messages read "ENOSPC: no space left on device, write"; keep the reason, drop the syscall.
  if (code !== undefined) {
    const m = /^[A-Z]+: ([^,]+)/.exec(text);
    return `${code}: ${m ? m[1] : text}`;
  }
  return text;
}

/** The row's fields that do not depend on where it lands in the chain. */
function rowBody(target: LedgerTarget, record: DecisionRecord): { body: Omit<UnhashedRow, "seq" | "prev">; eventDropped: boolean } {
  if (!Number.isSafeInteger(record.now_ms)) throw new TypeError(`now_ms must be an integer, got ${record.now_ms}`);
  // An event nested past MAX_EVENT_DEPTH (JSON.stringify overflows a few thousand levels down; a hook's
  // JSON.parse does not) is recorded by its digest only: the row keeps the decision, not the event.
  const deep = tooDeepAt(record.event ?? null, MAX_EVENT_DEPTH) !== null;
  // Through JSON once, so what is hashed, written and replayed is exactly what a reader will parse.
  const event = deep ? (record.event ?? null) : (JSON.parse(JSON.stringify(record.event ?? null)) as unknown);
  const parsed = parseEvent(event);
  let decision = JSON.parse(JSON.stringify(record.envelope.decision)) as Envelope["decision"];
  const stateIn = record.state_in === undefined || record.state_in === null ? null : JSON.parse(JSON.stringify(record.state_in));
  let recorded = event as Record<string, unknown>;
  let redacted: string[] = [];
  if (target.redact === true) {
    // What the decision can quote lies within the engine's own depth bound: a clipped copy finds it.
    const r = redactForLedger(deep ? (clipDepth(recorded, MAX_EVENT_DEPTH) as Record<string, unknown>) : recorded, decision, sha256Digest);
    recorded = r.event;
    decision = r.decision;
    redacted = r.kinds;
  }
  const body: Omit<UnhashedRow, "seq" | "prev"> = {
    now_ms: record.now_ms,
    session_id: parsed.session_id,
    tool_use_id: parsed.tool_use_id,
    event_digest: eventDigest(event, sha256Digest),
    decision,
    engine_version: record.envelope.engine_version,
    bundle_digest: record.envelope.bundle_digest,
  };
  if (target.events === true && !deep) {
    body.event = recorded;
    body.state_in = stateIn;
  }
  if (redacted.length > 0) body.redacted = redacted;
  if (target.events === true && deep) return { body, eventDropped: true };
  // A row over the line limit could not be read back: keep the decision, drop the event.
  if (target.events === true && Buffer.byteLength(JSON.stringify(body)) > MAX_ROW_BYTES - 1024) {
    delete body.event;
    delete body.state_in;
    return { body, eventDropped: true };
  }
  return { body, eventDropped: false };
}

function assemble(body: Omit<UnhashedRow, "seq" | "prev">, seq: number, prev: Digest): LedgerRow {
  // Key order is the schema's: seq, now_ms, …, bundle_digest, event?, state_in?, redacted?, prev, hash.
  const { now_ms, session_id, tool_use_id, event_digest, decision, engine_version, bundle_digest, event, state_in, redacted } = body;
  const fields: Record<string, unknown> = { seq, now_ms, session_id, tool_use_id, event_digest, decision, engine_version, bundle_digest };
  if (event !== undefined) fields.event = event;
  if (state_in !== undefined) fields.state_in = state_in;
  if (redacted !== undefined) fields.redacted = redacted;
  fields.prev = prev;
  const unhashed = fields as UnhashedRow;
  return { ...unhashed, hash: rowHash(unhashed, sha256Digest) };
}

/**
 * Append one decision to the ledger at `target.path` and fsync it. Resolves
 * once the row is durable; rejects with a one-line LedgerError (a full disk, a
 * lock held past the timeout, an unwritable path) having left the ledger as it
 * was. Safe to call from many processes at once: they take turns on one lock.
 */
export async function appendDecision(target: LedgerTarget, record: DecisionRecord, appendBytes: AppendBytes = appendDurable): Promise<AppendResult> {
  return (await appendDecisions(target, [record], appendBytes))[0]!;
}

/**
 * Append several decisions, in order, under one lock as one write and one
 * fsync — a daemon's group commit of the calls in flight together. All of them
 * or none: a failure leaves the ledger as it was, as for one.
 */
export async function appendDecisions(target: LedgerTarget, records: readonly DecisionRecord[], appendBytes: AppendBytes = appendDurable): Promise<AppendResult[]> {
  if (records.length === 0) return [];
  const bodies = records.map((record) => rowBody(target, record));
  let release: () => void;
  let path = resolve(target.path);
  try {
    makeDirs(dirname(path));
  } catch (error) {
    // A file standing where a directory should be: ENOTDIR (mkdir -p would say EEXIST).
    const notDir = ["EEXIST", "ENOTDIR"].includes((error as NodeJS.ErrnoException).code ?? "");
    const why = notDir ? "ENOTDIR: a file stands where a directory should be" : describe(error);
    throw new LedgerError(`ledger ${path}: cannot create its directory (${why}); nothing was appended`, notDir ? "ENOTDIR" : errnoOf(error));
  }
  try {
    path = realPath(path);
    release = await acquireFileLock(`${path}.lock`, { timeoutMs: target.lockTimeoutMs ?? 10_000 });
  } catch (error) {
    throw new LedgerError(`ledger ${path}: cannot take the lock (${describe(error)}); nothing was appended`, errnoOf(error));
  }
  try {
    let found;
    try {
      found = readTail(path);
    } catch (error) {
      if (error instanceof NotALedger) throw new LedgerError(`ledger ${error.message}`, "ENOTLEDGER");
      throw new LedgerError(`ledger ${path}: cannot read (${describe(error)}); nothing was appended`, errnoOf(error));
    }
    const tail = found?.tail ?? { seq: 0, hash: GENESIS_PREV, terminated: true, torn: false };
    const results: AppendResult[] = [];
    const lines: string[] = [];
    let last = { seq: tail.seq, hash: tail.hash };
    for (const { body, eventDropped } of bodies) {
      const row = assemble(body, last.seq + 1, last.hash);
      const checked = LedgerRowSchema.safeParse(row);
      if (!checked.success) throw new LedgerError(`ledger ${path}: internal error: the row does not fit the row schema (${checked.error.issues[0]?.message})`, "EINVAL");
      lines.push(serializeRow(row));
      results.push({ row, eventDropped, followedTornLine: results.length === 0 && (!tail.terminated || tail.torn) });
      last = { seq: row.seq, hash: row.hash };
    }
    const data = Buffer.from(`${tail.terminated ? "" : "\n"}${lines.join("\n")}\n`, "utf8");
    const sizeBefore = found?.size ?? 0;
    try {
      appendBytes(path, data);
    } catch (error) {
      throw new LedgerError(`ledger ${path}: cannot append (${describe(error)}); ${restore(path, sizeBefore, found === null)}`, errnoOf(error));
    }
    if (found === null) fsyncDir(dirname(path));
    const st = statSync(path);
    lastWritten.set(path, { dev: st.dev, ino: st.ino, size: st.size, tail: { seq: last.seq, hash: last.hash, terminated: true, torn: false } });
    return results;
  } finally {
    release();
  }
}

/** The one name of the file however it is reached (symlinks, `..`), so every appender takes the same lock. */
function realPath(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return join(realpathSync(dirname(path)), basename(path));
  }
}

/** Undo a failed append: cut the file back to its length before. Returns what to tell the caller. */
function restore(path: string, size: number, created: boolean): string {
  try {
    truncateSync(path, size);
    const fd = openSync(path, "r+");
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    return created ? "nothing was recorded" : "the ledger is unchanged";
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return "nothing was recorded";
    return `and it could not be cut back (${describe(error)}): a torn last line may remain, which verify reports and the next append starts after`;
  }
}
