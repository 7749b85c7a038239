// Gemini CLI (hooks.md §2; SPEC §11): BeforeTool is answered `{decision,
// reason}` with deny or ask; an allow is silence unless --grant-allow. AfterTool
// evaluates as post_tool_use: a deny replaces the tool's output the model sees
// with the reason; an ask becomes a message to the person. Tools keep Gemini's
// own names (the classifier knows them); MCP tools become `mcp__<server>__<tool>`
// so bundles match one name across agents. `run_shell_command` runs in its
// `dir_path` (older: `directory`), which becomes the event's cwd. An ask carries
// its reason in `systemMessage` too (the confirmation box shows that); in a run
// with nobody to confirm (`noPerson`: headless `gemini -p`) it is a deny.
import type { Decision } from "../model/decision.js";
import { parseMcpName } from "../model/mcp-name.js";
import { failClosedByExit2, failOpen, SILENCE } from "./failure.js";
import { isObject, mcpToolName, resolveUnder, text, type JsonObject } from "./payload.js";
import { mapToolHook, type ToolHookContext } from "./tool-hook.js";
import type { AnswerOptions, ErrorPosture, HookAdapter, HookAnswer, HookFailure, HostEnv, Mapping } from "./types.js";
import { askReason, hookVerdict, noPersonReason, reasonText } from "./verdict.js";

const EVENTS = { pre: ["BeforeTool"], post: ["AfterTool"] } as const;

/**
 * Gemini's MCP tool name → `mcp__<server>__<tool>`. `mcp_context` names the
 * server and tool exactly when present; otherwise `mcp__s__t` is kept and
 * `mcp_<server>_<tool>` is split at the first `_` after the prefix (a server
 * name containing `_` is then misread — Gemini sends `mcp_context` for MCP calls).
 */
export function geminiToolName(toolName: string, payload: JsonObject): string {
  const ctx = payload.mcp_context;
  if (isObject(ctx)) {
    const server = text(ctx, "server_name");
    const tool = text(ctx, "tool_name");
    if (server !== undefined && tool !== undefined) return mcpToolName(server, tool);
  }
  const p = parseMcpName(toolName);
  return p !== null && p.form === "gemini" && p.tool !== "" ? mcpToolName(p.server, p.tool) : toolName;
}

const SHELL_TOOLS = new Set(["run_shell_command"]);

export const geminiAdapter: HookAdapter<ToolHookContext> = {
  agent: "gemini",
  map(payload: unknown, host: HostEnv): Mapping<ToolHookContext> {
    return mapToolHook("gemini", payload, host, EVENTS, (name, tool_input, p) => {
      const tool_name = geminiToolName(name, p);
      const base = text(p, "cwd") ?? host.cwd;
      const dir = SHELL_TOOLS.has(name) && isObject(tool_input) ? (text(tool_input, "dir_path") ?? text(tool_input, "directory")) : undefined;
      return { tool_name, tool_input, ...(dir !== undefined ? { cwd: resolveUnder(base, dir) } : {}) };
    });
  },
  answer(decision: Decision, context: ToolHookContext, options: AnswerOptions): HookAnswer {
    const verdict = hookVerdict(decision);
    const json = (value: unknown): HookAnswer => ({ stdout: JSON.stringify(value), stderr: null, exitCode: 0 });
    if (verdict === "deny") return json({ decision: "deny", reason: reasonText(decision) });
    if (context.phase === "post") return verdict === "ask" ? json({ systemMessage: `Gatehouse: ${askReason(decision)}` }) : SILENCE;
    // Headless (`gemini -p`), an ask would end the whole run with exit 0 and nothing done: denied instead, as Codex's.
    if (verdict === "ask" && options.noPerson === true) return json({ decision: "deny", reason: noPersonReason(decision, "a headless Gemini CLI run (gemini -p)") });
    // The confirmation box shows systemMessage, not reason (which is the model's): both carry it.
    if (verdict === "ask") {
      const reason = askReason(decision);
      return json({ decision: "ask", reason, systemMessage: `Gatehouse: ${reason}` });
    }
    return options.grantAllow ? json({ decision: "allow" }) : SILENCE;
  },
  failure(failure: HookFailure, posture: ErrorPosture): HookAnswer {
    return posture === "open" ? failOpen("gemini", failure) : failClosedByExit2("gemini", failure);
  },
};
