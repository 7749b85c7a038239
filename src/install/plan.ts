// Install and uninstall as pure functions of a settings file's text: the new
// text (or "unchanged"), never a re-serialisation — each change is an in-place
// edit (json-edit.ts), so every byte the person wrote survives, and uninstall
// after install gives back the original file byte for byte.
import { getNodeValue } from "jsonc-parser/lib/esm/main.js";
import type { AgentSettings } from "./agents.js";
import { entryValue, handlerView, isManagedHandler, type ManagedEntry } from "./entries.js";
import { addProperty, appendToArray, detectLayout, parseDocument, propertyValue, removeChild, type JsonNode } from "./json-edit.js";

/** A settings file install will not edit: it is left untouched. */
export class SettingsRefused extends Error {
  override readonly name = "SettingsRefused";
}

export interface Plan {
  /** The new text; equal to the input when nothing changes. */
  text: string;
  changed: boolean;
  added: number;
  removed: number;
  warnings: string[];
}

/** Where a managed handler sits: `hooks.<event>[index]`, and inside a group `.hooks[handler]`. */
interface Found {
  event: string;
  index: number;
  /** Index in the group's `hooks` list; null when the element is the handler (flat) or the whole group is Gatehouse's. */
  handler: number | null;
}

function parseObject(text: string): JsonNode {
  const parsed = parseDocument(text);
  if (!parsed.ok) throw new SettingsRefused(`not valid JSON (${parsed.message})`);
  if (parsed.root.type !== "object") throw new SettingsRefused(`the top level is ${parsed.root.type === "array" ? "an array" : `a ${parsed.root.type}`}, not an object`);
  return parsed.root;
}

function hooksObject(root: JsonNode): JsonNode | undefined {
  const hooks = propertyValue(root, "hooks");
  if (hooks !== undefined && hooks.type !== "object") throw new SettingsRefused(`"hooks" is not an object`);
  return hooks;
}

function eventList(hooks: JsonNode, event: string): JsonNode | undefined {
  const list = propertyValue(hooks, event);
  if (list !== undefined && list.type !== "array") throw new SettingsRefused(`"hooks.${event}" is not a list`);
  return list;
}

/** Every managed handler in the file, in document order. */
function findManaged(root: JsonNode, settings: AgentSettings): Found[] {
  const hooks = hooksObject(root);
  const found: Found[] = [];
  for (const prop of hooks?.children ?? []) {
    const event = prop.children![0]!.value as string;
    const list = prop.children![1];
    if (list?.type !== "array") continue;
    list.children!.forEach((element, index) => {
      if (settings.layout === "flat") {
        if (isManagedHandler(getNodeValue(element))) found.push({ event, index, handler: null });
        return;
      }
      if (element.type !== "object") return;
      const handlers = propertyValue(element, "hooks");
      if (handlers?.type !== "array") return;
      const mine = handlers.children!.map((h) => isManagedHandler(getNodeValue(h)));
      if (mine.length > 0 && mine.every(Boolean)) found.push({ event, index, handler: null });
      else mine.forEach((m, handler) => m && found.push({ event, index, handler }));
    });
  }
  return found;
}

/** The managed values per event, or null when some handler shares a group with another tool's. */
function currentEntries(root: JsonNode, settings: AgentSettings, found: Found[]): Map<string, unknown[]> | null {
  const byEvent = new Map<string, unknown[]>();
  for (const f of found) {
    if (f.handler !== null) return null;
    const element = propertyValue(hooksObject(root)!, f.event)!.children![f.index]!;
    byEvent.set(f.event, [...(byEvent.get(f.event) ?? []), getNodeValue(element)]);
  }
  return byEvent;
}

function desiredEntries(settings: AgentSettings, entries: readonly ManagedEntry[]): Map<string, unknown[]> {
  const byEvent = new Map<string, unknown[]>();
  for (const e of entries) byEvent.set(e.event, [...(byEvent.get(e.event) ?? []), entryValue(settings, e)]);
  return byEvent;
}

const sameEntries = (a: Map<string, unknown[]>, b: Map<string, unknown[]>) =>
  a.size === b.size && [...a].every(([event, values]) => JSON.stringify(values) === JSON.stringify(b.get(event)));

function commentWarning(text: string, settings: AgentSettings): string[] {
  const parsed = parseDocument(text);
  if (!parsed.ok || settings.comments) return [];
  const what = [parsed.comments ? "comments" : "", parsed.trailingCommas ? "trailing commas" : ""].filter(Boolean).join(" and ");
  return what === "" ? [] : [`it has ${what}, which ${settings.title} does not accept (it reads strict JSON); they are kept as they are`];
}

