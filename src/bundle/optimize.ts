// Optimize directives (SPEC §9.5): seven levers, each with an exact parameter
// shape. A directive that does not fit its lever is `invalid_optimize_directive`.
import * as z from "zod";
import { LeverSchema, type Lever } from "../model/decision.js";
import type { OptimizeDirective } from "../evaluate/compiled.js";
import { canonicalJson } from "./canonical.js";
import { at, zodDetail, type Where } from "./detail.js";
import { zodCheck, type SchemaCheck } from "../model/schema-check.js";

const count = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const strings = z.array(z.string());

/** Parameter schemas per lever: exact keys, nothing extra. */
export const LEVER_PARAMS = {
  effort_clamp: z.object({ effort: z.string(), quality_floor: z.string() }).strict(),
  context_edit: z.object({ trigger: count, keep: count, clear_at_least: count, exclude_tools: strings }).strict(),
  prefix_guard: z.object({ pin_ttl: z.string().nullable() }).strict(),
  loop_stop: z.object({ n_errors: count, n_identical: count, exempt_patterns: strings }).strict(),
  narrow_output: z
    .object({ allowlist: z.array(z.object({ command_prefix: z.string(), filter: z.string() }).strict()) })
    .strict(),
  steer: z.object({ steer_instruction: z.string(), dedupe_window_s: count }).strict(),
  substitute: z.object({ pairs: z.array(z.object({ from: z.string(), to: z.string() }).strict()) }).strict(),
} satisfies Record<Lever, z.ZodType>;

export const OptimizeDirectiveSchema = z.object({ lever: z.string(), params: z.unknown() }).strict();

/** A directive, or the one-line problem with it (`where` is the directive's place). */
export function parseOptimizeDirective(value: unknown, where: Where, check: SchemaCheck = zodCheck): { directive: OptimizeDirective } | { detail: string } {
  const envelope = check(OptimizeDirectiveSchema, value);
  if (!envelope.success) return { detail: zodDetail(envelope.error, value, where) };
  const lever = check(LeverSchema, envelope.data.lever);
  if (!lever.success) return { detail: zodDetail(lever.error, envelope.data.lever, at(where, "lever")) };
  const params = check(LEVER_PARAMS[lever.data] as z.ZodType<unknown>, envelope.data.params);
  if (!params.success) return { detail: zodDetail(params.error, envelope.data.params, at(where, "params")) };
  const raw = envelope.data.params as Record<string, unknown>;
  return { directive: { lever: lever.data, params: raw, identity: canonicalJson({ lever: lever.data, params: raw }) } };
}
