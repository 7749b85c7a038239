// GitHub Copilot CLI (its hooks reference; observed with @github/copilot 1.0.102,
// docs/adapters.md): a command hook in `.github/hooks/*.json` (or
// `~/.copilot/hooks/*.json`) gets one camelCase JSON object on stdin and no event
// name: `{sessionId, timestamp, cwd, toolName, toolArgs}` for `preToolUse`, plus
// `toolResult {resultType, textResultForLlm}` for `postToolUse`. `toolArgs` is an
// object (older releases sent it as a JSON string: parsed).
//
// | Copilot | engine |
// |---|---|
// | bash {command} | Bash {command} |
// | view {path} | Read {file_path} |
// | create {path, file_text} | Write {file_path, content} |
// | edit {path, old_str, new_str} | Edit {file_path, old_string, new_string} |
// | glob / grep {pattern, glob?, path?} | Glob / Grep (arguments as given) |
// | web_fetch {url} | WebFetch {url} |
// | task | Task |
// | anything else (read_bash, sql, MCP tools, …) | its own name, arguments as given |
//
// Answers (stdout, exit 0): `{permissionDecision, permissionDecisionReason}`.
// Copilot shows a deny to the model as `Denied by preToolUse hook: R`; an ask is
// its approval prompt, and in a headless run (`-p`) a deny `Denied by preToolUse
// hook (unable to ask user for confirmation): R`. Every non-zero exit denies
// (`… (hook errored)`, exit 2 `hook exited with code 2` without the reason), so
// a fail-open answer is exit 0 and a closed one the deny JSON.
import type { Decision } from "../model/decision.js";
import type { EventInput } from "../model/event.js";
import { EXIT } from "../model/exit-codes.js";
import { failureLine, SILENCE } from "./failure.js";
import { bindingOf, eventEnv, isObject, text, textOr, type JsonObject } from "./payload.js";
import type { AnswerOptions, ErrorPosture, HookAdapter, HookAnswer, HookFailure, HostEnv, Mapping } from "./types.js";
import { askReason, failureReason, hookVerdict, reasonText } from "./verdict.js";

/** Copilot's tools the classifier knows under Claude Code's names, and how their arguments are renamed. */
export const COPILOT_TOOLS: Readonly<Record<string, { name: string; rename?: Readonly<Record<string, string>> }>> = {
  bash: { name: "Bash" },
  view: { name: "Read", rename: { path: "file_path" } },
  create: { name: "Write", rename: { path: "file_path", file_text: "content" } },
  edit: { name: "Edit", rename: { path: "file_path", old_str: "old_string", new_str: "new_string" } },
  glob: { name: "Glob" },
  grep: { name: "Grep" },
  web_fetch: { name: "WebFetch" },
  task: { name: "Task" },
};

/** `toolArgs` as an object: a JSON string is parsed (a string that is not JSON is kept as it is). */
function toolArgs(value: unknown): unknown {
  if (typeof value !== "string") return value ?? null;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

export function copilotTool(toolName: string, args: unknown): { tool_name: string; tool_input: unknown } {
  const known = COPILOT_TOOLS[toolName];
  if (known === undefined) return { tool_name: toolName, tool_input: args };
  if (known.rename === undefined || !isObject(args)) return { tool_name: known.name, tool_input: args };
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(args)) out[known.rename[k] ?? k] = v;
  return { tool_name: known.name, tool_input: out };
}

export interface CopilotContext {
  phase: "pre" | "post";
}

const json = (value: unknown): HookAnswer => ({ stdout: JSON.stringify(value), stderr: null, exitCode: EXIT.OK });

export const copilotAdapter: HookAdapter<CopilotContext> = {
  agent: "copilot",
  map(payload: unknown, host: HostEnv): Mapping<CopilotContext> {
    if (!isObject(payload)) return { invalid: "the hook input is not a JSON object" };
    const name = text(payload, "toolName");
    // sessionStart, userPromptSubmitted, agentStop, errorOccurred, …: no tool.
    if (name === undefined) return "toolName" in payload ? { invalid: 'the hook input\'s "toolName" is not a string' } : { ignore: "an event without a tool call is not gated" };
    const phase = "toolResult" in payload ? "post" : "pre";
    const tool = copilotTool(name, toolArgs(payload.toolArgs));
    const gate: EventInput = {
      event_type: phase === "pre" ? "pre_tool_use" : "post_tool_use",
      session_id: textOr(payload, "sessionId"),
      tool_use_id: textOr(payload, "toolCallId"),
      tool_name: tool.tool_name,
      tool_input: tool.tool_input,
      env: eventEnv(host, text(payload, "cwd")),
      binding: bindingOf("copilot", host, phase === "pre" ? "preToolUse" : "postToolUse"),
    };
    if (phase === "post") gate.tool_result = payload.toolResult ?? null;
    return { gate, context: { phase } };
  },
  answer(decision: Decision, context: CopilotContext, options: AnswerOptions): HookAnswer {
    // postToolUse cannot block (the tool ran): its evaluation feeds Tier 2 state only.
    if (context.phase === "post") return SILENCE;
    const verdict = hookVerdict(decision);
    if (verdict === "deny") return json({ permissionDecision: "deny", permissionDecisionReason: reasonText(decision) });
    if (verdict === "ask") return json({ permissionDecision: "ask", permissionDecisionReason: askReason(decision) });
    return options.grantAllow ? json({ permissionDecision: "allow" }) : SILENCE;
  },
  failure(failure: HookFailure, posture: ErrorPosture, context: CopilotContext | null): HookAnswer {
    // Copilot denies on every non-zero exit, so open is exit 0 (and the line on stderr).
    if (posture === "open" || context?.phase === "post") return { stdout: "", stderr: failureLine("copilot", failure), exitCode: EXIT.OK };
    return { ...json({ permissionDecision: "deny", permissionDecisionReason: failureReason(failure.message) }), stderr: failureLine("copilot", failure) };
  },
};
