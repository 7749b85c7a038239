// Wire schemas of the policy bundle (SPEC §4). Stage 1 reads the top level and
// each artifact's envelope tolerantly; stage 2 parses each body strictly by kind.
import * as z from "zod";
import { DimensionSchema, ModeSchema, VerdictSchema } from "../model/decision.js";
import { TargetClassSchema, VerbSchema, AttrValueSchema } from "../model/classification.js";
import { TreeSchema, LeafSchema } from "./tree.js";
import { FACT_TYPES } from "../evaluate/context.js";

export const FactDeclarationSchema = z.object({ id: z.string().min(1), type: z.enum(FACT_TYPES) }).strict();

export const OnUnknownSchema = z.enum(["allow", "ask", "deny"]);
export type OnUnknown = z.infer<typeof OnUnknownSchema>;

/** `gatehouse:default` (the embedded default bundle) or a path, relative to the extending bundle's file. */
export const BundleRefSchema = z.string().min(1);

/**
 * One `overrides` entry: changes an inherited artifact by id (SPEC §4).
 * `verdict` and `reason` change the body, `mode` the envelope; `disabled: true`
 * drops the artifact from the resolved bundle.
 */
export const OverrideSchema = z
  .object({
    verdict: VerdictSchema.optional(),
    mode: ModeSchema.optional(),
    disabled: z.boolean().optional(),
    reason: z.string().optional(),
  })
  .strict();
export type Override = z.infer<typeof OverrideSchema>;

/** The top level. Malformed top-level fields fail the load with one clear error. */
export const BundleTopSchema = z.object({
  /** An editor's schema reference (`gatehouse bundle schema` output); ignored. */
  $schema: z.string().optional(),
  schema_version: z.string(),
  bundle_id: z.string().default(""),
  enforcement_enabled: z.boolean().default(true),
  on_unknown: OnUnknownSchema.default("ask"),
  facts: z.array(FactDeclarationSchema).default([]),
  effect_classes: z.object({ entries: z.array(z.unknown()).default([]) }).default({ entries: [] }),
  artifacts: z.array(z.unknown()).default([]),
  /** Composition (src/bundle/compose.ts): bundles loaded first, in order. A single string is one base. */
  extends: z.union([BundleRefSchema, z.array(BundleRefSchema)]).optional(),
  /** Composition: artifact id → changes to that inherited artifact; each entry is checked on its own (a bad one is skipped). */
  overrides: z.record(z.string(), z.unknown()).optional(),
});
export type BundleTop = z.infer<typeof BundleTopSchema>;
export const TOP_LEVEL_KEYS = Object.keys(BundleTopSchema.shape);

/** Stage 1: the artifact envelope. Unknown envelope keys are ignored. */
export const ArtifactEnvelopeSchema = z.object({
  kind: z.string(),
  artifact_id: z.string().min(1),
  atom_id: z.string().nullable().default(null),
  policy_public_id: z.string().nullable().default(null),
  dimension: DimensionSchema.nullable().default(null),
  mode: ModeSchema.default("enforce"),
  min_client_version: z.number().int().nullable().default(null),
  layer_path: z.array(z.string()).default([]),
  body: z.unknown(),
});
export type ArtifactEnvelope = z.infer<typeof ArtifactEnvelopeSchema>;

export const T1BodySchema = z
  .object({ when: TreeSchema, verdict: VerdictSchema, reason: z.string(), optimize: z.unknown().optional() })
  .strict();

const nonNegative = z.number().int().min(0);

export const T3BodySchema = z
  .object({
    when: TreeSchema,
    reason: z.string(),
    resolve: z.enum(["ask_human", "reinforcement"]),
    directive_template_id: z.string().optional(),
    max_attempts: nonNegative.optional(),
    timeout_s: nonNegative.optional(),
    on_timeout: VerdictSchema.optional(),
    verdict_on_approve: VerdictSchema.optional(),
    verdict_on_reject: VerdictSchema.optional(),
  })
  .strict();

export const ExceptionBodySchema = z
  .object({
    when: TreeSchema,
    ground_key: z.string().min(1),
    applies_to: z
      .object({
        artifact_ids: z.array(z.string()).optional(),
        policy_public_ids: z.array(z.string()).optional(),
        dimensions: z.array(DimensionSchema).optional(),
      })
      .strict(),
    verdict: z.enum(["allow", "ask", "deny"]).default("allow"),
    expires_at_ms: nonNegative.optional(),
  })
  .strict();
export type ExceptionBody = z.infer<typeof ExceptionBodySchema>;

/** `effect_classes.entries[]`: effects for MCP tools whose name matches `tool` (a glob). */
export const EffectClassEntrySchema = z
  .object({
    tool: z.string().min(1),
    effects: z.array(z.object({ verb: VerbSchema, target_class: TargetClassSchema, attrs: z.record(z.string(), AttrValueSchema).optional() }).strict()).min(1),
    selectors: z.array(LeafSchema).default([]),
  })
  .strict();
