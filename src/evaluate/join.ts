// The join (seed 001), over the list collect() made: a table of what each
// outcome adds, read the way cedar's authorizer reads its satisfied policies.
//
//   outcome                                  adds
//   fired t1 / t3, fired t2 (program ran)    its contribution (t1 with a directive: an optimize candidate)
//   fired t2 over an unknown session state   its on_unknown answer, capped at its own verdict
//   not_fired, filtered, other_event_type,   nothing
//   ruled_out
//   exception                                a rewrite of each contribution it targets, if its tree holds
//   (the event's coverage gap)               on_unknown at tier 1, after every artifact
//
// Then monitor contributions become evidence, never verdicts, and the most
// severe enforcing contribution decides (ties: lower tier, then bundle order).
import type { Contribution } from "./contribution.js";
import { join, monitorEvidence } from "./contribution.js";
import type { LoadedArtifact } from "./compiled.js";
import type { Outcome } from "./collect.js";
import { applyExceptions } from "./exceptions.js";
import { selectOptimize } from "./optimize.js";
import type { TreeOutcome } from "./tree.js";

export interface Joined extends ReturnType<typeof selectOptimize> {
  /** Every contribution, in outcome order, the gap last. */
  contributions: Contribution[];
  /** The same after exceptions. */
  final: Contribution[];
  monitor: ReturnType<typeof monitorEvidence>;
  decider: Contribution | null;
}

export function joinOutcomes(outcomes: readonly Outcome[], gap: Contribution | null, nowMs: number, holds: (e: LoadedArtifact) => TreeOutcome): Joined {
  const adding = outcomes.filter((o) => o.contribution !== null);
  const contributions = adding.map((o) => o.contribution!);
  if (gap !== null) contributions.push(gap);
  const exceptions = outcomes.filter((o) => o.status === "exception").map((o) => o.artifact);
  const final = applyExceptions(contributions, exceptions, nowMs, holds);
  const optimizing = adding.filter((o) => o.artifact.kind === "t1_predicate_tree" && o.artifact.optimize !== null).map((o) => o.artifact);
  return { contributions, final, monitor: monitorEvidence(final), decider: join(final), ...selectOptimize(optimizing) };
}
