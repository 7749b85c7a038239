// Placing an ACP `session/request_permission` (hooks.md §3): which tool call it
// asks about, as a Gatehouse tool and input. Real agents send the request as
// `toolCall: {toolCallId, title, rawInput}` with no `kind` (claude-code-acp
// 0.16: the kind came earlier, in the `session/update` `tool_call` with the
// same id), so the kind is, in order: the request's own, the one a host saw in
// that update (createAcpGate correlates them), or read from `rawInput`'s shape.
// A request that cannot be placed is evaluated as a command with nothing to
// inspect (unknown shape 2: the bundle's `on_unknown`, ask by default) —
// never skipped.
import { isObject, text, type JsonObject } from "./payload.js";

/** ACP ToolKind values (schema v1). */
export const ACP_TOOL_KINDS = ["read", "edit", "delete", "move", "search", "execute", "think", "fetch", "switch_mode", "other"] as const;

/** Kinds that change nothing a rule reads: a sub-agent's own calls are requests of their own; a mode switch runs nothing. */
const UNGATED_KINDS = new Set(["think", "switch_mode"]);

/** The fields agents name a file by, in `rawInput` (Claude Code, Gemini CLI, Codex, Cursor spellings). */
const PATH_FIELDS = ["file_path", "path", "notebook_path", "absolute_path", "target_file", "filePath", "dir_path"];
/** Fields whose presence beside a path means the call writes it. */
const WRITE_FIELDS = ["content", "new_string", "old_string", "edits", "new_source", "newString", "oldString", "patch", "diff"];

export type Placement =
  | { tool: string; input: unknown; kind: string; inferred: boolean }
  | { ignore: string };

function firstPath(raw: JsonObject, call: JsonObject): string | undefined {
  for (const f of PATH_FIELDS) {
    const v = text(raw, f);
    if (v !== undefined) return v;
  }
  const locations = Array.isArray(call.locations) ? call.locations.filter(isObject) : [];
  return locations.map((l) => text(l, "path")).find((p) => p !== undefined);
}

/** The kind `rawInput` reads as, or null: a command runs, a path with new content is written, a path alone read, a URL fetched. */
export function kindFromRawInput(rawInput: unknown, call: JsonObject): string | null {
  if (typeof rawInput === "string") return rawInput.trim() !== "" ? "execute" : null;
  if (!isObject(rawInput)) return null;
  const command = rawInput.command ?? rawInput.cmd;
  if ((typeof command === "string" && command.trim() !== "") || (Array.isArray(command) && command.length > 0)) return "execute";
  if (firstPath(rawInput, call) !== undefined) return WRITE_FIELDS.some((f) => f in rawInput) ? "edit" : "read";
  if (text(rawInput, "url") !== undefined) return "fetch";
  return null;
}

/** The command an execute permission asks to run, as `terminal/create` input: `{command, args?}`. */
function commandInput(rawInput: unknown): unknown {
  if (typeof rawInput === "string") return { command: rawInput };
  if (!isObject(rawInput)) return rawInput ?? null;
  if (Array.isArray(rawInput.command) && rawInput.command.length > 0 && rawInput.command.every((w) => typeof w === "string")) {
    const [command, ...args] = rawInput.command as string[];
    return { ...rawInput, command, args };
  }
  // Codex's unified exec names its shell line `cmd`.
  if (rawInput.command === undefined && typeof rawInput.cmd === "string") return { ...rawInput, command: rawInput.cmd };
  return rawInput;
}

/**
 * The tool and input a permission request is evaluated as. `knownKind` is the
 * kind a host saw for this toolCallId in an earlier `tool_call` update.
 */
export function placePermission(call: JsonObject, knownKind?: string): Placement {
  const raw = call.rawInput;
  const declared = text(call, "kind") ?? knownKind;
  const inferred = kindFromRawInput(raw, call);
  const kind = declared !== undefined && declared !== "other" ? declared : (inferred ?? declared ?? null);
  const fromRaw = declared === undefined || declared === "other";
  if (kind !== null && UNGATED_KINDS.has(kind)) return { ignore: `toolCall.kind ${kind} is not gated (it runs nothing itself)` };
  const rawObject = isObject(raw) ? raw : {};
  const path = firstPath(rawObject, call);
  switch (kind) {
    case "execute":
      return { tool: "terminal/create", input: commandInput(raw), kind, inferred: fromRaw };
    case "edit":
      return path !== undefined ? { tool: "fs/write_text_file", input: { ...rawObject, path }, kind, inferred: fromRaw } : unplaced(raw, kind);
    case "delete":
    case "move":
      // A move removes its source: judged as that delete (its destination is a write the source's class bounds).
      return path !== undefined ? { tool: "delete_file", input: { ...rawObject, path }, kind, inferred: fromRaw } : unplaced(raw, kind);
    case "read":
      return path !== undefined ? { tool: "fs/read_text_file", input: { ...rawObject, path }, kind, inferred: fromRaw } : unplaced(raw, kind);
    case "search":
      return { tool: "Grep", input: { ...rawObject, ...(path !== undefined ? { path } : {}) }, kind, inferred: fromRaw };
    case "fetch": {
      const url = text(rawObject, "url") ?? (typeof call.title === "string" && /^https?:\/\//.test(call.title) ? call.title : undefined);
      return url !== undefined ? { tool: "WebFetch", input: { ...rawObject, url }, kind, inferred: fromRaw } : unplaced(raw, kind);
    }
    default:
      return unplaced(raw, kind ?? "unknown");
  }
}

/** A request whose action cannot be read: a command with nothing to inspect, so the bundle's `on_unknown` decides. */
function unplaced(raw: unknown, kind: string): Placement {
  return { tool: "terminal/create", input: { unplaced_kind: kind, rawInput: raw ?? null }, kind, inferred: true };
}
