// Tree evaluation with ⊥ (SPEC §5). A leaf over an absent session/spend/fact
// value is false *and* unknown; a node reports the ⊥ ids its outcome actually
// depended on — an `any` already true elsewhere, or an `all` already false
// for a known reason, reports none.
import type { BooleanEvaluator, CompiledNode } from "./compiled.js";
import type { EventView } from "./context.js";

export interface TreeOutcome {
  readonly value: boolean;
  /** ⊥ ids the outcome depended on; null when it depended on none. */
  readonly bottoms: string[] | null;
}

// Outcomes without ⊥ are shared constants: the common case allocates nothing.
const TRUE: TreeOutcome = Object.freeze({ value: true, bottoms: null });
const FALSE: TreeOutcome = Object.freeze({ value: false, bottoms: null });

const concat = (a: string[] | null, b: string[] | null): string[] | null => (a === null ? b : b === null ? a : a.concat(b));

/** Each evaluated node's outcome (`gatehouse explain`); nodes a short-circuit skipped are absent. */
export type TreeOutcomes = Map<CompiledNode, TreeOutcome>;

/** `seen`, when given, records every evaluated node's outcome: the trace reads the same evaluation that decided. */
export function evaluateTree(node: CompiledNode, view: EventView, hits: Uint32Array, seen?: TreeOutcomes): TreeOutcome {
  if (seen === undefined) {
    const fast = node.fast;
    return fast ? (fast(view, hits) ? TRUE : FALSE) : nodeOutcome(node, view, hits, undefined);
  }
  const outcome = nodeOutcome(node, view, hits, seen);
  seen.set(node, outcome);
  return outcome;
}

function nodeOutcome(node: CompiledNode, view: EventView, hits: Uint32Array, seen: TreeOutcomes | undefined): TreeOutcome {
  switch (node.t) {
    case "kw":
      return ((hits[node.index >>> 5]! >>> (node.index & 31)) & 1) === 1 ? TRUE : FALSE;
    case "exists": {
      const present = node.get!(view) !== null;
      return present === node.want ? TRUE : FALSE;
    }
    case "leaf": {
      const values = node.get!(view);
      if (values === null) return { value: false, bottoms: node.bottom === null ? null : [node.bottom] };
      const match = node.match!;
      for (let i = 0; i < values.length; i++) if (match(values[i])) return TRUE;
      return FALSE;
    }
    case "not": {
      const inner = evaluateTree(node.c[0]!, view, hits, seen);
      return { value: !inner.value, bottoms: inner.bottoms };
    }
    case "all":
      return combine(node.c, view, hits, false, seen);
    case "any":
      return combine(node.c, view, hits, true, seen);
  }
}

/**
 * `all` (decisive = false) and `any` (decisive = true) are duals: a child with
 * the decisive value and no ⊥ settles the node cleanly; otherwise the node's ⊥
 * set is the union over the children that produced its value.
 */
function combine(children: CompiledNode[], view: EventView, hits: Uint32Array, decisive: boolean, seen: TreeOutcomes | undefined): TreeOutcome {
  let decided = false;
  let decisiveBottoms: string[] | null = null;
  let otherBottoms: string[] | null = null;
  for (const child of children) {
    // Untraced, a ⊥-free child takes its fast path (a tree with a fact leaf elsewhere still has many).
    const outcome = evaluateTree(child, view, hits, seen);
    if (outcome.value === decisive) {
      if (outcome.bottoms === null) return decisive ? TRUE : FALSE;
      decided = true;
      decisiveBottoms = concat(decisiveBottoms, outcome.bottoms);
    } else if (!decided) {
      otherBottoms = concat(otherBottoms, outcome.bottoms);
    }
  }
  if (decided) return { value: decisive, bottoms: decisiveBottoms };
  if (otherBottoms === null) return decisive ? FALSE : TRUE;
  return { value: !decisive, bottoms: otherBottoms };
}

/**
 * A node's value as a plain boolean function, when no leaf under it reads a
 * ⊥-capable field (session, spend, facts): such a tree's outcome never carries
 * ⊥ ids, so its value is all there is, and it needs neither outcome objects
 * nor the interpreter's dispatch. Built bottom-up (children first); null when
 * the subtree can be ⊥. Same value as `nodeOutcome` by construction
 * (test/evaluate/tree.test.ts holds them equal on random trees).
 */
export function booleanEvaluator(node: CompiledNode): BooleanEvaluator | null {
  switch (node.t) {
    case "kw": {
      const word = node.index >>> 5;
      const bit = node.index & 31;
      return (_view, hits) => ((hits[word]! >>> bit) & 1) === 1;
    }
    case "exists": {
      const get = node.get!;
      const want = node.want;
      return (view) => (get(view) !== null) === want;
    }
    case "leaf": {
      if (node.bottom !== null) return null;
      const get = node.get!;
      const match = node.match!;
      return (view) => {
        const values = get(view);
        if (values === null) return false;
        for (let i = 0; i < values.length; i++) if (match(values[i])) return true;
        return false;
      };
    }
    case "not": {
      const inner = node.c[0]!.fast;
      return inner === null ? null : (view, hits) => !inner(view, hits);
    }
    case "all":
    case "any": {
      const parts: BooleanEvaluator[] = [];
      for (const child of node.c) {
        if (child.fast === null) return null;
        parts.push(child.fast);
      }
      const decisive = node.t === "any";
      if (parts.length === 2) {
        const [a, b] = parts as [BooleanEvaluator, BooleanEvaluator];
        return decisive ? (view, hits) => a(view, hits) || b(view, hits) : (view, hits) => a(view, hits) && b(view, hits);
      }
      return (view, hits) => {
        for (let i = 0; i < parts.length; i++) if (parts[i]!(view, hits) === decisive) return decisive;
        return !decisive;
      };
    }
  }
}
