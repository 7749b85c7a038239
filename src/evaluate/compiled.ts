// The compiled form of a bundle: what bundle/ builds at load (compile-tree.ts,
// artifact.ts, load.ts) and evaluate/ runs on every event. Types, and the list
// of artifact kinds, in one module below both, so neither reads the other's
// internals to know the shape of a node or an artifact.
import type { Effect } from "../model/classification.js";
import type { Dimension, HoldRequest, Lever, Mode, Verdict } from "../model/decision.js";
import type { EventView } from "./context.js";
import type { CompiledProgram } from "./tier2/compile.js";
import type { T2Body } from "./tier2/schema.js";

export const ARTIFACT_KINDS = ["t1_predicate_tree", "t2_program", "t3_hold", "exception"] as const;
export type ArtifactKind = (typeof ARTIFACT_KINDS)[number];

/** A field's values in one event: `null` means absent; a multi-valued field yields every value. */
export type FieldValues = readonly unknown[] | null;
/** A field reference compiled once into a function from the event view to its values (fields.ts). */
export type FieldAccessor = (view: EventView) => FieldValues;
/** A predicate compiled once into a test of one field value (predicates.ts). */
export type Matcher = (value: unknown) => boolean;
/** A tree's value as a plain boolean function, for trees nothing under which can be ⊥ (tree.ts). */
export type BooleanEvaluator = (view: EventView, hits: Uint32Array) => boolean;

export type NodeKind = "all" | "any" | "not" | "kw" | "exists" | "leaf";

/**
 * One evaluable node. Every node has every field (one object shape), so the
 * evaluator's property reads stay monomorphic across thousands of artifacts.
 *  - `all` / `any`: `c` holds the children; `not`: `c` holds the one child.
 *  - `kw`: `content keyword` — bit `index` of the event's hit bitset.
 *  - `exists`: presence of `get`'s field is `want`; never ⊥ (it is the presence question).
 *  - `leaf`: `match` over `get`'s values; `bottom` is the ⊥ id when the field can be unknown.
 */
export interface CompiledNode {
  t: NodeKind;
  c: CompiledNode[];
  get: FieldAccessor | null;
  match: Matcher | null;
  bottom: string | null;
  index: number;
  want: boolean;
  /** For a leaf that can only hold when the event has these features (clauses: one of each, `verb:delete`, `program:rm`, …): the prefilter's keys. */
  clauses: string[][] | null;
  /** The node's value as a plain boolean function when nothing under it can be ⊥ (src/evaluate/tree.ts), else null. */
  fast: BooleanEvaluator | null;
}

export interface OptimizeDirective {
  lever: Lever;
  params: Record<string, unknown>;
  /** Canonical text of lever + params: two directives conflict when these differ. */
  identity: string;
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
  /** The prefilter: clauses of two or more atoms (`k:<keyword index>` or a feature), one of each needed (src/bundle/requirements.ts). */
  requiredOneOf: string[][];
  /** The tree (`when`, or a t2 program's `match`; null for a t2 program without one). */
  when: CompiledNode | null;
  /** The same tree as the bundle wrote it (JSON; null without one): what `explain` shows beside each node's outcome. */
  authored: unknown;
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

export interface EffectClassEntry {
  tool: (name: string) => boolean;
  effects: Effect[];
  selectors: CompiledNode[];
}
