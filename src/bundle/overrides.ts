// `overrides` (SPEC §4): change inherited artifacts by id. Pure: works on the
// JSON values of the artifacts (clones what it changes), so the resolved
// bundle is itself a plain bundle that loads the same way anywhere.
import { at, located, zodDetail, type Where } from "./detail.js";
import { firstFloat } from "./float.js";
import { OverrideSchema, type Override } from "./schema.js";
import { OVERRIDE_KIND, type SkippedItem } from "./skip.js";
import type { BundleWarning } from "./warning.js";

/** An artifact (or effect-class entry) on its way through composition: its JSON and where it was written. */
export interface Placed {
  value: unknown;
  /** The bundle it was written in (display name; null for the bundle being loaded) and its identity. */
  source: string | null;
  key: string | null;
  index: number;
}

export function artifactIdOf(value: unknown): string | null {
  const id = typeof value === "object" && value !== null ? (value as Record<string, unknown>).artifact_id : undefined;
  return typeof id === "string" ? id : null;
}

function kindOf(value: unknown): unknown {
  return typeof value === "object" && value !== null ? (value as Record<string, unknown>).kind : undefined;
}

/** Edit distance, for "did you mean" on an override naming nothing. */
function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const cur = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = cur;
    }
  }
  return row[b.length]!;
}

function suggestion(id: string, ids: Iterable<string>): string {
  let best: string | null = null;
  let bestDistance = 3;
  for (const candidate of ids) {
    const d = distance(id, candidate);
    if (d < bestDistance) [best, bestDistance] = [candidate, d];
  }
  return best === null ? "" : ` (did you mean ${JSON.stringify(best)}?)`;
}

/** Which override fields a kind can take, and the verdicts its body accepts. */
const APPLICABLE: Record<string, { verdicts: readonly string[] | null; reason: boolean }> = {
  t1_predicate_tree: { verdicts: ["allow", "ask", "hold", "deny"], reason: true },
  t2_program: { verdicts: ["allow", "ask", "hold", "deny"], reason: true },
  t3_hold: { verdicts: null, reason: true },
  exception: { verdicts: ["allow", "ask", "deny"], reason: false },
};

export interface OverrideOutcome {
  artifacts: Placed[];
  warnings: BundleWarning[];
  skipped: SkippedItem[];
}

/**
 * Apply `overrides` (written at `where`) to the inherited artifacts. `ownIds`
 * are the ids the overriding bundle defines itself: naming one of those is a
 * warning too (edit the artifact instead).
 */
export function applyOverrides(inherited: Placed[], overrides: Record<string, unknown>, where: Where, ownIds: ReadonlySet<string>): OverrideOutcome {
  const warnings: BundleWarning[] = [];
  const skipped: SkippedItem[] = [];
  let artifacts = inherited;
  const inheritedIds = new Set(inherited.flatMap((a) => artifactIdOf(a.value) ?? []));
  for (const [id, value] of Object.entries(overrides)) {
    const here = at(where, "overrides", id);
    const float = firstFloat(value);
    if (float !== null) {
      skipped.push({ kind: OVERRIDE_KIND, id, reason: "float_present", detail: located(at(here, ...float), "a non-integer number (bundles carry integers only)") });
      continue;
    }
    const parsed = OverrideSchema.safeParse(value);
    if (!parsed.success) {
      skipped.push({ kind: OVERRIDE_KIND, id, reason: "body_parse_error", detail: zodDetail(parsed.error, value, here) });
      continue;
    }
    if (!inheritedIds.has(id)) {
      const why = ownIds.has(id) ? "names an artifact this bundle defines itself, not an inherited one: edit it instead" : `names no inherited artifact${suggestion(id, inheritedIds)}`;
      warnings.push({ code: "override_unmatched", detail: located(here, why) });
      continue;
    }
    const override: Override = parsed.data;
    if (override.disabled === true) {
      artifacts = artifacts.filter((a) => artifactIdOf(a.value) !== id);
      continue;
    }
    artifacts = artifacts.map((a) => (artifactIdOf(a.value) === id ? { ...a, value: changed(a.value, override, here, warnings) } : a));
  }
  return { artifacts, warnings, skipped };
}

function changed(value: unknown, override: Override, here: Where, warnings: BundleWarning[]): unknown {
  const kind = kindOf(value);
  const rules = typeof kind === "string" ? APPLICABLE[kind] : undefined;
  const copy = structuredClone(value) as Record<string, unknown>;
  const notApplicable = (field: string, why: string) => warnings.push({ code: "override_not_applicable", detail: located(at(here, field), why) });
  if (override.mode !== undefined) copy.mode = override.mode;
  const body = typeof copy.body === "object" && copy.body !== null && !Array.isArray(copy.body) ? (copy.body as Record<string, unknown>) : null;
  if (override.verdict !== undefined) {
    if (rules === undefined || body === null) notApplicable("verdict", `the inherited artifact has no body to change (kind ${JSON.stringify(kind)})`);
    else if (rules.verdicts === null) notApplicable("verdict", `a ${String(kind)} always holds; change its verdict_on_* fields in a copy of the artifact instead`);
    else if (!rules.verdicts.includes(override.verdict)) notApplicable("verdict", `a ${String(kind)} takes ${rules.verdicts.join("|")}, got ${JSON.stringify(override.verdict)}`);
    else body.verdict = override.verdict;
  }
  if (override.reason !== undefined) {
    if (rules === undefined || body === null) notApplicable("reason", `the inherited artifact has no body to change (kind ${JSON.stringify(kind)})`);
    else if (!rules.reason) notApplicable("reason", `a ${String(kind)} has no reason of its own`);
    else body.reason = override.reason;
  }
  return copy;
}
