// The trace (src/model/trace.ts) of one explained evaluation, built from what
// that evaluation made: the outcome list collect() produced (tree outcomes
// recorded by evaluateTree itself), the exceptions and contributions the join
// read, and the shell analyses the classifier handed the recorder as they ran.
// It decides nothing.
import type { CompiledNode, LoadedArtifact } from "./compiled.js";
import type { ShellAnalysis } from "../classify/shell-analysis.js";
import type { Decision } from "../model/decision.js";
import type { Event } from "../model/event.js";
import type { DecidingLeaf, Trace, TracedArtifact, TracedCommand, TracedContribution, TraceNode } from "../model/trace.js";
import { TRACE_STAGES, TRACE_VERSION, type TraceStage } from "../model/trace-stages.js";
import type { EventView } from "./context.js";
import type { Collected, Outcome, Stopwatch } from "./collect.js";
import type { Contribution } from "./contribution.js";
import type { Joined } from "./join.js";
import type { TreeOutcome, TreeOutcomes } from "./tree.js";

/** How many of a field's values, and how much of a string, the trace keeps. */
const OBSERVED_VALUES = 6;
const OBSERVED_CHARS = 160;

function cap(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return value.length > OBSERVED_CHARS ? `${value.slice(0, OBSERVED_CHARS - 1)}…` : value;
  if (depth > 3 || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.slice(0, OBSERVED_VALUES).map((v) => cap(v, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, cap(v, depth + 1)]));
}

type Authored = { all?: unknown[]; any?: unknown[]; not?: unknown; field?: unknown; pred?: unknown; value?: unknown };

function asAuthored(value: unknown): Authored | null {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Authored) : null;
}

/** The nodes whose outcome their parent's outcome depended on (mirrors evaluateTree's short-circuits). */
function decisiveNodes(root: CompiledNode, seen: TreeOutcomes): Set<CompiledNode> {
  const out = new Set<CompiledNode>();
  const visit = (node: CompiledNode) => {
    const outcome = seen.get(node);
    if (outcome === undefined) return;
    out.add(node);
    if (node.t === "not") return visit(node.c[0]!);
    if (node.t !== "all" && node.t !== "any") return;
    const decisive = node.t === "any";
    const evaluated = node.c.filter((c) => seen.has(c));
    if (outcome.value !== decisive) return evaluated.forEach(visit);
    const settling = evaluated.filter((c) => seen.get(c)!.value === decisive);
    const clean = settling.find((c) => seen.get(c)!.bottoms === null);
    (clean !== undefined ? [clean] : settling).forEach(visit);
  };
  visit(root);
  return out;
}

interface TreeRecord {
  root: CompiledNode;
  seen: TreeOutcomes;
}

function traceTree(record: TreeRecord, authored: unknown, view: EventView): { tree: TraceNode; deciding: DecidingLeaf[] } {
  const decisive = decisiveNodes(record.root, record.seen);
  const deciding: DecidingLeaf[] = [];
  const build = (node: CompiledNode, source: Authored | null): TraceNode => {
    const outcome: TreeOutcome | undefined = record.seen.get(node);
    const isLeaf = node.t === "leaf" || node.t === "kw" || node.t === "exists";
    const leaf = isLeaf && source !== null && typeof source.field === "string" ? { field: source.field, pred: String(source.pred), value: source.value ?? null } : null;
    const values = node.t === "leaf" || node.t === "exists" ? (outcome === undefined ? null : node.get!(view)) : null;
    const observed = values === null ? null : (cap([...values]) as unknown[]);
    const sources = node.t === "all" ? source?.all : node.t === "any" ? source?.any : node.t === "not" ? [source?.not] : [];
    const children = node.c.map((c, i) => build(c, asAuthored(sources?.[i])));
    const traced: TraceNode = {
      node: node.t === "kw" ? "keyword" : node.t,
      value: outcome === undefined ? null : outcome.value,
      bottoms: outcome?.bottoms ?? [],
      decisive: decisive.has(node),
      leaf,
      observed,
      children,
    };
    if (isLeaf && decisive.has(node) && outcome !== undefined)
      deciding.push({ ...(leaf ?? { field: "?", pred: node.t, value: null }), result: outcome.value, observed, bottom: outcome.bottoms?.[0] ?? null });
    return traced;
  };
  return { tree: build(record.root, asAuthored(authored)), deciding };
}

const json = (v: unknown) => {
  const s = JSON.stringify(v) ?? "null";
  return s.length > 120 ? `${s.slice(0, 119)}…` : s;
};

function describeLeaves(leaves: readonly DecidingLeaf[]): string {
  return leaves
    .map((l) => `${l.field} ${l.pred} ${json(l.value)}${l.bottom !== null ? ` (unknown: ${l.bottom})` : l.pred === "keyword" ? "" : ` (saw ${l.observed === null ? "nothing" : json(l.observed)})`}`)
    .join("; ");
}

