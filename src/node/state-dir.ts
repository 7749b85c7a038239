// The state directory (SPEC §11): session state for hook processes that start
// once per tool call. Layout (docs/cli.md "State directory"):
//
//   <dir>/sessions/<sha256(session id)>.json        one record per session (src/state/record.ts)
//   <dir>/sessions/<…>.json.lock                    held while one process commits its call
//   <dir>/sessions/<…>.json.lock.queue/             the line of processes waiting for it (src/files/lock-queue.ts)
//   <dir>/sessions/<…>.json.pending/                calls that could not wait, for the next commit to apply
//   <dir>/sessions/<…>.json.corrupt-<ms>-<pid>      a record that did not parse, kept aside
//   <dir>/.last-sweep                               mtime = when expired sessions were last swept
//
// A call first reads the last committed record without the lock — records
// are replaced by rename, so the read is a whole record — and evaluates on it:
// that answer is ready if the lock cannot be had in time, and the engine is
// warm for the turn under the lock. Then it waits its turn (in arrival order)
// and, holding the lock, reads again, applies the calls queued meanwhile,
// evaluates again only if anything changed, and replaces the record
// (src/node/durable-file.ts). So concurrent calls of one session are applied
// one after another, none lost or doubled, and a crash leaves the old record
// or the new one. A call that cannot get its turn within `lockTimeoutMs`
// answers from the last committed state (never a blank one) and queues itself
// (src/state/journal.ts): it is counted by the next commit. A corrupt record
// is kept aside and the session's state is unknown from then on (SPEC §6.8).
import { closeSync, openSync, readFileSync, renameSync, statSync, utimesSync } from "node:fs";
import { makeDirs } from "../files/make-dirs.js";
import { isAbsolute, join } from "node:path";
import { corruptWhy, decodeRecord, encodeRecord, recordWarning, sessionKey, type DecodedRecord } from "../state/record.js";
import { unknownState, type SessionState } from "../model/session-state.js";
import { decodeQueued, encodeQueued, type Journal } from "../state/journal.js";
import { StateStoreError, type SessionStore, type SessionUpdate, type StateStamp, type StoreResult } from "../state/store.js";
import { writeFileAtomic } from "../files/durable-file.js";
import { acquireFileLock, LockTimeoutError } from "../files/file-lock.js";
import { listQueued, pendingDirOf, quarantineQueued, readQueued, removeQueued, tidyQueued, writeQueued } from "./queued-calls.js";
import { sweepSessions } from "./state-sweep.js";

const DAY_MS = 86_400_000;

export interface StateDirOptions {
  /** A session whose file has not been written or touched for this long is deleted by the sweep (default 14 days). */
  expiryMs?: number;
  /** Sweep at most this often (default 1 day); 0 sweeps after every update. */
  sweepIntervalMs?: number;
  /** Give up waiting for a session's lock after this long (default 5 s; a hook call holds it for milliseconds). */
  lockTimeoutMs?: number;
  /** A lock older than this is abandoned even if its pid lives (default 10 s). */
  staleLockMs?: number;
  /** A record file larger than this is corrupt (default 4 MiB; a real one is a few hundred bytes). */
  maxRecordBytes?: number;
  /** Clock for record timestamps and expiry (default Date.now). */
  now?: () => number;
}

/** `$XDG_STATE_HOME/gatehouse`, else `~/.local/state/gatehouse` (XDG Base Directory: a relative XDG_STATE_HOME is ignored). */
export function defaultStateDir(env: Record<string, string | undefined>): string {
  const xdg = env.XDG_STATE_HOME;
  if (xdg && isAbsolute(xdg)) return join(xdg, "gatehouse");
  const home = env.HOME;
  if (!home) throw new StateStoreError("no state directory: neither $XDG_STATE_HOME nor $HOME is set (pass --state-dir)");
  return join(home, ".local", "state", "gatehouse");
}

const codeOf = (error: unknown): string => (error as NodeJS.ErrnoException)?.code ?? (error instanceof Error ? error.message : String(error));

export class StateDirStore implements SessionStore {
  readonly sessionsDir: string;
  private readonly expiryMs: number;
  private readonly sweepIntervalMs: number;
  private readonly lockTimeoutMs: number;
  private readonly staleLockMs: number;
  private readonly maxRecordBytes: number;
  private readonly now: () => number;
  private ready = false;

  constructor(
    readonly dir: string,
    options: StateDirOptions = {},
  ) {
    this.sessionsDir = join(dir, "sessions");
    this.expiryMs = options.expiryMs ?? 14 * DAY_MS;
    this.sweepIntervalMs = options.sweepIntervalMs ?? DAY_MS;
    this.lockTimeoutMs = options.lockTimeoutMs ?? 5_000;
    this.staleLockMs = options.staleLockMs ?? 10_000;
    this.maxRecordBytes = options.maxRecordBytes ?? 4 * 1024 * 1024;
    this.now = options.now ?? Date.now;
  }

