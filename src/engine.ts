// The engine: an async load (WASM, shell grammar, bundle compilation) and a
// pure, synchronous `evaluate(event, state, now_ms)`. No clock, no I/O, no
// globals: the same inputs give byte-identical output, which is what makes the
// ledger replayable (SPEC §1).
import { BundleLoadError, loadBundle, type LoadedBundle } from "./bundle/load.js";
import type { LoadedArtifact } from "./evaluate/compiled.js";
import { DECISION_WARNING_CODES, type BundleWarning } from "./bundle/warning.js";
import { canonicalJson } from "./bundle/canonical.js";
import { classifyEvent, hasEffectRows, isShellEvent, shellInput } from "./classify/index.js";
import type { HostWants } from "./classify/host-env.js";
import type { HostScript } from "./classify/host-facts.js";
import { GAP_SHAPE } from "./model/gap-shapes.js";
import { mcpEffects } from "./evaluate/mcp-effects.js";
import { analyzeArgv, analyzeShellText, loadShellParser, type ShellAnalysis, type ShellParser } from "./classify/shell/index.js";
import { analyzeInlineCode, InlineGrammars, type InlineLanguage } from "./classify/inline-code/index.js";
import { initTreeSitterRuntime } from "./classify/tree-sitter-runtime.js";
import { emptyClassification, type Classification } from "./model/classification.js";
import type { EventView } from "./evaluate/context.js";
import { contributionOf, join, monitorEvidence, type Contribution } from "./evaluate/contribution.js";
import { decisionOf } from "./evaluate/decision.js";
import { neutralDecision, type Anomaly, type Decision } from "./model/decision.js";
import type { Envelope } from "./model/envelope.js";
import { isKnownEventType, isPostEvent, parseEvent, type Event } from "./model/event.js";
import { applyExceptions, type ExceptionArtifact } from "./evaluate/exceptions.js";
import { selectOptimize, type OptimizingArtifact } from "./evaluate/optimize.js";
import { createTier2Vm, type T2Input, type Tier2Vm } from "./evaluate/tier2/index.js";
import { evaluateTree, type TreeOutcome } from "./evaluate/tree.js";
import { TraceRecorder } from "./evaluate/trace.js";
import type { Trace } from "./model/trace.js";
import { PrefilterIndex } from "./evaluate/prefilter.js";
import { eventFeatures } from "./evaluate/features.js";
import { STATE_UNKNOWN_FACT, unknownContribution, unknownStateContribution } from "./evaluate/unknown.js";
import { boundedJson, compileAutomaton, createHotPath, type HotPath } from "./hotpath/index.js";
import { instantiateGatehouseWasm } from "./hotpath/instance.js";
import { blankState, checkState, cloneState, type SessionState } from "./model/session-state.js";
import type { StateLayout } from "./model/state-layout.js";
import { ENGINE_VERSION } from "./version.js";
import type { EngineOptions } from "./engine-options.js";
import type { ClassificationCache, ClassificationCacheStats } from "./classification-cache.js";

export type { EngineOptions } from "./engine-options.js";

/** Names in an event that may mean inline code in a language (interpreters, MCP code tools): what `prepare` loads. */
/** What an engine is made of, once loaded (`Engine.load` builds it from EngineOptions). */
interface EngineParts {
  bundle: LoadedBundle;
  hotPath: HotPath;
  vm: Tier2Vm;
  /** Null only with a `classify` override. */
  parser: ShellParser | null;
  prefilter: boolean;
  /** Replaces the classifier (EngineOptions.classify). */
  classify: ((event: Event) => Classification) | null;
  /** The WASM instance's memory (null on the twin). */
  memory: WebAssembly.Memory | null;
  inline: InlineGrammars | null;
  /** Off unless the host asked for it (EngineOptions.classificationCache). */
  cache: ClassificationCache | null;
}

const LANGUAGE_OF: Array<[RegExp, InlineLanguage]> = [
  [/(\b|_)(python[0-9.]*|pypy3?|py)(\b|_)/i, "python"],
  [/(\b|_)(node(js)?|mongo(sh)?|javascript|js)(\b|_)/i, "javascript"],
  [/(\b|_)(ruby|rb)(\b|_)/i, "ruby"],
  [/(\b|_)(pwsh|powershell)(\b|_)/i, "powershell"],
];

export class Engine {
  readonly engineVersion = ENGINE_VERSION;

