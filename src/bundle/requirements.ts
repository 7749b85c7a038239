// The prefilter's index (SPEC §7, §13): what an artifact's tree cannot be true
// without, as clauses — each a set of atoms at least one of which the event
// must have. An atom is a `content` keyword (`k:<index>`) or an event feature
// (src/evaluate/features.ts: `tool:Bash`, `program:rm`, `verb:delete`,
// `tclass:home_dir`, `event:pre_tool_use`, `pclass:system_path`, `host:example.com`). A clause none of whose atoms is
// present makes the tree false — and false without depending on any ⊥ fact
// (these leaves never read session/spend/fact values, and a clean false child
// settles an `all`), so skipping the artifact changes nothing. The equivalence
// is property-tested (test/evaluate/prefilter.test.ts).
import type { CompiledNode } from "../evaluate/compiled.js";
import type { LeafNode } from "./tree.js";
import { FEATURE_BY_FIELD } from "../evaluate/features.js";

/** A disjunction of atoms, sorted. */
type Clause = string[];

/** Clauses longer than this, or more of them than this, are dropped: a requirement dropped only visits more artifacts. */
const MAX_CLAUSE_ATOMS = 16;
const MAX_CLAUSES = 16;


/**
 * What a leaf cannot hold without, as clauses (null: nothing). `eq` on an
 * indexed field needs that feature; `in` needs one of its values;
 * `effect_is` needs its verb and its target class.
 */
export function leafClauses(leaf: LeafNode): string[][] | null {
  const { field, pred, value } = leaf;
  if (pred === "effect_is" && typeof value === "object" && value !== null) {
    const v = value as { verb?: string; target_class?: string };
    const clauses: string[][] = [];
    if (v.verb !== undefined) clauses.push([`verb:${v.verb}`]);
    if (v.target_class !== undefined) clauses.push([`tclass:${v.target_class}`]);
    return clauses.length === 0 ? null : clauses;
  }
  const kind = FEATURE_BY_FIELD.get(field)?.kind;
  if (kind === undefined) return null;
  if (pred === "eq" && typeof value === "string") return [[`${kind}:${value}`]];
  if (pred === "in" && Array.isArray(value) && value.length > 0 && value.length <= MAX_CLAUSE_ATOMS && value.every((x) => typeof x === "string"))
    return [[...new Set(value.map((x) => `${kind}:${x}`))].sort()];
  return null;
}

export interface Requirements {
  /** Keywords required on their own (`content` keyword indices), ascending. */
  keywords: Uint32Array;
  /** Event features required on their own, sorted. */
  features: string[];
  /** Clauses of two or more atoms (`k:<index>` or a feature): one of each must be present. */
  oneOf: string[][];
}

/** R: every clause all-absent ⇒ the tree is false, cleanly. F: every clause all-absent ⇒ true, cleanly. */
interface Analysis {
  r: Clause[];
  f: Clause[];
}

const key = (c: Clause) => c.join("\u0000");

/** Deduplicated, bounded, and without clauses implied by a shorter one (a ⊆ b: b adds nothing). */
function normalise(clauses: Clause[]): Clause[] {
  const unique = new Map<string, Clause>();
  for (const c of clauses) if (c.length > 0 && c.length <= MAX_CLAUSE_ATOMS) unique.set(key(c), c);
  const list = [...unique.values()].sort((a, b) => a.length - b.length || (key(a) < key(b) ? -1 : 1));
  const kept: Clause[] = [];
  for (const c of list) {
    if (kept.some((k) => k.every((atom) => c.includes(atom)))) continue;
    kept.push(c);
    if (kept.length === MAX_CLAUSES) break;
  }
  return kept;
}

/** Conjunction: every part's clauses. */
const conjunction = (parts: Clause[][]): Clause[] => normalise(parts.flat());

/**
 * Disjunction: a clause of every part must fail for all to fail, so each
 * union of one clause per part is a clause of the whole. No parts: nothing
 * (conservative).
 */
function disjunction(parts: Clause[][]): Clause[] {
  if (parts.length === 0 || parts.some((p) => p.length === 0)) return [];
  let out: Clause[] = [[]];
  for (const part of parts) {
    const next: Clause[] = [];
    for (const a of out) for (const b of part) next.push([...new Set([...a, ...b])].sort());
    out = normalise(next);
    if (out.length === 0) return [];
  }
  return out;
}

function analyse(node: CompiledNode): Analysis {
  switch (node.t) {
    case "kw":
      return { r: [[`k:${node.index}`]], f: [] };
    case "leaf":
      return { r: node.clauses ?? [], f: [] };
    case "exists":
      return { r: [], f: [] };
    case "not": {
      const inner = analyse(node.c[0]!);
      return { r: inner.f, f: inner.r };
    }
    case "all": {
      const parts = node.c.map(analyse);
      return { r: conjunction(parts.map((p) => p.r)), f: disjunction(parts.map((p) => p.f)) };
    }
    case "any": {
      const parts = node.c.map(analyse);
      return { r: disjunction(parts.map((p) => p.r)), f: conjunction(parts.map((p) => p.f)) };
    }
  }
}

export function requirementsOf(node: CompiledNode | null): Requirements {
  const clauses = node === null ? [] : analyse(node).r;
  const single = clauses.filter((c) => c.length === 1).map((c) => c[0]!);
  const keywords = single.filter((a) => a.startsWith("k:")).map((a) => Number(a.slice(2)));
  return {
    keywords: Uint32Array.from(keywords.sort((a, b) => a - b)),
    features: single.filter((a) => !a.startsWith("k:")).sort(),
    oneOf: clauses.filter((c) => c.length > 1),
  };
}
