// `gatehouse replay`: re-evaluate every row that carries its event and compare
// the decision byte for byte with the one recorded. Two ways to choose the
// bundle (docs/ledger.md):
//   - by digest (`--bundle B`…, default: the embedded bundle): a row is
//     replayed against the candidate whose digest it was recorded with, so a
//     difference means the engine no longer reproduces its own past; a row of
//     any other digest is reported and not compared;
//   - `--against B`: every row is replayed against B, whatever it was recorded
//     with — a bundle change reviewed as the decisions it would have changed.
import type { Engine } from "../engine.js";
import { StateLayoutError } from "../model/session-state.js";
import { fileLines } from "./file-lines.js";
import { readLedgerLine } from "./line.js";

export interface FieldDifference {
  /** `decision.<field>`, or `decision` for a difference of key order alone. */
  field: string;
  recorded: unknown;
  replayed: unknown;
}

interface At {
  line: number;
  seq: number;
  session_id: string;
  tool_name: string | null;
}

export type ReplayOutcome =
  | (At & { kind: "reproduced"; bundle_digest: string })
  | (At & {
      kind: "differs";
      differences: FieldDifference[];
      recorded_bundle: string;
      replayed_bundle: string;
      recorded_engine: string;
      /** The event was redacted when recorded, which alone may change a decision. */
      redacted: boolean;
      /** `--against` only: the recorded state_in does not fit the bundle's layout, so a blank state was used. */
      blank_state: boolean;
    })
  | (At & { kind: "other_bundle"; bundle_digest: string })
  | (At & { kind: "no_event" })
  | (At & { kind: "failed"; message: string })
  | { kind: "not_a_row"; line: number };

export interface ReplayEngines {
  /** The candidate engine for a recorded bundle digest, or null. */
  byDigest(digest: string): Engine | null;
  /** `--against`: the one engine every row is replayed on. */
  against: Engine | null;
}

/** Field-by-field differences between two decisions; empty when their bytes are equal. */
export function decisionDifferences(recorded: Record<string, unknown>, replayed: Record<string, unknown>): FieldDifference[] {
  if (JSON.stringify(recorded) === JSON.stringify(replayed)) return [];
  const keys = [...new Set([...Object.keys(recorded), ...Object.keys(replayed)])];
  const out: FieldDifference[] = [];
  for (const k of keys) {
    if (JSON.stringify(recorded[k]) !== JSON.stringify(replayed[k])) out.push({ field: `decision.${k}`, recorded: recorded[k], replayed: replayed[k] });
  }
  if (out.length === 0) out.push({ field: "decision", recorded: Object.keys(recorded), replayed: Object.keys(replayed) });
  return out;
}

/** Replay the ledger at `path`, one outcome per line, in order (streamed: bounded memory). */
export function* replayLedger(path: string, engines: ReplayEngines): Generator<ReplayOutcome> {
  for (const l of fileLines(path)) {
    const reading = l.oversize === null ? readLedgerLine(l.bytes) : null;
    if (reading === null || reading.kind !== "row") {
      yield { kind: "not_a_row", line: l.line };
      continue;
    }
    const { row, raw } = reading;
    const event = raw.event as Record<string, unknown> | undefined;
    const at: At = { line: l.line, seq: row.seq, session_id: row.session_id, tool_name: typeof event?.tool_name === "string" ? event.tool_name : null };
    if (event === undefined) {
      yield { ...at, kind: "no_event" };
      continue;
    }
    const engine = engines.against ?? engines.byDigest(row.bundle_digest);
    if (engine === null) {
      yield { ...at, kind: "other_bundle", bundle_digest: row.bundle_digest };
      continue;
    }
    let decision: unknown;
    let blank = false;
    try {
      try {
        decision = engine.evaluate(event, raw.state_in ?? null, row.now_ms).decision;
      } catch (error) {
        // Another bundle may keep another register layout: its programs then start from a blank state.
        if (!(error instanceof StateLayoutError) || engines.against === null) throw error;
        blank = true;
        decision = engine.evaluate(event, null, row.now_ms).decision;
      }
    } catch (error) {
      yield { ...at, kind: "failed", message: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
      continue;
    }
    const replayed = JSON.parse(JSON.stringify(decision)) as Record<string, unknown>;
    const differences = decisionDifferences(raw.decision as Record<string, unknown>, replayed);
    if (differences.length === 0) {
      yield { ...at, kind: "reproduced", bundle_digest: engine.bundleDigest };
      continue;
    }
    yield {
      ...at,
      kind: "differs",
      differences,
      recorded_bundle: row.bundle_digest,
      replayed_bundle: engine.bundleDigest,
      recorded_engine: row.engine_version,
      redacted: row.redacted !== undefined,
      blank_state: blank,
    };
  }
}
