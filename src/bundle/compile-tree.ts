// Compile an authored tree into evaluable nodes, checking it in the order the
// skip reasons are ranked (SPEC §4): value shapes (body_parse_error), then
// fields (unknown_field), predicates (unknown_predicate), patterns (bad_pattern).
import { compileFieldAccessor, type FieldAccessor } from "../evaluate/fields.js";
import { checkPredicateValue, compilePredicate, type Matcher } from "../evaluate/predicates.js";
import type { SkipReason } from "./skip.js";
import { isLeaf, leavesOf, type LeafNode, type TreeNode } from "./tree.js";
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
}

function makeNode(t: NodeKind, parts: Partial<Omit<CompiledNode, "t">>): CompiledNode {
  return { t, c: parts.c ?? [], get: parts.get ?? null, match: parts.match ?? null, bottom: parts.bottom ?? null, index: parts.index ?? -1, want: parts.want ?? true };
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
      return makeNode("leaf", { get, match: matchers.get(node)!, bottom: bottomIdOf(ref) });
    }
    if ("all" in node) return makeNode("all", { c: node.all.map(build) });
    if ("any" in node) return makeNode("any", { c: node.any.map(build) });
    return makeNode("not", { c: [build(node.not)] });
  };
  return { ok: true, node: build(tree), factIds };
}

/**
 * The `content` keywords every satisfying assignment of the tree needs
 * (SPEC §7): if any is absent from the haystack the tree is false — and false
 * without depending on a ⊥ fact, so skipping it changes nothing.
 * R(t): absent ⇒ t false.  F(t): absent ⇒ t true.
 */
export function requiredKeywords(node: CompiledNode): Set<number> {
  return required(node).r;
}

function required(node: CompiledNode): { r: Set<number>; f: Set<number> } {
  const empty = () => new Set<number>();
  switch (node.t) {
    case "kw":
      return { r: new Set([node.index]), f: empty() };
    case "exists":
    case "leaf":
      return { r: empty(), f: empty() };
    case "not": {
      const inner = required(node.c[0]!);
      return { r: inner.f, f: inner.r };
    }
    case "all": {
      const parts = node.c.map(required);
      return { r: union(parts.map((p) => p.r)), f: intersection(parts.map((p) => p.f)) };
    }
    case "any": {
      const parts = node.c.map(required);
      return { r: intersection(parts.map((p) => p.r)), f: union(parts.map((p) => p.f)) };
    }
  }
}

function union(sets: Set<number>[]): Set<number> {
  const out = new Set<number>();
  for (const s of sets) for (const x of s) out.add(x);
  return out;
}

/** The intersection of no sets is taken as empty: conservative, never skips. */
function intersection(sets: Set<number>[]): Set<number> {
  if (sets.length === 0) return new Set();
  const [first, ...rest] = sets;
  return new Set([...first!].filter((x) => rest.every((s) => s.has(x))));
}
