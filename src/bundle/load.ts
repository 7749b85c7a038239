// Bundle loading: composition (compose.ts), then the two-stage parse (SPEC §4).
// A bundle that is not JSON, not an object, or of another schema major fails as
// a whole with BundleLoadError (top-level.ts); anything below that level is
// skipped with a reason and a one-line `detail` (detail.ts), and the rest loads.
import picomatch from "picomatch/posix.js";
import type { Effect } from "../model/classification.js";
import type { Dimension, HoldRequest, Mode, Verdict } from "../model/decision.js";
import type { FactType } from "../evaluate/context.js";
import { compileProgram, unionLayout, validateT2Body, type CompiledProgram, type T2Body } from "../evaluate/tier2/index.js";
import type { StateLayout } from "../state/layout.js";
import { BUNDLE_CAPABILITY } from "../version.js";
import { bundleDigest } from "./canonical.js";
import { compileTree, KeywordTable, type CompiledNode, type FactRead } from "./compile-tree.js";
import { composeBundle, type ComposeOptions, type Origin } from "./compose.js";
import { at, describeIssue, located, placeOf, zodDetail, type Where } from "./detail.js";
import { firstFloat } from "./float.js";
import { lintWarnings } from "./lint.js";
import { requirementsOf } from "./requirements.js";
import { parseOptimizeDirective, type OptimizeDirective } from "./optimize.js";
import {
  ARTIFACT_KINDS,
  ArtifactEnvelopeSchema,
  EffectClassEntrySchema,
  ExceptionBodySchema,
  T1BodySchema,
  T3BodySchema,
  TOP_LEVEL_KEYS,
  type ArtifactKind,
  type OnUnknown,
} from "./schema.js";
import { TreeSchema } from "./tree.js";
import type { z } from "zod";
import { EFFECT_CLASS_ENTRY_KIND, type SkippedItem, type SkipReason } from "./skip.js";
import { BundleLoadError, parseTopLevel } from "./top-level.js";
import type { TreeNode } from "./tree.js";
import { parseField } from "./vocabulary.js";
import type { BundleWarning } from "./warning.js";

export { BundleLoadError } from "./top-level.js";
export { containsFloat } from "./float.js";

/**
 * One activated artifact. Every artifact has every field (kind-specific ones
 * null when they do not apply) and is built by `makeArtifact` in one key
 * order: a bundle of thousands of artifacts then shares one object shape, and
 * the evaluator's loop over them stays monomorphic.
 */
export interface LoadedArtifact {
  kind: ArtifactKind;
  /** Position in the bundle's artifact list: the join's last tie-break. */
  order: number;
  artifact_id: string;
  atom_id: string | null;
  policy_public_id: string | null;
  dimension: Dimension | null;
  /** Composed: `monitor` for every artifact when enforcement is disabled. */
  mode: Mode;
  layer_path: string[];
  /** The prefilter: `content` keyword indices the tree cannot be true without. */
  required: Uint32Array;
  /** The prefilter: event features (src/evaluate/features.ts) the tree cannot be true without. */
  requiredFeatures: string[];
  /** The tree (`when`, or a t2 program's `match`; null for a t2 program without one). */
  when: CompiledNode | null;
  /** t1 / t2: the verdict contributed; exception: the rewritten verdict; t3: "hold". */
  verdict: Verdict;
  reason: string;
  /** t1 only. */
  optimize: OptimizeDirective | null;
  /** t3 only. */
  hold: HoldRequest | null;
  /** exception only. */
  ground_key: string | null;
  applies_to: { artifact_ids?: string[]; policy_public_ids?: string[]; dimensions?: Dimension[] } | null;
  expires_at_ms: number | null;
  /** t2 only: the event types it runs on, its body and its compiled program. */
  on: string[] | null;
  body: T2Body | null;
  program: CompiledProgram | null;
}

type ArtifactBase = Pick<LoadedArtifact, "order" | "artifact_id" | "atom_id" | "policy_public_id" | "dimension" | "mode" | "layer_path" | "required" | "requiredFeatures">;
type KindFields = Partial<Omit<LoadedArtifact, keyof ArtifactBase | "kind">> & Pick<LoadedArtifact, "kind">;

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
    when: f.when ?? null,
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

