// Field-by-field comparison of a decision with its expectation (SPEC §10): no
// stripping, except prose — `warnings`, `reason` and `unknown[].reason` are
// never compared — and `unknown` entries compared by `shape` only. Skipped
// items compare by `{kind, id, reason}`: their `detail` is prose too.
import type { SkippedItem } from "../bundle/skip.js";
import type { Decision } from "../model/decision.js";
import { jsonEqual } from "../evaluate/predicates.js";

export interface Difference {
  path: string;
  expected: unknown;
  actual: unknown;
}

const PROSE_FREE_KEYS = Object.freeze(["warnings", "reason"]);

function withoutCandidateProse(optimize: Decision["optimize"]): unknown {
  if (optimize === null) return null;
  const strip = (c: { reason: string } | null) => (c === null ? null : { ...c, reason: undefined });
  return { actual: strip(optimize.actual), monitor: strip(optimize.monitor), shadowed: optimize.shadowed.map(strip) };
}

function comparable(decision: Decision, key: keyof Decision): unknown {
  if (key === "unknown") return decision.unknown.map((u) => u.shape);
  if (key === "optimize") return JSON.parse(JSON.stringify(withoutCandidateProse(decision.optimize)));
  return decision[key];
}

export function compareDecision(expected: Decision, actual: Decision): Difference[] {
  const diffs: Difference[] = [];
  const keys = Object.keys(expected) as (keyof Decision)[];
  const actualKeys = Object.keys(actual);
  if (JSON.stringify(keys) !== JSON.stringify(actualKeys)) diffs.push({ path: "decision (key order)", expected: keys, actual: actualKeys });
  for (const key of keys) {
    if (PROSE_FREE_KEYS.includes(key)) continue;
    const e = comparable(expected, key);
    const a = comparable(actual, key);
    if (!jsonEqual(e, a)) diffs.push({ path: `decision.${key}`, expected: e, actual: a });
  }
  return diffs;
}

/** A skipped item without its prose `detail`. */
export function skipIdentity(items: readonly Partial<SkippedItem>[]): { kind?: string; id?: string; reason?: string }[] {
  return items.map(({ kind, id, reason }) => ({ kind, id, reason }));
}
