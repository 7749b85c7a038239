// Bundle loading: the two-stage parse (SPEC §4). A bundle that is not JSON, not
// an object, or of another schema major fails as a whole with BundleLoadError;
// anything below that level is skipped with a reason and the rest still loads.
import picomatch from "picomatch/posix.js";
import type { Effect } from "../model/classification.js";
import type { Dimension, HoldRequest, Mode, Verdict } from "../model/decision.js";
import type { FactType } from "../evaluate/context.js";
import { compileProgram, unionLayout, validateT2Body, type CompiledProgram, type T2Body } from "../evaluate/tier2/index.js";
import type { StateLayout } from "../state/layout.js";
import { BUNDLE_CAPABILITY, SCHEMA_MAJOR } from "../version.js";
import { bundleDigest } from "./canonical.js";
import { compileTree, KeywordTable, type CompiledNode } from "./compile-tree.js";
import { requirementsOf } from "./requirements.js";
import { parseOptimizeDirective, type OptimizeDirective } from "./optimize.js";
import {
  ARTIFACT_KINDS,
  ArtifactEnvelopeSchema,
  BundleTopSchema,
  EffectClassEntrySchema,
  ExceptionBodySchema,
  T1BodySchema,
  T3BodySchema,
  TOP_LEVEL_KEYS,
  type ArtifactKind,
  type OnUnknown,
} from "./schema.js";
import { EFFECT_CLASS_ENTRY_KIND, type SkippedItem, type SkipReason } from "./skip.js";
import type { TreeNode } from "./tree.js";
import { parseField } from "./vocabulary.js";

export class BundleLoadError extends Error {
  override readonly name = "BundleLoadError";
}

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
  digest: string;
  enforcement_enabled: boolean;
  on_unknown: OnUnknown;
  facts: Map<string, FactType>;
  artifacts: LoadedArtifact[];
  effectClasses: EffectClassEntry[];
  /** `content` keyword literals; index i ↔ bit i of the event's hit bitset. */
  keywords: string[];
  layout: StateLayout;
  skipped: SkippedItem[];
  warnings: string[];
}

type Rejection = { reason: SkipReason; message: string };
const reject = (reason: SkipReason, message: string): Rejection => ({ reason, message });

/** A non-integer number anywhere in the value (the bundle carries integers only). */
export function containsFloat(value: unknown): boolean {
  if (typeof value === "number") return !Number.isInteger(value);
  if (Array.isArray(value)) return value.some(containsFloat);
  if (typeof value === "object" && value !== null) return Object.values(value).some(containsFloat);
  return false;
}

function zodMessage(error: { issues: { path: PropertyKey[]; message: string }[] }): string {
  const issue = error.issues[0];
  if (issue === undefined) return "invalid";
  const at = issue.path.length > 0 ? issue.path.map(String).join(".") : "(root)";
  return `${at}: ${issue.message}`;
}

