// The stored form of one session's state (the state directory's files, and
// the value a Redis store keeps): the register file plus the layout and bundle
// digest it was written under, so a state of another layout is recognised and
// restarted blank instead of being refused (SPEC §11), and a record that does
// not parse is recognised as corrupt (its session's state is then unknown,
// never blank: SPEC §6.8). Pure: no I/O.
import * as z from "zod";
import { sha256Hex } from "../bundle/canonical.js";
import { sameLayout, type StateLayout } from "../model/state-layout.js";
import { checkState, type SessionState } from "../model/session-state.js";
import type { StateStamp } from "./store.js";

export const RECORD_FORMAT = "gatehouse.session-state/1";

const LayoutSchema = z.object({
  c: z.number().int().min(0),
  f: z.number().int().min(0),
  t: z.number().int().min(0),
  a: z.number().int().min(0),
  run: z.boolean(),
});

export const SessionRecordSchema = z.object({
  format: z.literal(RECORD_FORMAT),
  layout: LayoutSchema,
  bundle_digest: z.string(),
  updated_ms: z.number().int(),
  state: z.unknown(),
  /** Queued calls (src/state/journal.ts) this record already holds, by name, until their files are gone. */
  applied: z.array(z.string()).optional(),
});
export type SessionRecord = z.infer<typeof SessionRecordSchema>;

export type DecodedRecord =
  | { state: SessionState; problem: null; applied: string[] }
  /** Not a record at all: quarantine it. */
  | { state: null; problem: "corrupt"; detail: string }
  /** A good record of another layout: start blank (the bundle changed). */
  | { state: null; problem: "layout"; detail: string };

function describeLayout(l: StateLayout): string {
  return `c=${l.c} f=${l.f} t=${l.t} a=${l.a} run=${l.run}`;
}

export function encodeRecord(state: SessionState, stamp: StateStamp, nowMs: number, applied: readonly string[] = []): string {
  const record: SessionRecord = { format: RECORD_FORMAT, layout: { ...stamp.layout }, bundle_digest: stamp.bundleDigest, updated_ms: nowMs, state };
  if (applied.length > 0) record.applied = [...applied];
  return `${JSON.stringify(record)}\n`;
}

export function decodeRecord(text: string, stamp: StateStamp): DecodedRecord {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { state: null, problem: "corrupt", detail: `not JSON (${error instanceof Error ? error.message : String(error)})` };
  }
  const parsed = SessionRecordSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { state: null, problem: "corrupt", detail: `not a session record (${issue ? `${issue.path.join(".") || "record"}: ${issue.message}` : "invalid"})` };
  }
  const record = parsed.data;
  if (!sameLayout(record.layout, stamp.layout))
    return {
      state: null,
      problem: "layout",
      detail: `it was written for layout ${describeLayout(record.layout)} by bundle ${record.bundle_digest}; the bundle in use (${stamp.bundleDigest}) needs ${describeLayout(stamp.layout)}`,
    };
  try {
    return { state: checkState(record.state, stamp.layout), problem: null, applied: record.applied ?? [] };
  } catch (error) {
    return { state: null, problem: "corrupt", detail: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * A session id is input (it may hold `../`, NUL, or be megabytes long): its
 * storage key is the hex SHA-256 of its UTF-8 bytes, never the id itself.
 */
export function sessionKey(sessionId: string): string {
  return sha256Hex(sessionId);
}

export { layoutIsEmpty } from "../model/state-layout.js";

/** The warning line for a record that could not be used. */
export function recordWarning(where: string, decoded: Exclude<DecodedRecord, { problem: null }>, quarantinedAs: string | null): string {
  if (decoded.problem === "layout") return `gatehouse: session state ${where} restarts blank: ${decoded.detail}`;
  return `gatehouse: session state ${where} is corrupt (${decoded.detail}); ${quarantinedAs !== null ? `kept as ${quarantinedAs}` : "left in place"}; the session's state is unknown from now on, so its Tier 2 rules answer on_unknown (restore the record, or remove it to restart the session's counters)`;
}

/** What an unknown state says about a corrupt record (src/state/session.ts `unknownState`). */
export function corruptWhy(detail: string, quarantinedAs: string | null): string {
  return `its stored record was corrupt: ${detail}${quarantinedAs === null ? "" : `; kept as ${quarantinedAs}`}`;
}
