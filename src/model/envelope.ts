// The response envelope (SPEC §3): provenance rides beside the decision, never in it.
import * as z from "zod";
import { SessionStateSchema } from "./session-state.js";
import { DecisionSchema } from "./decision.js";

export const EnvelopeSchema = z.object({
  decision: DecisionSchema,
  state: SessionStateSchema,
  engine_version: z.string(),
  bundle_digest: z.string(),
});
export type Envelope = z.infer<typeof EnvelopeSchema>;

/** One decision as the engine made it — exactly what was passed to `evaluate`, and what it returned: what the ledger records and `replay` re-runs. */
export interface DecisionRecord {
  event: unknown;
  /** The state given to `evaluate` (null or undefined: a blank state). */
  state_in: unknown;
  now_ms: number;
  envelope: Envelope;
}
