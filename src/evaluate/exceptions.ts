// Exceptions (SPEC §9.2): for each contribution, the first exception in bundle
// order that targets it, has not expired and whose tree holds rewrites its
// verdict and records the ground key. Each exception's tree is evaluated at
// most once per event, and only when some contribution is a target.
import type { LoadedArtifact } from "./compiled.js";
import type { Contribution } from "./contribution.js";
import type { TreeOutcome } from "./tree.js";

/** A LoadedArtifact of kind `exception` (its `applies_to`, `ground_key` and `verdict` are set). */
export type ExceptionArtifact = LoadedArtifact;

/** A missing list does not constrain; every present list must name the contribution. */
export function exceptionTargets(exception: ExceptionArtifact, c: Contribution): boolean {
  const { artifact_ids, policy_public_ids, dimensions } = exception.applies_to ?? {};
  if (artifact_ids !== undefined && (c.artifact_id === null || !artifact_ids.includes(c.artifact_id))) return false;
  if (policy_public_ids !== undefined && (c.policy_public_id === null || !policy_public_ids.includes(c.policy_public_id))) return false;
  if (dimensions !== undefined && (c.dimension === null || !dimensions.includes(c.dimension))) return false;
  return true;
}

/**
 * Rewrite contributions in place of a copy. A monitor-mode exception only
 * rewrites monitor contributions: it says what *would* have been excepted.
 */
export function applyExceptions(
  contributions: Contribution[],
  exceptions: readonly ExceptionArtifact[],
  nowMs: number,
  holds: (exception: ExceptionArtifact) => TreeOutcome,
): Contribution[] {
  if (exceptions.length === 0) return contributions;
  const outcomes = new Map<ExceptionArtifact, boolean>();
  const holdsOnce = (e: ExceptionArtifact) => {
    let value = outcomes.get(e);
    if (value === undefined) {
      value = holds(e).value;
      outcomes.set(e, value);
    }
    return value;
  };
  return contributions.map((c) => {
    for (const e of exceptions) {
      if (e.mode === "monitor" && c.mode === "enforce") continue;
      if (e.expires_at_ms !== null && nowMs >= e.expires_at_ms) continue;
      if (!exceptionTargets(e, c)) continue;
      if (!holdsOnce(e)) continue;
      return {
        ...c,
        verdict: e.verdict,
        hold: e.verdict === "hold" ? c.hold : null,
        reason: `excepted under ${e.ground_key}: ${c.reason}`,
        ground_key: e.ground_key!,
      };
    }
    return c;
  });
}
