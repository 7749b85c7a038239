// A ⊥-free tree is evaluated as a plain boolean function (CompiledNode.fast,
// src/evaluate/tree.ts); anything else, and every traced evaluation, goes
// through the interpreter with its ⊥ bookkeeping. The two must agree: node by
// node on random trees and events, and whole envelopes (evaluate uses the fast
// path, explain the interpreter) on random bundles.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileTree, KeywordTable } from "../../src/bundle/compile-tree.js";
import type { CompiledNode } from "../../src/evaluate/compiled.js";
import type { TreeNode } from "../../src/bundle/tree.js";
import type { EventView } from "../../src/evaluate/context.js";
import { evaluateTree } from "../../src/evaluate/tree.js";
import { emptyClassification } from "../../src/model/classification.js";
import { parseEvent } from "../../src/model/event.js";
import { bundleArb, eventArb, treeArb, wordClassifier } from "../support/arbitraries.js";
import { engineWithClassification } from "../support/engine.js";

function nodes(root: CompiledNode): CompiledNode[] {
  return [root, ...root.c.flatMap(nodes)];
}

describe("the boolean fast path of ⊥-free trees", () => {
  it("every node with a fast evaluator gives the interpreter's value, and only ⊥-free nodes have one", () => {
    fc.assert(
      fc.property(treeArb, eventArb, fc.array(fc.nat(), { minLength: 1, maxLength: 1 }), (tree, eventInput, [bits]) => {
        const compiled = compileTree(tree as TreeNode, new KeywordTable());
        if (!compiled.ok) return;
        const event = parseEvent(eventInput);
        const view: EventView = { event, classification: { ...emptyClassification(), ...wordClassifier(event) }, scan: { length: 1, text: () => "x" }, now_ms: 1, declaredFacts: new Map(), memo: [] };
        const hits = Uint32Array.of(bits! >>> 0);
        for (const node of nodes(compiled.node)) {
          const traced = evaluateTree(node, view, hits, new Map());
          if (node.fast === null) continue;
          expect(traced.bottoms).toBeNull();
          expect(node.fast(view, hits)).toBe(traced.value);
          expect(evaluateTree(node, view, hits).value).toBe(traced.value);
        }
      }),
      { numRuns: 1500 },
    );
  });

  it("evaluate (fast path) and explain (interpreter) give identical envelopes on random bundles and events", async () => {
    await fc.assert(
      fc.asyncProperty(bundleArb, fc.array(eventArb, { minLength: 1, maxLength: 4 }), async (bundle, events) => {
        const engine = await engineWithClassification(bundle, wordClassifier);
        let state: unknown = null;
        for (const [i, event] of events.entries()) {
          const fast = engine.evaluate(event, state, 1_000 + i);
          const traced = engine.explain(event, state, 1_000 + i, () => 0).envelope;
          expect(JSON.stringify(traced)).toBe(JSON.stringify(fast));
          state = fast.state;
        }
      }),
      { numRuns: 300 },
    );
  });
});
