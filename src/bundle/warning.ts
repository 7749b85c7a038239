// Bundle warnings: problems that do not skip anything but that an author
// should hear about. Each has a stable `code` (for `bundle lint --json` and
// CI) and a one-line `detail` naming the JSON path (src/bundle/detail.ts).
// Decisions carry the details as their `warnings` strings.
import * as z from "zod";

export const WARNING_CODES = [
  /** A top-level key the format does not have. */
  "unknown_top_level_key",
  /** A `fact.<id>` leaf whose id is not in the bundle's `facts`. */
  "undeclared_fact",
  /** An `overrides` entry whose id names no inherited artifact. */
  "override_unmatched",
  /** An override field that does not apply to the artifact it names (a t3_hold has no verdict to change, …). */
  "override_not_applicable",
  /** After loading, no artifact enforces: every event without an unknown shape is allowed. */
  "no_enforcing_artifact",
  /** A reason placeholder that renders empty (or stays literal) for some event the rule fires on. */
  "placeholder_may_be_empty",
  /** `{{…}}` in a reason that is not one of the placeholders: it is shown as written. */
  "unknown_placeholder",
] as const;
export type WarningCode = (typeof WARNING_CODES)[number];

/**
 * The warnings every decision's `warnings` carries: they change what
 * evaluation means (a fact that is never declared reads as ⊥). The rest are
 * for the author (`bundle lint`, the page, stderr of the CLI).
 */
export const DECISION_WARNING_CODES: readonly WarningCode[] = ["unknown_top_level_key", "undeclared_fact"];

export const BundleWarningSchema = z.object({ code: z.enum(WARNING_CODES), detail: z.string() });
export type BundleWarning = z.infer<typeof BundleWarningSchema>;
