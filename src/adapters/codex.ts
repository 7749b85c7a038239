// Codex CLI (hooks.md §2; SPEC §11): the same JSON as Claude Code, but Codex
// lets `ask` through (it fails open), so ask and hold are answered as a deny
// whose reason says a person must approve the action. An explicit `allow` is
// valid in Codex only with `updatedInput`, so an allow is always silence.
// `apply_patch` carries the patch text in `tool_input.command`: it is handed to
// the engine as `{patch}`, so each `*** Add|Update|Delete File:` (and
// `*** Move to:`) path is a write/delete effect rather than shell text.
import type { Decision } from "../model/decision.js";
import { permissionDecision, postAnswer } from "./claude.js";
import { failClosedByExit2, failOpen, SILENCE } from "./failure.js";
import { isObject } from "./payload.js";
import { mapToolHook, type ToolHookContext } from "./tool-hook.js";
import type { ErrorPosture, HookAdapter, HookAnswer, HookFailure, HostEnv, Mapping } from "./types.js";
import { hookVerdict, mustApproveReason, reasonText } from "./verdict.js";

const EVENTS = { pre: ["PreToolUse"], post: ["PostToolUse"] } as const;

/**
 * Codex shows a deny as `Command blocked by PreToolUse hook: <reason>. Command: <command>`: its own
 * stop follows the reason, so the reason's final stop goes (a default reason ends in one, and the
 * model would read `…branch.. Command:`).
 */
export function codexReason(reason: string): string {
  return reason.replace(/\.+\s*$/, "");
}

/** Codex's tool input as the engine reads it. */
export function codexToolInput(toolName: string, toolInput: unknown): unknown {
  if (toolName !== "apply_patch" || !isObject(toolInput)) return toolInput;
  const { command, ...rest } = toolInput;
  if (typeof command === "string") return { ...rest, patch: command };
  return toolInput;
}

export const codexAdapter: HookAdapter<ToolHookContext> = {
  agent: "codex",
  map(payload: unknown, host: HostEnv): Mapping<ToolHookContext> {
    return mapToolHook("codex", payload, host, EVENTS, (tool_name, tool_input) => ({ tool_name, tool_input: codexToolInput(tool_name, tool_input) }));
  },
  answer(decision: Decision, context: ToolHookContext): HookAnswer {
    if (context.phase === "post") return postAnswer(decision);
    const verdict = hookVerdict(decision);
    if (verdict === "deny") return permissionDecision(context.hookEvent, "deny", codexReason(reasonText(decision)));
    if (verdict === "ask") return permissionDecision(context.hookEvent, "deny", codexReason(mustApproveReason(decision, "Codex")));
    return SILENCE;
  },
  failure(failure: HookFailure, posture: ErrorPosture): HookAnswer {
    return posture === "open" ? failOpen("codex", failure) : failClosedByExit2("codex", failure);
  },
};
