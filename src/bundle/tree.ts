// The predicate tree as authored (SPEC §5): `all` / `any` / `not` / leaf.
// This schema checks structure only; fields, predicates and values are checked
// afterwards (compileTree) so each problem gets its own skip reason.
import { z } from "zod";

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
  z.union([
    z.object({ all: z.array(TreeSchema) }).strict(),
    z.object({ any: z.array(TreeSchema) }).strict(),
    z.object({ not: TreeSchema }).strict(),
    LeafSchema,
  ]),
);

export function isLeaf(node: TreeNode): node is LeafNode {
  return "field" in node;
}

/** Every leaf of a tree, depth-first in document order. */
export function leavesOf(node: TreeNode, out: LeafNode[] = []): LeafNode[] {
  if (isLeaf(node)) out.push(node);
  else if ("all" in node) node.all.forEach((c) => leavesOf(c, out));
  else if ("any" in node) node.any.forEach((c) => leavesOf(c, out));
  else leavesOf(node.not, out);
  return out;
}
