// The decision an evaluation answers: the decider's fields (seed 001's join
// picked it), its reason rendered against the event, and what every
// evaluation reports whoever decided — monitor evidence, inconclusive facts,
// the selected optimize/rewrite, the effects and gaps, anomalies, warnings.
import type { Classification } from "../model/classification.js";
import { neutralDecision, type Anomaly, type Decision } from "../model/decision.js";
import type { EventView } from "./context.js";
import type { Contribution, monitorEvidence } from "./contribution.js";
import type { selectOptimize } from "./optimize.js";
import { renderReason } from "./reason.js";

export interface DecisionParts {
  monitor: ReturnType<typeof monitorEvidence>;
  inconclusive: ReadonlySet<string>;
  rewrite: ReturnType<typeof selectOptimize>["rewrite"];
  optimize: ReturnType<typeof selectOptimize>["optimize"];
  classification: Classification;
  anomalies: Anomaly[];
  warnings: string[];
}

export function decisionOf(decider: Contribution | null, view: EventView, hits: Uint32Array, parts: DecisionParts): Decision {
  const decision = neutralDecision();
  if (decider !== null) {
    decision.verdict = decider.verdict;
    decision.artifact_id = decider.artifact_id;
    decision.atom_id = decider.atom_id;
    decision.policy_public_id = decider.policy_public_id;
    decision.dimension = decider.dimension;
    decision.mode = decider.mode;
    decision.tier = decider.tier;
    decision.reason = renderReason(decider.reason, decider.when, view, hits);
    decision.hold = decider.verdict === "hold" ? decider.hold : null;
    decision.ground_key = decider.ground_key;
    decision.undecided = false;
  }
  decision.would_have_verdict = parts.monitor.would_have_verdict;
  decision.inconclusive_facts = [...parts.inconclusive].sort();
  decision.rewrite = parts.rewrite;
  decision.optimize = parts.optimize;
  decision.effects = parts.classification.effects;
  decision.unknown = parts.classification.unknown;
  decision.anomalies = parts.anomalies;
  decision.warnings = parts.warnings;
  return decision;
}
