// The payload shape Claude Code, Codex and Gemini CLI share: `session_id`,
// `cwd`, `hook_event_name`, `tool_name`, `tool_input`, and on post events
// `tool_response`. Each agent names its events and tools its own way; the
// mapping is otherwise one function.
import type { EventInput } from "../model/event.js";
import { bindingOf, eventEnv, isObject, text, textOr, type JsonObject } from "./payload.js";
import type { HostEnv, Mapping } from "./types.js";

export type Phase = "pre" | "post";

/** What an answer needs to know about the call it answers. */
export interface ToolHookContext {
  /** The agent's own event name, echoed where its protocol wants it (`hookEventName`). */
  hookEvent: string;
  phase: Phase;
}

export interface ToolHookEvents {
  /** Event names evaluated as `pre_tool_use`. */
  pre: readonly string[];
  /** Event names evaluated as `post_tool_use`, with `tool_response` as the tool result. */
  post: readonly string[];
  /** Post events whose result is a failure: `{error, is_interrupt}` becomes the tool result. */
  failed?: readonly string[];
}

/** The agent-specific part: its tool name and input as the engine should see them, and the directory the call runs in. */
export type ToolReader = (toolName: string, toolInput: unknown, payload: JsonObject) => { tool_name: string; tool_input: unknown; cwd?: string };

export function mapToolHook(agent: string, payload: unknown, host: HostEnv, events: ToolHookEvents, readTool: ToolReader): Mapping<ToolHookContext> {
  if (!isObject(payload)) return { invalid: "the hook input is not a JSON object" };
  const hookEvent = text(payload, "hook_event_name");
  if (hookEvent === undefined) return { invalid: 'the hook input has no "hook_event_name"' };
  const failed = events.failed?.includes(hookEvent) ?? false;
  const phase: Phase | null = events.pre.includes(hookEvent) ? "pre" : events.post.includes(hookEvent) || failed ? "post" : null;
  if (phase === null) return { ignore: `${hookEvent} is not gated` };
  const rawTool = text(payload, "tool_name");
  if (rawTool === undefined) return { invalid: `${hookEvent} input has no "tool_name"` };
  const tool = readTool(rawTool, payload.tool_input ?? null, payload);
  const gate: EventInput = {
    event_type: phase === "pre" ? "pre_tool_use" : "post_tool_use",
    session_id: textOr(payload, "session_id"),
    tool_use_id: textOr(payload, "tool_use_id"),
    tool_name: tool.tool_name,
    tool_input: tool.tool_input,
    env: eventEnv(host, tool.cwd ?? text(payload, "cwd")),
    binding: bindingOf(agent, host, hookEvent),
  };
  const agentContext = { agent_id: text(payload, "agent_id"), agent_type: text(payload, "agent_type") };
  if (agentContext.agent_id !== undefined || agentContext.agent_type !== undefined) gate.agent = agentContext;
  if (phase === "post") gate.tool_result = failed ? { error: payload.error ?? null, is_interrupt: payload.is_interrupt ?? null } : (payload.tool_response ?? null);
  return { gate, context: { hookEvent, phase } };
}
