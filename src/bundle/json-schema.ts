// The JSON Schema of the bundle format (`gatehouse bundle schema`, the page's
// editor hints), generated from the zod schemas the loader uses (zod's
// toJSONSchema), so the two cannot drift. The loader reads stage 1 tolerantly
// (an artifact is `unknown` until its kind is known); here each kind's
// envelope and strict body are joined into one discriminated union, which is
// what an editor needs to autocomplete an artifact.
import * as z from "zod";
import { LEVERS } from "../model/decision.js";
import { T2BodySchema } from "../evaluate/tier2/schema.js";
import { LEVER_PARAMS } from "./optimize.js";
import {
  ArtifactEnvelopeSchema,
  BundleTopSchema,
  EffectClassEntrySchema,
  ExceptionBodySchema,
  FactDeclarationSchema,
  OverrideSchema,
  T1BodySchema,
  T3BodySchema,
} from "./schema.js";
import { LeafSchema, TreeSchema } from "./tree.js";
import { EXACT_FIELD_NAMES, FIELD_FAMILIES, PREDICATES } from "../evaluate/vocabulary.js";

export const BUNDLE_SCHEMA_ID = "https://gatehouse.dev/schema/bundle-2.json";

const OptimizeSchema = z.discriminatedUnion(
  "lever",
  LEVERS.map((lever) => z.object({ lever: z.literal(lever), params: LEVER_PARAMS[lever] }).strict()) as unknown as [z.ZodObject, z.ZodObject],
);

const envelope = <K extends string, B extends z.ZodType>(kind: K, body: B) => ArtifactEnvelopeSchema.extend({ kind: z.literal(kind), body });

const ArtifactSchema = z.discriminatedUnion("kind", [
  envelope("t1_predicate_tree", T1BodySchema.extend({ optimize: OptimizeSchema.optional() })),
  envelope("t2_program", T2BodySchema.extend({ match: TreeSchema.optional() })),
  envelope("t3_hold", T3BodySchema),
  envelope("exception", ExceptionBodySchema),
]);

/** The bundle as an author writes it. Unknown top-level keys load (with a warning); the schema flags them so editors show typos. */
const BundleDocumentSchema = BundleTopSchema.extend({
  facts: z.array(FactDeclarationSchema).optional(),
  effect_classes: z.object({ entries: z.array(EffectClassEntrySchema).optional() }).strict().optional(),
  artifacts: z.array(ArtifactSchema).optional(),
  overrides: z.record(z.string(), OverrideSchema).optional(),
}).strict();

/** Names and descriptions of the shared definitions. */
function registry() {
  const reg = z.registry<{ id?: string; description?: string; title?: string }>();
  reg.add(BundleDocumentSchema, { title: "Gatehouse policy bundle", description: "SPEC §4. docs/bundle.md is the reference." });
  reg.add(TreeSchema, { id: "tree", description: "A predicate tree: {all: [...]}, {any: [...]}, {not: tree} or a leaf {field, pred, value}. Empty all is true, empty any is false." });
  reg.add(LeafSchema, { id: "leaf", description: "A leaf: one field, one predicate, one value. A multi-valued field matches when any value matches." });
  reg.add(ArtifactSchema, { id: "artifact", description: "One artifact: the envelope (kind, artifact_id, …) and a body whose shape depends on kind." });
  reg.add(OverrideSchema, { id: "override", description: "Changes an inherited artifact by id: verdict, mode, reason, or disabled: true to drop it." });
  reg.add(EffectClassEntrySchema, { id: "effect_class_entry", description: "Effects for MCP tools whose name matches the `tool` glob (and whose selectors hold)." });
  return reg;
}

const conditionSchema = {
  description: "A tier-2 condition over the program's own registers (c0, f0, t0, a0, run.len).",
  anyOf: [
    { type: "object", properties: { reg: { type: "string", pattern: "^([cfta](0|[1-9][0-9]{0,8})|run\\.len)$" }, gte: { type: "integer", minimum: 0 }, lte: { type: "integer", minimum: 0 }, eq: { type: "integer", minimum: 0 } }, required: ["reg"], additionalProperties: false, minProperties: 2, maxProperties: 2 },
    { type: "object", properties: { since: { type: "string", pattern: "^t(0|[1-9][0-9]{0,8})$" }, lt_ms: { type: "integer", minimum: 0 }, gte_ms: { type: "integer", minimum: 0 } }, required: ["since"], additionalProperties: false, minProperties: 2, maxProperties: 2 },
    { type: "object", properties: { all: { type: "array", items: { $ref: "#/$defs/t2_condition" } } }, required: ["all"], additionalProperties: false },
    { type: "object", properties: { any: { type: "array", items: { $ref: "#/$defs/t2_condition" } } }, required: ["any"], additionalProperties: false },
    { type: "object", properties: { not: { $ref: "#/$defs/t2_condition" } }, required: ["not"], additionalProperties: false },
  ],
};

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The JSON Schema (draft 2020-12) of a bundle. */
export function bundleJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(BundleDocumentSchema, {
    io: "input",
    target: "draft-2020-12",
    metadata: registry(),
    unrepresentable: "any",
    override: (ctx) => {
      const json = ctx.jsonSchema as Record<string, unknown>;
      if (ctx.zodSchema === LeafSchema) {
        const props = json.properties as Record<string, Record<string, unknown>>;
        props.field = {
          description: "A field of the closed vocabulary (docs/bundle.md#fields).",
          anyOf: [
            { enum: [...EXACT_FIELD_NAMES] },
            ...FIELD_FAMILIES.map((f) =>
              f.members === null
                ? { type: "string", pattern: `^${escape(f.prefix)}.+$`, description: `${f.prefix}<${f.member}>` }
                : { enum: f.members.map((m) => `${f.prefix}${m}`) },
            ),
          ],
        };
        props.pred = { enum: [...PREDICATES], description: "A predicate of the closed vocabulary (docs/bundle.md#predicates)." };
      }
      // The t2 condition is checked by hand in tier2/schema.ts (for exact messages); its JSON form is written here.
      if (json.$ref === undefined && (ctx.zodSchema as { _zod?: { def?: { type?: string } } })._zod?.def?.type === "custom") {
        for (const k of Object.keys(json)) delete json[k];
        json.$ref = "#/$defs/t2_condition";
      }
    },
  }) as Record<string, unknown>;
  const defs = (schema.$defs ?? {}) as Record<string, unknown>;
  defs.t2_condition = conditionSchema;
  return { $schema: schema.$schema, $id: BUNDLE_SCHEMA_ID, ...schema, $defs: defs };
}