  /** The record file of a session (named by the id's SHA-256, never by the id). */
  fileFor(sessionId: string): string {
    return join(this.sessionsDir, `${sessionKey(sessionId)}.json`);
  }

  private ensureDir(): void {
    if (this.ready) return;
    try {
      makeDirs(this.sessionsDir, 0o700);
    } catch (error) {
      throw new StateStoreError(`${this.dir}: cannot create the state directory (${codeOf(error)})`);
    }
    this.ready = true;
  }

  async update<R>(sessionId: string, stamp: StateStamp, fn: (state: SessionState | null) => SessionUpdate<R>, journal?: Journal): Promise<StoreResult<R>> {
    this.ensureDir();
    const file = this.fileFor(sessionId);
    // Lock-free: the last committed record (whole: records are replaced by rename) with the calls queued since.
    const seen = this.load(file, stamp, journal, false);
    // The answer should the turn not come in time, and the engine's first (cold) run done outside the lock.
    const early = fn(seen.state);
    let release: () => void;
    try {
      release = await acquireFileLock(`${file}.lock`, { timeoutMs: this.lockTimeoutMs, staleMs: this.staleLockMs });
    } catch (error) {
      if (error instanceof LockTimeoutError) return { result: early.result, warnings: [this.queueCall(file, stamp, journal)] };
      if ((error as NodeJS.ErrnoException)?.code !== undefined) throw new StateStoreError(`${file}.lock: cannot lock session state (${codeOf(error)})`);
      throw error;
    }
    let outcome: StoreResult<R>;
    try {
      outcome = this.commit(file, stamp, fn, journal, seen, early);
    } finally {
      release();
    }
    await this.maybeSweep();
    return outcome;
  }

  /** Under the lock: read again, apply what was queued, evaluate again only if something changed, write. */
  private commit<R>(file: string, stamp: StateStamp, fn: (state: SessionState | null) => SessionUpdate<R>, journal: Journal | undefined, seen: Loaded, early: SessionUpdate<R>): StoreResult<R> {
    const now = this.load(file, stamp, journal, true);
    const same = now.clean && now.text === seen.text && now.names.join("\n") === seen.names.join("\n");
    const out = same ? early : fn(now.state);
    const applied = [...now.replayed, ...now.carried];
    const encoded = encodeRecord(out.state, stamp, this.now(), applied);
    if (now.text !== null && now.clean && unchanged(now.text, encoded)) {
      // Nothing to write: refresh the mtime that expiry is measured by.
      const t = this.now() / 1000;
      try {
        utimesSync(file, t, t);
      } catch {
        // A touch that fails only shortens the session's life.
      }
    } else {
      try {
        writeFileAtomic(file, encoded);
      } catch (error) {
        throw new StateStoreError(`${file}: cannot write session state (${codeOf(error)})`);
      }
    }
    // Only now that the record holds them: a crash before this leaves them listed as applied, never applied twice.
    if (now.replayed.length > 0) {
      for (const name of now.replayed) removeQueued(file, name);
      tidyQueued(file);
    }
    return { result: out.result, warnings: now.warnings };
  }

  /**
   * The session's state as committed: the record, then every queued call it
   * does not hold yet, in order. With `effects` (under the lock) a corrupt
   * record or queued call is moved aside, and queued calls the record already
   * holds are removed; without, nothing is touched.
   */
  private load(file: string, stamp: StateStamp, journal: Journal | undefined, effects: boolean): Loaded {
    const warnings: string[] = [];
    let clean = true;
    const raw = this.readRecord(file);
    const text = typeof raw === "string" ? raw : null;
    let state: SessionState | null = null;
    let applied: string[] = [];
    if (raw !== null) {
      const decoded: DecodedRecord =
        typeof raw === "string" ? decodeRecord(raw, stamp) : { state: null, problem: "corrupt", detail: `${raw.oversize} bytes, over the ${this.maxRecordBytes}-byte limit` };
      if (decoded.problem === null) ({ state, applied } = decoded);
      else if (decoded.problem === "layout") warnings.push(recordWarning(file, decoded, null));
      else {
        // Never restarted blank (that would reset its counters): kept aside, and the session's state is unknown.
        const aside = effects ? this.quarantine(file) : null;
        if (effects) warnings.push(recordWarning(file, decoded, aside));
        state = unknownState(stamp.layout, corruptWhy(decoded.detail, aside));
        clean = false;
      }
    }
    const names = this.listQueuedOrFail(file);
    const replayed: string[] = [];
    const carried: string[] = [];
    let unreplayable = 0;
    for (const name of names) {
      if (applied.includes(name)) {
        if (effects && !removeQueued(file, name)) carried.push(name);
        continue;
      }
      if (journal === undefined) {
        unreplayable++;
        continue;
      }
      const queued = this.readQueuedOrFail(file, name);
      if (queued === null) continue; // applied and removed by a commit since the listing
      const decoded = decodeQueued(queued, stamp.layout);
      let why: string | null = decoded.problem === "corrupt" ? decoded.detail : null;
      if (decoded.problem === null) {
        try {
          state = journal.replay(decoded.call, state);
        } catch (error) {
          why = `cannot be replayed (${error instanceof Error ? error.message : String(error)})`;
        }
      } else if (decoded.problem === "layout" && effects) warnings.push(`gatehouse: session state ${file}: a queued call is dropped: ${decoded.detail}`);
      if (why !== null) {
        // A call that was answered but cannot be applied: the count is no longer exact, so the state is unknown.
        const aside = effects ? quarantineQueued(file, name, this.now()) : null;
        if (effects) warnings.push(`gatehouse: session state ${file}: a queued call is corrupt (${why}); ${aside === null ? "left in place" : `kept as ${aside}`}; the session's state is unknown from now on`);
        state = unknownState(stamp.layout, `a queued update was corrupt: ${why}${aside === null ? "" : `; kept as ${aside}`}`);
        clean = false;
      }
      replayed.push(name);
    }
    if (unreplayable > 0 && effects) warnings.push(`gatehouse: session state ${file}: ${unreplayable} queued call(s) left for a caller that can replay them`);
    return { text, names, state, warnings, replayed, carried, clean };
  }

