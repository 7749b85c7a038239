// One advisory lock file for everything several processes write at once: a
// session's state file, the ledger, the guard's records. Node has no flock(2),
// so the lock is a file created with O_EXCL holding its owner's pid and host.
//
// A lock whose owner process is gone (same host, pid no longer alive), or one
// of another host older than `staleMs`, is stale and may be taken over; a live
// owner on this host is never taken over for being slow. Taking over is itself
// guarded by a short-lived second lock file, so two processes that both find
// the same stale lock cannot both remove it — the later one would otherwise
// delete the lock the first one just made.
//
// Waiters queue (src/files/lock-queue.ts): the lock goes to them in the order
// they asked, so a process that arrived early is not starved by later ones.
import { closeSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from "node:fs";
import { hostname } from "node:os";
import { LockQueue, pidAlive } from "./lock-queue.js";

export interface LockOptions {
  /** Give up after this long waiting (ms). */
  timeoutMs?: number;
  /** A lock held longer than this is abandoned when its owner cannot be asked: another host's, or torn (ms). */
  staleMs?: number;
}

export class LockTimeoutError extends Error {
  override readonly name = "LockTimeoutError";
}

let host: string | null = null;
/** Asked on first use: a process that never takes a lock (a hook on a stateless bundle) skips the call. */
const hostName = (): string => (host ??= hostname());
/** A takeover holds its guard for microseconds; a guard older than this belongs to a dead process. */
const GUARD_STALE_MS = 2_000;
/** A lock held by a live process on this host is taken over only after this long: a reused pid, not a slow owner. */
export const LIVE_OWNER_STALE_MS = 600_000;

interface Owner {
  pid: number;
  host: string;
  at: number;
}

function tryCreate(path: string): boolean {
  let fd: number;
  try {
    fd = openSync(path, "wx", 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
  try {
    writeSync(fd, JSON.stringify({ pid: process.pid, host: hostName(), at: Date.now() } satisfies Owner));
  } catch (error) {
    // A full disk: leave no ownerless lock behind for the next caller to wait out.
    closeSync(fd);
    unlinkQuiet(path);
    throw error;
  }
  closeSync(fd);
  return true;
}

function readOwner(path: string): { owner: Owner | null; text: string; mtimeMs: number } | null {
  try {
    const text = readFileSync(path, "utf8");
    const mtimeMs = statSync(path).mtimeMs;
    let owner: Owner | null = null;
    try {
      const v = JSON.parse(text) as Owner;
      if (Number.isInteger(v.pid) && typeof v.host === "string") owner = v;
    } catch {
      // A lock file torn by a crash between create and write: judged by age alone.
    }
    return { owner, text, mtimeMs };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

function isStale(seen: { owner: Owner | null; mtimeMs: number }, staleMs: number, now: number): boolean {
  const age = now - seen.mtimeMs;
  const o = seen.owner;
  if (o === null) return age > Math.min(staleMs, GUARD_STALE_MS); // torn: give its writer a moment
  if (o.host !== hostName()) return age > staleMs; // no way to ask another host: age alone
  // A live owner on this host is still working, however slowly (a loaded machine can stall a holder for
  // many seconds). Taking its lock for its age let two writers in at once and lost increments; only a pid
  // reused after its owner died is caught by the long bound.
  if (o.pid === process.pid || pidAlive(o.pid)) return age > LIVE_OWNER_STALE_MS;
  return true;
}

function unlinkQuiet(path: string): void {
  try {
    unlinkSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
}

/** Remove the lock at `path` if it is stale; true when it was removed (or already gone). */
function breakIfStale(path: string, staleMs: number): boolean {
  const seen = readOwner(path);
  if (seen === null) return true;
  if (!isStale(seen, staleMs, Date.now())) return false;
  const guard = `${path}.takeover`;
  if (!tryCreate(guard)) {
    const g = readOwner(guard);
    if (g !== null && Date.now() - g.mtimeMs > GUARD_STALE_MS) unlinkQuiet(guard);
    return false;
  }
  try {
    // Under the guard, the lock is removed only if it is still the one judged stale.
    const again = readOwner(path);
    if (again === null) return true;
    if (again.text !== seen.text) return false;
    unlinkQuiet(path);
    return true;
  } finally {
    unlinkQuiet(guard);
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function releaser(path: string, queue: LockQueue | null): () => void {
  let released = false;
  return () => {
    if (released) return;
    released = true;
    // The lock first, then the ticket: the waiter the ticket wakes finds the lock free.
    try {
      unlinkQuiet(path);
    } finally {
      queue?.leave();
    }
  };
}

/**
 * Acquire the lock file at `path`; resolves to its release function. Waiters
 * take it in the order they asked (src/files/lock-queue.ts). `timeoutMs: 0` is
 * a try-lock: one attempt, no place in the line.
 */
export async function acquireFileLock(path: string, options: LockOptions = {}): Promise<() => void> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const staleMs = options.staleMs ?? 30_000;
  if (timeoutMs <= 0) {
    if (tryCreate(path) || (breakIfStale(path, staleMs) && tryCreate(path))) return releaser(path, null);
    throw new LockTimeoutError(`${path}: locked`);
  }
  const deadline = Date.now() + timeoutMs;
  const queue = new LockQueue(`${path}.queue`, staleMs);
  queue.join();
  try {
    let wait = 1;
    for (;;) {
      const ahead = queue.ahead();
      if (ahead === null) {
        if (tryCreate(path)) return releaser(path, queue);
        if (breakIfStale(path, staleMs)) continue;
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new LockTimeoutError(`${path}: still locked after ${timeoutMs} ms`);
      if (ahead !== null) await queue.waitFor(ahead, left);
      else {
        // At the front, but held by something outside the line (the sweep, an older Gatehouse): jittered backoff.
        await sleep(Math.min(left, wait + Math.random() * wait));
        wait = Math.min(wait * 2, 25);
      }
    }
  } catch (error) {
    queue.leave();
    throw error;
  }
}

/** Run `fn` holding the lock file at `path`; the lock is released however `fn` ends. */
export async function withFileLock<T>(path: string, fn: () => T | Promise<T>, options?: LockOptions): Promise<T> {
  const release = await acquireFileLock(path, options);
  try {
    return await fn();
  } finally {
    release();
  }
}
