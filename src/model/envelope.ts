// The response envelope (SPEC §3): provenance rides beside the decision, never in it.
import * as z from "zod";
import { SessionStateSchema } from "../state/session.js";
import { DecisionSchema } from "./decision.js";

export const EnvelopeSchema = z.object({
  decision: DecisionSchema,
  state: SessionStateSchema,
  engine_version: z.string(),
  bundle_digest: z.string(),
});
export type Envelope = z.infer<typeof EnvelopeSchema>;
