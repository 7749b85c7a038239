// One conformance case (SPEC §10): a bundle (inline, or a path relative to the
// repository root), an event, the injected clock, the state going in, and
// what must come out.
import * as z from "zod";
import { DecisionSchema } from "../model/decision.js";
import { SkippedItemSchema } from "../bundle/skip.js";

export const CorpusCaseSchema = z.object({
  name: z.string().min(1),
  bundle: z.union([z.string(), z.record(z.string(), z.unknown())]),
  event: z.unknown(),
  now_ms: z.number().int(),
  state_in: z.unknown().default(null),
  expected: z.union([
    z.object({
      decision: DecisionSchema,
      state_out: z.unknown(),
      /** `detail` is prose like `reason` in a decision: optional here, never compared (compare.ts). */
      skipped: z.array(SkippedItemSchema.partial({ detail: true })).optional(),
    }),
    /** An extension: the engine must refuse the input (`StateLayoutError`, `TypeError`, `BundleLoadError`). */
    z.object({ error: z.string() }),
  ]),
});
export type CorpusCase = z.infer<typeof CorpusCaseSchema>;
