// The predicate tree as authored (SPEC §5): `all` / `any` / `not` / leaf.
// This schema checks structure only; fields, predicates and values are checked
// afterwards (compileTree) so each problem gets its own skip reason.
import * as z from "zod";

export interface LeafNode {
  field: string;
  pred: string;
  value?: unknown;
}
export type TreeNode = { all: TreeNode[] } | { any: TreeNode[] } | { not: TreeNode } | LeafNode;

export const LeafSchema = z
  .object({ field: z.string(), pred: z.string(), value: z.unknown().optional() })
  .strict();

export const TreeSchema: z.ZodType<TreeNode> = z.lazy(() =>
  z.union(
    [
      z.object({ all: z.array(TreeSchema) }).strict(),
      z.object({ any: z.array(TreeSchema) }).strict(),
      z.object({ not: TreeSchema }).strict(),
      LeafSchema,
    ],
    { error: "expected a tree: {all: [...]}, {any: [...]}, {not: {...}} or a leaf {field, pred, value}" },
  ),
);

export function isLeaf(node: TreeNode): node is LeafNode {
  return "field" in node;
}

/** A leaf and its JSON path from the tree's root (`["all", 0, "any", 1]`). */
export interface PlacedLeaf {
  leaf: LeafNode;
  path: (string | number)[];
}

/** Every leaf of a tree with its path, depth-first in document order. */
export function leavesOf(node: TreeNode, path: (string | number)[] = [], out: PlacedLeaf[] = []): PlacedLeaf[] {
  if (isLeaf(node)) out.push({ leaf: node, path });
  else if ("all" in node) node.all.forEach((c, i) => leavesOf(c, [...path, "all", i], out));
  else if ("any" in node) node.any.forEach((c, i) => leavesOf(c, [...path, "any", i], out));
  else leavesOf(node.not, [...path, "not"], out);
  return out;
}