export interface EffectClassEntry {
  tool: (name: string) => boolean;
  effects: Effect[];
  selectors: CompiledNode[];
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

type Rejection = { reason: SkipReason; detail: string };
const reject = (reason: SkipReason, where: Where, text: string): Rejection => ({ reason, detail: located(where, text) });

interface Candidate {
  kind: ArtifactKind;
  envelope: ReturnType<typeof ArtifactEnvelopeSchema.parse>;
  fields: KindFields;
  when: CompiledNode | null;
  optimize: OptimizeDirective | null;
  /** `fact.*` reads, with paths from the artifact. */
  facts: { id: string; where: Where }[];
  where: Where;
  /** The authored tree and its place, for lint. */
  tree: TreeNode | null;
  treeAt: Where | null;
}

const KIND_LIST = ARTIFACT_KINDS.join("|");

/** A compiled tree's failure, placed at `treeAt` (the tree's own path). */
function treeRejection(failure: { reason: SkipReason; message: string; path: (string | number)[] }, treeAt: Where): Rejection {
  return reject(failure.reason, at(treeAt, ...failure.path), failure.message);
}

const factsAt = (facts: FactRead[], treeAt: Where) => facts.map((f) => ({ id: f.id, where: at(treeAt, ...f.path) }));

/** Stage 2 for one artifact (written at `where`): a Candidate, or the first problem in precedence order. */
function parseArtifact(value: unknown, where: Where, seenIds: Map<string, Where>, keywords: KeywordTable): Candidate | Rejection {
  if (typeof value === "object" && value !== null && !Array.isArray(value)) {
    const mcv = (value as Record<string, unknown>).min_client_version;
    if (typeof mcv === "number" && mcv > BUNDLE_CAPABILITY)
      return reject("below_floor", at(where, "min_client_version"), `${mcv} is above this engine's capability ${BUNDLE_CAPABILITY}`);
  }
  const float = firstFloat(value);
  if (float !== null) return reject("float_present", at(where, ...float), "a non-integer number (bundles carry integers only)");
  const kind = typeof value === "object" && value !== null ? (value as Record<string, unknown>).kind : undefined;
  if (typeof kind !== "string" || !(ARTIFACT_KINDS as readonly string[]).includes(kind))
    return reject("unknown_kind", at(where, "kind"), `expected ${KIND_LIST}, got ${kind === undefined ? "nothing" : JSON.stringify(kind)}`);
  const envelope = ArtifactEnvelopeSchema.safeParse(value);
  if (!envelope.success) return { reason: "body_parse_error", detail: zodDetail(envelope.error, value, where) };
  const env = envelope.data;
  const earlier = seenIds.get(env.artifact_id);
  if (earlier !== undefined)
    return reject("body_parse_error", at(where, "artifact_id"), `${JSON.stringify(env.artifact_id)} repeats ${placeOf(earlier)} (artifact ids are unique)`);
  const k = kind as ArtifactKind;
  const bodyAt = at(where, "body");
  const whenAt = at(bodyAt, "when");
  const badBody = (error: { issues: readonly z.core.$ZodIssue[] }): Rejection => ({ reason: "body_parse_error", detail: zodDetail(error, env.body, bodyAt) });

  if (k === "t1_predicate_tree") {
    const body = T1BodySchema.safeParse(env.body);
    if (!body.success) return badBody(body.error);
    const when = compileTree(body.data.when, keywords);
    if (!when.ok) return treeRejection(when, whenAt);
    let optimize: OptimizeDirective | null = null;
    if (body.data.optimize !== undefined) {
      const parsed = parseOptimizeDirective(body.data.optimize, at(bodyAt, "optimize"));
      if ("detail" in parsed) return { reason: "invalid_optimize_directive", detail: parsed.detail };
      optimize = parsed.directive;
    }
    const { verdict, reason } = body.data;
    const node = when.node;
    return {
      kind: k,
      envelope: env,
      where,
      tree: body.data.when,
      treeAt: whenAt,
      when: node,
      optimize,
      facts: factsAt(when.facts, whenAt),
      fields: { kind: k, when: node, verdict, reason, optimize },
    };
  }
  if (k === "t3_hold") {
    const body = T3BodySchema.safeParse(env.body);
    if (!body.success) return badBody(body.error);
    const when = compileTree(body.data.when, keywords);
    if (!when.ok) return treeRejection(when, whenAt);
    const b = body.data;
    const hold: HoldRequest = {
      resolve: b.resolve,
      directive_template_id: b.directive_template_id ?? null,
      max_attempts: b.max_attempts ?? null,
      timeout_s: b.timeout_s ?? null,
      on_timeout: b.on_timeout ?? null,
      verdict_on_approve: b.verdict_on_approve ?? null,
      verdict_on_reject: b.verdict_on_reject ?? null,
    };
    const node = when.node;
    return {
      kind: k,
      envelope: env,
      where,
      tree: b.when,
      treeAt: whenAt,
      when: node,
      optimize: null,
      facts: factsAt(when.facts, whenAt),
      fields: { kind: k, when: node, verdict: "hold", reason: b.reason, hold },
    };
  }
  if (k === "exception") {
    const body = ExceptionBodySchema.safeParse(env.body);
    if (!body.success) return badBody(body.error);
    const when = compileTree(body.data.when, keywords);
    if (!when.ok) return treeRejection(when, whenAt);
    const b = body.data;
    const node = when.node;
    return {
      kind: k,
      envelope: env,
      where,
      tree: b.when,
      treeAt: whenAt,
      when: node,
      optimize: null,
      facts: factsAt(when.facts, whenAt),
      fields: { kind: k, when: node, ground_key: b.ground_key, applies_to: b.applies_to, verdict: b.verdict, expires_at_ms: b.expires_at_ms ?? null },
    };
  }
  // t2_program
  const validated = validateT2Body(env.body);
  if (!validated.ok) {
    if (validated.issue !== null) {
      const { path, text } = describeIssue(validated.issue, env.body);
      return reject("body_parse_error", at(bodyAt, ...path), text);
    }
    return reject("body_parse_error", at(bodyAt, ...validated.path), validated.text);
  }
  const program = validated.program;
  let when: CompiledNode | null = null;
  let facts: Candidate["facts"] = [];
  const matchAt = at(bodyAt, "match");
  if (program.match !== undefined) {
    const shape = TreeSchema.safeParse(program.match);
    if (!shape.success) return { reason: "body_parse_error", detail: zodDetail(shape.error, program.match, matchAt) };
    const compiled = compileTree(program.match as TreeNode, keywords);
    if (!compiled.ok) return treeRejection(compiled, matchAt);
    when = compiled.node;
    facts = factsAt(compiled.facts, matchAt);
  }
  return {
    kind: k,
    envelope: env,
    where,
    tree: program.match === undefined ? null : (program.match as TreeNode),
    treeAt: program.match === undefined ? null : matchAt,
    when,
    optimize: null,
    facts,
    // The compiled program needs the bundle-wide register offsets: filled in after all artifacts are known.
    fields: { kind: k, when, on: program.on, body: program, verdict: program.verdict, reason: program.reason },
  };
}

function parseEffectClassEntry(value: unknown, where: Where, keywords: KeywordTable): { entry: EffectClassEntry } | Rejection {
  const float = firstFloat(value);
  if (float !== null) return reject("float_present", at(where, ...float), "a non-integer number (bundles carry integers only)");
  const parsed = EffectClassEntrySchema.safeParse(value);
  if (!parsed.success) return { reason: "body_parse_error", detail: zodDetail(parsed.error, value, where) };
  const selectors: CompiledNode[] = [];
  for (const [i, leaf] of parsed.data.selectors.entries()) {
    const leafAt = at(where, "selectors", i);
    const ref = parseField(leaf.field);
    // Selectors run before classification, so they may read only the event itself.
    const eventOnly = "selectors read the event only: event.type, tool.name, tool.server, tool.input.*, agent.*, session.*, spend.*, fact.*";
    if (ref !== null && ref.family === "exact" && !["event.type", "tool.name", "tool.server"].includes(ref.name))
      return reject("unknown_field", at(leafAt, "field"), `${JSON.stringify(leaf.field)} is not an event field (${eventOnly})`);
    if (ref !== null && ref.family === "effect.attrs") return reject("unknown_field", at(leafAt, "field"), `${JSON.stringify(leaf.field)} is not an event field (${eventOnly})`);
    const compiled = compileTree(leaf, keywords);
    if (!compiled.ok) return treeRejection(compiled, leafAt);
    if (compiled.node.t === "kw") return reject("unknown_field", at(leafAt, "field"), "selectors cannot read content keywords");
    selectors.push(compiled.node);
  }
  let tool: (name: string) => boolean;
  try {
    const re = picomatch.makeRe(parsed.data.tool, { dot: true });
    tool = (name) => re.test(name);
  } catch (error) {
    return reject("bad_pattern", at(where, "tool"), `not a glob: ${error instanceof Error ? error.message : String(error)}`);
  }
  const effects: Effect[] = parsed.data.effects.map((e) => ({ verb: e.verb, target_class: e.target_class, attrs: e.attrs ?? {} }));
  return { entry: { tool, effects, selectors } };
}

function idOf(value: unknown, key: string): string {
  const v = typeof value === "object" && value !== null ? (value as Record<string, unknown>)[key] : undefined;
  return typeof v === "string" ? v : "";
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

/**
 * Load a bundle (an object or JSON text). `options.resolveBase` fetches the
 * bundles it `extends` (without one, `extends` is a BundleLoadError). Throws
 * BundleLoadError when the bundle cannot load as a whole.
 */
export function loadBundle(input: unknown, options: ComposeOptions = {}): LoadedBundle {
  const composition = composeBundle(input, options);
  const { top, raw } = parseTopLevel(composition.bundle);
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
    const result = parseArtifact(value, where, seenIds, keywords);
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
    const result = parseEffectClassEntry(value, where, keywords);
    if ("reason" in result) skipped.push({ kind: EFFECT_CLASS_ENTRY_KIND, id: idOf(value, "tool"), reason: result.reason, detail: result.detail });
    else effectClasses.push(result.entry);
  });

  const subjects = active.map((c, i) => ({ artifact: artifacts[i]!, where: c.where, tree: c.tree, treeAt: c.treeAt }));
  warnings.push(...lintWarnings(subjects, effectClasses, top.enforcement_enabled));

  return {
    bundle_id: top.bundle_id,
    digest: bundleDigest(composition.bundle),
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
