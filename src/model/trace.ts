// The trace of one evaluation (`gatehouse explain --json`, and the browser
// page): how the action was read, what each candidate rule's tree saw, which
// leaves decided it, how the join picked the decider, and what each stage
// cost. Recorded by the engine's own evaluation (src/evaluate/trace.ts), never
// by a second implementation of the decision.
import * as z from "zod";
import { ClassifiedPathSchema, ClassifiedUrlSchema, EffectSchema, SimpleCommandSchema, UnknownCommandSchema } from "./classification.js";
import { AnomalySchema, DecisionSchema, DimensionSchema, ModeSchema, VerdictSchema } from "./decision.js";
import { TRACE_STAGES, TRACE_VERSION, type TraceStage } from "./trace-stages.js";

export { TRACE_STAGES, TRACE_VERSION, type TraceStage };

/** One simple command as the shell analysis read it, with what was peeled to reach it. */
export const TracedCommandSchema = SimpleCommandSchema.extend({
  /** Wrappers peeled off, outermost first (`sudo`, `env`, `xargs`, …). */
  wrappers: z.array(z.string()),
  /** Inline-script nesting: 0 at top level, +1 per `bash -c`, `eval`, heredoc to a shell, … */
  depth: z.number().int(),
  in_substitution: z.boolean(),
  /** Where its stdin comes from, when the text says: `pipe` (from command `upstream`), `heredoc`, `herestring`, `file`. */
  stdin: z.object({ kind: z.string(), upstream: z.number().int().nullable(), text: z.string().nullable(), path: z.string().nullable() }).nullable(),
  /** Set when peeled out of `find … -exec`: its roots and whether find narrows what it matches. */
  find: z.object({ roots: z.array(z.string()), filtered: z.boolean() }).nullable(),
});
export type TracedCommand = z.infer<typeof TracedCommandSchema>;

/** An authored leaf: `{field, pred, value}` as the bundle wrote it. */
export const TraceLeafSchema = z.object({ field: z.string(), pred: z.string(), value: z.unknown() });

/**
 * One node of an evaluated tree. `value` null: a short-circuit never reached
 * it. `decisive`: the outcome of its parent depended on it. `observed`: the
 * field's values the leaf tested (null when the field was absent), capped.
 */
export const TraceNodeSchema = z.object({
  node: z.enum(["all", "any", "not", "leaf", "keyword", "exists"]),
  value: z.boolean().nullable(),
  bottoms: z.array(z.string()),
  decisive: z.boolean(),
  leaf: TraceLeafSchema.nullable(),
  observed: z.array(z.unknown()).nullable(),
  get children() {
    return z.array(TraceNodeSchema);
  },
});
export type TraceNode = z.infer<typeof TraceNodeSchema>;

/** A leaf that decided its tree, with what it saw. */
export const DecidingLeafSchema = TraceLeafSchema.extend({
  result: z.boolean(),
  observed: z.array(z.unknown()).nullable(),
  /** The ⊥ id when the field was unknown (a session, spend or fact value absent). */
  bottom: z.string().nullable(),
});
export type DecidingLeaf = z.infer<typeof DecidingLeafSchema>;

export const ARTIFACT_OUTCOMES = ["fired", "not_fired", "filtered", "other_event_type"] as const;

/** One rule the engine considered for this event. */
export const TracedArtifactSchema = z.object({
  artifact_id: z.string(),
  atom_id: z.string().nullable(),
  kind: z.string(),
  tier: z.number().int(),
  mode: ModeSchema,
  /** The verdict it contributes when it fires (t3: `hold`). */
  verdict: VerdictSchema,
  order: z.number().int(),
  outcome: z.enum(ARTIFACT_OUTCOMES),
  /** One line: why it fired or why not. */
  why: z.string(),
  /** `filtered`: the keywords and event features it needs that this event lacks. */
  /** What a `filtered` rule needed and this event lacked: keywords and features it needs on their own, and clauses it needs one atom of (`keyword:<literal>`, `program:rm`, …). */
  missing: z.object({ keywords: z.array(z.string()), features: z.array(z.string()), one_of: z.array(z.array(z.string())) }).nullable(),
  tree: TraceNodeSchema.nullable(),
  deciding: z.array(DecidingLeafSchema),
  /** Tier 2: what the program did. */
  program: z.object({ ran: z.boolean(), fired: z.boolean(), anomalies: z.array(z.string()), inconclusive: z.array(z.string()) }).nullable(),
});
export type TracedArtifact = z.infer<typeof TracedArtifactSchema>;

