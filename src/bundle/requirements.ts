// The prefilter's index (SPEC §7): what an artifact's tree cannot be true
// without. A required `content` keyword absent from the haystack, or a
// required event feature (an effect verb, a tool name, …) absent from the
// event, makes the tree false — and false without depending on any ⊥ fact
// (these leaves never read session/spend/fact values), so skipping the
// artifact changes nothing. The equivalence is property-tested.
import type { CompiledNode } from "./compile-tree.js";
import type { LeafNode } from "./tree.js";

/** Requirement atoms: `k:<keyword index>` or an event feature (see eventFeatures). */
type Atoms = Set<string>;

/**
 * The event feature a leaf needs to hold, when it has one. A feature is a
 * fact of the event cheap to list once (src/evaluate/features.ts).
 */
export function leafFeature(leaf: LeafNode): string | null {
  const { field, pred, value } = leaf;
  if (pred === "effect_is" && typeof value === "object" && value !== null) {
    const v = value as { verb?: string; target_class?: string };
    if (v.verb !== undefined) return `verb:${v.verb}`;
    if (v.target_class !== undefined) return `tclass:${v.target_class}`;
    return null;
  }
  if (pred !== "eq" || typeof value !== "string") return null;
  switch (field) {
    case "tool.name":
      return `tool:${value}`;
    case "event.type":
      return `event:${value}`;
    case "effect.verb":
      return `verb:${value}`;
    case "effect.target_class":
      return `tclass:${value}`;
    case "command.program":
      return `program:${value}`;
    default:
      return null;
  }
}

export interface Requirements {
  /** `content` keyword indices, ascending. */
  keywords: Uint32Array;
  /** Event features, sorted. */
  features: string[];
}

/** R(t): any atom absent ⇒ t false. F(t): any atom absent ⇒ t true. */
function analyse(node: CompiledNode): { r: Atoms; f: Atoms } {
  switch (node.t) {
    case "kw":
      return { r: new Set([`k:${node.index}`]), f: new Set() };
    case "leaf":
      return { r: node.feature === null ? new Set() : new Set([node.feature]), f: new Set() };
    case "exists":
      return { r: new Set(), f: new Set() };
    case "not": {
      const inner = analyse(node.c[0]!);
      return { r: inner.f, f: inner.r };
    }
    case "all": {
      const parts = node.c.map(analyse);
      return { r: union(parts.map((p) => p.r)), f: intersection(parts.map((p) => p.f)) };
    }
    case "any": {
      const parts = node.c.map(analyse);
      return { r: intersection(parts.map((p) => p.r)), f: union(parts.map((p) => p.f)) };
    }
  }
}

export function requirementsOf(node: CompiledNode | null): Requirements {
  const atoms = node === null ? [] : [...analyse(node).r];
  const keywords = atoms.filter((a) => a.startsWith("k:")).map((a) => Number(a.slice(2)));
  return {
    keywords: Uint32Array.from(keywords.sort((a, b) => a - b)),
    features: atoms.filter((a) => !a.startsWith("k:")).sort(),
  };
}

function union(sets: Atoms[]): Atoms {
  const out: Atoms = new Set();
  for (const s of sets) for (const x of s) out.add(x);
  return out;
}

/** The intersection of no sets is taken as empty: conservative, never skips. */
function intersection(sets: Atoms[]): Atoms {
  if (sets.length === 0) return new Set();
  const [first, ...rest] = sets;
  return new Set([...first!].filter((x) => rest.every((s) => s.has(x))));
}
