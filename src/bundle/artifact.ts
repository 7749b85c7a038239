// Stage 2 of the load (SPEC §4) for one artifact or one effect-class entry:
// the strict parse by kind, the trees compiled, and — when it cannot activate —
// the first problem in precedence order with its one-line `detail`.
import picomatch from "picomatch/posix.js";
import type { z } from "zod";
import type { Effect } from "../model/classification.js";
import type { HoldRequest } from "../model/decision.js";
import { validateT2Body } from "../evaluate/tier2/index.js";
import { BUNDLE_CAPABILITY } from "../version.js";
import { compileTree, type FactRead, type KeywordTable } from "./compile-tree.js";
import { at, describeIssue, located, placeOf, zodDetail, type Where } from "./detail.js";
import { firstFloat } from "./float.js";
import { ARTIFACT_KINDS, type ArtifactKind, type CompiledNode, type EffectClassEntry, type LoadedArtifact, type OptimizeDirective } from "../evaluate/compiled.js";
import { parseOptimizeDirective } from "./optimize.js";
import { ArtifactEnvelopeSchema, EffectClassEntrySchema, ExceptionBodySchema, T1BodySchema, T3BodySchema } from "./schema.js";
import type { SkipReason } from "./skip.js";
import { TreeSchema, type TreeNode } from "./tree.js";
import { parseField } from "../evaluate/vocabulary.js";
import type { SchemaCheck } from "../model/schema-check.js";

/** What every artifact has, whatever its kind (filled in by load.ts). */
export type ArtifactBase = Pick<LoadedArtifact, "order" | "artifact_id" | "atom_id" | "policy_public_id" | "dimension" | "mode" | "layer_path" | "required" | "requiredFeatures" | "requiredOneOf" | "authored">;
export type KindFields = Partial<Omit<LoadedArtifact, keyof ArtifactBase | "kind">> & Pick<LoadedArtifact, "kind">;

export type Rejection = { reason: SkipReason; detail: string };
const reject = (reason: SkipReason, where: Where, text: string): Rejection => ({ reason, detail: located(where, text) });

export interface Candidate {
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
export function parseArtifact(value: unknown, where: Where, seenIds: Map<string, Where>, keywords: KeywordTable, check: SchemaCheck, compiledPatterns?: ReadonlySet<string>): Candidate | Rejection {
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
  const envelope = check(ArtifactEnvelopeSchema, value);
  if (!envelope.success) return { reason: "body_parse_error", detail: zodDetail(envelope.error, value, where) };
  const env = envelope.data;
  const earlier = seenIds.get(env.artifact_id);
  if (earlier !== undefined)
    return reject("body_parse_error", at(where, "artifact_id"), `${JSON.stringify(env.artifact_id)} repeats ${placeOf(earlier)} (artifact ids are unique)`);
  const k = kind as ArtifactKind;
  const bodyAt = at(where, "body");
  const whenAt = at(bodyAt, "when");
  /** A tree-kind artifact (t1, t3, exception) whose `when` compiled. */
  const withTree = (tree: TreeNode, compiled: { node: CompiledNode; facts: FactRead[] }, optimize: OptimizeDirective | null, fields: Omit<KindFields, "kind" | "when">): Candidate => ({
    kind: k,
    envelope: env,
    where,
    tree,
    treeAt: whenAt,
    when: compiled.node,
    optimize,
    facts: factsAt(compiled.facts, whenAt),
    fields: { kind: k, when: compiled.node, ...fields },
  });
  const badBody = (error: { issues: readonly z.core.$ZodIssue[] }): Rejection => ({ reason: "body_parse_error", detail: zodDetail(error, env.body, bodyAt) });

  if (k === "t1_predicate_tree") {
    const body = check(T1BodySchema, env.body);
    if (!body.success) return badBody(body.error);
    const when = compileTree(body.data.when, keywords, compiledPatterns);
    if (!when.ok) return treeRejection(when, whenAt);
    let optimize: OptimizeDirective | null = null;
    if (body.data.optimize !== undefined) {
      const parsed = parseOptimizeDirective(body.data.optimize, at(bodyAt, "optimize"), check);
      if ("detail" in parsed) return { reason: "invalid_optimize_directive", detail: parsed.detail };
      optimize = parsed.directive;
    }
    const { verdict, reason } = body.data;
    return withTree(body.data.when, when, optimize, { verdict, reason, optimize });
  }
  if (k === "t3_hold") {
    const body = check(T3BodySchema, env.body);
    if (!body.success) return badBody(body.error);
    const when = compileTree(body.data.when, keywords, compiledPatterns);
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
    return withTree(b.when, when, null, { verdict: "hold", reason: b.reason, hold });
  }
  if (k === "exception") {
    const body = check(ExceptionBodySchema, env.body);
    if (!body.success) return badBody(body.error);
    const when = compileTree(body.data.when, keywords, compiledPatterns);
    if (!when.ok) return treeRejection(when, whenAt);
    const b = body.data;
    return withTree(b.when, when, null, { ground_key: b.ground_key, applies_to: b.applies_to, verdict: b.verdict, expires_at_ms: b.expires_at_ms ?? null });
  }
  // t2_program
  const validated = validateT2Body(env.body, check);
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
    const shape = check(TreeSchema, program.match);
    if (!shape.success) return { reason: "body_parse_error", detail: zodDetail(shape.error, program.match, matchAt) };
    const compiled = compileTree(program.match as TreeNode, keywords, compiledPatterns);
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

export function parseEffectClassEntry(value: unknown, where: Where, keywords: KeywordTable, check: SchemaCheck, compiledPatterns?: ReadonlySet<string>): { entry: EffectClassEntry } | Rejection {
  const float = firstFloat(value);
  if (float !== null) return reject("float_present", at(where, ...float), "a non-integer number (bundles carry integers only)");
  const parsed = check(EffectClassEntrySchema, value);
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
    const compiled = compileTree(leaf, keywords, compiledPatterns);
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

export function idOf(value: unknown, key: string): string {
  const v = typeof value === "object" && value !== null ? (value as Record<string, unknown>)[key] : undefined;
  return typeof v === "string" ? v : "";
}