  private readonly bundle: LoadedBundle;
  private readonly hotPath: HotPath;
  private readonly vm: Tier2Vm;
  private readonly parser: ShellParser | null;
  private readonly prefilter: boolean;
  private readonly classifyOverride: ((event: Event) => Classification) | null;
  private readonly memory: WebAssembly.Memory | null;
  private readonly inline: InlineGrammars | null;
  private readonly cache: ClassificationCache | null;
  private readonly index: PrefilterIndex;
  private readonly warningTexts: readonly string[];
  /** The classification `hostWants` made, kept for the `evaluate` of the same event object when the host added nothing. */
  private wantsMemo: { input: unknown; host: unknown; classification: Classification } | null = null;

  private constructor(parts: EngineParts) {
    this.bundle = parts.bundle;
    this.hotPath = parts.hotPath;
    this.vm = parts.vm;
    this.parser = parts.parser;
    this.prefilter = parts.prefilter;
    this.classifyOverride = parts.classify;
    this.memory = parts.memory;
    this.inline = parts.inline;
    this.cache = parts.cache;
    this.index = new PrefilterIndex(parts.bundle.artifacts, parts.bundle.keywords);
    this.warningTexts = parts.bundle.warnings.filter((w) => DECISION_WARNING_CODES.includes(w.code)).map((w) => w.detail);
  }

  /** Throws BundleLoadError for a bundle that cannot load at all. */
  static async load(options: EngineOptions): Promise<Engine> {
    const bundle = loadBundle(options.bundle, { resolveBase: options.resolveBase ?? null, key: options.bundleKey ?? null, precompiled: options.precompiled });
    const kind = options.implementation ?? "wasm";
    const wasm = kind === "wasm" ? instantiateGatehouseWasm(options.wasmModule) : undefined;
    let automaton;
    try {
      automaton = compileAutomaton(bundle.keywords);
    } catch (error) {
      // Too many keywords (or too large a table) is a property of the bundle: refuse it as one.
      if (error instanceof RangeError) throw new BundleLoadError(`bundle keywords do not fit the automaton: ${error.message}`);
      throw error;
    }
    const hotPath = createHotPath(automaton, { kind, wasm });
    const vm = createTier2Vm({ kind, wasm });
    if (options.grammar === undefined && options.parser === undefined && options.classify === undefined)
      throw new TypeError("Engine.load needs `grammar` (the shell grammar bytes), a loaded `parser`, or a `classify` override");
    // The runtime first: whoever initialises web-tree-sitter first owns the synchronous grammar load.
    const runtime = options.grammar === undefined ? null : await initTreeSitterRuntime(options.grammar.runtime);
    const parser = options.parser ?? (options.grammar === undefined ? null : await loadShellParser(options.grammar));
    const inline = runtime === null ? null : new InlineGrammars(runtime, options.inlineGrammars ?? options.grammar?.inline ?? {});
    const cacheOptions = options.classificationCache;
    // Imported only when asked for: a hook process (one call) has no use for it and does not load it.
    const cache =
      cacheOptions === undefined || cacheOptions === false ? null : new (await import("./classification-cache.js")).ClassificationCache(cacheOptions === true ? {} : cacheOptions);
    return new Engine({
      bundle,
      hotPath,
      vm,
      parser,
      prefilter: options.prefilter ?? true,
      classify: options.classify ?? null,
      memory: wasm?.exports.memory ?? null,
      inline,
      cache,
    });
  }

  get bundleDigest(): string {
    return this.bundle.digest;
  }
  get bundleId(): string {
    return this.bundle.bundle_id;
  }
  /** Artifacts (and effect-class entries, overrides) that did not activate, each with its one-line `detail`. */
  get skipped() {
    return this.bundle.skipped;
  }
  /** The warnings every decision's `warnings` starts with (DECISION_WARNING_CODES), as text. */
  get warnings(): readonly string[] {
    return this.warningTexts;
  }
  /** Every warning about the bundle, with its code (`bundle lint --json`, the page). */
  get bundleWarnings(): readonly BundleWarning[] {
    return this.bundle.warnings;
  }
  /** The resolved bundle (composition applied): what the digest is over, what `bundle resolve` prints. */
  get resolvedBundle(): Readonly<Record<string, unknown>> {
    return this.bundle.resolved;
  }
  /** Artifacts that activated (skipped ones excluded). */
  get artifactCount(): number {
    return this.bundle.artifacts.length;
  }
  /** The bundles composed, bases first, this one last (null). */
  get bundleSources(): readonly (string | null)[] {
    return this.bundle.sources;
  }
  get layout(): StateLayout {
    return this.bundle.layout;
  }
  get implementation(): "wasm" | "twin" {
    return this.hotPath.kind;
  }

