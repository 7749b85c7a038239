// Collect: every candidate artifact of one event evaluated into an outcome —
// what it is, what became of it (ruled out, filtered, another event type,
// fired, not fired), the contribution it makes to the join and what the trace
// shows of it. The join (join.ts) and the trace (trace.ts) read this one list;
// nothing here decides between artifacts.
import type { Anomaly, Verdict } from "../model/decision.js";
import type { Classification } from "../model/classification.js";
import type { Event } from "../model/event.js";
import { cloneState, type SessionState } from "../model/session-state.js";
import type { TracedArtifact, TraceStage } from "../model/trace.js";
import type { LoadedArtifact } from "./compiled.js";
import type { EventView } from "./context.js";
import { contributionOf, type Contribution } from "./contribution.js";
import type { PrefilterIndex } from "./prefilter.js";
import type { T2Input, Tier2Vm } from "./tier2/index.js";
import { evaluateTree, type TreeOutcome, type TreeOutcomes } from "./tree.js";
import { STATE_UNKNOWN_FACT, unknownStateContribution } from "./unknown.js";

/**
 * What became of one artifact. `ruled_out`: the keyword index ruled it out
 * (traced only: counted, not listed); `exception`: held for the join, which
 * evaluates it only when some contribution is its target.
 */
export type OutcomeStatus = "ruled_out" | "exception" | TracedArtifact["outcome"];

export interface Outcome {
  artifact: LoadedArtifact;
  status: OutcomeStatus;
  /** What it adds to the join (a fired artifact; a Tier 2 rule over an unknown state its on_unknown answer). */
  contribution: Contribution | null;
  /** Every node of its tree evaluated, with its outcome (traced only). */
  seen: TreeOutcomes | null;
  /** Tier 2: what the program did. */
  program: TracedArtifact["program"];
}

/** Stage times for the trace; the untraced evaluation runs on NO_CLOCK. */
export interface Stopwatch {
  now(): number;
  /** Add the time since `since` to a stage; returns now. */
  lap(stage: TraceStage, since: number): number;
}
export const NO_CLOCK: Stopwatch = { now: () => 0, lap: () => 0 };

export interface CollectInput {
  artifacts: readonly LoadedArtifact[];
  index: PrefilterIndex;
  prefilter: boolean;
  keywordCount: number;
  vm: Tier2Vm;
  onUnknown: Verdict;
  event: Event;
  classification: Classification;
  state: SessionState;
  view: EventView;
  hits: Uint32Array;
  /** What every Tier 2 program of the event reads: built on the first that runs. */
  t2Input: () => T2Input;
  /** Explain: walk every artifact in bundle order (so the ruled-out ones are reported where they stand) and record trees. */
  traced: boolean;
  clock: Stopwatch;
}

export interface Collected {
  outcomes: Outcome[];
  anomalies: Anomaly[];
  /** ⊥ ids the outcomes depended on; the join's exception evaluations add theirs. */
  inconclusive: Set<string>;
  /** Tier 2 rules that answered on_unknown over an unknown session state. */
  stateUnknownRules: number;
  /** The state after the programs ran (the input state when none ran). */
  state: SessionState;
  /** An exception's tree, evaluated (for the join; at most once each, by applyExceptions). */
  holds: (e: LoadedArtifact) => TreeOutcome;
  /** The exceptions the join evaluated, with their trees' outcomes (traced only). */
  exceptionTrees: Map<LoadedArtifact, TreeOutcomes>;
}

/** A Tier 2 program that did not run (its match tree did not hold, or the state is unknown). */
const notRun = (fired: boolean, inconclusive: string[]): NonNullable<TracedArtifact["program"]> => ({ ran: false, fired, anomalies: [], inconclusive });

