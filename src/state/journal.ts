// A call that could not wait for its session's turn, kept as data so that a
// later call applies it (docs/cli.md "State directory", docs/daemon.md
// "Session state"). A store answers such a call from the last committed state
// at once — never a blank one — and queues it; the next call that commits
// first replays every queued call in order on the committed state (the
// engine's evaluate, state only), then its own. Each call is applied exactly
// once, so no increment is lost past the bound either, for every register
// op: the state is always that of some serial order of the calls answered.
// Pure: no I/O.
import * as z from "zod";
import { sameLayout, type StateLayout } from "../model/state-layout.js";
import type { SessionState } from "../model/session-state.js";
import type { StateStamp } from "./stamp.js";

export const QUEUED_FORMAT = "gatehouse.queued-call/1";

/** What replaying a call needs: the event as it was evaluated (after the host's additions) and its clock. */
export const QueuedCallSchema = z.object({
  event: z.unknown(),
  now_ms: z.number().int(),
});
export type QueuedCall = z.infer<typeof QueuedCallSchema>;

const LayoutSchema = z.object({ c: z.number().int(), f: z.number().int(), t: z.number().int(), a: z.number().int(), run: z.boolean() });

const QueuedRecordSchema = z.object({
  format: z.literal(QUEUED_FORMAT),
  layout: LayoutSchema,
  bundle_digest: z.string(),
  call: QueuedCallSchema,
});

/** How a store can queue a call and replay queued ones: the caller's engine, handed in per call. */
export interface Journal {
  /** This call, as data. */
  call: QueuedCall;
  /** Apply a queued call (this one's or another process's) to a state. Pure; may throw for a call it cannot read. */
  replay(call: QueuedCall, state: SessionState | null): SessionState;
}

export function encodeQueued(call: QueuedCall, stamp: StateStamp): string {
  return `${JSON.stringify({ format: QUEUED_FORMAT, layout: { ...stamp.layout }, bundle_digest: stamp.bundleDigest, call })}\n`;
}

export type DecodedQueued =
  | { call: QueuedCall; problem: null }
  /** Not a queued call: the session's state can no longer be known exactly. */
  | { call: null; problem: "corrupt"; detail: string }
  /** Queued under another register layout (the bundle changed): dropped, as the session restarts blank then. */
  | { call: null; problem: "layout"; detail: string };

export function decodeQueued(text: string, layout: StateLayout): DecodedQueued {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { call: null, problem: "corrupt", detail: `not JSON (${error instanceof Error ? error.message : String(error)})` };
  }
  const parsed = QueuedRecordSchema.safeParse(value);
  if (!parsed.success) return { call: null, problem: "corrupt", detail: "not a queued call" };
  if (!sameLayout(parsed.data.layout, layout)) return { call: null, problem: "layout", detail: `queued by bundle ${parsed.data.bundle_digest} under another register layout` };
  return { call: parsed.data.call, problem: null };
}

/** What replaying needs of an engine (the Engine's own `evaluate`; named structurally so this file imports no engine). */
export interface StateEvaluator {
  evaluate(event: unknown, state: unknown, nowMs: number): { state: SessionState };
}

/** The journal of one call evaluated by `engine`: the event as evaluated and its clock; replay is evaluate, state only. */
export function journalOf(engine: StateEvaluator, event: unknown, nowMs: number): Journal {
  return { call: { event, now_ms: nowMs }, replay: (call, state) => engine.evaluate(call.event, state, call.now_ms).state };
}
