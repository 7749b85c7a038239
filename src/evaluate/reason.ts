// Reason templates: a bundle reason may quote what made its tree true.
// `{{command}}`, `{{target}}`, `{{program}}`, `{{class}}` read the effect tuple
// that satisfied the tree's first effect leaf (its `attrs.command` — the
// command as written, else its program —, `attrs.target` — the operand, else
// the command, else the class —, `attrs.program`, `target_class`); `{{match}}` is that witness value as text.
// Rendered only for the contribution that decides, so the hot path never pays for it.
import type { CompiledNode } from "./compiled.js";
import type { EventView } from "./context.js";
import { evaluateTree } from "./tree.js";
import { boundedJson } from "../hotpath/bounded-json.js";

const PLACEHOLDER = /\{\{(command|target|program|class|match)\}\}/g;

export function hasPlaceholders(template: string): boolean {
  return template.includes("{{");
}

/** The first value that satisfied a positive leaf of a true tree, depth-first. */
export function findWitness(node: CompiledNode, view: EventView, hits: Uint32Array): unknown {
  switch (node.t) {
    case "leaf": {
      const values = node.get!(view);
      return values?.find((v) => node.match!(v));
    }
    case "exists": {
      const values = node.get!(view);
      return node.want ? values?.[0] : undefined;
    }
    case "kw":
    case "not":
      return undefined;
    case "all":
    case "any":
      for (const child of node.c) {
        if (!evaluateTree(child, view, hits).value) continue;
        const w = findWitness(child, view, hits);
        if (w !== undefined) return w;
      }
      return undefined;
  }
}

function text(value: unknown): string {
  if (value === undefined || value === null) return "";
  // A witness may be any part of the tool input: serialised within the bound (never a RangeError on deep input).
  return typeof value === "string" ? value : boundedJson(value).text;
}

export function renderReason(template: string, when: CompiledNode | null, view: EventView, hits: Uint32Array): string {
  if (!hasPlaceholders(template) || when === null) return template;
  const witness = findWitness(when, view, hits);
  const effect = typeof witness === "object" && witness !== null && "target_class" in witness ? (witness as { target_class: string; attrs: Record<string, unknown> }) : null;
  return template.replace(PLACEHOLDER, (_, name: string) => {
    switch (name) {
      case "target":
        // Without an operand, what was run says what it is about better than its class does.
        return effect !== null ? text(effect.attrs.target) || text(effect.attrs.command) || effect.target_class : text(witness);
      case "command":
        return effect !== null ? text(effect.attrs.command) || text(effect.attrs.program) : "";
      case "program":
        return effect !== null ? text(effect.attrs.program) : "";
      case "class":
        return effect !== null ? effect.target_class : "";
      default:
        return text(witness);
    }
  });
}
