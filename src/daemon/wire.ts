// What the daemon answers besides envelopes and agents' own answers: the error
// body every refusal carries and the /healthz report. zod is the single source.
import { z } from "zod";
import { ClassificationCacheStatsSchema } from "../classification-cache.js";

export const ErrorBodySchema = z.object({
  error: z.object({
    /** Stable, for programs: bad_json, body_too_large, origin_refused, host_refused, state_unavailable, … */
    code: z.string(),
    /** One line for a person. */
    message: z.string(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

export const HealthSchema = z.object({
  /** "ok", or "degraded" while the state store cannot be reached (then HTTP 503). */
  status: z.enum(["ok", "degraded"]),
  engine_version: z.string(),
  bundle_id: z.string(),
  bundle_digest: z.string(),
  uptime_ms: z.number().int(),
  /** The daemon's process id (doctor shows it; `kill` of it asks: SPEC §6.8). */
  pid: z.number().int(),
  sessions: z.object({
    store: z.string(),
    /** Sessions the store holds; null where counting would be costly (Redis). */
    held: z.number().int().nullable(),
    reachable: z.boolean(),
  }),
  requests: z.object({ in_flight: z.number().int(), served: z.number().int() }),
  /** The classification cache of the engine now serving (`--classify-cache`); null when it is off. Counters restart on a bundle reload. */
  classify_cache: ClassificationCacheStatsSchema.nullable(),
});
export type Health = z.infer<typeof HealthSchema>;