  /** Bytes of WebAssembly linear memory now (null on the twin): constant from load on, whatever the events. */
  get linearMemoryBytes(): number | null {
    return this.memory === null ? null : this.memory.buffer.byteLength;
  }

  /** The classification cache's counters (null: no cache). */
  get classificationCacheStats(): ClassificationCacheStats | null {
    return this.cache?.stats() ?? null;
  }

  /** Inline-code grammars loaded so far (lazily: none until an event holds such code). */
  get inlineGrammarsLoaded(): InlineLanguage[] {
    return this.inline?.loaded() ?? [];
  }

  /**
   * Load, ahead of `evaluate`, the inline-code grammars an event may need —
   * for hosts whose grammar source can only `fetch` (a page). A no-op for an
   * event that names no interpreter. Never throws; a grammar that cannot be
   * had leaves its code unknown (shape 6), as without `prepare`.
   */
  async prepare(eventInput: unknown): Promise<InlineLanguage[]> {
    if (this.inline === null) return [];
    let text: string;
    try {
      const e = eventInput as { tool_name?: unknown; tool_input?: unknown } | null;
      text = `${String(e?.tool_name ?? "")}\n${JSON.stringify(e?.tool_input ?? null) ?? ""}`;
    } catch {
      return [];
    }
    // Over-approximate (an `app.js` path loads the JS grammar): a needless load costs a few ms once; a missed one, a shape 6.
    const languages = LANGUAGE_OF.filter(([re]) => re.test(text)).map(([, l]) => l);
    if (languages.length === 0) return [];
    await this.inline.prepare(languages);
    return languages;
  }

  blankState(): SessionState {
    return blankState(this.bundle.layout);
  }

  /**
   * Classify what the event's action would do. Pure; exposed for the CLI and
   * the browser page, which show effects without a decision.
   */
  classify(event: Event): Classification {
    return this.classifyWith(event, null);
  }

  /**
   * What the host should look at before `evaluate` (SPEC §2 `host`,
   * docs/host-facts.md): the absolute paths the classification resolved (the
   * host resolves their symlinks) and the files a command runs or feeds (the
   * host reads them). Pure — it classifies and notes; the host does the I/O,
   * puts what it found into `event.host` and asks again (a read script may
   * name more), then evaluates. When a round finds nothing (the host leaves
   * `event.host` as it was), the `evaluate` of the same event object reuses
   * this classification.
   */
  hostWants(eventInput: unknown): { paths: string[]; files: string[] } {
    this.wantsMemo = null;
    const event = parseEvent(eventInput);
    if (!isKnownEventType(event.event_type) || event.tool_name === "" || this.classifyOverride !== null) return { paths: [], files: [] };
    const wants: HostWants = { paths: new Set(), files: new Set() };
    const classification = this.classifyWith(event, null, wants);
    this.wantsMemo = { input: eventInput, host: (eventInput as { host?: unknown }).host, classification };
    return { paths: [...wants.paths], files: [...wants.files] };
  }

  /** The classification `hostWants` made of this very event object, when its host facts are unchanged (taken once). */
  private takeWantsMemo(eventInput: unknown): Classification | null {
    const m = this.wantsMemo;
    this.wantsMemo = null;
    return m !== null && m.input === eventInput && (eventInput as { host?: unknown }).host === m.host ? m.classification : null;
  }