function parseTopLevel(input: unknown): { top: ReturnType<typeof BundleTopSchema.parse>; raw: Record<string, unknown> } {
  let value = input;
  if (typeof input === "string") {
    try {
      value = JSON.parse(input);
    } catch (error) {
      throw new BundleLoadError(`bundle is not JSON: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new BundleLoadError(`bundle must be a JSON object, got ${Array.isArray(value) ? "an array" : value === null ? "null" : typeof value}`);
  }
  const raw = value as Record<string, unknown>;
  const version = raw.schema_version;
  if (typeof version !== "string") throw new BundleLoadError(`bundle schema_version must be a string like "${SCHEMA_MAJOR}.0", got ${JSON.stringify(version) ?? "nothing"}`);
  const major = /^(\d+)(\.\d+)*$/.exec(version);
  if (major === null || Number(major[1]) !== SCHEMA_MAJOR)
    throw new BundleLoadError(`bundle schema_version ${JSON.stringify(version)} is not supported: this engine reads major ${SCHEMA_MAJOR}`);
  const parsed = BundleTopSchema.safeParse(raw);
  if (!parsed.success) throw new BundleLoadError(`bundle top level is malformed at ${zodMessage(parsed.error)}`);
  return { top: parsed.data, raw };
}

interface Candidate {
  kind: ArtifactKind;
  envelope: ReturnType<typeof ArtifactEnvelopeSchema.parse>;
  fields: KindFields;
  when: CompiledNode | null;
  optimize: OptimizeDirective | null;
  factIds: string[];
}

/** Stage 2 for one artifact: a Candidate, or the first problem in precedence order. */
function parseArtifact(value: unknown, seenIds: Set<string>, keywords: KeywordTable): Candidate | Rejection {
  if (typeof value === "object" && value !== null && !Array.isArray(value)) {
    const mcv = (value as Record<string, unknown>).min_client_version;
    if (typeof mcv === "number" && mcv > BUNDLE_CAPABILITY)
      return reject("below_floor", `min_client_version ${mcv} is above this engine's capability ${BUNDLE_CAPABILITY}`);
  }
  if (containsFloat(value)) return reject("float_present", "a non-integer number is present");
  const kind = typeof value === "object" && value !== null ? (value as Record<string, unknown>).kind : undefined;
  if (typeof kind !== "string" || !(ARTIFACT_KINDS as readonly string[]).includes(kind))
    return reject("unknown_kind", `unknown artifact kind ${JSON.stringify(kind) ?? "(none)"}`);
  const envelope = ArtifactEnvelopeSchema.safeParse(value);
  if (!envelope.success) return reject("body_parse_error", `envelope ${zodMessage(envelope.error)}`);
  const env = envelope.data;
  if (seenIds.has(env.artifact_id)) return reject("body_parse_error", `artifact_id ${JSON.stringify(env.artifact_id)} repeats an earlier artifact`);
  const k = kind as ArtifactKind;

  if (k === "t1_predicate_tree") {
    const body = T1BodySchema.safeParse(env.body);
    if (!body.success) return reject("body_parse_error", `body ${zodMessage(body.error)}`);
    const when = compileTree(body.data.when, keywords);
    if (!when.ok) return reject(when.reason, when.message);
    let optimize: OptimizeDirective | null = null;
    if (body.data.optimize !== undefined) {
      optimize = parseOptimizeDirective(body.data.optimize);
      if (optimize === null) return reject("invalid_optimize_directive", "optimize directive does not fit its lever's parameters");
    }
    const { verdict, reason } = body.data;
    const node = when.node;
    return {
      kind: k,
      envelope: env,
      when: node,
      optimize,
      factIds: when.factIds,
      fields: { kind: k, when: node, verdict, reason, optimize },
    };
  }
  if (k === "t3_hold") {
    const body = T3BodySchema.safeParse(env.body);
    if (!body.success) return reject("body_parse_error", `body ${zodMessage(body.error)}`);
    const when = compileTree(body.data.when, keywords);
    if (!when.ok) return reject(when.reason, when.message);
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
    return { kind: k, envelope: env, when: node, optimize: null, factIds: when.factIds, fields: { kind: k, when: node, verdict: "hold", reason: b.reason, hold } };
  }
  if (k === "exception") {
    const body = ExceptionBodySchema.safeParse(env.body);
    if (!body.success) return reject("body_parse_error", `body ${zodMessage(body.error)}`);
    const when = compileTree(body.data.when, keywords);
    if (!when.ok) return reject(when.reason, when.message);
    const b = body.data;
    const node = when.node;
    return {
      kind: k,
      envelope: env,
      when: node,
      optimize: null,
      factIds: when.factIds,
      fields: { kind: k, when: node, ground_key: b.ground_key, applies_to: b.applies_to, verdict: b.verdict, expires_at_ms: b.expires_at_ms ?? null },
    };
  }
  // t2_program
  const validated = validateT2Body(env.body);
  if (!validated.ok) return reject("body_parse_error", `body ${validated.message}`);
  const program = validated.program;
  let when: CompiledNode | null = null;
  let factIds: string[] = [];
  if (program.match !== undefined) {
    const compiled = compileTree(program.match as TreeNode, keywords);
    if (!compiled.ok) return reject(compiled.reason, compiled.message);
    when = compiled.node;
    factIds = compiled.factIds;
  }
  return {
    kind: k,
    envelope: env,
    when,
    optimize: null,
    factIds,
    // The compiled program needs the bundle-wide register offsets: filled in after all artifacts are known.
    fields: { kind: k, when, on: program.on, body: program, verdict: program.verdict, reason: program.reason },
  };
}

function parseEffectClassEntry(value: unknown, keywords: KeywordTable): { entry: EffectClassEntry } | Rejection {
  if (containsFloat(value)) return reject("float_present", "a non-integer number is present");
  const parsed = EffectClassEntrySchema.safeParse(value);
  if (!parsed.success) return reject("body_parse_error", zodMessage(parsed.error));
  const selectors: CompiledNode[] = [];
  for (const leaf of parsed.data.selectors) {
    const ref = parseField(leaf.field);
    // Selectors run before classification, so they may read only the event itself.
    if (ref !== null && ref.family === "exact" && !["event.type", "tool.name", "tool.server"].includes(ref.name))
      return reject("unknown_field", `selector field ${JSON.stringify(leaf.field)} is not an event field`);
    if (ref !== null && ref.family === "effect.attrs") return reject("unknown_field", `selector field ${JSON.stringify(leaf.field)} is not an event field`);
    const compiled = compileTree(leaf, keywords);
    if (!compiled.ok) return reject(compiled.reason, compiled.message);
    if (compiled.node.t === "kw") return reject("unknown_field", "selectors cannot read content keywords");
    selectors.push(compiled.node);
  }
  let tool: (name: string) => boolean;
  try {
    const re = picomatch.makeRe(parsed.data.tool, { dot: true });
    tool = (name) => re.test(name);
  } catch (error) {
    return reject("bad_pattern", `tool glob: ${error instanceof Error ? error.message : String(error)}`);
  }
  const effects: Effect[] = parsed.data.effects.map((e) => ({ verb: e.verb, target_class: e.target_class, attrs: e.attrs ?? {} }));
  return { entry: { tool, effects, selectors } };
}

function idOf(value: unknown, key: string): string {
  const v = typeof value === "object" && value !== null ? (value as Record<string, unknown>)[key] : undefined;
  return typeof v === "string" ? v : "";
}

/** Artifacts whose directives disagree on one layer path and mode are all dropped. */
function findLayerConflicts(candidates: Candidate[], mode: (c: Candidate) => Mode): Set<Candidate> {
  const groups = new Map<string, Candidate[]>();
  for (const c of candidates) {
    if (c.optimize === null) continue;
    const key = JSON.stringify([c.envelope.layer_path, mode(c)]);
    groups.set(key, [...(groups.get(key) ?? []), c]);
  }
  const conflicted = new Set<Candidate>();
  for (const group of groups.values()) {
    if (new Set(group.map((c) => c.optimize!.identity)).size > 1) group.forEach((c) => conflicted.add(c));
  }
  return conflicted;
}

export function loadBundle(input: unknown): LoadedBundle {
  const { top, raw } = parseTopLevel(input);
  const warnings: string[] = [];
  for (const key of Object.keys(raw)) if (!TOP_LEVEL_KEYS.includes(key)) warnings.push(`bundle: unknown top-level key ${JSON.stringify(key)} ignored`);
  const facts = new Map<string, FactType>();
  for (const fact of top.facts) facts.set(fact.id, fact.type);

  const keywords = new KeywordTable();
  const skipped: SkippedItem[] = [];
  const candidates: Candidate[] = [];
  const seenIds = new Set<string>();
  top.artifacts.forEach((value) => {
    const result = parseArtifact(value, seenIds, keywords);
    if ("reason" in result) {
      skipped.push({ kind: idOf(value, "kind"), id: idOf(value, "artifact_id"), reason: result.reason });
      return;
    }
    seenIds.add(result.envelope.artifact_id);
    candidates.push(result);
  });

  const composedMode = (c: Candidate): Mode => (top.enforcement_enabled ? c.envelope.mode : "monitor");
  const conflicted = findLayerConflicts(candidates, composedMode);
  const active = candidates.filter((c) => {
    if (!conflicted.has(c)) return true;
    skipped.push({ kind: c.kind, id: c.envelope.artifact_id, reason: "same_layer_conflict" });
    return false;
  });

  const undeclared = new Set<string>();
  for (const c of active) for (const id of c.factIds) if (!facts.has(id)) undeclared.add(id);
  for (const id of [...undeclared].sort()) warnings.push(`fact ${JSON.stringify(id)} is read by an artifact but not declared in the bundle's facts`);

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
  top.effect_classes.entries.forEach((value) => {
    const result = parseEffectClassEntry(value, keywords);
    if ("reason" in result) skipped.push({ kind: EFFECT_CLASS_ENTRY_KIND, id: idOf(value, "tool"), reason: result.reason });
    else effectClasses.push(result.entry);
  });

  return {
    bundle_id: top.bundle_id,
    digest: bundleDigest(raw),
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
