// Bundle loading: composition (compose.ts), then the two-stage parse (SPEC §4).
// A bundle that is not JSON, not an object, or of another schema major fails as
// a whole with BundleLoadError (top-level.ts); anything below that level is
// skipped with a reason and a one-line `detail` (detail.ts), and the rest loads.
import type { Effect } from "../model/classification.js";
import type { Dimension, HoldRequest, Mode, Verdict } from "../model/decision.js";
import type { FactType } from "../evaluate/context.js";
import type { EffectClassEntry, LoadedArtifact } from "../evaluate/compiled.js";
import { compileProgram, unionLayout, type CompiledProgram, type T2Body } from "../evaluate/tier2/index.js";
import type { StateLayout } from "../model/state-layout.js";
import { idOf, parseArtifact, parseEffectClassEntry, type ArtifactBase, type Candidate, type KindFields } from "./artifact.js";
import { bundleDigest } from "./canonical.js";
import { KeywordTable } from "./compile-tree.js";
import { composeBundle, type ComposeOptions, type Origin } from "./compose.js";
import { at, located, type Where } from "./detail.js";
import { lintWarnings } from "./lint.js";
import { requirementsOf } from "./requirements.js";
import { TOP_LEVEL_KEYS, type OnUnknown } from "./schema.js";
import { EFFECT_CLASS_ENTRY_KIND, type SkippedItem } from "./skip.js";
import { parseTopLevel } from "./top-level.js";
import type { BundleWarning } from "./warning.js";
import { replayCheck, zodCheck } from "../model/schema-check.js";

export { BundleLoadError } from "./top-level.js";
export { containsFloat } from "./float.js";

function makeArtifact(base: ArtifactBase, f: KindFields): LoadedArtifact {
  return {
    kind: f.kind,
    order: base.order,
    artifact_id: base.artifact_id,
    atom_id: base.atom_id,
    policy_public_id: base.policy_public_id,
    dimension: base.dimension,
    mode: base.mode,
    layer_path: base.layer_path,
    required: base.required,
    requiredFeatures: base.requiredFeatures,
    requiredOneOf: base.requiredOneOf,
    when: f.when ?? null,
    authored: base.authored,
    verdict: f.verdict ?? "allow",
    reason: f.reason ?? "",
    optimize: f.optimize ?? null,
    hold: f.hold ?? null,
    ground_key: f.ground_key ?? null,
    applies_to: f.applies_to ?? null,
    expires_at_ms: f.expires_at_ms ?? null,
    on: f.on ?? null,
    body: f.body ?? null,
    program: f.program ?? null,
  };
}

export interface LoadedBundle {
  bundle_id: string;
  /** Over the resolved bundle (composition applied). */
  digest: string;
  /** The resolved bundle: plain JSON, no `extends` / `overrides`. */
  resolved: Record<string, unknown>;
  /** Bundles composed, bases first, the bundle itself last (null: the bundle itself). */
  sources: (string | null)[];
  enforcement_enabled: boolean;
  on_unknown: OnUnknown;
  facts: Map<string, FactType>;
  artifacts: LoadedArtifact[];
  effectClasses: EffectClassEntry[];
  /** `content` keyword literals; index i ↔ bit i of the event's hit bitset. */
  keywords: string[];
  layout: StateLayout;
  skipped: SkippedItem[];
  warnings: BundleWarning[];
}

/** Artifacts whose directives disagree on one layer path and mode are all dropped: each → the others of its group. */
function findLayerConflicts(candidates: Candidate[], mode: (c: Candidate) => Mode): Map<Candidate, Candidate[]> {
  const groups = new Map<string, Candidate[]>();
  for (const c of candidates) {
    if (c.optimize === null) continue;
    const key = JSON.stringify([c.envelope.layer_path, mode(c)]);
    groups.set(key, [...(groups.get(key) ?? []), c]);
  }
  const conflicted = new Map<Candidate, Candidate[]>();
  for (const group of groups.values()) {
    if (new Set(group.map((c) => c.optimize!.identity)).size > 1) group.forEach((c) => conflicted.set(c, group.filter((o) => o !== c)));
  }
  return conflicted;
}

const whereOf = (origin: Origin | undefined, list: PropertyKey[], index: number): Where =>
  origin === undefined ? { source: null, path: [...list, index] } : { source: origin.source, path: [...list, origin.index] };

/** A bundle precompiled at build time (precompiled.ts makes one): its text, digest and schema-check tape. */
export interface PrecompiledBundle {
  /** The bundle's JSON text, exactly: the form applies to this input only. */
  text: string;
  digest: string;
  /** The schema checks' results in order, as JSON (parsed afresh by each load: loaded bundles share no objects). */
  tape: string;
  /** The text's regex_lite patterns that compile: a replayed load compiles them on first match (src/evaluate/predicates.ts). */
  patterns?: readonly string[];
}

export interface LoadOptions extends ComposeOptions {
  /**
   * The bundle as precompiled at build time (src/bundle/precompiled.ts): used
   * only when `input` is exactly its text — the same bundle loaded by the same
   * code, so the same LoadedBundle (test/bundle/precompiled.test.ts).
   */
  precompiled?: PrecompiledBundle;
}

