// MCP tools get their effects from the bundle's `effect_classes.entries[]`
// (SPEC §6.6): every entry whose tool glob matches and whose selectors all hold.
import type { EffectClassEntry } from "./compiled.js";
import type { EventView } from "./context.js";
import { evaluateTree } from "./tree.js";
import type { Effect } from "../model/classification.js";

const NO_HITS = new Uint32Array(0);

/** `view.classification` is not read: selectors may only name event fields. */
export function mcpEffects(entries: readonly EffectClassEntry[], view: EventView): Effect[] {
  const name = view.event.tool_name;
  const out: Effect[] = [];
  for (const entry of entries) {
    if (!entry.tool(name)) continue;
    if (!entry.selectors.every((s) => evaluateTree(s, view, NO_HITS).value)) continue;
    out.push(...entry.effects.map((e) => ({ ...e, attrs: { ...e.attrs } })));
  }
  return out;
}