  /** `rec` (explain only) sees the shell analysis the classification is built from; `wants` collects what the host should look at (never cached). */
  private classifyWith(event: Event, rec: TraceRecorder | null, wants?: HostWants): Classification {
    if (this.classifyOverride !== null) return this.classifyOverride(event);
    if (event.tool_name === "") return emptyClassification();
    const parser = this.parser!;
    const bundle = this.bundle;
    const inline = this.inline;
    // Traced, each shell analysis is timed and handed to the recorder; untraced, nothing is wrapped.
    const seen = <T extends ShellAnalysis>(rec: TraceRecorder, analysis: () => T): T => {
      const t = rec.now();
      const result = analysis();
      rec.lap("shell", t);
      rec.shell(result);
      return result;
    };
    const inlineCode = inline === null ? undefined : (language: InlineLanguage, code: string) => analyzeInlineCode(language, code, { grammars: inline, shellCommand: hasEffectRows });
    // The shell analysis reads `python -c`/`node -e` code with the same reader (nothing loads unless such code appears).
    const opts = { inlineCode };
    // With host facts, the shell analysis also reads the scripts the host read (src/classify/host-facts.ts).
    const withFile = (hostFile: ((path: string) => HostScript | undefined) | undefined) => (hostFile === undefined ? opts : { ...opts, hostFile });
    const classify = (event: Event) => classifyEvent(event, {
      analyzeText: rec === null ? (text, hf) => analyzeShellText(parser, text, withFile(hf)) : (text, hf) => seen(rec, () => analyzeShellText(parser, text, withFile(hf))),
      analyzeArgv: rec === null ? (argv, hf) => analyzeArgv(parser, argv, withFile(hf)) : (argv, hf) => seen(rec, () => analyzeArgv(parser, argv, withFile(hf))),
      inlineCode,
      mcpEffects: (e) => mcpEffects(bundle.effectClasses, { event: e, classification: emptyClassification(), scan: EMPTY_SCAN, now_ms: 0, declaredFacts: bundle.facts, memo: [] }),
    }, wants);
    // Traced, never cached: explain shows the shell analysis, which a hit does not run; nor is a collection of wants.
    if (rec !== null || this.cache === null || wants !== undefined) return classify(event);
    return this.cache.classify(event, inline?.loaded().length ?? 0, classify);
  }

  /**
   * Evaluate one event. Throws TypeError for a non-object event and
   * StateLayoutError for a state that does not fit the bundle's layout.
   */
  evaluate(eventInput: unknown, stateInput: unknown, nowMs: number): Envelope {
    return this.run(eventInput, stateInput, nowMs, null);
  }

  /**
   * Evaluate one event exactly as `evaluate` does, and return the trace of
   * that evaluation: every step recorded as it happened (src/evaluate/trace.ts).
   * `clock` (milliseconds, e.g. `performance.now`) times the stages; the
   * engine itself still reads no clock.
   */
  explain(eventInput: unknown, stateInput: unknown, nowMs: number, clock: () => number): { envelope: Envelope; trace: Trace } {
    const rec = new TraceRecorder(clock, this.bundle.keywords, this.prefilter);
    let trace: Trace | null = null;
    const envelope = this.run(eventInput, stateInput, nowMs, rec, (t) => (trace = t));
    const t = rec.now();
    JSON.stringify(envelope);
    rec.lap("serialise", t);
    const done = trace! as Trace;
    done.timings_us = rec.timings();
    return { envelope, trace: done };
  }

  private run(eventInput: unknown, stateInput: unknown, nowMs: number, rec: TraceRecorder | null, traced?: (t: Trace) => void): Envelope {
    if (!Number.isSafeInteger(nowMs)) throw new TypeError(`now_ms must be an integer, got ${nowMs}`);
    const t = rec === null ? 0 : rec.now();
    const event = parseEvent(eventInput);
    const state = stateInput === null || stateInput === undefined ? blankState(this.bundle.layout) : checkState(stateInput, this.bundle.layout);
    if (rec !== null) rec.lap("parse", t);
    const envelope = (decision: Decision, next: SessionState): Envelope => ({
      decision,
      state: next,
      engine_version: ENGINE_VERSION,
      bundle_digest: this.bundle.digest,
    });
    if (!isKnownEventType(event.event_type)) {
      const decision = neutralDecision();
      if (rec !== null) traced!(this.ungatedTrace(rec, event, decision));
      return envelope(decision, state);
    }
    const reuse = rec === null && this.wantsMemo !== null ? this.takeWantsMemo(eventInput) : null;
    const { decision, state: next } = this.decide(event, state, nowMs, rec, traced, reuse);
    return envelope(decision, next);
  }

  private ungatedTrace(rec: TraceRecorder, event: Event, decision: Decision): Trace {
    const view: EventView = { event, classification: emptyClassification(), scan: EMPTY_SCAN, now_ms: 0, declaredFacts: this.bundle.facts, memo: [] };
    const inputs = { event, eventIsShell: null, view, hits: new Uint32Array(0), features: () => new Set<string>(), haystackBytes: 0, oversize: false, decision };
    return rec.build(inputs, { engine_version: ENGINE_VERSION, bundle_digest: this.bundle.digest }, false, 0);
  }

