// Tree evaluation with ⊥ (SPEC §5). A leaf over an absent session/spend/fact
// value is false *and* unknown; a node reports the ⊥ ids its outcome actually
// depended on — an `any` already true elsewhere, or an `all` already false
// for a known reason, reports none.
import type { CompiledNode } from "../bundle/compile-tree.js";
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
  if (seen === undefined) return nodeOutcome(node, view, hits, undefined);
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
      const inner = seen === undefined ? nodeOutcome(node.c[0]!, view, hits, undefined) : evaluateTree(node.c[0]!, view, hits, seen);
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
    const outcome = seen === undefined ? nodeOutcome(child, view, hits, undefined) : evaluateTree(child, view, hits, seen);
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
