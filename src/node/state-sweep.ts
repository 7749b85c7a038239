// The state directory's opportunistic clean-up (docs/cli.md "State
// directory", Expiry): expired session records (each under its lock, and never
// while calls queued for it wait), old quarantined records, and what crashed
// processes left: temp files, queue tickets, emptied directories. Never throws.
import { readdirSync, rmdirSync, statSync, unlinkSync } from "node:fs";
import { join } from "node:path";
import { acquireFileLock } from "../files/file-lock.js";
import { listQueued } from "./queued-calls.js";

const HOUR_MS = 3_600_000;

export interface SweepLimits {
  now: number;
  expiryMs: number;
  staleLockMs: number;
}

function age(path: string, now: number): number | null {
  try {
    return now - statSync(path).mtimeMs;
  } catch {
    return null;
  }
}

/** Remove entries of `dir` that `doomed` picks, then the directory if that left it empty. */
function prune(dir: string, doomed: (name: string, age: number) => boolean, now: number): number {
  let removed = 0;
  let names: string[] = [];
  try {
    names = readdirSync(dir);
  } catch {
    return 0;
  }
  for (const name of names) {
    const a = age(join(dir, name), now);
    if (a === null || !doomed(name, a)) continue;
    try {
      unlinkSync(join(dir, name));
      removed++;
    } catch {
      // Busy or gone: the next sweep tries again.
    }
  }
  try {
    rmdirSync(dir);
  } catch {
    // Not empty: still in use.
  }
  return removed;
}

export async function sweepSessions(sessionsDir: string, limits: SweepLimits): Promise<{ removed: number }> {
  const { now, expiryMs } = limits;
  let removed = 0;
  let names: string[];
  try {
    names = readdirSync(sessionsDir);
  } catch {
    return { removed };
  }
  for (const name of names) {
    const path = join(sessionsDir, name);
    const a = age(path, now);
    if (a === null) continue;
    try {
      if (name.endsWith(".json") && a > expiryMs) {
        if (listQueued(path).length > 0) continue; // calls still waiting to be applied: not expired
        const release = await acquireFileLock(`${path}.lock`, { timeoutMs: 0, staleMs: limits.staleLockMs });
        try {
          // Re-checked under the lock: a process may have just written it.
          const again = age(path, now);
          if (again !== null && again > expiryMs) (unlinkSync(path), removed++);
        } finally {
          release();
        }
      } else if (name.endsWith(".json.pending")) {
        // Queued calls of a session nobody called for the whole expiry, and temp files of crashed writers.
        removed += prune(path, (n, x) => (n.startsWith(".") ? x > HOUR_MS : x > expiryMs), now);
      } else if (name.endsWith(".json.lock.queue")) {
        // Tickets of waiters that were killed (a live waiter's ticket lives seconds).
        removed += prune(path, (_, x) => x > HOUR_MS, now);
      } else if ((name.includes(".json.corrupt-") && a > expiryMs) || (name.startsWith(".") && name.endsWith(".tmp") && a > HOUR_MS)) {
        unlinkSync(path);
        removed++;
      }
    } catch {
      // Busy or gone: the next sweep tries again.
    }
  }
  return { removed };
}
