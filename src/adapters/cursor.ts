// Cursor (hooks.md §2; SPEC §11). Cursor's hooks are per action, not per tool:
//   beforeShellExecution {command, cwd}          → pre_tool_use Bash {command}
//   beforeMCPExecution {tool_name, tool_input}   → pre_tool_use mcp__cursor__<tool> (tool_input is a JSON string)
//   beforeReadFile {file_path}                   → pre_tool_use Read {file_path}
//   afterShellExecution / afterMCPExecution / afterFileEdit → post_tool_use (state only: Cursor does not read an answer)
// Answers: `{permission, user_message, agent_message}` for deny and ask; an
// allow is silence unless --grant-allow. beforeReadFile answers `{permission}`
// only, and Cursor documents allow/deny there, so an ask on a read is a deny.
// Cursor does not say which MCP server a tool belongs to: the server part of
// the name is `cursor` (match Cursor MCP calls with `mcp__cursor__*`).
import type { Decision } from "../model/decision.js";
import type { EventInput } from "../model/event.js";
import { EXIT } from "../model/exit-codes.js";
import { failOpen, failureLine, SILENCE } from "./failure.js";
import { bindingOf, eventEnv, isObject, mcpToolName, stringList, text, textOr, type JsonObject } from "./payload.js";
import type { AnswerOptions, ErrorPosture, HookAdapter, HookAnswer, HookFailure, HostEnv, Mapping } from "./types.js";
import { askReason, failureReason, hookVerdict, reasonText } from "./verdict.js";

export interface CursorContext {
  hookEvent: string;
  /** `full`: {permission, user_message, agent_message}; `permission`: {permission} only; `none`: Cursor reads no answer. */
  answer: "full" | "permission" | "none";
}

/** The MCP server part of a Cursor MCP tool's name (Cursor's hook input does not name the server). */
export const CURSOR_MCP_SERVER = "cursor";

/** Cursor sends MCP arguments as a JSON string (some versions as an object); a string that is not JSON is kept as it is. */
function mcpArguments(value: unknown): unknown {
  if (typeof value !== "string") return value ?? null;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

function mcpName(payload: JsonObject): string {
  const tool = text(payload, "tool_name") ?? "unknown";
  return tool.startsWith("mcp__") ? tool : mcpToolName(CURSOR_MCP_SERVER, tool);
}

interface Shape {
  phase: "pre" | "post";
  answer: CursorContext["answer"];
  tool: (p: JsonObject) => { tool_name: string; tool_input: unknown; tool_result?: unknown } | string;
}

const SHAPES: Record<string, Shape> = {
  beforeShellExecution: {
    phase: "pre",
    answer: "full",
    tool: (p) => (typeof p.command === "string" ? { tool_name: "Bash", tool_input: { command: p.command } } : 'beforeShellExecution input has no string "command"'),
  },
  beforeMCPExecution: { phase: "pre", answer: "full", tool: (p) => ({ tool_name: mcpName(p), tool_input: mcpArguments(p.tool_input) }) },
  beforeReadFile: {
    phase: "pre",
    answer: "permission",
    tool: (p) => (text(p, "file_path") !== undefined ? { tool_name: "Read", tool_input: { file_path: p.file_path } } : 'beforeReadFile input has no "file_path"'),
  },
  afterShellExecution: {
    phase: "post",
    answer: "none",
    tool: (p) => ({ tool_name: "Bash", tool_input: { command: textOr(p, "command") }, tool_result: { output: p.output ?? null } }),
  },
  afterMCPExecution: { phase: "post", answer: "none", tool: (p) => ({ tool_name: mcpName(p), tool_input: mcpArguments(p.tool_input), tool_result: mcpArguments(p.result_json) }) },
  afterFileEdit: { phase: "post", answer: "none", tool: (p) => ({ tool_name: "Edit", tool_input: { file_path: textOr(p, "file_path"), edits: p.edits ?? [] }, tool_result: null }) },
};

const json = (value: unknown): HookAnswer => ({ stdout: JSON.stringify(value), stderr: null, exitCode: EXIT.OK });

function verdictAnswer(context: CursorContext, permission: "allow" | "ask" | "deny", message: string | null): HookAnswer {
  if (context.answer === "none") return SILENCE;
  if (context.answer === "permission" || message === null) return json({ permission });
  return json({ permission, user_message: message, agent_message: message });
}

export const cursorAdapter: HookAdapter<CursorContext> = {
  agent: "cursor",
  map(payload: unknown, host: HostEnv): Mapping<CursorContext> {
    if (!isObject(payload)) return { invalid: "the hook input is not a JSON object" };
    const hookEvent = text(payload, "hook_event_name");
    if (hookEvent === undefined) return { invalid: 'the hook input has no "hook_event_name"' };
    const shape = SHAPES[hookEvent];
    if (shape === undefined) return { ignore: `${hookEvent} is not gated` };
    const tool = shape.tool(payload);
    if (typeof tool === "string") return { invalid: tool };
    const roots = stringList(payload.workspace_roots);
    const gate: EventInput = {
      event_type: shape.phase === "pre" ? "pre_tool_use" : "post_tool_use",
      session_id: textOr(payload, "conversation_id"),
      tool_use_id: textOr(payload, "generation_id"),
      tool_name: tool.tool_name,
      tool_input: tool.tool_input,
      env: eventEnv(host, text(payload, "cwd") ?? roots[0], roots),
      binding: bindingOf("cursor", host, hookEvent),
    };
    if (shape.phase === "post") gate.tool_result = tool.tool_result ?? null;
    return { gate, context: { hookEvent, answer: shape.answer } };
  },
  answer(decision: Decision, context: CursorContext, options: AnswerOptions): HookAnswer {
    const verdict = hookVerdict(decision);
    if (verdict === "deny") return verdictAnswer(context, "deny", reasonText(decision));
    if (verdict === "ask") return verdictAnswer(context, context.answer === "permission" ? "deny" : "ask", askReason(decision));
    return options.grantAllow ? verdictAnswer(context, "allow", null) : SILENCE;
  },
  failure(failure: HookFailure, posture: ErrorPosture, context: CursorContext | null): HookAnswer {
    if (posture === "open") return failOpen("cursor", failure);
    // Closed: a deny Cursor reads on stdout (exit 0); unknown input is answered as a gating event would be.
    const answer = verdictAnswer(context ?? { hookEvent: "", answer: "full" }, "deny", failureReason(failure.message));
    return { ...answer, stderr: failureLine("cursor", failure) };
  },
};
