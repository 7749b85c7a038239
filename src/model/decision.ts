// The decision: exactly the 19 fields of seed 001's `Decision`, in its order,
// snake_case, `null` for a field with no value — never omitted (SPEC §3).
// The object key order of these schemas IS the serialisation order.
import * as z from "zod";
import { EffectSchema, UnknownCommandSchema } from "./classification.js";

export const VERDICTS = ["allow", "ask", "hold", "deny"] as const;
export const VerdictSchema = z.enum(VERDICTS);
export type Verdict = z.infer<typeof VerdictSchema>;

/** `allow` < `ask` < `hold` < `deny`. */
export function severity(verdict: Verdict): number {
  return VERDICTS.indexOf(verdict);
}

export const DIMENSIONS = ["security", "safety", "cost", "governance"] as const;
export const DimensionSchema = z.enum(DIMENSIONS);
export type Dimension = z.infer<typeof DimensionSchema>;

export const ModeSchema = z.enum(["enforce", "monitor"]);
export type Mode = z.infer<typeof ModeSchema>;

export const LEVERS = [
  "effort_clamp",
  "context_edit",
  "prefix_guard",
  "loop_stop",
  "narrow_output",
  "steer",
  "substitute",
] as const;
export const LeverSchema = z.enum(LEVERS);
export type Lever = z.infer<typeof LeverSchema>;

export const RewriteSchema = z.object({
  lever: LeverSchema,
  artifact_id: z.string().nullable(),
  steer_instruction: z.string().nullable(),
});
export type Rewrite = z.infer<typeof RewriteSchema>;

/** One selected or shadowed optimize artifact. Its params never enter evidence. */
export const OptimizeCandidateSchema = z.object({
  artifact_id: z.string().nullable(),
  atom_id: z.string().nullable(),
  policy_id: z.string().nullable(),
  layer_unit_id: z.string().nullable(),
  lever: LeverSchema,
  reason: z.string(),
});
export type OptimizeCandidate = z.infer<typeof OptimizeCandidateSchema>;

export const OptimizeContextSchema = z.object({
  actual: OptimizeCandidateSchema.nullable(),
  monitor: OptimizeCandidateSchema.nullable(),
  shadowed: z.array(OptimizeCandidateSchema),
});
export type OptimizeContext = z.infer<typeof OptimizeContextSchema>;

export const HoldRequestSchema = z.object({
  resolve: z.string().nullable(),
  directive_template_id: z.string().nullable(),
  max_attempts: z.number().int().nullable(),
  timeout_s: z.number().int().nullable(),
  on_timeout: VerdictSchema.nullable(),
  verdict_on_approve: VerdictSchema.nullable(),
  verdict_on_reject: VerdictSchema.nullable(),
});
export type HoldRequest = z.infer<typeof HoldRequestSchema>;

export const AnomalySchema = z.object({
  code: z.string(),
  artifact_id: z.string().nullable(),
  atom_id: z.string().nullable(),
});
export type Anomaly = z.infer<typeof AnomalySchema>;

export const DecisionSchema = z.object({
  verdict: VerdictSchema,
  artifact_id: z.string().nullable(),
  atom_id: z.string().nullable(),
  policy_public_id: z.string().nullable(),
  dimension: DimensionSchema.nullable(),
  mode: ModeSchema.nullable(),
  tier: z.number().int().nullable(),
  reason: z.string(),
  would_have_verdict: VerdictSchema.nullable(),
  inconclusive_facts: z.array(z.string()),
  rewrite: RewriteSchema.nullable(),
  optimize: OptimizeContextSchema.nullable(),
  hold: HoldRequestSchema.nullable(),
  effects: z.array(EffectSchema),
  undecided: z.boolean(),
  unknown: z.array(UnknownCommandSchema),
  anomalies: z.array(AnomalySchema),
  ground_key: z.string().nullable(),
  warnings: z.array(z.string()),
});
export type Decision = z.infer<typeof DecisionSchema>;

/** The neutral answer: allow, undecided, nothing decided it. */
export function neutralDecision(): Decision {
  return {
    verdict: "allow",
    artifact_id: null,
    atom_id: null,
    policy_public_id: null,
    dimension: null,
    mode: null,
    tier: null,
    reason: "",
    would_have_verdict: null,
    inconclusive_facts: [],
    rewrite: null,
    optimize: null,
    hold: null,
    effects: [],
    undecided: true,
    unknown: [],
    anomalies: [],
    ground_key: null,
    warnings: [],
  };
}
