// Compile an authored tree into evaluable nodes, checking it in the order the
// skip reasons are ranked (SPEC §4): value shapes (body_parse_error), then
// fields (unknown_field), predicates (unknown_predicate), patterns (bad_pattern).
import type { CompiledNode, Matcher, NodeKind } from "../evaluate/compiled.js";
import { compileFieldAccessor } from "../evaluate/fields.js";
import { checkPredicateValue, compilePredicate } from "../evaluate/predicates.js";
import type { SkipReason } from "./skip.js";
import { describeValue } from "./detail.js";
import { isLeaf, leavesOf, type LeafNode, type PlacedLeaf, type TreeNode } from "./tree.js";
import { leafClauses } from "./requirements.js";
import { booleanEvaluator } from "../evaluate/tree.js";
import { bottomIdOf, fieldHint, isPredicate, parseField, PREDICATES, type FieldRef } from "../evaluate/vocabulary.js";

function makeNode(t: NodeKind, parts: Partial<Omit<CompiledNode, "t" | "fast">>): CompiledNode {
  const node: CompiledNode = {
    t,
    c: parts.c ?? [],
    get: parts.get ?? null,
    match: parts.match ?? null,
    bottom: parts.bottom ?? null,
    index: parts.index ?? -1,
    want: parts.want ?? true,
    clauses: parts.clauses ?? null,
    fast: null,
  };
  node.fast = booleanEvaluator(node); // children are built first: theirs are set
  return node;
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

/** A `fact.<id>` leaf: which id, and the path of its `field` from the tree's root. */
export interface FactRead {
  id: string;
  path: (string | number)[];
}

export type TreeCompilation =
  | { ok: true; node: CompiledNode; factIds: string[]; facts: FactRead[] }
  /** `path` is from the tree's root to the key at fault (`["all", 0, "pred"]`); `message` says what is wrong there. */
  | { ok: false; reason: SkipReason; message: string; path: (string | number)[] };

function checkShapes(leaves: PlacedLeaf[]): { path: (string | number)[]; message: string } | null {
  for (const { leaf, path } of leaves) {
    if (!isPredicate(leaf.pred)) continue;
    const problem = checkPredicateValue(leaf.pred, leaf.value);
    if (problem !== null) return { path: [...path, "value"], message: `${leaf.field} ${leaf.pred}: needs ${problem}, got ${describeValue(leaf.value)}` };
    if (leaf.pred === "effect_is" && leaf.field !== "effect") return { path: [...path, "field"], message: `effect_is applies only to the field "effect" (got ${leaf.field})` };
    if (leaf.field === "effect" && !["effect_is", "exists", "eq", "in"].includes(leaf.pred))
      return { path: [...path, "pred"], message: `the field "effect" takes effect_is, exists, eq or in (got ${leaf.pred})` };
  }
  return null;
}

/** Check and compile one tree. `keywords` collects `content keyword` literals; `compiledPatterns`: compilePredicate's. */
export function compileTree(tree: TreeNode, keywords: KeywordTable, compiledPatterns?: ReadonlySet<string>): TreeCompilation {
  const placed = leavesOf(tree);
  const shape = checkShapes(placed);
  if (shape !== null) return { ok: false, reason: "body_parse_error", ...shape };
  const refs = new Map<LeafNode, FieldRef>();
  for (const { leaf, path } of placed) {
    const ref = parseField(leaf.field);
    if (ref === null) return { ok: false, reason: "unknown_field", path: [...path, "field"], message: `unknown field ${JSON.stringify(leaf.field)}${fieldHint(leaf.field)}` };
    refs.set(leaf, ref);
  }
  for (const { leaf, path } of placed) {
    if (!isPredicate(leaf.pred))
      return { ok: false, reason: "unknown_predicate", path: [...path, "pred"], message: `unknown predicate ${JSON.stringify(leaf.pred)} (expected ${PREDICATES.join("|")})` };
  }
  const matchers = new Map<LeafNode, Matcher>();
  for (const { leaf, path } of placed) {
    if (leaf.pred === "exists" || (leaf.pred === "keyword" && leaf.field === "content")) continue;
    const compiled = compilePredicate(leaf.pred as Parameters<typeof compilePredicate>[0], leaf.value, compiledPatterns);
    if (!compiled.ok) return { ok: false, reason: compiled.reason, path: [...path, "value"], message: compiled.message };
    matchers.set(leaf, compiled.match);
  }
  const facts: FactRead[] = placed.flatMap(({ leaf, path }) => {
    const ref = refs.get(leaf)!;
    return ref.family === "fact" ? [{ id: ref.id, path: [...path, "field"] }] : [];
  });
  const factIds = [...new Set(facts.map((f) => f.id))];
  const build = (node: TreeNode): CompiledNode => {
    if (isLeaf(node)) {
      const ref = refs.get(node)!;
      if (node.pred === "keyword" && node.field === "content") return makeNode("kw", { index: keywords.intern(node.value as string) });
      const get = compileFieldAccessor(ref);
      if (node.pred === "exists") return makeNode("exists", { get, want: node.value !== false });
      return makeNode("leaf", { get, match: matchers.get(node)!, bottom: bottomIdOf(ref), clauses: leafClauses(node) });
    }
    if ("all" in node) return makeNode("all", { c: node.all.map(build) });
    if ("any" in node) return makeNode("any", { c: node.any.map(build) });
    return makeNode("not", { c: [build(node.not)] });
  };
  return { ok: true, node: build(tree), factIds, facts };
}
