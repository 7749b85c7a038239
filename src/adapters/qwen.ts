// Qwen Code (a Gemini CLI fork; read in @qwen-code/qwen-code 0.24.4's hook
// runner, docs/adapters.md): its hooks speak Claude Code's wire, not Gemini's —
// `PreToolUse`/`PostToolUse`/`PostToolUseFailure` with `session_id`, `cwd`,
// `hook_event_name`, `timestamp`, `permission_mode`, `tool_name`, `tool_input`,
// `tool_use_id`; the answer is `hookSpecificOutput.permissionDecision` with
// `permissionDecisionReason` (a top-level `decision` is read too); exit 2 blocks
// with stderr as the reason, and every other non-zero exit (or a hook that
// cannot run) lets the call through. So the answers are Claude Code's, one
// implementation (claude.ts). The tools keep Gemini's names
// (`run_shell_command` in its `directory`, `write_file`, `edit`, `read_file`,
// `grep_search`…; MCP tools `mcp__<server>__<tool>`), which the classifier
// knows. An ask is Qwen's confirmation; with nobody to confirm (`qwen -p`) Qwen
// itself turns it into a deny carrying the ask's reason, which the model reads.
import type { Decision } from "../model/decision.js";
import { claudeAdapter } from "./claude.js";
import { failClosedByExit2, failOpen } from "./failure.js";
import { isObject, resolveUnder, text } from "./payload.js";
import { mapToolHook, type ToolHookContext } from "./tool-hook.js";
import type { AnswerOptions, ErrorPosture, HookAdapter, HookAnswer, HookFailure, HostEnv, Mapping } from "./types.js";

const EVENTS = { pre: ["PreToolUse"], post: ["PostToolUse"], failed: ["PostToolUseFailure"] } as const;

export const qwenAdapter: HookAdapter<ToolHookContext> = {
  agent: "qwen",
  map(payload: unknown, host: HostEnv): Mapping<ToolHookContext> {
    return mapToolHook("qwen", payload, host, EVENTS, (tool_name, tool_input, p) => {
      const dir = tool_name === "run_shell_command" && isObject(tool_input) ? (text(tool_input, "directory") ?? text(tool_input, "dir_path")) : undefined;
      return { tool_name, tool_input, ...(dir !== undefined ? { cwd: resolveUnder(text(p, "cwd") ?? host.cwd, dir) } : {}) };
    });
  },
  answer(decision: Decision, context: ToolHookContext, options: AnswerOptions): HookAnswer {
    return claudeAdapter.answer(decision, context, options);
  },
  failure(failure: HookFailure, posture: ErrorPosture): HookAnswer {
    return posture === "open" ? failOpen("qwen", failure) : failClosedByExit2("qwen", failure);
  },
};
