// The engine: an async load (WASM, shell grammar, bundle compilation) and a
// pure, synchronous `evaluate(event, state, now_ms)`. No clock, no I/O, no
// globals: the same inputs give byte-identical output, which is what makes the
// ledger replayable (SPEC §1).
import { BundleLoadError, loadBundle, type LoadedBundle } from "./bundle/load.js";
import { DECISION_WARNING_CODES, type BundleWarning } from "./bundle/warning.js";
import { canonicalJson } from "./bundle/canonical.js";
import { classifyEvent, EFFECT_PROGRAMS, hasEffectRows, isShellEvent, shellInput } from "./classify/index.js";
import type { HostWants } from "./classify/host-env.js";
import type { HostScript } from "./classify/host-facts.js";
import { GAP_SHAPE } from "./model/gap-shapes.js";
import { mcpEffects } from "./evaluate/mcp-effects.js";
import { analyzeArgv, analyzeShellText, loadShellParser, type ShellAnalysis, type ShellParser } from "./classify/shell/index.js";
import { analyzeInlineCode, InlineGrammars, type InlineLanguage } from "./classify/inline-code/index.js";
import { initTreeSitterRuntime } from "./classify/tree-sitter-runtime.js";
import { emptyClassification, type Classification } from "./model/classification.js";
import type { EventView } from "./evaluate/context.js";
import { collect, NO_CLOCK } from "./evaluate/collect.js";
import { joinOutcomes } from "./evaluate/join.js";
import { decisionOf } from "./evaluate/decision.js";
import { neutralDecision, type Decision } from "./model/decision.js";
import type { Envelope } from "./model/envelope.js";
import { isKnownEventType, isPostEvent, parseEvent, type Event } from "./model/event.js";
import { createTier2Vm, type T2Input, type Tier2Vm } from "./evaluate/tier2/index.js";
import { TraceRecorder, type TraceInputs } from "./evaluate/trace.js";
import type { Trace } from "./model/trace.js";
import { PrefilterIndex } from "./evaluate/prefilter.js";
import { eventFeatures } from "./evaluate/features.js";
import { unknownContribution } from "./evaluate/unknown.js";
import { boundedJson, compileAutomaton, createHotPath, type HotPath } from "./hotpath/index.js";
import { instantiateGatehouseWasm } from "./hotpath/instance.js";
import { blankState, checkState, type SessionState } from "./model/session-state.js";
import type { StateLayout } from "./model/state-layout.js";
import { ENGINE_VERSION } from "./version.js";
import { mayHoldTypedPowerShell } from "./classify/programs/powershell.js";
import type { EngineOptions } from "./engine-options.js";
import type { ClassificationCache, ClassificationCacheStats } from "./classification-cache.js";

export type { EngineOptions } from "./engine-options.js";

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

/** Names in an event that may mean inline code in a language (interpreters, MCP code tools): what `prepare` loads. */
const LANGUAGE_OF: Array<[RegExp, InlineLanguage]> = [
  [/(\b|_)(python[0-9.]*|pypy3?|py)(\b|_)/i, "python"],
  [/(\b|_)(node(js)?|mongo(sh)?|javascript|js)(\b|_)/i, "javascript"],
  [/(\b|_)(ruby|rb)(\b|_)/i, "ruby"],
  [/(\b|_)(pwsh|powershell)(\b|_)/i, "powershell"],
];

export class Engine {
  readonly engineVersion = ENGINE_VERSION;

  private readonly index: PrefilterIndex;
  private readonly warningTexts: readonly string[];
  /** The classification `hostWants` made, kept for the `evaluate` of the same event object when the host added nothing. */
  private wantsMemo: { input: unknown; host: unknown; event: Event; classification: Classification } | null = null;

  private constructor(private readonly parts: EngineParts) {
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
    return this.parts.bundle.digest;
  }
  get bundleId(): string {
    return this.parts.bundle.bundle_id;
  }
  /** Artifacts (and effect-class entries, overrides) that did not activate, each with its one-line `detail`. */
  get skipped() {
    return this.parts.bundle.skipped;
  }
  /** The warnings every decision's `warnings` starts with (DECISION_WARNING_CODES), as text. */
  get warnings(): readonly string[] {
    return this.warningTexts;
  }
  /** Every warning about the bundle, with its code (`bundle lint --json`, the page). */
  get bundleWarnings(): readonly BundleWarning[] {
    return this.parts.bundle.warnings;
  }
  /** The resolved bundle (composition applied): what the digest is over, what `bundle resolve` prints. */
  get resolvedBundle(): Readonly<Record<string, unknown>> {
    return this.parts.bundle.resolved;
  }
  /** Artifacts that activated (skipped ones excluded). */
  get artifactCount(): number {
    return this.parts.bundle.artifacts.length;
  }
  /** The bundles composed, bases first, this one last (null). */
  get bundleSources(): readonly (string | null)[] {
    return this.parts.bundle.sources;
  }
  get layout(): StateLayout {
    return this.parts.bundle.layout;
  }
  get implementation(): "wasm" | "twin" {
    return this.parts.hotPath.kind;
  }

