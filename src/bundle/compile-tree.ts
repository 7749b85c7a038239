// Compile an authored tree into evaluable nodes, checking it in the order the
// skip reasons are ranked (SPEC §4): value shapes (body_parse_error), then
// fields (unknown_field), predicates (unknown_predicate), patterns (bad_pattern).
import { compileFieldAccessor, type FieldAccessor } from "../evaluate/fields.js";
import { checkPredicateValue, compilePredicate, type Matcher } from "../evaluate/predicates.js";
import type { SkipReason } from "./skip.js";
import { isLeaf, leavesOf, type LeafNode, type TreeNode } from "./tree.js";
import { leafFeature } from "./requirements.js";
import { bottomIdOf, isPredicate, parseField, type FieldRef } from "./vocabulary.js";

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
  /** For a leaf that can only hold when the event has this feature (`verb:delete`, `tool:Bash`, …): the prefilter's key. */
  feature: string | null;
}

function makeNode(t: NodeKind, parts: Partial<Omit<CompiledNode, "t">>): CompiledNode {
  return {
    t,
    c: parts.c ?? [],
    get: parts.get ?? null,
    match: parts.match ?? null,
    bottom: parts.bottom ?? null,
    index: parts.index ?? -1,
    want: parts.want ?? true,
    feature: parts.feature ?? null,
  };
}

/** Interns `content` keyword literals into the bundle's one automaton. */
export class KeywordTable {
  readonly literals: string[] = [];
  private readonly index = new Map<string, number>();
  intern(literal: string): number {
    const key = literal.toLowerCase();
    let i = this.index.get(key);
    if (i === undefined) {
      i = this.literals.length;
      this.literals.push(literal);
      this.index.set(key, i);
    }
    return i;
  }
}

export type TreeCompilation =
  | { ok: true; node: CompiledNode; factIds: string[] }
  | { ok: false; reason: SkipReason; message: string };

function checkShapes(leaves: LeafNode[]): string | null {
  for (const leaf of leaves) {
    if (!isPredicate(leaf.pred)) continue;
    const problem = checkPredicateValue(leaf.pred, leaf.value);
    if (problem !== null) return `${leaf.field} ${leaf.pred}: needs ${problem}`;
    if (leaf.pred === "effect_is" && leaf.field !== "effect") return `effect_is applies only to the field "effect" (got ${leaf.field})`;
    if (leaf.field === "effect" && !["effect_is", "exists", "eq", "in"].includes(leaf.pred))
      return `the field "effect" takes effect_is, exists, eq or in (got ${leaf.pred})`;
  }
  return null;
}

/** Check and compile one tree. `keywords` collects `content keyword` literals. */
export function compileTree(tree: TreeNode, keywords: KeywordTable): TreeCompilation {
  const leaves = leavesOf(tree);
  const shape = checkShapes(leaves);
  if (shape !== null) return { ok: false, reason: "body_parse_error", message: shape };
  const refs = new Map<LeafNode, FieldRef>();
  for (const leaf of leaves) {
    const ref = parseField(leaf.field);
    if (ref === null) return { ok: false, reason: "unknown_field", message: `unknown field ${JSON.stringify(leaf.field)}` };
    refs.set(leaf, ref);
  }
  for (const leaf of leaves) {
    if (!isPredicate(leaf.pred)) return { ok: false, reason: "unknown_predicate", message: `unknown predicate ${JSON.stringify(leaf.pred)}` };
  }
  const matchers = new Map<LeafNode, Matcher>();
  for (const leaf of leaves) {
    if (leaf.pred === "exists" || (leaf.pred === "keyword" && leaf.field === "content")) continue;
    const compiled = compilePredicate(leaf.pred as Parameters<typeof compilePredicate>[0], leaf.value);
    if (!compiled.ok) return { ok: false, reason: compiled.reason, message: compiled.message };
    matchers.set(leaf, compiled.match);
  }
  const factIds = [...new Set([...refs.values()].flatMap((r) => (r.family === "fact" ? [r.id] : [])))];
  const build = (node: TreeNode): CompiledNode => {
    if (isLeaf(node)) {
      const ref = refs.get(node)!;
      if (node.pred === "keyword" && node.field === "content") return makeNode("kw", { index: keywords.intern(node.value as string) });
      const get = compileFieldAccessor(ref);
      if (node.pred === "exists") return makeNode("exists", { get, want: node.value !== false });
      return makeNode("leaf", { get, match: matchers.get(node)!, bottom: bottomIdOf(ref), feature: leafFeature(node) });
    }
    if ("all" in node) return makeNode("all", { c: node.all.map(build) });
    if ("any" in node) return makeNode("any", { c: node.any.map(build) });
    return makeNode("not", { c: [build(node.not)] });
  };
  return { ok: true, node: build(tree), factIds };
}
