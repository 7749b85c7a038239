// The guard's records: one JSON line per block, per fail-open error and per
// sweep finding, appended under a file lock (several hook processes may fire
// at once) and fsynced. The file is writable by the session it describes, so
// it is evidence to fold tolerantly (fold.ts), never input to judge by.
import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import { makeDirs } from "../files/make-dirs.js";
import { dirname } from "node:path";
import * as z from "./zod.js";
import { appendDurable } from "../files/durable-file.js";
import { withFileLock } from "../files/file-lock.js";
import { GUARD_SPEC_VERSION } from "./spec.js";

export const RECORD_VERDICTS = [
  /** A write the guard refused before it happened. */
  "blocked",
  /** The guard could not judge and failed open: the call went ahead. */
  "error",
  /** The sweep found a changed path outside the touch set, after the fact. */
  "finding",
] as const;

export const GuardRecordSchema = z.object({
  v: z.literal(GUARD_SPEC_VERSION),
  ts: z.string(),
  gate: z.string(),
  /** `PreToolUse` for the hook, `sweep` for the sweep. */
  hookEvent: z.string(),
  /** The tool judged (`Write`, …); the sweep writes the git change (`untracked`, `modified`, …). */
  tool: z.string(),
  /** The checkout-relative path, else the raw path, else `(unresolved)`. */
  subject: z.string(),
  verdict: z.enum(RECORD_VERDICTS),
  detail: z.optional(z.string()),
  sessionId: z.optional(z.string()),
  toolUseId: z.optional(z.string()),
});
export type GuardRecord = z.infer<typeof GuardRecordSchema>;

/** A record line stays small whatever the session put in a path. */
const WRITE_FIELD_MAX = 4096;
const clip = (s: string) => (s.length > WRITE_FIELD_MAX ? `${s.slice(0, WRITE_FIELD_MAX)}…` : s);

export function makeRecord(fields: Omit<GuardRecord, "v" | "ts">, now: number): GuardRecord {
  const record: GuardRecord = { v: GUARD_SPEC_VERSION, ts: new Date(now).toISOString(), ...fields };
  for (const key of ["subject", "detail"] as const) if (record[key] !== undefined) record[key] = clip(record[key]);
  return record;
}

/** Whether the file ends mid-line (a torn append); absent and empty files do not. */
function endsMidLine(path: string): boolean {
  let fd: number;
  try {
    fd = openSync(path, "r");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
    throw error;
  }
  try {
    const size = fstatSync(fd).size;
    if (size === 0) return false;
    const last = Buffer.alloc(1);
    readSync(fd, last, 0, 1, size - 1);
    return last[0] !== 0x0a;
  } finally {
    closeSync(fd);
  }
}

/** How long a hook waits for the record lock: well inside the hook's own timeout. */
const LOCK_TIMEOUT_MS = 3_000;

/**
 * Append records as JSON lines. A torn last line (a crash mid-append) is
 * closed off first, so it stays one malformed line instead of swallowing the
 * next record. Throws on failure; callers never let that change a verdict.
 */
export async function appendRecords(path: string, records: readonly GuardRecord[]): Promise<void> {
  if (records.length === 0) return;
  makeDirs(dirname(path));
  const lines = records.map((r) => JSON.stringify(r)).join("\n") + "\n";
  await withFileLock(`${path}.lock`, () => appendDurable(path, endsMidLine(path) ? `\n${lines}` : lines), { timeoutMs: LOCK_TIMEOUT_MS });
}