function contributionOf(c: Contribution): TracedContribution {
  return { artifact_id: c.artifact_id, atom_id: c.atom_id, tier: c.tier, verdict: c.verdict, mode: c.mode, dimension: c.dimension, order: c.order, ground_key: c.ground_key };
}

const tierOf = (a: LoadedArtifact) => (a.kind === "t2_program" ? 2 : a.kind === "t3_hold" ? 3 : 1);

export interface TraceInputs {
  event: Event;
  eventIsShell: { text: string } | { argv: string[] } | null;
  view: EventView;
  hits: Uint32Array;
  features: () => ReadonlySet<string>;
  haystackBytes: number;
  oversize: boolean;
  decision: Decision;
  /** What collect() made of every artifact, in the order it visited them; null: the event was not gated. */
  collected: Pick<Collected, "outcomes" | "exceptionTrees"> | null;
  /** Every exception of the bundle (the trace lists each; one the index ruled out was not evaluated). */
  exceptions: readonly LoadedArtifact[];
  joined: Pick<Joined, "contributions" | "final" | "decider" | "monitor"> | null;
}

/** The listed outcomes (exceptions are listed in the join; ruled-out ones only counted). */
const listed = (o: Outcome): o is Outcome & { status: TracedArtifact["outcome"] } => o.status !== "ruled_out" && o.status !== "exception";

/**
 * The stage clock of one explained evaluation, and the trace built from what
 * that evaluation collected and joined: the recorder sees the shell analyses
 * as they run; everything else it reads from the lists.
 */
export class TraceRecorder implements Stopwatch {
  private readonly spent = new Map<TraceStage, number>();
  private readonly started: number;
  /** Every shell analysis the classification ran (one for a shell tool; an MCP tool's input may hold several commands). */
  private readonly analyses: ShellAnalysis[] = [];

  constructor(
    private readonly clock: () => number,
    private readonly keywords: readonly string[],
    private readonly prefilter: boolean,
  ) {
    this.started = clock();
  }

  now(): number {
    return this.clock();
  }

  /** Add the time since `since` to a stage; returns now, the next stage's start. */
  lap(stage: TraceStage, since: number): number {
    const now = this.clock();
    this.spent.set(stage, (this.spent.get(stage) ?? 0) + (now - since));
    return now;
  }

  shell(analysis: ShellAnalysis): void {
    this.analyses.push(analysis);
  }

  private missing(a: LoadedArtifact, inputs: TraceInputs): { keywords: string[]; features: string[]; one_of: string[][] } {
    const hit = (k: number) => ((inputs.hits[k >>> 5]! >>> (k & 31)) & 1) === 1;
    const present = (atom: string) => (atom.startsWith("k:") ? hit(Number(atom.slice(2))) : inputs.features().has(atom));
    const shown = (atom: string) => (atom.startsWith("k:") ? `keyword:${this.keywords[Number(atom.slice(2))]!}` : atom);
    return {
      keywords: [...a.required].filter((k) => !hit(k)).map((k) => this.keywords[k]!),
      features: a.requiredFeatures.filter((f) => !inputs.features().has(f)),
      one_of: a.requiredOneOf.filter((c) => !c.some(present)).map((c) => c.map(shown)),
    };
  }

  private tracedArtifact(entry: Outcome & { status: TracedArtifact["outcome"] }, inputs: TraceInputs): TracedArtifact {
    const { artifact: a, status: outcome, program } = entry;
    const traced = entry.seen === null ? null : traceTree({ root: a.when!, seen: entry.seen }, a.authored, inputs.view);
    const missing = outcome === "filtered" ? this.missing(a, inputs) : null;
    const deciding = traced?.deciding ?? [];
    let why: string;
    if (outcome === "filtered")
      why = `ruled out before its tree ran: needs ${[...missing!.keywords.map((k) => `keyword ${json(k)}`), ...missing!.features.map((f) => `feature ${f}`), ...missing!.one_of.map((c) => `one of ${c.join(" | ")}`)].join(", ")}, not in this event`;
    else if (outcome === "other_event_type") why = `runs only on ${(a.on ?? []).join(", ")}`;
    else if (program !== null && !program.ran) why = `its match tree did not hold: ${describeLeaves(deciding)}`;
    else if (program !== null) why = `${program.fired ? "the program fired" : "the program ran and did not fire"}${program.anomalies.length > 0 ? ` (anomalies: ${program.anomalies.join(", ")})` : ""}`;
    else why = `${outcome === "fired" ? "fired" : "did not fire"}: ${describeLeaves(deciding)}`;
    return {
      artifact_id: a.artifact_id,
      atom_id: a.atom_id,
      kind: a.kind,
      tier: tierOf(a),
      mode: a.mode,
      verdict: a.verdict,
      order: a.order,
      outcome,
      why,
      missing,
      tree: traced?.tree ?? null,
      deciding,
      program,
    };
  }

