// The files of calls that could not wait for their session's lock
// (src/state/journal.ts): `<record>.pending/<ms>-<pid>-<n>.json`, each written
// whole (temp file + rename), named so that they sort in the order they were
// queued. Only a process holding the session's lock removes them, after the
// record that holds their effect is on disk (the record lists them as
// `applied` until they are gone, so a crash in between applies none twice).
import { readdirSync, readFileSync, renameSync, rmdirSync, unlinkSync } from "node:fs";
import { makeDirs } from "../files/make-dirs.js";
import { join } from "node:path";
import { writeFileAtomic } from "../files/durable-file.js";

const NAME = /^\d{15}-\d+-\d+\.json$/;
let counter = 0;

export const pendingDirOf = (record: string): string => `${record}.pending`;

/** The queued calls' names, oldest first; none when the directory does not exist. */
export function listQueued(record: string): string[] {
  try {
    return readdirSync(pendingDirOf(record))
      .filter((n) => NAME.test(n))
      .sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT" || (error as NodeJS.ErrnoException).code === "ENOTDIR") return [];
    throw error;
  }
}

/** A queued call's text; null when it is gone (applied by a call that committed since the listing). */
export function readQueued(record: string, name: string): string | null {
  try {
    return readFileSync(join(pendingDirOf(record), name), "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

/** Queue a call; its path. Throws what the file system throws (a full disk). */
export function writeQueued(record: string, text: string, nowMs: number): string {
  const dir = pendingDirOf(record);
  for (let attempt = 0; ; attempt++) {
    const path = join(dir, `${String(nowMs).padStart(15, "0")}-${process.pid}-${counter++}.json`);
    try {
      makeDirs(dir, 0o700);
      writeFileAtomic(path, text);
      return path;
    } catch (error) {
      // ENOENT: the lock holder removed the emptied directory between our mkdir and write.
      if ((error as NodeJS.ErrnoException).code !== "ENOENT" || attempt >= 8) throw error;
    }
  }
}

/** Remove a queued call already held by the record; false when it could not be removed (it stays listed as applied). */
export function removeQueued(record: string, name: string): boolean {
  try {
    unlinkSync(join(pendingDirOf(record), name));
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ENOENT";
  }
}

/** Move a queued call that does not parse beside its record; the new path, or null when it cannot be moved. */
export function quarantineQueued(record: string, name: string, nowMs: number): string | null {
  const aside = `${record}.corrupt-${nowMs}-${process.pid}-${name}`;
  try {
    renameSync(join(pendingDirOf(record), name), aside);
    return aside;
  } catch {
    return null;
  }
}

/** Remove the pending directory once it is empty (a queued call written meanwhile keeps it). */
export function tidyQueued(record: string): void {
  try {
    rmdirSync(pendingDirOf(record));
  } catch {
    // Not empty, or already gone.
  }
}
