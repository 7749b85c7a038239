// Writes that survive a crash: a whole file replaced atomically (temp file in
// the same directory, fsync, rename, fsync of the directory), and a line
// appended and fsynced before the caller answers. Callers that several
// processes share take a file lock around these (src/files/file-lock.ts).
import { closeSync, fsyncSync, openSync, renameSync, unlinkSync, writeSync } from "node:fs";
import { basename, dirname, join } from "node:path";

let tempCounter = 0;

function writeAll(fd: number, data: Buffer): void {
  let off = 0;
  while (off < data.length) off += writeSync(fd, data, off, data.length - off);
}

/** fsync a directory, so a file just created in it survives a crash. */
export function fsyncDir(dir: string): void {
  let fd: number | null = null;
  try {
    fd = openSync(dir, "r");
    fsyncSync(fd);
  } catch {
    // Some filesystems refuse fsync on a directory; the rename itself is still atomic.
  } finally {
    if (fd !== null) closeSync(fd);
  }
}

/**
 * Replace `path` with `data` so a reader sees the old file or the new one,
 * never a mix, and a crash leaves one of the two. On failure (a full disk,
 * say) the old file is untouched and the temp file removed; the error is
 * rethrown for the caller to report.
 */
export function writeFileAtomic(path: string, data: string | Buffer, mode = 0o600): void {
  const dir = dirname(path);
  // Unique per process (pid) and call (counter); the random part only guards against a crashed process's leftover of a reused pid.
  // (Not node:crypto: loading it costs a hook process ~4 ms for four random bytes; the "wx" open refuses a collision anyway.)
  const temp = join(dir, `.${basename(path)}.${process.pid}.${(tempCounter++).toString(36)}${Math.random().toString(36).slice(2, 8)}.tmp`);
  const bytes = typeof data === "string" ? Buffer.from(data, "utf8") : data;
  const fd = openSync(temp, "wx", mode);
  try {
    writeAll(fd, bytes);
    fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    try {
      unlinkSync(temp);
    } catch {
      // already gone
    }
    throw error;
  }
  closeSync(fd);
  try {
    renameSync(temp, path);
  } catch (error) {
    try {
      unlinkSync(temp);
    } catch {
      // already gone
    }
    throw error;
  }
  fsyncDir(dir);
}

/**
 * Append `data` to `path` (created if absent) and fsync it before returning.
 * A failure part-way (a full disk) can leave a torn tail: the caller's format
 * must detect one (the ledger and the guard's records are JSONL: a last line
 * without its newline is torn).
 */
export function appendDurable(path: string, data: string | Buffer, mode = 0o600): void {
  const bytes = typeof data === "string" ? Buffer.from(data, "utf8") : data;
  const fd = openSync(path, "a", mode);
  try {
    writeAll(fd, bytes);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
