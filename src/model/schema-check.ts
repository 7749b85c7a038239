// How the bundle loader runs its schemas. Normally each check is zod's
// `safeParse`. A bundle precompiled at build time (src/bundle/precompiled.ts)
// was loaded once by this same loader with every check's result recorded in
// order — a tape — so loading that exact text again replays the tape instead
// of validating again: what a hook process pays for the default bundle drops
// by the validation (docs/performance.md "Hook process start").
import type * as z from "zod";

export type CheckResult<T> = { success: true; data: T } | { success: false; error: { issues: z.core.$ZodIssue[] } };

/** One schema check: zod's `safeParse`, or its recorded result. */
export type SchemaCheck = <T>(schema: z.ZodType<T>, value: unknown) => CheckResult<T>;

export const zodCheck: SchemaCheck = (schema, value) => schema.safeParse(value);

/** One recorded check, as JSON: the parsed data, or the issues. */
export type TapeEntry = { ok: true; data: unknown } | { ok: false; issues: unknown[] };

/** zod's checks, each result appended to `tape` (a JSON copy: the tape is stored as text). */
export function recordingCheck(tape: TapeEntry[]): SchemaCheck {
  return (schema, value) => {
    const result = schema.safeParse(value);
    tape.push(result.success ? { ok: true, data: result.data } : { ok: false, issues: JSON.parse(JSON.stringify(result.error.issues)) as unknown[] });
    return result;
  };
}

/** The recorded results, in order. A loader that asks for more checks than were recorded is not the loader that recorded them. */
export function replayCheck(tape: readonly TapeEntry[]): SchemaCheck {
  let next = 0;
  return <T>(): CheckResult<T> => {
    const entry = tape[next++];
    if (entry === undefined) throw new Error("precompiled bundle: the schema-check tape ran out (made by another loader?)");
    return entry.ok ? { success: true, data: entry.data as T } : { success: false, error: { issues: entry.issues as z.core.$ZodIssue[] } };
  };
}