export const TracedContributionSchema = z.object({
  artifact_id: z.string().nullable(),
  atom_id: z.string().nullable(),
  tier: z.number().int(),
  verdict: VerdictSchema,
  mode: ModeSchema,
  dimension: DimensionSchema.nullable(),
  order: z.number().int(),
  ground_key: z.string().nullable(),
});
export type TracedContribution = z.infer<typeof TracedContributionSchema>;

export const TracedExceptionSchema = z.object({
  artifact_id: z.string(),
  ground_key: z.string(),
  verdict: VerdictSchema,
  mode: ModeSchema,
  /** `held`: its tree held; `not_held`; `not_evaluated`: no contribution was its target (or it expired, or it is monitor-only for enforce contributions). */
  outcome: z.enum(["held", "not_held", "not_evaluated"]),
  expired: z.boolean(),
  /** The contributions it rewrote (artifact or atom ids). */
  rewrote: z.array(z.string()),
  tree: TraceNodeSchema.nullable(),
  deciding: z.array(DecidingLeafSchema),
});

export const JoinTraceSchema = z.object({
  /** Every firing contribution, before exceptions (the coverage-gap contribution included). */
  contributions: z.array(TracedContributionSchema),
  exceptions: z.array(TracedExceptionSchema),
  /** After exceptions: what the join chose from. */
  final: z.array(TracedContributionSchema),
  /** The decider: the most severe enforcing contribution; ties to the lower tier, then bundle order. Null: nothing decided (allow, undecided). */
  decider: TracedContributionSchema.nullable(),
  monitor: z.object({ would_have_verdict: VerdictSchema.nullable(), anomalies: z.array(AnomalySchema) }),
});

export const TraceSchema = z.object({
  trace_version: z.literal(TRACE_VERSION),
  engine_version: z.string(),
  bundle_digest: z.string(),
  event: z.object({ event_type: z.string(), tool_name: z.string(), session_id: z.string(), tool_use_id: z.string() }),
  /** False for an event type the engine does not gate: it answers the neutral allow without evaluating. */
  gated: z.boolean(),
  /** The shell input (text or argv) of a shell-bearing event, and every simple command read from it (an MCP tool's commands too, with no text/argv). */
  shell: z.object({ text: z.string().nullable(), argv: z.array(z.string()).nullable(), commands: z.array(TracedCommandSchema) }).nullable(),
  effects: z.array(EffectSchema),
  unknown: z.array(UnknownCommandSchema),
  paths: z.array(ClassifiedPathSchema),
  urls: z.array(ClassifiedUrlSchema),
  scan: z.object({ haystack_bytes: z.number().int(), oversize: z.boolean(), keywords_hit: z.array(z.string()) }),
  /**
   * `artifacts`: every artifact of the bundle, exceptions included. `ruled_out`: every rule the index ruled out
   * before its tree ran — the `filtered` entries of `artifacts` plus `unlisted`, the ones filed under keywords
   * only, which are counted and not listed.
   */
  prefilter: z.object({ enabled: z.boolean(), artifacts: z.number().int(), ruled_out: z.number().int(), unlisted: z.number().int() }),
  /** Every rule in bundle order — evaluated, skipped, or `filtered` (ruled out by the index, with what it needs) — but the `prefilter.unlisted` ones (exceptions are in `join`). */
  artifacts: z.array(TracedArtifactSchema),
  join: JoinTraceSchema,
  decision: DecisionSchema,
  /** Microseconds per stage; `total` is the whole evaluation plus serialising the envelope. */
  timings_us: z.object(Object.fromEntries([...TRACE_STAGES, "total"].map((s) => [s, z.number()])) as Record<TraceStage | "total", z.ZodNumber>),
});
export type Trace = z.infer<typeof TraceSchema>;
