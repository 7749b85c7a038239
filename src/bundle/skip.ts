// Why an artifact (or an effect_classes entry) was not activated. The order of
// SKIP_REASONS is the precedence when an artifact has several problems (SPEC §4).
import * as z from "zod";

export const SKIP_REASONS = [
  "below_floor",
  "float_present",
  "unknown_kind",
  "body_parse_error",
  "unknown_field",
  "unknown_predicate",
  "bad_pattern",
  "invalid_optimize_directive",
  "same_layer_conflict",
] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

/** `kind` for a dropped `effect_classes.entries[]` item. */
export const EFFECT_CLASS_ENTRY_KIND = "effect_class_entry";
/** `kind` for a dropped `overrides` entry (its id is the artifact id it names). */
export const OVERRIDE_KIND = "override";

export const SkippedItemSchema = z.object({
  kind: z.string(),
  id: z.string(),
  reason: z.string(),
  /** One line: the JSON path of the problem and what was expected (src/bundle/detail.ts). Prose: never compared by the corpus. */
  detail: z.string(),
});
export type SkippedItem = z.infer<typeof SkippedItemSchema>;
