// Cline CLI (`cline` 3.0.65 on @cline/core 0.0.86; read in its bundled JS and run offline, docs/adapters.md):
// hook *files* — an executable named after its event (`PreToolUse`, `PostToolUse`, optionally `.sh`, `.js`,
// `.py`, …) in `.clinerules/hooks/` or `.cline/hooks/` of the workspace, `~/Documents/Cline/Hooks/` or
// `$CLINE_DIR` (default `~/.cline`)`/hooks/`, run by its shebang (else by extension; no extension: bash).
// stdin: `{clineVersion, hookName: "tool_call" | "tool_result", timestamp, taskId, sessionContext:
// {rootSessionId}, workspaceRoots: [dir], userId, agent_id, parent_agent_id, iteration, tool_call: {id, name,
// input}, preToolUse: {toolName, parameters}}` (post: `tool_result: {id, name, input, output, error?}`).
// stdout: JSON (or its last `HOOK_CONTROL\t{json}` line); `{cancel: true, errorMessage: R}` stops the whole
// run before the tool runs, R its error; the exit code is not read, and no JSON, invalid JSON or a timeout
// (120 s) lets the call through. There is no ask: a PreToolUse hook can only stop the run (`review` is read
// but acted on by nothing in 3.0.65), so an ask stops it too, saying a person must approve.
//
// | Cline | engine |
// |---|---|
// | run_commands {commands: [..]} | Bash {command: the commands, one per line} |
// | editor {path, old_text?, new_text, insert_line?} | Edit {file_path, old_string, new_string} with old_text, else Write {file_path, content} |
// | read_files {files: [{path, start_line?, end_line?}]} | read_many_files {paths} |
// | search_codebase {queries} | Grep {pattern: the queries as one alternation} |
// | fetch_web_content {requests: [{url, prompt}]} | web_fetch {prompt: every url and prompt} |
// | spawn_agent {systemPrompt, task} | Task {description, prompt: task} |
// | anything else (ask_question, team_*, MCP tools) | its own name, arguments as given |
import type { Decision } from "../model/decision.js";
import type { EventInput } from "../model/event.js";
import { EXIT } from "../model/exit-codes.js";
import { failOpen, SILENCE } from "./failure.js";
import { bindingOf, eventEnv, isObject, text, type JsonObject } from "./payload.js";
import type { ErrorPosture, HookAdapter, HookAnswer, HookFailure, HostEnv, Mapping } from "./types.js";
import { failureReason, hookVerdict, mustApproveReason, reasonText } from "./verdict.js";

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []);
const objects = (v: unknown): JsonObject[] => (Array.isArray(v) ? v.filter(isObject) : []);

/** Cline's tool → the engine's tool and input; null: its own name and input. */
const CLINE_TOOLS: Readonly<Record<string, (input: JsonObject) => { tool_name: string; tool_input: unknown }>> = {
  run_commands: (i) => ({ tool_name: "Bash", tool_input: { command: strings(i.commands).join("\n") } }),
  editor: (i) =>
    typeof i.old_text === "string"
      ? { tool_name: "Edit", tool_input: { file_path: i.path, old_string: i.old_text, new_string: i.new_text } }
      : { tool_name: "Write", tool_input: { file_path: i.path, content: i.new_text } },
  read_files: (i) => ({ tool_name: "read_many_files", tool_input: { paths: objects(i.files).map((f) => f.path).filter((p) => typeof p === "string") } }),
  search_codebase: (i) => ({ tool_name: "Grep", tool_input: { pattern: strings(i.queries).join("|") } }),
  fetch_web_content: (i) => ({ tool_name: "web_fetch", tool_input: { prompt: objects(i.requests).map((r) => `${text(r, "url") ?? ""} ${text(r, "prompt") ?? ""}`).join("\n") } }),
  spawn_agent: (i) => ({ tool_name: "Task", tool_input: { description: "spawn_agent", prompt: i.task } }),
};

export function clineTool(name: string, input: unknown): { tool_name: string; tool_input: unknown } {
  const known = CLINE_TOOLS[name];
  return known !== undefined && isObject(input) ? known(input) : { tool_name: name, tool_input: input };
}

export interface ClineContext {
  phase: "pre" | "post";
}

const PHASES: Readonly<Record<string, "pre" | "post">> = { tool_call: "pre", tool_result: "post" };

const control = (value: unknown): HookAnswer => ({ stdout: JSON.stringify(value), stderr: null, exitCode: EXIT.OK });
const cancel = (reason: string): HookAnswer => control({ cancel: true, errorMessage: reason });

export const clineAdapter: HookAdapter<ClineContext> = {
  agent: "cline",
  map(payload: unknown, host: HostEnv): Mapping<ClineContext> {
    if (!isObject(payload)) return { invalid: "the hook input is not a JSON object" };
    const hookName = text(payload, "hookName");
    if (hookName === undefined) return { invalid: 'the hook input has no "hookName"' };
    const phase = PHASES[hookName];
    if (phase === undefined) return { ignore: `${hookName} is not gated` };
    const call = phase === "pre" ? payload.tool_call : payload.tool_result;
    if (!isObject(call) || text(call, "name") === undefined) return { invalid: `${hookName} input has no ${phase === "pre" ? "tool_call" : "tool_result"}.name` };
    const tool = clineTool(text(call, "name")!, call.input ?? null);
    const session = isObject(payload.sessionContext) ? text(payload.sessionContext, "rootSessionId") : undefined;
    const roots = strings(payload.workspaceRoots);
    const gate: EventInput = {
      event_type: phase === "pre" ? "pre_tool_use" : "post_tool_use",
      session_id: session ?? text(payload, "taskId") ?? "",
      tool_use_id: text(call, "id") ?? "",
      tool_name: tool.tool_name,
      tool_input: tool.tool_input,
      env: eventEnv(host, roots[0], roots.slice(1)),
      binding: bindingOf("cline", host, hookName),
    };
    const parent = text(payload, "parent_agent_id");
    if (parent !== undefined) gate.agent = { agent_id: text(payload, "agent_id") };
    if (phase === "post") gate.tool_result = { output: call.output ?? null, error: call.error ?? null };
    return { gate, context: { phase } };
  },
  answer(decision: Decision, context: ClineContext): HookAnswer {
    if (context.phase === "post") return SILENCE;
    const verdict = hookVerdict(decision);
    if (verdict === "deny") return cancel(reasonText(decision));
    if (verdict === "ask") return cancel(mustApproveReason(decision, "Cline"));
    return SILENCE;
  },
  failure(failure: HookFailure, posture: ErrorPosture, context: ClineContext | null): HookAnswer {
    if (posture === "open" || context?.phase === "post") return failOpen("cline", failure);
    return { ...cancel(failureReason(failure.message)), stderr: `gatehouse hook cline: ${failureReason(failure.message)}` };
  },
};
