// The event: one tool call as the engine sees it (SPEC §2, seed 001 `Event`).
// Deliberately tolerant: unknown keys are ignored and every field has a
// default, so an adapter newer than the engine still evaluates. A field of the
// wrong type falls back to its default rather than failing the event.
import * as z from "zod";

export const EVENT_TYPES = [
  "pre_tool_use",
  "post_tool_use",
  "post_tool_batch",
  "message_display",
  "session_start",
  "stop",
] as const;
export type KnownEventType = (typeof EVENT_TYPES)[number];

const optionalString = z.string().optional().catch(undefined);
const optionalInt = z.number().int().optional().catch(undefined);
const stringList = z.array(z.string()).catch([]);

export const AgentContextSchema = z.object({
  agent_id: optionalString,
  agent_row_id: optionalString,
  agent_type: optionalString,
  environment: optionalString,
  function: optionalString,
  principal: optionalString,
});
export type AgentContext = z.infer<typeof AgentContextSchema>;

/** Declared host paths: the path resolver reads these strings and nothing else. */
export const EventEnvSchema = z.object({
  home: optionalString,
  cwd: optionalString,
  path_dirs: stringList.default([]),
  additional_dirs: stringList.default([]),
});
export type EventEnv = z.infer<typeof EventEnvSchema>;

export const SessionFactsSchema = z.object({
  elapsed_ms: optionalInt,
  tool_calls: optionalInt,
  spend_micro_usd: optionalInt,
  tokens: optionalInt,
});
export type SessionFacts = z.infer<typeof SessionFactsSchema>;

export const SpendDeltaSchema = z.object({
  tokens: optionalInt,
  micro_usd: optionalInt,
});
export type SpendDelta = z.infer<typeof SpendDeltaSchema>;

const JsonValueSchema = z.unknown();

/**
 * One file the host read because the command runs or feeds it (a script, a
 * Makefile, `package.json`, a `.sql` file, an archive it extracts, a patch it
 * applies), up to the host's bound. `text` is
 * null when it could not be read (`error` says why): the classifier reports an
 * unknown shape for it, never silence.
 */
export const HostFileSchema = z.object({
  text: z.string().nullable().catch(null).default(null),
  truncated: z.boolean().catch(false).default(false),
  error: optionalString,
  /** An archive (tar, gzip'd tar, zip): its member paths as stored, in place of text (`truncated`: not all of them). */
  members: z.array(z.string()).optional().catch(undefined),
  /** An archive's symbolic-link members: member → the link's target as stored (a later member may be written through it). */
  links: z.record(z.string(), z.string()).optional().catch(undefined),
});
export type HostFile = z.infer<typeof HostFileSchema>;

/**
 * What the host (hook, daemon) saw of the real file system before the call
 * (SPEC §2 `host`, §6.4, §6.8). Filled by the host, never by the agent: the
 * engine reads only these values, so it stays pure and a ledger row that
 * records the event replays exactly.
 * - `gate`: absolute paths of the gate's own footprint (settings directories,
 *   the hook's script and package, bundles, state directory, ledgers, code
 *   cache, daemon socket and pid); anything at or under one is protected.
 * - `links`: an operand path as the command names it (absolute, normalised) →
 *   its real path, for operands that go through a symlink.
 * - `files`: absolute path → what the host read of it.
 * - `incomplete`: what the host could not look at within its bounds
 *   (docs/host-facts.md: operands over 1,024, links over 64, scripts over 4
 *   levels): each is an unknown shape, never a silent allow.
 */
export const HostFactsSchema = z.object({
  gate: stringList.default([]),
  links: z.record(z.string(), z.string()).catch({}).default({}),
  files: z.record(z.string(), HostFileSchema).catch({}).default({}),
  incomplete: z.array(z.string()).optional().catch(undefined),
});
export type HostFacts = z.infer<typeof HostFactsSchema>;

export const EventSchema = z.object({
  event_type: z.string().catch("").default(""),
  session_id: z.string().catch("").default(""),
  tool_use_id: z.string().catch("").default(""),
  tool_name: z.string().catch("").default(""),
  tool_input: JsonValueSchema.default(null),
  tool_result: JsonValueSchema.default(null),
  agent: AgentContextSchema.nullable().catch(null).default(null),
  binding: JsonValueSchema.default(null),
  env: EventEnvSchema.nullable().catch(null).default(null),
  session: SessionFactsSchema.nullable().catch(null).default(null),
  spend_delta: SpendDeltaSchema.nullable().catch(null).default(null),
  facts: z.record(z.string(), JsonValueSchema).nullable().catch(null).default(null),
  host: HostFactsSchema.nullable().catch(null).default(null),
});
export type Event = z.infer<typeof EventSchema>;
/** What a caller may hand in: any subset of the fields. */
export type EventInput = z.input<typeof EventSchema>;

/**
 * Read a caller's event tolerantly. Only a non-object (a string, an array,
 * `null`) is refused: there is nothing to default from.
 */
export function parseEvent(value: unknown): Event {
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new TypeError(`event must be a JSON object, got ${Array.isArray(value) ? "an array" : value === null ? "null" : typeof value}`);
  }
  return EventSchema.parse(value);
}

export function isKnownEventType(type: string): type is KnownEventType {
  return (EVENT_TYPES as readonly string[]).includes(type);
}

/** Post events carry a tool result whose text joins the haystack (SPEC §7). */
export function isPostEvent(type: string): boolean {
  return type === "post_tool_use" || type === "post_tool_batch";
}