  /** Bytes of WebAssembly linear memory now (null on the twin): constant from load on, whatever the events. */
  get linearMemoryBytes(): number | null {
    return this.parts.memory === null ? null : this.parts.memory.buffer.byteLength;
  }

  /** The classification cache's counters (null: no cache). */
  get classificationCacheStats(): ClassificationCacheStats | null {
    return this.parts.cache?.stats() ?? null;
  }

  /** Inline-code grammars loaded so far (lazily: none until an event holds such code). */
  get inlineGrammarsLoaded(): InlineLanguage[] {
    return this.parts.inline?.loaded() ?? [];
  }

  /**
   * Load, ahead of `evaluate`, the inline-code grammars an event may need —
   * for hosts whose grammar source can only `fetch` (a page). A no-op for an
   * event that names no interpreter. Never throws; a grammar that cannot be
   * had leaves its code unknown (shape 6), as without `prepare`.
   */
  async prepare(eventInput: unknown): Promise<InlineLanguage[]> {
    if (this.parts.inline === null) return [];
    let text: string;
    try {
      const e = eventInput as { tool_name?: unknown; tool_input?: unknown } | null;
      text = `${String(e?.tool_name ?? "")}\n${JSON.stringify(e?.tool_input ?? null) ?? ""}`;
    } catch {
      return [];
    }
    // Over-approximate (an `app.js` path loads the JS grammar): a needless load costs a few ms once; a missed one, a shape 6.
    const languages = LANGUAGE_OF.filter(([re]) => re.test(text)).map(([, l]) => l);
    // PowerShell typed straight into a Bash tool is read with the PowerShell grammar too (shell/index.ts).
    if (!languages.includes("powershell") && mayHoldTypedPowerShell(text)) languages.push("powershell");
    if (languages.length === 0) return [];
    await this.parts.inline.prepare(languages);
    return languages;
  }

