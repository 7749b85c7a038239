// Which agent a hook payload most likely came from, for messages that point a
// person at the right `gatehouse hook <agent>` (eval given hook JSON; doctor).
// A guess from each protocol's own fields (hooks.md), never used to decide —
// only to refuse, as unreadable input, another agent's gated call that this
// agent's adapter would otherwise pass silently as an event it does not gate.
import { looksLikeDroid } from "./droid.js";
import { isObject } from "./payload.js";
import { ADAPTERS } from "./registry.js";
import type { AdapterName, HookAgent } from "./types.js";

const GEMINI_EVENTS = new Set(["BeforeTool", "AfterTool", "BeforeAgent", "AfterAgent", "BeforeModel", "AfterModel", "BeforeToolSelection", "PreCompress"]);

const QWEN_EVENTS = new Set(["PreToolUse", "PostToolUse", "PostToolUseFailure"]);

/** The agent whose hook JSON `payload` looks like, or null when it looks like none. */
export function guessHookAgent(payload: unknown): HookAgent | null {
  if (!isObject(payload)) return null;
  const event = payload.hook_event_name;
  if (typeof event !== "string") {
    if (payload.jsonrpc === "2.0" && typeof payload.method === "string") return "acp";
    // GitHub Copilot CLI names no event: camelCase `toolName` and `toolArgs`.
    return typeof payload.toolName === "string" && "toolArgs" in payload ? "copilot" : null;
  }
  if ("conversation_id" in payload || /^(before|after)[A-Z]/.test(event)) return "cursor";
  // Qwen Code names Claude Code's events but, like Gemini CLI, stamps each payload with a `timestamp`.
  if (QWEN_EVENTS.has(event) && typeof payload.timestamp === "string") return "qwen";
  // Factory Droid names Claude Code's events and fields too, but its own tools (Execute, Create, ApplyPatch, `srv___tool`).
  if (QWEN_EVENTS.has(event) && looksLikeDroid(payload)) return "droid";
  if (GEMINI_EVENTS.has(event) || typeof payload.timestamp === "string") return "gemini";
  if ("turn_id" in payload) return "codex";
  return "claude";
}

/** True for a line that is an agent's hook JSON rather than a Gatehouse event (it names a hook event but no event_type). */
export function looksLikeHookPayload(value: unknown): boolean {
  return isObject(value) && typeof value.hook_event_name === "string" && !("event_type" in value);
}

/**
 * When `agent`'s adapter would pass `payload` as an event it does not gate, but the
 * payload looks like another agent's and that agent's adapter gates it: that agent
 * and the event name. Null otherwise (the payload really is an ungated event).
 */
export function misdirectedTo(agent: AdapterName, payload: unknown): { agent: HookAgent; event: string } | null {
  const other = guessHookAgent(payload);
  if (other === null || other === agent || !isObject(payload)) return null;
  const mapping = ADAPTERS[other].map(payload, { cwd: "/" });
  if (!("gate" in mapping)) return null;
  const event = typeof payload.hook_event_name === "string" ? payload.hook_event_name : typeof payload.method === "string" ? payload.method : "the call";
  return { agent: other, event: JSON.stringify(event) };
}
