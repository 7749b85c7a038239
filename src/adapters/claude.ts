// Claude Code (hooks.md §1; SPEC §11): PreToolUse is answered with
// `hookSpecificOutput.permissionDecision` deny/ask and its reason; an allow is
// silence (a hook's `allow` would skip the person's own permission rules'
// prompts, so it is given only with --grant-allow). PostToolUse and
// PostToolUseFailure evaluate as post_tool_use: a deny feeds the reason back to
// Claude (`decision: "block"` — the tool already ran), an ask tells the person.
import type { Decision } from "../model/decision.js";
import { failClosedByExit2, failOpen, SILENCE } from "./failure.js";
import { mapToolHook, type ToolHookContext } from "./tool-hook.js";
import type { AnswerOptions, ErrorPosture, HookAdapter, HookAnswer, HookFailure, HostEnv, Mapping } from "./types.js";
import { askReason, hookVerdict, reasonText } from "./verdict.js";

const EVENTS = { pre: ["PreToolUse"], post: ["PostToolUse"], failed: ["PostToolUseFailure"] } as const;

const json = (value: unknown): HookAnswer => ({ stdout: JSON.stringify(value), stderr: null, exitCode: 0 });

/** `{hookSpecificOutput: {hookEventName, permissionDecision, permissionDecisionReason}}` — the PreToolUse answer Claude Code and Codex share. */
export function permissionDecision(hookEvent: string, decision: "allow" | "ask" | "deny", reason: string): HookAnswer {
  return json({ hookSpecificOutput: { hookEventName: hookEvent, permissionDecision: decision, permissionDecisionReason: reason } });
}

/** A post event's answer in the Claude Code / Codex protocol: the tool already ran, so a deny is feedback and an ask a message to the person. */
export function postAnswer(decision: Decision): HookAnswer {
  const verdict = hookVerdict(decision);
  if (verdict === "deny") return json({ decision: "block", reason: reasonText(decision) });
  if (verdict === "ask") return json({ systemMessage: `Gatehouse: ${askReason(decision)}` });
  return SILENCE;
}

/** The reason an explicit allow carries (only with --grant-allow). */
export function allowReason(decision: Decision): string {
  return decision.undecided ? "Gatehouse: no rule objects to this action" : reasonText(decision);
}

export const claudeAdapter: HookAdapter<ToolHookContext> = {
  agent: "claude",
  map(payload: unknown, host: HostEnv): Mapping<ToolHookContext> {
    return mapToolHook("claude", payload, host, EVENTS, (tool_name, tool_input) => ({ tool_name, tool_input }));
  },
  answer(decision: Decision, context: ToolHookContext, options: AnswerOptions): HookAnswer {
    if (context.phase === "post") return postAnswer(decision);
    const verdict = hookVerdict(decision);
    if (verdict === "deny") return permissionDecision(context.hookEvent, "deny", reasonText(decision));
    if (verdict === "ask") return permissionDecision(context.hookEvent, "ask", askReason(decision));
    return options.grantAllow ? permissionDecision(context.hookEvent, "allow", allowReason(decision)) : SILENCE;
  },
  failure(failure: HookFailure, posture: ErrorPosture): HookAnswer {
    return posture === "open" ? failOpen("claude", failure) : failClosedByExit2("claude", failure);
  },
};