/**
 * Load a bundle (an object or JSON text). `options.resolveBase` fetches the
 * bundles it `extends` (without one, `extends` is a BundleLoadError). Throws
 * BundleLoadError when the bundle cannot load as a whole.
 */
export function loadBundle(input: unknown, options: LoadOptions = {}): LoadedBundle {
  // A precompiled form applies to its own text only: its checks and digest are read back instead of computed.
  const replay = options.precompiled !== undefined && typeof input === "string" && input === options.precompiled.text ? options.precompiled : null;
  const check = replay !== null ? replayCheck(JSON.parse(replay.tape)) : (options.check ?? zodCheck);
  const compiledPatterns: ReadonlySet<string> = new Set(replay?.patterns ?? []);
  const composition = composeBundle(input, { ...options, check });
  const { top, raw } = parseTopLevel(composition.bundle, null, check);
  const warnings: BundleWarning[] = [...composition.warnings];
  for (const key of Object.keys(raw))
    if (!TOP_LEVEL_KEYS.includes(key)) warnings.push({ code: "unknown_top_level_key", detail: located({ source: null, path: [key] }, "unknown top-level key ignored") });
  const facts = new Map<string, FactType>();
  for (const fact of top.facts) facts.set(fact.id, fact.type);

  const keywords = new KeywordTable();
  const skipped: SkippedItem[] = [...composition.skipped];
  const candidates: Candidate[] = [];
  const seenIds = new Map<string, Where>();
  top.artifacts.forEach((value, i) => {
    const where = whereOf(composition.artifactOrigins[i], ["artifacts"], i);
    const result = parseArtifact(value, where, seenIds, keywords, check, compiledPatterns);
    if ("reason" in result) {
      skipped.push({ kind: idOf(value, "kind"), id: idOf(value, "artifact_id"), reason: result.reason, detail: result.detail });
      return;
    }
    seenIds.set(result.envelope.artifact_id, where);
    candidates.push(result);
  });

  const composedMode = (c: Candidate): Mode => (top.enforcement_enabled ? c.envelope.mode : "monitor");
  const conflicted = findLayerConflicts(candidates, composedMode);
  const active = candidates.filter((c) => {
    const rivals = conflicted.get(c);
    if (rivals === undefined) return true;
    const text = `a different directive than ${rivals.map((r) => JSON.stringify(r.envelope.artifact_id)).join(", ")} on layer_path ${JSON.stringify(c.envelope.layer_path)} (${composedMode(c)})`;
    skipped.push({ kind: c.kind, id: c.envelope.artifact_id, reason: "same_layer_conflict", detail: located(at(c.where, "body", "optimize"), text) });
    return false;
  });

  const undeclared = new Map<string, Where[]>();
  for (const c of active) for (const f of c.facts) if (!facts.has(f.id)) undeclared.set(f.id, [...(undeclared.get(f.id) ?? []), f.where]);
  for (const [id, places] of [...undeclared].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const more = places.length > 1 ? ` (and ${places.length - 1} more place${places.length > 2 ? "s" : ""})` : "";
    warnings.push({ code: "undeclared_fact", detail: located(places[0]!, `fact ${JSON.stringify(id)} is read but not declared in the bundle's facts${more}`) });
  }

  const artifacts = active.map((c, order) => {
    const requirements = requirementsOf(c.when);
    return makeArtifact({
      order,
      artifact_id: c.envelope.artifact_id,
      atom_id: c.envelope.atom_id,
      policy_public_id: c.envelope.policy_public_id,
      dimension: c.envelope.dimension,
      mode: composedMode(c),
      layer_path: c.envelope.layer_path,
      required: requirements.keywords,
      requiredFeatures: requirements.features,
      requiredOneOf: requirements.oneOf,
      authored: c.tree,
    }, c.fields);
  });

  const programs = artifacts.filter((a) => a.kind === "t2_program");
  const { layout, offsets } = unionLayout(programs.map((p) => p.body!));
  programs.forEach((p, i) => {
    p.program = compileProgram(p.body!, offsets[i]!);
  });

  const effectClasses: EffectClassEntry[] = [];
  top.effect_classes.entries.forEach((value, i) => {
    const where = whereOf(composition.entryOrigins[i], ["effect_classes", "entries"], i);
    const result = parseEffectClassEntry(value, where, keywords, check, compiledPatterns);
    if ("reason" in result) skipped.push({ kind: EFFECT_CLASS_ENTRY_KIND, id: idOf(value, "tool"), reason: result.reason, detail: result.detail });
    else effectClasses.push(result.entry);
  });

  const subjects = active.map((c, i) => ({ artifact: artifacts[i]!, where: c.where, tree: c.tree, treeAt: c.treeAt }));
  warnings.push(...lintWarnings(subjects, effectClasses, top.enforcement_enabled));

  return {
    bundle_id: top.bundle_id,
    digest: replay?.digest ?? bundleDigest(composition.bundle),
    resolved: composition.bundle,
    sources: composition.sources,
    enforcement_enabled: top.enforcement_enabled,
    on_unknown: top.on_unknown,
    facts,
    artifacts,
    effectClasses,
    keywords: keywords.literals,
    layout,
    skipped,
    warnings,
  };
}