  /** The commands of every analysis in order; a pipe's `upstream` re-indexed into the one list. */
  private commands(): TracedCommand[] {
    const out: TracedCommand[] = [];
    for (const analysis of this.analyses) {
      const base = out.length;
      for (const c of analysis.commands)
        out.push({
          ...c.cmd,
          wrappers: c.wrappers,
          depth: c.depth,
          in_substitution: c.inSubstitution,
          stdin:
            c.stdin === null
              ? null
              : { kind: c.stdin.kind, upstream: c.stdin.kind === "pipe" ? base + c.stdin.upstream : null, text: "text" in c.stdin ? c.stdin.text : null, path: c.stdin.kind === "file" ? c.stdin.path : null },
          find: c.find,
        });
    }
    return out;
  }

  /** Assemble the trace; `serialise` is timed by the caller after this (see finishTimings). */
  build(inputs: TraceInputs, provenance: { engine_version: string; bundle_digest: string }, gated: boolean, nowMs: number): Trace {
    const join = inputs.joined ?? { contributions: [], final: [], decider: null, monitor: { would_have_verdict: null, anomalies: [] } };
    const final = join.final;
    const outcomes = inputs.collected?.outcomes ?? [];
    const artifacts = outcomes.filter(listed);
    const ruledOut = outcomes.length - artifacts.length - outcomes.filter((o) => o.status === "exception").length;
    const exceptions = inputs.exceptions.map((e) => {
      const seen = inputs.collected?.exceptionTrees.get(e);
      const record = seen === undefined ? null : { root: e.when!, seen };
      const traced = record === null ? null : traceTree(record, e.authored, inputs.view);
      const held = record === null ? null : (record.seen.get(record.root)?.value ?? false);
      const rewrote = final.filter((c, i) => c.ground_key === e.ground_key && join.contributions[i]?.ground_key === null).map((c) => c.artifact_id ?? c.atom_id ?? "?");
      return {
        artifact_id: e.artifact_id,
        ground_key: e.ground_key ?? "",
        verdict: e.verdict,
        mode: e.mode,
        outcome: held === null ? ("not_evaluated" as const) : held ? ("held" as const) : ("not_held" as const),
        expired: e.expires_at_ms !== null && nowMs >= e.expires_at_ms,
        rewrote,
        tree: traced?.tree ?? null,
        deciding: traced?.deciding ?? [],
      };
    });
    const shell = inputs.eventIsShell;
    const c = inputs.view.classification;
    return {
      trace_version: TRACE_VERSION,
      ...provenance,
      event: { event_type: inputs.event.event_type, tool_name: inputs.event.tool_name, session_id: inputs.event.session_id, tool_use_id: inputs.event.tool_use_id },
      gated,
      shell: shell === null && this.analyses.length === 0 ? null : { text: shell !== null && "text" in shell ? shell.text : null, argv: shell !== null && "argv" in shell ? shell.argv : null, commands: this.commands() },
      effects: c.effects,
      unknown: c.unknown,
      paths: c.paths,
      urls: c.urls,
      scan: { haystack_bytes: inputs.haystackBytes, oversize: inputs.oversize, keywords_hit: this.keywords.filter((_, k) => ((inputs.hits[k >>> 5]! >>> (k & 31)) & 1) === 1) },
      prefilter: {
        enabled: this.prefilter,
        artifacts: artifacts.length + ruledOut + inputs.exceptions.length,
        ruled_out: ruledOut + artifacts.filter((o) => o.status === "filtered").length,
        unlisted: ruledOut,
      },
      artifacts: artifacts.map((o) => this.tracedArtifact(o, inputs)),
      join: {
        contributions: join.contributions.map(contributionOf),
        exceptions,
        final: final.map(contributionOf),
        decider: join.decider === null ? null : contributionOf(join.decider),
        monitor: join.monitor,
      },
      decision: inputs.decision,
      timings_us: this.timings(),
    };
  }

  /**
   * Microseconds per stage so far, and the total since the recorder was made.
   * `classify` is lapped around the whole classification: the shell analysis
   * inside it is reported as `shell` and taken out.
   */
  timings(): Trace["timings_us"] {
    const us = (ms: number) => Math.round(ms * 1000 * 10) / 10;
    const ms = (s: TraceStage) => this.spent.get(s) ?? 0;
    const out = Object.fromEntries(TRACE_STAGES.map((s) => [s, us(s === "classify" ? Math.max(0, ms(s) - ms("shell")) : ms(s))])) as Trace["timings_us"];
    out.total = us(this.clock() - this.started);
    return out;
  }
}
