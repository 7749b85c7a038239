// Why an artifact (or an effect_classes entry) was not activated. The order of
// SKIP_REASONS is the precedence when an artifact has several problems (SPEC §4).
import { z } from "zod";

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

export const SkippedItemSchema = z.object({
  kind: z.string(),
  id: z.string(),
  reason: z.string(),
});
export type SkippedItem = z.infer<typeof SkippedItemSchema>;
