// One ledger row (SPEC §11, docs/ledger.md): the zod schema is the single
// source of its type, and the key order below is the order a row is written
// in. The chain rule lives here too:
//
//   hash = "sha256:" + hex(SHA-256(utf8(prev) ‖ utf8(canonicalJson(row without hash))))
//
// where ‖ is plain byte concatenation — unambiguous because `prev` is always
// exactly 71 ASCII bytes — and the first row's `prev` is GENESIS_PREV.
// Pure (no Node imports): the hash function is passed in, so Node code uses
// its native SHA-256 and a browser could verify with @noble/hashes.
import * as z from "zod";
import { canonicalJson } from "../bundle/canonical.js";
import { DecisionSchema } from "../model/decision.js";
import { SessionStateSchema } from "../model/session-state.js";

/** `sha256:` + 64 lowercase hex digits: every digest in a row. */
export const DigestSchema = z.string().regex(/^sha256:[0-9a-f]{64}$/, "a digest is sha256: + 64 lowercase hex digits");
export type Digest = z.infer<typeof DigestSchema>;

/** The `prev` of the first row: no row before it. */
export const GENESIS_PREV: Digest = `sha256:${"0".repeat(64)}`;

export const LedgerRowSchema = z
  .object({
    /** 1 for the first row, then +1 per row: a gap or repeat is a deleted or reordered row. */
    seq: z.number().int().min(1),
    /** The clock value the engine was given (the engine never reads a clock). */
    now_ms: z.number().int(),
    session_id: z.string(),
    tool_use_id: z.string(),
    /** Digest of canonicalJson(the event as given to the engine) — before any redaction. */
    event_digest: DigestSchema,
    decision: DecisionSchema,
    engine_version: z.string(),
    bundle_digest: z.string(),
    /** `--ledger-events`: the event as given to the engine (redacted with `--ledger-redact`). */
    event: z.record(z.string(), z.unknown()).optional(),
    /** `--ledger-events`: the session state given to the engine; null = a blank state. */
    state_in: SessionStateSchema.nullable().optional(),
    /** `--ledger-redact`, only when something was replaced: the kinds of what was (sorted, unique). */
    redacted: z.array(z.string()).min(1).optional(),
    prev: DigestSchema,
    hash: DigestSchema,
  })
  .strict();
export type LedgerRow = z.infer<typeof LedgerRowSchema>;
export type UnhashedRow = Omit<LedgerRow, "hash">;

/** `text` → its digest string (`sha256:` + hex of the UTF-8 bytes). */
export type DigestText = (text: string) => Digest;

/** The bytes (as a string) the row's hash is taken over. */
export function hashInput(row: UnhashedRow | LedgerRow): string {
  const { hash: _hash, ...rest } = row as LedgerRow;
  return row.prev + canonicalJson(rest);
}

export function rowHash(row: UnhashedRow | LedgerRow, digest: DigestText): Digest {
  return digest(hashInput(row));
}

/** Digest of an event as given to the engine. */
export function eventDigest(event: unknown, digest: DigestText): Digest {
  return digest(canonicalJson(event));
}

/**
 * The line a row is written as (without its newline): JSON in schema key
 * order, nothing else. `verify` insists a line is exactly this serialization
 * of what it parses to, so no byte of a row can change without notice.
 */
export function serializeRow(row: LedgerRow): string {
  return JSON.stringify(row);
}
