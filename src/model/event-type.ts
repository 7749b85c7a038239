// How the edges that take a caller's event (`eval`, the daemon's
// /v1/evaluate) read its `event_type` (SPEC §2, §11). The engine answers an
// event type it does not gate with the neutral allow, so a misspelt one —
// `PreToolUse` as the agents name it, `pre-tool-use` — would be a silent
// allow of whatever the call does. A known type in another spelling (any case,
// `-`, `_`, `.`, spaces or none between the words) is read as that type, with
// a warning; any other value is refused, never evaluated. A missing
// `event_type` keeps its documented default.
import { EVENT_TYPES, type KnownEventType } from "./event.js";

export type EventTypeReading =
  | { kind: "as_given" }
  | { kind: "normalised"; type: KnownEventType; warning: string }
  | { kind: "refused"; message: string };

const squash = (s: string) => s.toLowerCase().replace(/[-_.\s]/g, "");
const BY_SQUASHED = new Map<string, KnownEventType>(EVENT_TYPES.map((t) => [squash(t), t]));

export function readEventType(value: unknown): EventTypeReading {
  if (value === undefined || value === "") return { kind: "as_given" };
  if (typeof value === "string" && (EVENT_TYPES as readonly string[]).includes(value)) return { kind: "as_given" };
  const shown = JSON.stringify(value)?.slice(0, 80) ?? String(value);
  const known = typeof value === "string" && value.length <= 64 ? BY_SQUASHED.get(squash(value)) : undefined;
  if (known !== undefined) return { kind: "normalised", type: known, warning: `event_type ${shown} read as "${known}" (the spelling Gatehouse documents)` };
  return { kind: "refused", message: `event_type ${shown} is not an event type Gatehouse knows (${EVENT_TYPES.join(", ")}); not evaluated` };
}

/** The event with its `event_type` read as above: the event to evaluate and a warning, or the refusal. */
export function normaliseEventType<T extends object>(event: T): { event: T; warning: string | null } | { error: string } {
  const reading = readEventType((event as { event_type?: unknown }).event_type);
  if (reading.kind === "refused") return { error: reading.message };
  if (reading.kind === "as_given") return { event, warning: null };
  return { event: { ...event, event_type: reading.type }, warning: reading.warning };
}
