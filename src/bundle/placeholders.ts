// Which reason placeholders can render empty for a rule (a lint warning).
//
// src/evaluate/reason.ts fills `{{command}}`, `{{target}}`, `{{program}}`, `{{class}}` and
// `{{match}}` from the *witness*: the first value that satisfied a positive
// leaf of the true tree, depth-first. This module walks the authored tree the
// same way and lists every kind of witness the rule can fire with — an effect
// tuple, another field's value, or none at all (a tree true through a content
// keyword, a `not`, `exists: false` or an empty `all`) — and so which
// placeholders can come out empty.
import type { EffectClassEntry } from "../evaluate/compiled.js";
import { isLeaf, type TreeNode } from "./tree.js";

export const PLACEHOLDERS = ["command", "target", "program", "class", "match"] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];

type Path = (string | number)[];

/** What the renderer can be handed, and the tree path it comes from. */
export type Witness =
  | { kind: "effect"; path: Path; pattern: Record<string, unknown> | null }
  | { kind: "value"; path: Path; field: string }
  | { kind: "none"; path: Path; why: string };

/** What is written between `{{` and `}}` in a template, in order, without repeats (`{{ target }}`, with spaces, is not `{{target}}`). */
export function placeholdersIn(template: string): string[] {
  return [...new Set([...template.matchAll(/\{\{([^{}]*)\}\}/g)].map((m) => m[1]!))];
}

/** Every witness a true tree can yield (an over-approximation for `any`). */
export function witnesses(node: TreeNode, path: Path = []): Witness[] {
  if (isLeaf(node)) {
    if (node.pred === "keyword" && node.field === "content") return [{ kind: "none", path, why: "a content keyword leaf quotes nothing" }];
    if (node.pred === "exists" && node.value === false) return [{ kind: "none", path, why: "an `exists: false` leaf quotes nothing" }];
    if (node.field === "effect") {
      const pattern = node.pred === "effect_is" && typeof node.value === "object" && node.value !== null ? (node.value as Record<string, unknown>) : null;
      return [{ kind: "effect", path, pattern }];
    }
    return [{ kind: "value", path, field: node.field }];
  }
  if ("not" in node) return [{ kind: "none", path, why: "a `not` quotes nothing" }];
  if ("all" in node) {
    const out: Witness[] = [];
    for (let i = 0; i < node.all.length; i++) {
      const child = witnesses(node.all[i]!, [...path, "all", i]);
      out.push(...child.filter((w) => w.kind !== "none"));
      // The renderer moves on to the next child only when this one can quote nothing.
      if (!child.some((w) => w.kind === "none")) return out;
    }
    return [...out, { kind: "none", path, why: node.all.length === 0 ? "an empty `all` quotes nothing" : "no leaf of this `all` quotes anything" }];
  }
  return node.any.flatMap((c, i) => witnesses(c, [...path, "any", i]));
}

/** Effects the classifier itself produces always carry `program`; an MCP effect class may not. */
function effectMayLackProgram(pattern: Record<string, unknown> | null, entries: readonly EffectClassEntry[]): boolean {
  const attrs = (pattern?.attrs ?? {}) as Record<string, unknown>;
  if (typeof attrs.program === "string" && attrs.program !== "") return false;
  return entries.some((entry) =>
    entry.effects.some(
      (e) =>
        (pattern?.verb === undefined || pattern.verb === e.verb) &&
        (pattern?.target_class === undefined || pattern.target_class === e.target_class) &&
        Object.entries(attrs).every(([k, v]) => e.attrs[k] === v) &&
        (typeof e.attrs.program !== "string" || e.attrs.program === ""),
    ),
  );
}

/** Why `name` can render empty with this witness, or null when it cannot. */
export function emptyBecause(name: Placeholder, w: Witness, entries: readonly EffectClassEntry[]): string | null {
  if (w.kind === "none") return w.why;
  if (w.kind === "value") return name === "program" || name === "class" || name === "command" ? `field ${JSON.stringify(w.field)} is not an effect` : null;
  // `{{command}}` falls back to the program: it is empty only where the program is.
  if ((name === "program" || name === "command") && effectMayLackProgram(w.pattern, entries)) return "an effect from the bundle's effect_classes matches it without a `program` attr";
  return null;
}