  /** Past the bound: queue the call for the next commit; the one warning line that says what happened. */
  private queueCall(file: string, stamp: StateStamp, journal: Journal | undefined): string {
    const head = `gatehouse: session state ${file}: its lock was not free within ${this.lockTimeoutMs} ms (other calls of this session held it); answered from its last committed state`;
    if (journal === undefined) return `${head}; this call's update is not stored (the caller gave no way to replay it)`;
    try {
      const path = writeQueued(file, encodeQueued(journal.call, stamp), this.now());
      return `${head}, and this call's update is queued as ${path} for the next call to apply`;
    } catch (error) {
      return `${head}; this call's update could not be queued (${codeOf(error)}), so it is not counted`;
    }
  }

  private listQueuedOrFail(file: string): string[] {
    try {
      return listQueued(file);
    } catch (error) {
      throw new StateStoreError(`${pendingDirOf(file)}: cannot read queued session calls (${codeOf(error)})`);
    }
  }

  private readQueuedOrFail(file: string, name: string): string | null {
    try {
      return readQueued(file, name);
    } catch (error) {
      throw new StateStoreError(`${pendingDirOf(file)}/${name}: cannot read a queued session call (${codeOf(error)})`);
    }
  }

  /** The record's text; `{oversize}` for a file too large to be one; null when there is none. */
  private readRecord(file: string): string | { oversize: number } | null {
    try {
      const size = statSync(file).size;
      if (size > this.maxRecordBytes) return { oversize: size };
      return readFileSync(file, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw new StateStoreError(`${file}: cannot read session state (${codeOf(error)})`);
    }
  }

  /** Move a corrupt record aside and return its new name; a record that cannot be moved is not overwritten either: the call fails. */
  private quarantine(file: string): string {
    const aside = `${file}.corrupt-${this.now()}-${process.pid}`;
    try {
      renameSync(file, aside);
      return aside;
    } catch (error) {
      throw new StateStoreError(`${file}: corrupt session state, and it cannot be moved aside (${codeOf(error)})`);
    }
  }

  private async maybeSweep(): Promise<void> {
    const marker = join(this.dir, ".last-sweep");
    const now = this.now();
    try {
      if (now - statSync(marker).mtimeMs < this.sweepIntervalMs) return;
    } catch {
      // No marker yet: sweep now.
    }
    try {
      closeSync(openSync(marker, "a", 0o600));
      utimesSync(marker, now / 1000, now / 1000);
    } catch {
      return; // A sweep that cannot mark itself would run on every call: skip it.
    }
    await this.sweep();
  }

  /** Delete expired session records (each under its lock), old quarantined records and what crashed processes left. Never throws. */
  sweep(): Promise<{ removed: number }> {
    return sweepSessions(this.sessionsDir, { now: this.now(), expiryMs: this.expiryMs, staleLockMs: this.staleLockMs });
  }
}

/** One look at a session's committed state (see `load`). */
interface Loaded {
  /** The record's text (null: none, or too large to read). */
  text: string | null;
  /** Every queued call listed. */
  names: string[];
  state: SessionState | null;
  warnings: string[];
  /** Queued calls applied in this look. */
  replayed: string[];
  /** Queued calls the record already held that could not be removed (they stay listed as applied). */
  carried: string[];
  /** False when something was unreadable (the record or a queued call): the state is unknown. */
  clean: boolean;
}

/** The new record says what the old one said (its state and bundle), whatever the timestamps. */
function unchanged(oldText: string, newText: string): boolean {
  const strip = (t: string) => t.replace(/"updated_ms":-?\d+,/, "");
  return strip(oldText) === strip(newText);
}
