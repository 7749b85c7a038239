// The waiting line in front of a lock file (src/node/file-lock.ts): processes
// take the lock in the order they asked for it. Without it, the lock goes to
// whichever waiter happens to poll first after a release — on a loaded machine
// a process that arrived early can lose that race again and again until its
// time-out, while later arrivals pass it (60 hook processes of one session on
// two busy cores: a quarter of them gave up).
//
// Each waiter creates one ticket file in `<lock>.queue/`, named by the time it
// joined (then its pid), and may try the lock only when no live ticket is
// ahead of it. It sleeps on the ticket just ahead (an inotify watch through
// fs.watch, with a short poll as the fallback where no watch is possible) and
// wakes when that ticket goes. The ticket of a process that died, or one older
// than the lock's staleness bound, is removed by the waiter behind it.
//
// The line decides only the order. Mutual exclusion is still the O_EXCL lock
// file alone, so a ticket judged stale too early, a clock step, or an older
// Gatehouse that does not queue can cost fairness, never exclusion.
import { closeSync, existsSync, openSync, readdirSync, rmdirSync, unlinkSync, watch } from "node:fs";
import { makeDirs } from "./make-dirs.js";
import { hostname } from "node:os";
import { join } from "node:path";

/**
 * A ticket's name says all there is to know about it — the join time in ms
 * (15 digits, so names sort by time), the pid, a per-process counter (9
 * digits) and a tag
 * of the host — so a ticket is an empty file: it costs no disk block (a full
 * disk that still has room for the lock file has room for the line).
 */
const TICKET = /^(\d{15})-(\d+)-(\d{9})-([0-9a-f]{8})$/;
/** The longest a waiter sleeps between looks when no wake-up came (a watch that cannot be set, a missed event). */
const MAX_NAP_MS = 100;

let host: string | null = null;
/** FNV-1a of the host name, as 8 hex digits: enough to tell whether a pid can be checked here. */
const hostTag = (): string => {
  if (host !== null) return host;
  let h = 0x811c9dc5;
  for (const c of hostname()) h = Math.imul(h ^ c.charCodeAt(0), 0x01000193) >>> 0;
  return (host = h.toString(16).padStart(8, "0"));
};
let counter = 0;

/** Whether a process of this host lives (EPERM: it does, owned by another user). Shared with file-lock.ts. */
export function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function quiet(fn: () => void, ...ok: string[]): void {
  try {
    fn();
  } catch (error) {
    if (!ok.includes((error as NodeJS.ErrnoException).code ?? "")) throw error;
  }
}

export class LockQueue {
  private ticket: string | null = null;
  /** No ticket could be made: this waiter is outside the line. */
  private outside = false;
  private nap = 5;

  /** `dir`: the queue's directory (`<lock>.queue`); `staleMs`: a ticket older than this is abandoned. */
  constructor(
    private readonly dir: string,
    private readonly staleMs: number,
  ) {}

  /**
   * Take a ticket at the back of the line. A ticket that cannot be made (no
   * inode left, a read-only directory) leaves this waiter out of the line: it
   * then competes for the lock as before the line existed, and the lock file's
   * own error, if any, is the one reported.
   */
  join(): void {
    for (let attempt = 0; attempt < 16; attempt++) {
      // The counter is padded too: waiters of one process that join in the same millisecond sort in join order.
      const name = `${String(Date.now()).padStart(15, "0")}-${process.pid}-${String(counter++).padStart(9, "0")}-${hostTag()}`;
      try {
        makeDirs(this.dir, 0o700);
        closeSync(openSync(join(this.dir, name), "wx", 0o600));
        this.ticket = name;
        return;
      } catch (error) {
        // ENOENT: the last one out removed the directory between our mkdir and open. EEXIST: a name taken.
        const code = (error as NodeJS.ErrnoException).code;
        if (code !== "ENOENT" && code !== "EEXIST") break;
      }
    }
    this.ticket = null;
    this.outside = true;
  }

  /**
   * The nearest live ticket ahead of ours, or null when we are at the front.
   * Stale tickets met on the way are removed. A ticket of ours that someone
   * removed as stale (this process was stopped for longer than the bound) is
   * taken again, at the back.
   */
  ahead(rejoined = false): string | null {
    if (this.outside) return null;
    let names: string[];
    try {
      names = readdirSync(this.dir).filter((n) => TICKET.test(n));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") return this.leaveLine();
      names = []; // gone, our ticket with it: taken again below
    }
    if (this.ticket === null || !names.includes(this.ticket)) {
      if (rejoined) return this.leaveLine();
      this.join();
      return this.ahead(true);
    }
    names.sort();
    for (let i = names.indexOf(this.ticket) - 1; i >= 0; i--) {
      const name = names[i]!;
      if (!this.stale(name)) return name;
      quiet(() => unlinkSync(join(this.dir, name)), "ENOENT");
    }
    return null;
  }

  /** Give up on the line (it cannot be read or kept): compete for the lock as before the line existed. */
  private leaveLine(): null {
    this.leave();
    this.outside = true;
    return null;
  }

  private stale(name: string): boolean {
    const [, ms, pid, , tag] = TICKET.exec(name)!;
    if (Date.now() - Number(ms) > this.staleMs) return true;
    if (Number(pid) === process.pid) return false;
    return tag === hostTag() && !pidAlive(Number(pid));
  }

  /** Sleep until the ticket `name` goes (or something else in its place changes), at most `ms`. */
  waitFor(name: string, ms: number): Promise<void> {
    const nap = Math.min(ms, this.nap);
    this.nap = Math.min(this.nap * 2, MAX_NAP_MS);
    return new Promise((resolve) => {
      let watcher: ReturnType<typeof watch> | null = null;
      let done = false;
      const wake = () => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        watcher?.close();
        resolve();
      };
      const timer = setTimeout(wake, nap);
      const path = join(this.dir, name);
      try {
        watcher = watch(path, { persistent: true }, wake);
        watcher.on("error", wake);
      } catch {
        // Gone already, or no watch to be had here: the nap is the fallback.
      }
      // Removed between our look and the watch: no event will come.
      if (!existsSync(path)) wake();
    });
  }

  /** Give the ticket back (after the lock is released, or when giving up); the last one out removes the directory. */
  leave(): void {
    if (this.ticket === null) return;
    const name = this.ticket;
    this.ticket = null;
    quiet(() => unlinkSync(join(this.dir, name)), "ENOENT");
    quiet(() => rmdirSync(this.dir), "ENOENT", "ENOTEMPTY", "EEXIST", "EBUSY");
  }
}
