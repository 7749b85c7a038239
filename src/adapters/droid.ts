// Factory Droid (read in @factory/cli-linux-x64 0.225.2's bundled JS and run
// offline, docs/adapters.md): command hooks in `.factory/settings.json` under
// `hooks.PreToolUse` / `hooks.PostToolUse`, Claude Code's wire — stdin
// `{session_id, transcript_path, cwd, permission_mode, hook_event_name,
// tool_name, tool_input}` (+ `tool_response` after the tool; no tool_use_id);
// stdout JSON `hookSpecificOutput.permissionDecision` deny (its reason is the
// tool's error the model reads) or allow (skips Droid's own permission check);
// exit 2 blocks with stderr as the reason, exit 3 aborts the whole agent, any
// other code lets the call through. Droid's `ask` is only logged — the call
// then takes Droid's own permission path, which `droid exec
// --skip-permissions-unsafe` or a high autonomy level runs unasked — so an ask
// is answered as a deny saying a person must approve. After the tool, exit 2's
// stderr is fed back to the model and `systemMessage` shown to the person.
//
// Droid's tools are handed to the engine under the names the classifier and
// bundles use (Claude Code's; Droid maps them the same way for Claude plugins):
//
// | Droid | engine |
// |---|---|
// | Execute {command, summary, riskLevel, …} | Bash (runs in the payload's cwd) |
// | Create {file_path, content} | Write |
// | Edit {file_path, old_str, new_str} / Read {file_path} | Edit / Read |
// | ApplyPatch {input} (Codex's patch text) | apply_patch {input} |
// | LS {directory_path} / Glob {patterns, folder} / Grep {pattern, path, glob_pattern} | LS / Glob / Grep {path, glob} |
// | FetchUrl {url} / WebSearch / Task | WebFetch / WebSearch / Task |
// | MCP `<server>___<tool>` | `mcp__<server>__<tool>` |
import type { Decision } from "../model/decision.js";
import { EXIT } from "../model/exit-codes.js";
import { claudeAdapter, permissionDecision } from "./claude.js";
import { failClosedByExit2, failOpen, SILENCE } from "./failure.js";
import { isObject, mcpToolName, text, type JsonObject } from "./payload.js";
import { mapToolHook, type ToolHookContext } from "./tool-hook.js";
import type { AnswerOptions, ErrorPosture, HookAdapter, HookAnswer, HookFailure, HostEnv, Mapping } from "./types.js";
import { askReason, hookVerdict, mustApproveReason, reasonText } from "./verdict.js";

const EVENTS = { pre: ["PreToolUse"], post: ["PostToolUse"] } as const;

/** Droid's tool → the engine's name, and its fields the engine reads under another name. */
export const DROID_TOOLS: Readonly<Record<string, { name: string; fields?: Readonly<Record<string, string>> }>> = {
  Execute: { name: "Bash" },
  Create: { name: "Write" },
  Edit: { name: "Edit" },
  Read: { name: "Read" },
  ApplyPatch: { name: "apply_patch" },
  LS: { name: "LS", fields: { directory_path: "path" } },
  Glob: { name: "Glob", fields: { folder: "path", patterns: "pattern" } },
  Grep: { name: "Grep", fields: { glob_pattern: "glob" } },
  FetchUrl: { name: "WebFetch" },
  WebSearch: { name: "WebSearch" },
  Task: { name: "Task" },
};

/** Droid names an MCP tool `<server>___<tool>`. */
const MCP = /^(.+?)___(.+)$/;

export function droidTool(toolName: string, toolInput: unknown): { tool_name: string; tool_input: unknown } {
  const known = DROID_TOOLS[toolName];
  if (known === undefined) {
    const mcp = MCP.exec(toolName);
    return { tool_name: mcp === null ? toolName : mcpToolName(mcp[1]!, mcp[2]!), tool_input: toolInput };
  }
  if (known.fields === undefined || !isObject(toolInput)) return { tool_name: known.name, tool_input: toolInput };
  const input: JsonObject = {};
  for (const [k, v] of Object.entries(toolInput)) input[known.fields[k] ?? k] = v;
  return { tool_name: known.name, tool_input: input };
}

const json = (value: unknown): HookAnswer => ({ stdout: JSON.stringify(value), stderr: null, exitCode: EXIT.OK });

export const droidAdapter: HookAdapter<ToolHookContext> = {
  agent: "droid",
  map(payload: unknown, host: HostEnv): Mapping<ToolHookContext> {
    return mapToolHook("droid", payload, host, EVENTS, (tool_name, tool_input) => droidTool(tool_name, tool_input));
  },
  answer(decision: Decision, context: ToolHookContext, options: AnswerOptions): HookAnswer {
    const verdict = hookVerdict(decision);
    if (context.phase === "post") {
      // After the tool: exit 2's stderr reaches the model; `decision: "block"` is not read.
      if (verdict === "deny") return { stdout: "", stderr: reasonText(decision), exitCode: EXIT.DENY };
      return verdict === "ask" ? json({ systemMessage: `Gatehouse: ${askReason(decision)}` }) : SILENCE;
    }
    if (verdict === "ask") return permissionDecision(context.hookEvent, "deny", mustApproveReason(decision, "Factory Droid"));
    return claudeAdapter.answer(decision, context, options);
  },
  failure(failure: HookFailure, posture: ErrorPosture): HookAnswer {
    return posture === "open" ? failOpen("droid", failure) : failClosedByExit2("droid", failure);
  },
};

/** Tool names only Droid sends (Claude Code's are Bash, Write, WebFetch, `mcp__…`): how a payload is recognised as Droid's. */
const DROID_ONLY = new Set(["Execute", "Create", "ApplyPatch", "FetchUrl"]);

export function looksLikeDroid(payload: JsonObject): boolean {
  const tool = text(payload, "tool_name");
  return tool !== undefined && (DROID_ONLY.has(tool) || (MCP.test(tool) && !tool.startsWith("mcp__")));
}