  private decide(event: Event, state: SessionState, nowMs: number, rec: TraceRecorder | null, traced?: (t: Trace) => void, classified: Classification | null = null): { decision: Decision; state: SessionState } {
    const bundle = this.bundle;
    const warnings = [...this.warningTexts];
    let t = rec === null ? 0 : rec.now();
    const classification = classified ?? this.classifyWith(event, rec);
    if (rec !== null) t = rec.lap("classify", t);
    // Serialised within the per-event bound: input too deep or too long to serialise is oversize, never a throw.
    const input = boundedJson(event.tool_input ?? null);
    const result = isPostEvent(event.event_type) ? boundedJson(event.tool_result ?? null) : null;
    const scan = this.hotPath.scan(input.text, result === null ? null : result.text);
    if (rec !== null) t = rec.lap("scan", t);
    const oversize = scan.oversize || input.truncated || result?.truncated === true;
    if (oversize) {
      if (isShellEvent(event)) {
        if (!classification.unknown.some((u) => u.shape === GAP_SHAPE.OVERSIZE))
          classification.unknown.push({ shape: GAP_SHAPE.OVERSIZE, reason: "the tool input is over the per-event memory bound (too long or nested too deep)", command: "" });
      } else warnings.push("the tool input is over the per-event memory bound (too long or nested too deep): content was truncated");
    }
    const view: EventView = { event, classification, scan, now_ms: nowMs, declaredFacts: bundle.facts, memo: [] };
    let t2Input: T2Input | null = null; // what every Tier 2 program of this event reads, built on the first that runs
    const hits = scan.hits;
    const inconclusive = new Set<string>();
    const noteBottoms = (outcome: TreeOutcome) => outcome.bottoms?.forEach((b) => inconclusive.add(b));
    let features: Set<string> | null = null; // listed on first need (the trace's "missing")
    const index = this.index;
    const passesPrefilter = (a: LoadedArtifact): boolean => !this.prefilter || index.passes(a.order, hits);

    const contributions: Contribution[] = [];
    const anomalies: Anomaly[] = [];
    const optimizing: OptimizingArtifact[] = [];
    const exceptions: ExceptionArtifact[] = [];
    // The state the programs update: copied once, on the first program that runs, then updated in place.
    let working: SessionState | null = null;
    let stateUnknownRules = 0;
    const eventType = event.event_type;

    const artifacts = bundle.artifacts;
    // The artifacts that could match (src/evaluate/prefilter.ts), in bundle order; every one without the prefilter.
    const candidates = this.prefilter ? index.candidates(hits, event, classification) : null;
    // Traced (explain), every artifact is walked in bundle order so the ones the index ruled out are reported
    // where they stand: filed under a feature, as `filtered` with what they need; under a keyword, counted.
    const walkAll = rec !== null && candidates !== null;
    const visits = candidates === null || walkAll ? artifacts.length : candidates.length;
    let nextCandidate = 0;
    for (let v = 0; v < visits; v++) {
      let i = v;
      if (walkAll) {
        if (candidates[nextCandidate] !== v) {
          if (artifacts[v]!.kind === "exception") continue;
          // Filed under a feature (atom codes past the keywords) or a mix: reported; under keywords only: counted.
          const anchor = index.anchors[v]!;
          if (anchor.some((atom) => atom >= bundle.keywords.length)) rec.artifact(artifacts[v]!, "filtered");
          else rec.ruledOutByIndex(1);
          continue;
        }
        nextCandidate++;
      } else if (candidates !== null) i = candidates[v]!;
      const a = artifacts[i]!;
      const kind = a.kind;
      if (kind === "exception") {
        exceptions.push(a);
        continue;
      }
      if (kind === "t2_program" && !a.on!.includes(eventType)) {
        if (rec !== null) rec.artifact(a, "other_event_type");
        continue;
      }
      if (!passesPrefilter(a)) {
        if (rec !== null) rec.artifact(a, "filtered");
        continue;
      }
      if (rec !== null) t = rec.lap("candidates", t);
      const record = rec === null || a.when === null ? null : rec.record(a.when);
      if (kind === "t2_program") {
        if (a.when !== null) {
          const outcome = evaluateTree(a.when, view, hits, record?.seen);
          noteBottoms(outcome);
          if (!outcome.value) {
            if (rec !== null) {
              rec.artifact(a, "not_fired", record, { ran: false, fired: false, anomalies: [], inconclusive: [] });
              t = rec.lap("tier2", t);
            }
            continue;
          }
        }
        if (state.unknown !== undefined) {
          // The registers could not be read: the program is inconclusive, answers on_unknown, and changes nothing.
          inconclusive.add(STATE_UNKNOWN_FACT);
          stateUnknownRules++;
          const c = unknownStateContribution(a, bundle.on_unknown, state.unknown);
          if (c !== null) contributions.push(c);
          if (rec !== null) {
            // It decides when its on_unknown answer joins (the decision names it): the trace says it fired, as for a Tier 1 ⊥.
            rec.artifact(a, c !== null ? "fired" : "not_fired", record, { ran: false, fired: c !== null, anomalies: [], inconclusive: [STATE_UNKNOWN_FACT] });
            t = rec.lap("tier2", t);
          }
          continue;
        }
        working ??= cloneState(state);
        const result = this.vm.exec(
          a.program!,
          working,
          (t2Input ??= {
            now_ms: nowMs,
            spend_tokens: event.spend_delta?.tokens ?? null,
            spend_micro_usd: event.spend_delta?.micro_usd ?? null,
            session_tokens: event.session?.tokens ?? null,
            run_material: runMaterial(event, classification),
          }),
        );
        result.inconclusive.forEach((id) => inconclusive.add(id));
        for (const code of result.anomalies) anomalies.push({ code, artifact_id: a.artifact_id, atom_id: a.atom_id });
        if (result.fired) contributions.push(contributionOf(a, 2));
        if (rec !== null) {
          rec.artifact(a, result.fired ? "fired" : "not_fired", record, { ran: true, fired: result.fired, anomalies: result.anomalies, inconclusive: result.inconclusive });
          t = rec.lap("tier2", t);
        }
        continue;
      }
      const outcome = evaluateTree(a.when!, view, hits, record?.seen);
      noteBottoms(outcome);
      if (rec !== null) {
        rec.artifact(a, outcome.value ? "fired" : "not_fired", record);
        t = rec.lap("trees", t);
      }
      if (!outcome.value) continue;
      if (kind === "t1_predicate_tree") {
        contributions.push(contributionOf(a, 1));
        if (a.optimize !== null) optimizing.push(a);
      } else {
        contributions.push(contributionOf(a, 3));
      }
    }
    if (rec !== null) t = rec.lap("candidates", t);

    if (stateUnknownRules > 0) warnings.push(`session state unknown (${state.unknown}): ${stateUnknownRules} Tier 2 rule(s) answered on_unknown (${bundle.on_unknown})`);
    const gap = unknownContribution(event, classification, bundle, bundle.artifacts.length);
    if (gap !== null) contributions.push(gap);

    const final = applyExceptions(contributions, exceptions, nowMs, (e) => {
      if (!passesPrefilter(e)) return { value: false, bottoms: null };
      const record = rec === null ? null : rec.record(e.when!);
      const outcome = evaluateTree(e.when!, view, hits, record?.seen);
      if (record !== null) rec!.exception(e, record);
      noteBottoms(outcome);
      return outcome;
    });
    if (rec !== null) t = rec.lap("exceptions", t);
    const monitor = monitorEvidence(final);
    const decider = join(final);
    const { optimize, rewrite } = selectOptimize(optimizing);

    const decision = decisionOf(decider, view, hits, {
      monitor,
      inconclusive,
      rewrite,
      optimize,
      classification,
      anomalies: [...anomalies, ...monitor.anomalies],
      warnings,
    });
    if (rec !== null) {
      rec.lap("join", t);
      // The trace lists every exception (one the index ruled out was not evaluated).
      rec.exceptions(artifacts.filter((x) => x.kind === "exception"));
      rec.joined(contributions, final, decider, monitor);
      const inputs = {
        event,
        eventIsShell: shellInput(event),
        view,
        hits,
        features: () => (features ??= eventFeatures(event, classification)),
        haystackBytes: scan.length,
        oversize,
        decision,
      };
      traced!(rec.build(inputs, { engine_version: ENGINE_VERSION, bundle_digest: bundle.digest }, true, nowMs));
    }
    return { decision, state: working ?? state };
  }
}

const EMPTY_SCAN = { length: 0, text: () => "" };

/**
 * What RUN hashes (SPEC §8): tool name ‖ first effect tuple ‖ first program,
 * newline-separated. The tuple is its verb and target class only: argument
 * values (an effect's `target`, …) are ignored, so `Read a.py` and `Read b.py`
 * are the same shape of action.
 */
export function runMaterial(event: Event, classification: Classification): string {
  const effect = classification.effects[0];
  const tuple = effect === undefined ? "" : canonicalJson({ verb: effect.verb, target_class: effect.target_class });
  return [event.tool_name, tuple, classification.simple[0]?.program ?? ""].join("\n");
}
