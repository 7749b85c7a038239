// The state directory (SPEC §11): session state for hook processes that start
// once per tool call. Layout (docs/cli.md "State directory"):
//
//   <dir>/sessions/<sha256(session id)>.json        one record per session (src/state/record.ts)
//   <dir>/sessions/<…>.json.lock                    held while one process reads, evaluates, writes
//   <dir>/sessions/<…>.json.corrupt-<ms>-<pid>      a record that did not parse, moved aside
//   <dir>/.last-sweep                               mtime = when expired sessions were last swept
//
// Each update is read → evaluate → write under the session's lock file
// (src/node/file-lock.ts: stale locks of killed processes are taken over) and
// the write is an atomic replace (src/node/durable-file.ts), so concurrent
// hook processes of one session never lose or double an increment, and a
// crash leaves the old record or the new one. Sessions untouched for
// `expiryMs` (default 14 days) are deleted by an opportunistic sweep at most
// once per `sweepIntervalMs` (default a day), each under its own lock.
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, utimesSync, closeSync, openSync } from "node:fs";
import { isAbsolute, join } from "node:path";
import { corruptWhy, decodeRecord, encodeRecord, recordWarning, sessionKey, type DecodedRecord } from "../state/record.js";
import { unknownState, type SessionState } from "../state/session.js";
import { StateStoreError, type SessionStore, type SessionUpdate, type StateStamp, type StoreResult } from "../state/store.js";
import { writeFileAtomic } from "./durable-file.js";
import { acquireFileLock, LockTimeoutError, withFileLock } from "./file-lock.js";

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
      mkdirSync(this.sessionsDir, { recursive: true, mode: 0o700 });
    } catch (error) {
      throw new StateStoreError(`${this.dir}: cannot create the state directory (${codeOf(error)})`);
    }
    this.ready = true;
  }

  async update<R>(sessionId: string, stamp: StateStamp, fn: (state: SessionState | null) => SessionUpdate<R>): Promise<StoreResult<R>> {
    this.ensureDir();
    const file = this.fileFor(sessionId);
    let outcome: StoreResult<R>;
    try {
      outcome = await withFileLock(`${file}.lock`, () => this.updateLocked(file, stamp, fn), { timeoutMs: this.lockTimeoutMs, staleMs: this.staleLockMs });
    } catch (error) {
      if (error instanceof LockTimeoutError) throw new StateStoreError(`${error.message} (another process holds this session's state)`);
      if ((error as NodeJS.ErrnoException)?.code !== undefined) throw new StateStoreError(`${file}.lock: cannot lock session state (${codeOf(error)})`);
      throw error;
    }
    await this.maybeSweep();
    return outcome;
  }

  private updateLocked<R>(file: string, stamp: StateStamp, fn: (state: SessionState | null) => SessionUpdate<R>): StoreResult<R> {
    const warnings: string[] = [];
    const text = this.readRecord(file);
    let state: SessionState | null = null;
    if (text !== null) {
      const decoded: DecodedRecord =
        typeof text === "string" ? decodeRecord(text, stamp) : { state: null, problem: "corrupt", detail: `${text.oversize} bytes, over the ${this.maxRecordBytes}-byte limit` };
      if (decoded.problem === null) state = decoded.state;
      else if (decoded.problem === "layout") warnings.push(recordWarning(file, decoded, null));
      else {
        // Never restarted blank (that would reset its counters): kept aside, and the session's state is unknown.
        const aside = this.quarantine(file);
        warnings.push(recordWarning(file, decoded, aside));
        state = unknownState(stamp.layout, corruptWhy(decoded.detail, aside));
      }
    }
    const out = fn(state);
    const encoded = encodeRecord(out.state, stamp, this.now());
    if (state !== null && typeof text === "string" && unchanged(text, encoded)) {
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
    return { result: out.result, warnings };
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

  /** Delete expired session records (each under its lock), old quarantined records and stale temp files. Never throws. */
  async sweep(): Promise<{ removed: number }> {
    const now = this.now();
    let removed = 0;
    let names: string[];
    try {
      names = readdirSync(this.sessionsDir);
    } catch {
      return { removed };
    }
    const age = (path: string): number | null => {
      try {
        return now - statSync(path).mtimeMs;
      } catch {
        return null;
      }
    };
    for (const name of names) {
      const path = join(this.sessionsDir, name);
      const a = age(path);
      if (a === null) continue;
      try {
        if (name.endsWith(".json") && a > this.expiryMs) {
          const release = await acquireFileLock(`${path}.lock`, { timeoutMs: 0, staleMs: this.staleLockMs });
          try {
            // Re-checked under the lock: a process may have just written it.
            const again = age(path);
            if (again !== null && again > this.expiryMs) (unlinkSync(path), removed++);
          } finally {
            release();
          }
        } else if ((name.includes(".json.corrupt-") && a > this.expiryMs) || (name.startsWith(".") && name.endsWith(".tmp") && a > 3_600_000)) {
          unlinkSync(path);
          removed++;
        }
      } catch {
        // Busy or gone: the next sweep tries again.
      }
    }
    return { removed };
  }
}

/** The new record says what the old one said (its state and bundle), whatever the timestamps. */
function unchanged(oldText: string, newText: string): boolean {
  const strip = (t: string) => t.replace(/"updated_ms":-?\d+,/, "");
  return strip(oldText) === strip(newText);
}
