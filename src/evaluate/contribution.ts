// What one artifact contributed, before exceptions and the join (seed 001
// `Contribution`), and the helpers that turn contributions into a decision.
import type { CompiledNode, LoadedArtifact } from "./compiled.js";
import type { Anomaly, Dimension, HoldRequest, Mode, Verdict } from "../model/decision.js";
import { severity } from "../model/decision.js";

export interface Contribution {
  /** Bundle order; the built-in unknown-shape contribution sorts after every artifact. */
  order: number;
  artifact_id: string | null;
  atom_id: string | null;
  policy_public_id: string | null;
  dimension: Dimension | null;
  mode: Mode;
  tier: 1 | 2 | 3;
  verdict: Verdict;
  reason: string;
  hold: HoldRequest | null;
  /** Set when an exception rewrote this contribution. */
  ground_key: string | null;
  /** The tree that fired, for rendering `{{…}}` in the reason of the decider. */
  when: CompiledNode | null;
}

/** The decider: most severe enforcing contribution; ties to the lower tier, then bundle order. */
export function join(contributions: readonly Contribution[]): Contribution | null {
  let best: Contribution | null = null;
  for (const c of contributions) {
    if (c.mode !== "enforce") continue;
    if (best === null) {
      best = c;
      continue;
    }
    const bySeverity = severity(c.verdict) - severity(best.verdict);
    if (bySeverity > 0 || (bySeverity === 0 && (c.tier < best.tier || (c.tier === best.tier && c.order < best.order)))) best = c;
  }
  return best;
}

/** Monitor never joins: each firing monitor contribution becomes an anomaly (SPEC §9.3). */
export function monitorEvidence(contributions: readonly Contribution[]): { anomalies: Anomaly[]; would_have_verdict: Verdict | null } {
  const anomalies: Anomaly[] = [];
  let worst: Verdict | null = null;
  for (const c of contributions) {
    if (c.mode !== "monitor") continue;
    anomalies.push({ code: `monitor.would_have_${c.verdict}`, artifact_id: c.artifact_id, atom_id: c.atom_id });
    if (worst === null || severity(c.verdict) > severity(worst)) worst = c.verdict;
  }
  return { anomalies, would_have_verdict: worst };
}

/** What a firing artifact contributes (a t3 hold carries its HoldRequest). */
export function contributionOf(a: LoadedArtifact, tier: 1 | 2 | 3): Contribution {
  return {
    order: a.order,
    artifact_id: a.artifact_id,
    atom_id: a.atom_id,
    policy_public_id: a.policy_public_id,
    dimension: a.dimension,
    mode: a.mode,
    tier,
    verdict: a.verdict,
    reason: a.reason,
    hold: tier === 3 ? a.hold : null,
    ground_key: null,
    when: a.when,
  };
}
