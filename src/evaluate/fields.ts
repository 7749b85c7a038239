// Field accessors: a field reference compiled once into a function from the
// event view to its values. `null` means absent; a multi-valued field yields
// every value (a leaf matches when any value matches).
import { parseMcpName } from "../model/mcp-name.js";
import type { FieldRef } from "./vocabulary.js";
import type { FieldAccessor, FieldValues } from "./compiled.js";
import type { EventView, FactType } from "./context.js";


const nonEmpty = (values: readonly unknown[]): FieldValues => (values.length > 0 ? values : null);
const one = (value: unknown): FieldValues => (value === undefined || value === null || value === "" ? null : [value]);

/** `mcp__<server>__<tool>` → server (model/mcp-name.ts); null unless the name has both parts. */
export function mcpServerOf(toolName: string): string | null {
  const p = parseMcpName(toolName);
  return p !== null && p.server !== "" && p.tool !== "" ? p.server : null;
}

function lookupPath(root: unknown, path: readonly string[]): unknown {
  let node = root;
  for (const key of path) {
    if (Array.isArray(node) && /^\d+$/.test(key)) node = node[Number(key)];
    else if (typeof node === "object" && node !== null && !Array.isArray(node) && Object.prototype.hasOwnProperty.call(node, key))
      node = (node as Record<string, unknown>)[key];
    else return undefined;
  }
  return node;
}

function factMatchesType(value: unknown, type: FactType): boolean {
  switch (type) {
    case "string":
      return typeof value === "string";
    case "integer":
      return typeof value === "number" && Number.isInteger(value);
    case "boolean":
      return typeof value === "boolean";
    case "string_list":
      return Array.isArray(value) && value.every((v) => typeof v === "string");
  }
}

/** A fact's values, or null when absent or not of its declared type (⊥ either way). */
export function factValues(view: EventView, id: string): FieldValues {
  const facts = view.event.facts;
  if (facts === null || !Object.prototype.hasOwnProperty.call(facts, id)) return null;
  const value = facts[id];
  if (value === null || value === undefined) return null;
  const declared = view.declaredFacts.get(id);
  if (declared !== undefined && !factMatchesType(value, declared)) return null;
  return Array.isArray(value) ? nonEmpty(value) : [value];
}

const EXACT: Record<string, FieldAccessor> = {
  "event.type": (v) => one(v.event.event_type),
  "tool.name": (v) => one(v.event.tool_name),
  "tool.server": (v) => one(mcpServerOf(v.event.tool_name)),
  "command.raw": (v) => nonEmpty(v.classification.simple.map((c) => c.raw)),
  "command.program": (v) => nonEmpty(v.classification.simple.map((c) => c.program)),
  "command.argv": (v) => nonEmpty(v.classification.simple.flatMap((c) => c.argv)),
  "command.simple": (v) => nonEmpty(v.classification.simple.map((c) => ({ program: c.program, argv: c.argv }))),
  "path.value": (v) => nonEmpty(v.classification.paths.map((p) => p.value)),
  "path.class": (v) => nonEmpty(v.classification.paths.map((p) => p.class)),
  "path.rel": (v) => nonEmpty(v.classification.paths.flatMap((p) => (p.rel === null ? [] : [p.rel]))),
  "url.host": (v) => nonEmpty(v.classification.urls.map((u) => u.host)),
  "url.tld": (v) => nonEmpty(v.classification.urls.map((u) => u.tld).filter((t) => t !== "")),
  "url.scheme": (v) => nonEmpty(v.classification.urls.map((u) => u.scheme)),
  "url.boundary": (v) => nonEmpty(v.classification.urls.map((u) => u.boundary)),
  effect: (v) => nonEmpty(v.classification.effects),
  "effect.verb": (v) => nonEmpty(v.classification.effects.map((e) => e.verb)),
  "effect.target_class": (v) => nonEmpty(v.classification.effects.map((e) => e.target_class)),
  "unknown.shape": (v) => nonEmpty(v.classification.unknown.map((u) => u.shape)),
  content: (v) => (v.scan.length > 0 ? [v.scan.text()] : null),
};

/**
 * Each distinct field's slot in an event's memo, process-wide: field keys are
 * few and shared by every bundle, and an array index is cheaper per leaf than
 * a string-keyed map (what a slot number is never changes a value).
 */
const SLOTS = new Map<string, number>();

function slotOf(key: string): number {
  let slot = SLOTS.get(key);
  if (slot === undefined) SLOTS.set(key, (slot = SLOTS.size));
  return slot;
}

/** The accessor for a field, memoised per event (many artifacts read the same field). */
export function compileFieldAccessor(ref: FieldRef): FieldAccessor {
  const compute = rawAccessor(ref);
  const slot = slotOf(fieldKey(ref));
  return (view) => {
    const memo = view.memo;
    let values = memo[slot];
    if (values === undefined) {
      values = compute(view);
      memo[slot] = values;
    }
    return values;
  };
}

function fieldKey(ref: FieldRef): string {
  switch (ref.family) {
    case "exact":
      return ref.name;
    case "tool.input":
      return `tool.input.${ref.path.join(".")}`;
    case "fact":
      return `fact.${ref.id}`;
    default:
      return `${ref.family}.${ref.name}`;
  }
}

function rawAccessor(ref: FieldRef): FieldAccessor {
  switch (ref.family) {
    case "exact": {
      const accessor = EXACT[ref.name];
      if (accessor === undefined) throw new Error(`no accessor for field ${ref.name}`);
      return accessor;
    }
    case "tool.input": {
      const path = ref.path;
      return (v) => {
        const value = lookupPath(v.event.tool_input, path);
        if (value === undefined || value === null) return null;
        return Array.isArray(value) ? nonEmpty(value) : [value];
      };
    }
    case "effect.attrs": {
      const name = ref.name;
      return (v) =>
        nonEmpty(v.classification.effects.flatMap((e) => (Object.prototype.hasOwnProperty.call(e.attrs, name) ? [e.attrs[name]] : [])));
    }
    case "agent": {
      const name = ref.name as keyof NonNullable<EventView["event"]["agent"]>;
      return (v) => one(v.event.agent?.[name]);
    }
    case "session": {
      const name = ref.name as keyof NonNullable<EventView["event"]["session"]>;
      return (v) => one(v.event.session?.[name]);
    }
    case "spend": {
      const name = ref.name as keyof NonNullable<EventView["event"]["spend_delta"]>;
      return (v) => one(v.event.spend_delta?.[name]);
    }
    case "fact": {
      const id = ref.id;
      return (v) => factValues(v, id);
    }
  }
}