  blankState(): SessionState {
    return blankState(this.parts.bundle.layout);
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
   * this parse of it and this classification (so, as the classification, the
   * object must not be changed in between).
   */
  hostWants(eventInput: unknown): { paths: string[]; files: string[] } {
    this.wantsMemo = null;
    const event = parseEvent(eventInput);
    if (!isKnownEventType(event.event_type) || event.tool_name === "" || this.parts.classify !== null) return { paths: [], files: [] };
    const wants: HostWants = { paths: new Set(), files: new Set() };
    const classification = this.classifyWith(event, null, wants, (eventInput as { host?: unknown }).host);
    this.wantsMemo = { input: eventInput, host: (eventInput as { host?: unknown }).host, event, classification };
    return { paths: [...wants.paths], files: [...wants.files] };
  }

  /** The parsed event and classification `hostWants` made of this very event object, when its host facts are unchanged (taken once). */
  private takeWantsMemo(eventInput: unknown): { event: Event; classification: Classification } | null {
    const m = this.wantsMemo;
    this.wantsMemo = null;
    return m !== null && m.input === eventInput && (eventInput as { host?: unknown }).host === m.host ? m : null;
  }

  /** `rec` (explain only) sees the shell analysis the classification is built from; `wants` collects what the host should look at (never cached). */
  private classifyWith(event: Event, rec: TraceRecorder | null, wants?: HostWants, hostInput?: unknown): Classification {
    if (this.parts.classify !== null) return this.parts.classify(event);
    if (event.tool_name === "") return emptyClassification();
    const parser = this.parts.parser!;
    const bundle = this.parts.bundle;
    const inline = this.parts.inline;
    // Traced, each shell analysis is timed and handed to the recorder; untraced, nothing is wrapped.
    const seen = <T extends ShellAnalysis>(rec: TraceRecorder, analysis: () => T): T => {
      const t = rec.now();
      const result = analysis();
      rec.lap("shell", t);
      rec.shell(result);
      return result;
    };
    const inlineCode = inline === null ? undefined : (language: InlineLanguage, code: string) => analyzeInlineCode(language, code, { grammars: inline, shellCommand: hasEffectRows });
    // The shell analysis reads `python -c`/`node -e` code with the same reader (nothing loads unless such code appears),
    // and asks the effect table's program knowledge through the registry interface (classify/programs/known.ts).
    const opts = { inlineCode, programs: EFFECT_PROGRAMS };
    // With host facts, the shell analysis also reads the scripts the host read (src/classify/host-facts.ts).
    const withFile = (hostFile: ((path: string) => HostScript | undefined) | undefined) => (hostFile === undefined ? opts : { ...opts, hostFile });
    const classifyCollecting = (event: Event, wants: HostWants | undefined) => classifyEvent(event, {
      analyzeText: rec === null ? (text, hf) => analyzeShellText(parser, text, withFile(hf)) : (text, hf) => seen(rec, () => analyzeShellText(parser, text, withFile(hf))),
      analyzeArgv: rec === null ? (argv, hf) => analyzeArgv(parser, argv, withFile(hf)) : (argv, hf) => seen(rec, () => analyzeArgv(parser, argv, withFile(hf))),
      inlineCode,
      mcpEffects: (e) => mcpEffects(bundle.effectClasses, { event: e, classification: emptyClassification(), scan: EMPTY_SCAN, now_ms: 0, declaredFacts: bundle.facts, memo: [] }),
    }, wants);
    const classify = (event: Event) => classifyCollecting(event, wants);
    // Traced, never cached: explain shows the shell analysis, which a hit does not run.
    if (rec !== null || this.parts.cache === null) return classify(event);
    const generation = inline?.loaded().length ?? 0;
    if (wants === undefined) return this.parts.cache.classify(event, generation, classify, hostInput);
    // Collecting what the host should look at (hostWants): the wants are the projection's too, cached with it.
    const got = this.parts.cache.classifyWanting(event, generation, (projected) => {
      const own: HostWants = { paths: new Set(), files: new Set() };
      const classification = classifyCollecting(projected, own);
      return { classification, paths: [...own.paths], files: [...own.files] };
    }, hostInput);
    for (const p of got.paths) wants.paths.add(p);
    for (const f of got.files) wants.files.add(f);
    return got.classification;
  }

  /**
   * Evaluate one event. Throws TypeError for a non-object event and
   * StateLayoutError for a state that does not fit the bundle's layout.
   */
  evaluate(eventInput: unknown, stateInput: unknown, nowMs: number): Envelope {
    return this.run(eventInput, stateInput, nowMs, null).envelope;
  }

  /**
   * Evaluate one event exactly as `evaluate` does, and return the trace of
   * that evaluation, built from the outcomes it collected and joined
   * (src/evaluate/trace.ts). `clock` (milliseconds, e.g. `performance.now`)
   * times the stages; the engine itself still reads no clock.
   */
  explain(eventInput: unknown, stateInput: unknown, nowMs: number, clock: () => number): { envelope: Envelope; trace: Trace } {
    const rec = new TraceRecorder(clock, this.parts.bundle.keywords, this.parts.prefilter);
    const { envelope, trace } = this.run(eventInput, stateInput, nowMs, rec);
    const t = rec.now();
    JSON.stringify(envelope);
    rec.lap("serialise", t);
    trace!.timings_us = rec.timings();
    return { envelope, trace: trace! };
  }

  /** `rec` (explain only): the trace is built too. */
  private run(eventInput: unknown, stateInput: unknown, nowMs: number, rec: TraceRecorder | null): { envelope: Envelope; trace: Trace | null } {
    if (!Number.isSafeInteger(nowMs)) throw new TypeError(`now_ms must be an integer, got ${nowMs}`);
    const bundle = this.parts.bundle;
    const clock = rec ?? NO_CLOCK;
    const t = clock.now();
    // The event as hostWants parsed it, when this is the evaluate of the same object (the host added nothing).
    const memo = rec === null && this.wantsMemo !== null ? this.takeWantsMemo(eventInput) : null;
    const event = memo?.event ?? parseEvent(eventInput);
    const state = stateInput === null || stateInput === undefined ? blankState(bundle.layout) : checkState(stateInput, bundle.layout);
    clock.lap("parse", t);
    const envelope = (decision: Decision, next: SessionState): Envelope => ({ decision, state: next, engine_version: ENGINE_VERSION, bundle_digest: bundle.digest });
    if (!isKnownEventType(event.event_type)) {
      const decision = neutralDecision();
      const view: EventView = { event, classification: emptyClassification(), scan: EMPTY_SCAN, now_ms: 0, declaredFacts: bundle.facts, memo: [] };
      const inputs: TraceInputs = { event, eventIsShell: null, view, hits: new Uint32Array(0), features: () => new Set<string>(), haystackBytes: 0, oversize: false, decision, collected: null, exceptions: [], joined: null };
      return { envelope: envelope(decision, state), trace: rec === null ? null : rec.build(inputs, { engine_version: ENGINE_VERSION, bundle_digest: bundle.digest }, false, 0) };
    }
    const { decision, state: next, trace } = this.decide(event, state, nowMs, rec, memo?.classification ?? null, (eventInput as { host?: unknown }).host);
    return { envelope: envelope(decision, next), trace };
  }

  /** Classify and scan, collect every candidate's outcome, join the list, and (explain) trace it. */
  private decide(event: Event, state: SessionState, nowMs: number, rec: TraceRecorder | null, classified: Classification | null, hostInput: unknown): { decision: Decision; state: SessionState; trace: Trace | null } {
    const { bundle, prefilter, vm } = this.parts;
    const clock = rec ?? NO_CLOCK;
    const warnings = [...this.warningTexts];
    let t = clock.now();
    const classification = classified ?? this.classifyWith(event, rec, undefined, hostInput);
    t = clock.lap("classify", t);
    // Serialised within the per-event bound: input too deep or too long to serialise is oversize, never a throw.
    const input = boundedJson(event.tool_input ?? null);
    const result = isPostEvent(event.event_type) ? boundedJson(event.tool_result ?? null) : null;
    const scan = this.parts.hotPath.scan(input.text, result === null ? null : result.text);
    clock.lap("scan", t);
    const oversize = scan.oversize || input.truncated || result?.truncated === true;
    if (oversize) {
      if (isShellEvent(event)) {
        if (!classification.unknown.some((u) => u.shape === GAP_SHAPE.OVERSIZE))
          classification.unknown.push({ shape: GAP_SHAPE.OVERSIZE, reason: "the tool input is over the per-event memory bound (too long or nested too deep)", command: "" });
      } else warnings.push("the tool input is over the per-event memory bound (too long or nested too deep): content was truncated");
    }
    const view: EventView = { event, classification, scan, now_ms: nowMs, declaredFacts: bundle.facts, memo: [] };
    const hits = scan.hits;
    let t2Input: T2Input | null = null;
    const t2 = (): T2Input => (t2Input ??= {
      now_ms: nowMs,
      spend_tokens: event.spend_delta?.tokens ?? null,
      spend_micro_usd: event.spend_delta?.micro_usd ?? null,
      session_tokens: event.session?.tokens ?? null,
      run_material: runMaterial(event, classification),
    });
    const { keywords, artifacts, on_unknown } = bundle;
    const collected = collect({ artifacts, index: this.index, prefilter, keywordCount: keywords.length, vm, onUnknown: on_unknown, event, classification, state, view, hits, t2Input: t2, traced: rec !== null, clock });

    if (collected.stateUnknownRules > 0) warnings.push(`session state unknown (${state.unknown}): ${collected.stateUnknownRules} Tier 2 rule(s) answered on_unknown (${on_unknown})`);
    t = clock.now();
    const joined = joinOutcomes(collected.outcomes, unknownContribution(event, classification, bundle, artifacts.length), nowMs, collected.holds);
    t = clock.lap("exceptions", t);
    const { monitor, rewrite, optimize } = joined;
    const anomalies = [...collected.anomalies, ...monitor.anomalies];
    const decision = decisionOf(joined.decider, view, hits, { monitor, inconclusive: collected.inconclusive, rewrite, optimize, classification, anomalies, warnings });
    clock.lap("join", t);
    if (rec === null) return { decision, state: collected.state, trace: null };
    let features: Set<string> | null = null; // listed on first need (the trace's "missing")
    const inputs: TraceInputs = {
      event,
      eventIsShell: shellInput(event),
      view,
      hits,
      features: () => (features ??= eventFeatures(event, classification)),
      haystackBytes: scan.length,
      oversize,
      decision,
      collected,
      exceptions: artifacts.filter((x) => x.kind === "exception"),
      joined,
    };
    return { decision, state: collected.state, trace: rec.build(inputs, { engine_version: ENGINE_VERSION, bundle_digest: bundle.digest }, true, nowMs) };
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
