// Starting the per-user daemon for `hook AGENT --daemon auto` (docs/daemon.md
// "The per-user daemon"): at most one starter per socket, and the start never
// waits. The start lock is the `.pid` file beside the socket, made with
// O_EXCL: the starter writes its own pid, spawns `gatehouse serve --socket …
// --idle-exit 1800` detached (stdout and stderr appended to the `.log` file),
// and writes the daemon's pid in its place; the daemon removes the file when it
// stops (src/cli/serve-socket.ts). So while a daemon lives or starts, the lock
// is held, and concurrent first calls start one daemon. A lock is stale when
// its pid is dead (a killed daemon, a start that failed) or when it is older
// than STALE_LIVE_MS while nothing answers on the socket (a reused pid); a
// dead-pid lock younger than RETRY_MS is kept, so a daemon that cannot start
// is tried again at most that often, not on every call.
import { closeSync, openSync, readFileSync, renameSync, statSync, unlinkSync, writeSync, constants, ftruncateSync } from "node:fs";
import { join } from "node:path";
import type { SocketFiles } from "./daemon-socket.js";

/** A dead starter's (or daemon's) lock younger than this is kept: the start is retried at most this often. */
export const RETRY_MS = 3_000;
/** A lock whose pid lives but whose socket refuses for this long is a reused pid. */
export const STALE_LIVE_MS = 60_000;
/** The daemon stops after this long without a request. */
export const IDLE_EXIT_S = 1800;

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
};

/** Whether the lock at `path` may be broken (its holder is gone), judged at `nowMs`. */
export function lockIsStale(path: string, nowMs: number): boolean {
  let text: string;
  let ageMs: number;
  try {
    text = readFileSync(path, "utf8").trim();
    ageMs = nowMs - statSync(path).mtimeMs;
  } catch {
    return false; // gone: the O_EXCL retry decides
  }
  const pid = /^\d{1,10}$/.test(text) ? Number(text) : null;
  if (pid === null || alive(pid)) return ageMs > STALE_LIVE_MS; // a starter between open and write, or a live daemon
  return ageMs > RETRY_MS;
}

/** Take the start lock (write our pid), or null when another holds it. */
export function takeStartLock(path: string, nowMs: number): number | null {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, constants.O_CREAT | constants.O_EXCL | constants.O_WRONLY, 0o600);
      writeSync(fd, String(process.pid));
      return fd;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST" || attempt > 0 || !lockIsStale(path, nowMs)) return null;
      // Break it by renaming it away first: of two callers that both judged it stale, one rename wins.
      const aside = `${path}.stale-${process.pid}`;
      try {
        renameSync(path, aside);
        unlinkSync(aside);
      } catch {
        return null;
      }
    }
  }
  return null;
}

export interface StartRequest {
  files: SocketFiles;
  /** The package root: the daemon runs `<root>/bin/gatehouse.js serve`. */
  root: string;
  stateDir: string;
  /** The daemon-relevant options (src/node/daemon-socket.ts daemonOptionWords): what its key is made of. */
  words: readonly string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
}

/** The argv of the daemon for this request (after the node binary). */
export function daemonArgv(r: StartRequest): string[] {
  return [join(r.root, "bin", "gatehouse.js"), "serve", "--socket", r.files.socket, "--idle-exit", String(IDLE_EXIT_S), "--state-dir", r.stateDir, ...r.words];
}

/**
 * Start the daemon unless another start holds the lock; never waits for it and never throws. Resolves
 * to the daemon's pid when this call started one, else null.
 */
export async function startDaemon(r: StartRequest): Promise<number | null> {
  const lock = takeStartLock(r.files.pid, Date.now());
  if (lock === null) return null;
  try {
    const { spawn } = await import("node:child_process"); // loaded on this path only
    const log = openSync(r.files.log, "a", 0o600);
    try {
      const child = spawn(process.execPath, daemonArgv(r), { detached: true, stdio: ["ignore", log, log], cwd: r.cwd, env: r.env });
      child.on("error", () => {}); // the pid stays absent: the lock reads as a dead starter's and is retried
      child.unref();
      if (child.pid === undefined) return null;
      ftruncateSync(lock, 0);
      writeSync(lock, String(child.pid), 0);
      return child.pid;
    } finally {
      closeSync(log);
    }
  } catch {
    return null;
  } finally {
    closeSync(lock);
  }
}
