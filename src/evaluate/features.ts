// The event features the prefilter indexes artifacts by (src/bundle/requirements.ts,
// src/evaluate/prefilter.ts), in one table: each kind is the field whose `eq`/`in`
// leaves need it, and the values an event has of it. Sound by construction: a
// leaf on the field can only hold for a value the event has, so an artifact
// whose clause names none of them cannot hold. Only fields that are never ⊥
// (SPEC §5): an absent value there is plainly false, and skipping the artifact
// changes no decision (test/evaluate/prefilter.test.ts).
import type { Classification } from "../model/classification.js";
import type { Event } from "../model/event.js";

export interface FeatureKind {
  /** The prefix of a feature atom (`program:rm`). */
  readonly kind: string;
  /** The field whose eq/in leaves require it. */
  readonly field: string;
  /** Each value the event has (duplicates allowed). */
  values(event: Event, classification: Classification, add: (value: string) => void): void;
  /** A rough chance that an event has `value` — only to pick which clause to file an artifact under, never to decide. */
  chance(value: string): number;
}

const COMMON_TOOLS = new Set(["Bash", "Read", "Write", "Edit", "MultiEdit", "Glob", "Grep", "LS", "WebFetch", "WebSearch", "Task", "NotebookEdit", "TodoWrite"]);
const COMMON_VERBS = new Set(["read", "write", "execute"]);
const COMMON_PATH_CLASSES = new Set(["workspace_file", "workspace_root", "unknown"]);

export const FEATURE_KINDS: readonly FeatureKind[] = [
  { kind: "tool", field: "tool.name", values: (e, _c, add) => add(e.tool_name), chance: (v) => (COMMON_TOOLS.has(v) ? 0.3 : 0.02) },
  { kind: "event", field: "event.type", values: (e, _c, add) => add(e.event_type), chance: (v) => (v === "pre_tool_use" ? 0.9 : v === "post_tool_use" ? 0.5 : 0.05) },
  { kind: "verb", field: "effect.verb", values: (_e, c, add) => c.effects.forEach((x) => add(x.verb)), chance: (v) => (COMMON_VERBS.has(v) ? 0.3 : 0.1) },
  { kind: "tclass", field: "effect.target_class", values: (_e, c, add) => c.effects.forEach((x) => add(x.target_class)), chance: () => 0.15 },
  { kind: "program", field: "command.program", values: (_e, c, add) => c.simple.forEach((x) => add(x.program)), chance: () => 0.05 },
  { kind: "pclass", field: "path.class", values: (_e, c, add) => c.paths.forEach((x) => add(x.class)), chance: (v) => (COMMON_PATH_CLASSES.has(v) ? 0.3 : 0.1) },
  { kind: "host", field: "url.host", values: (_e, c, add) => c.urls.forEach((x) => add(x.host)), chance: () => 0.02 },
];

/** Feature kind by the field its leaves read. */
export const FEATURE_BY_FIELD: ReadonlyMap<string, FeatureKind> = new Map(FEATURE_KINDS.map((f) => [f.field, f]));

/** Every feature atom the event has (`gatehouse explain`'s "missing"). */
export function eventFeatures(event: Event, classification: Classification): Set<string> {
  const features = new Set<string>();
  for (const f of FEATURE_KINDS) f.values(event, classification, (v) => features.add(`${f.kind}:${v}`));
  return features;
}