/** Remove every managed handler; lists and the `hooks` object they leave empty go too. */
function removeManaged(text: string, settings: AgentSettings): { text: string; removed: number } {
  let current = text;
  const found = findManaged(parseObject(current), settings);
  const emptied = new Set<string>();
  // Last first, so the offsets of the earlier ones stay valid across re-parses.
  for (const f of [...found].reverse()) {
    const root = parseObject(current);
    const list = propertyValue(hooksObject(root)!, f.event)!;
    if (f.handler === null) {
      current = removeChild(current, list, f.index);
      if (list.children!.length === 1) emptied.add(f.event);
    } else {
      const group = list.children![f.index]!;
      current = removeChild(current, propertyValue(group, "hooks")!, f.handler);
    }
  }
  for (const event of emptied) {
    const hooks = hooksObject(parseObject(current))!;
    const index = hooks.children!.findIndex((p) => p.children![0]!.value === event && p.children![1]?.children?.length === 0);
    if (index >= 0) current = removeChild(current, hooks, index);
  }
  if (emptied.size > 0) {
    const root = parseObject(current);
    const hooks = hooksObject(root);
    if (hooks !== undefined && hooks.children!.length === 0) current = removeChild(current, root, root.children!.indexOf(hooks.parent!));
  }
  return { text: current, removed: found.length };
}

function addEntry(text: string, settings: AgentSettings, entry: ManagedEntry): string {
  const layout = detectLayout(text);
  const root = parseObject(text);
  const value = entryValue(settings, entry);
  const hooks = hooksObject(root);
  if (hooks === undefined) return addProperty(text, root, "hooks", { [entry.event]: [value] }, layout);
  const list = eventList(hooks, entry.event);
  if (list === undefined) return addProperty(text, hooks, entry.event, [value], layout);
  return appendToArray(text, list, value, layout);
}

/** The text of a settings file install creates. */
export function skeletonText(settings: AgentSettings): string {
  return `${JSON.stringify(settings.skeleton, null, 2)}\n`;
}

/**
 * Install: exactly `entries` as Gatehouse's entries. Already so → unchanged;
 * otherwise every older managed handler is removed and the entries appended.
 * `text` null: the file does not exist and starts as the skeleton.
 */
export function planInstall(text: string | null, settings: AgentSettings, entries: readonly ManagedEntry[]): Plan {
  const original = text ?? skeletonText(settings);
  const root = parseObject(original);
  for (const e of entries) {
    const hooks = hooksObject(root);
    if (hooks !== undefined) eventList(hooks, e.event);
  }
  const warnings = commentWarning(original, settings);
  const found = findManaged(root, settings);
  const current = currentEntries(root, settings, found);
  if (text !== null && current !== null && sameEntries(current, desiredEntries(settings, entries)))
    return { text: original, changed: false, added: 0, removed: 0, warnings };
  const { text: cleared, removed } = removeManaged(original, settings);
  let next = cleared;
  for (const e of entries) next = addEntry(next, settings, e);
  return { text: next, changed: next !== text, added: entries.length, removed, warnings };
}

/** Uninstall: every managed handler removed (and what they alone filled). */
export function planUninstall(text: string, settings: AgentSettings): Plan {
  const warnings = commentWarning(text, settings);
  const { text: next, removed } = removeManaged(text, settings);
  return { text: next, changed: next !== text, added: 0, removed, warnings };
}

/** The managed entries in a file as doctor reports them: event, matcher, handler. */
export function installedEntries(text: string, settings: AgentSettings): ManagedEntry[] {
  const root = parseObject(text);
  const hooks = hooksObject(root);
  return findManaged(root, settings).flatMap((f) => {
    const element = propertyValue(hooks!, f.event)!.children![f.index]!;
    const value = getNodeValue(element) as Record<string, unknown>;
    if (settings.layout === "flat") return [{ event: f.event, matcher: null, handler: handlerView(settings, value) }];
    const matcher = typeof value.matcher === "string" ? value.matcher : null;
    const handlers = value.hooks as Record<string, unknown>[];
    return (f.handler === null ? handlers : [handlers[f.handler]!]).map((handler) => ({ event: f.event, matcher, handler: handlerView(settings, handler) }));
  });
}