export function collect(input: CollectInput): Collected {
  const { artifacts, index, view, hits, event, state, clock, traced } = input;
  const inconclusive = new Set<string>();
  const noteBottoms = (outcome: TreeOutcome) => outcome.bottoms?.forEach((b) => inconclusive.add(b));
  const passes = (a: LoadedArtifact): boolean => !input.prefilter || index.passes(a.order, hits);
  const outcomes: Outcome[] = [];
  const anomalies: Anomaly[] = [];
  const out = (artifact: LoadedArtifact, status: OutcomeStatus, contribution: Contribution | null = null, seen: TreeOutcomes | null = null, program: TracedArtifact["program"] = null) =>
    outcomes.push({ artifact, status, contribution, seen, program });
  // The state the programs update: copied once, on the first program that runs, then updated in place.
  let working: SessionState | null = null;
  let stateUnknownRules = 0;
  let t = clock.now();

  // The artifacts that could match (src/evaluate/prefilter.ts), in bundle order; every one without the prefilter.
  const candidates = input.prefilter ? index.candidates(hits, event, input.classification) : null;
  const walkAll = traced && candidates !== null;
  const visits = candidates === null || walkAll ? artifacts.length : candidates.length;
  let nextCandidate = 0;
  for (let v = 0; v < visits; v++) {
    let i = v;
    if (walkAll) {
      if (candidates[nextCandidate] !== v) {
        const a = artifacts[v]!;
        // Filed under a feature (atom codes past the keywords) or a mix: reported; under keywords only: counted.
        if (a.kind !== "exception") out(a, index.anchors[v]!.some((atom) => atom >= input.keywordCount) ? "filtered" : "ruled_out");
        continue;
      }
      nextCandidate++;
    } else if (candidates !== null) i = candidates[v]!;
    const a = artifacts[i]!;
    const kind = a.kind;
    if (kind === "exception") {
      out(a, "exception");
      continue;
    }
    if (kind === "t2_program" && !a.on!.includes(event.event_type)) {
      out(a, "other_event_type");
      continue;
    }
    if (!passes(a)) {
      out(a, "filtered");
      continue;
    }
    t = clock.lap("candidates", t);
    const seen = traced && a.when !== null ? (new Map() as TreeOutcomes) : null;
    if (kind !== "t2_program") {
      const outcome = evaluateTree(a.when!, view, hits, seen ?? undefined);
      noteBottoms(outcome);
      out(a, outcome.value ? "fired" : "not_fired", outcome.value ? contributionOf(a, kind === "t1_predicate_tree" ? 1 : 3) : null, seen);
      t = clock.lap("trees", t);
      continue;
    }
    const matched = a.when === null ? null : evaluateTree(a.when, view, hits, seen ?? undefined);
    if (matched !== null) noteBottoms(matched);
    if (matched !== null && !matched.value) {
      out(a, "not_fired", null, seen, notRun(false, []));
    } else if (state.unknown !== undefined) {
      // The registers could not be read: the program is inconclusive, answers on_unknown, and changes nothing.
      inconclusive.add(STATE_UNKNOWN_FACT);
      stateUnknownRules++;
      const c = unknownStateContribution(a, input.onUnknown, state.unknown);
      // It decides when its on_unknown answer joins (the decision names it): the trace says it fired, as for a Tier 1 ⊥.
      out(a, c !== null ? "fired" : "not_fired", c, seen, notRun(c !== null, [STATE_UNKNOWN_FACT]));
    } else {
      working ??= cloneState(state);
      const result = input.vm.exec(a.program!, working, input.t2Input());
      result.inconclusive.forEach((id) => inconclusive.add(id));
      for (const code of result.anomalies) anomalies.push({ code, artifact_id: a.artifact_id, atom_id: a.atom_id });
      const program = { ran: true, fired: result.fired, anomalies: result.anomalies, inconclusive: result.inconclusive };
      out(a, result.fired ? "fired" : "not_fired", result.fired ? contributionOf(a, 2) : null, seen, program);
    }
    t = clock.lap("tier2", t);
  }
  clock.lap("candidates", t);

  const exceptionTrees = new Map<LoadedArtifact, TreeOutcomes>();
  const holds = (e: LoadedArtifact): TreeOutcome => {
    if (!passes(e)) return { value: false, bottoms: null };
    const seen = traced ? (new Map() as TreeOutcomes) : undefined;
    const outcome = evaluateTree(e.when!, view, hits, seen);
    if (seen !== undefined) exceptionTrees.set(e, seen);
    noteBottoms(outcome);
    return outcome;
  };
  return { outcomes, anomalies, inconclusive, stateUnknownRules, state: working ?? state, holds, exceptionTrees };
}
