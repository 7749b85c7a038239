// doctor's self-test of an installed hook: one benign and one dangerous tool
// call in the agent's own hook JSON (shapes: /work/shared/hooks.md), and how to
// read the agent-protocol answer back — what the agent itself would conclude
// from the exit code and stdout.
import type { HookFileAgent, InstallAgent } from "./agents.js";

/** The agents doctor puts a call to through their hook command (a settings file's handler or a hook file). */
export type SelfTestAgent = InstallAgent | HookFileAgent;

export type SelfTestVerdict = "allow" | "ask" | "deny" | "fail-open";

export interface HookRun {
  /** null: killed (timeout) or did not start. */
  exitCode: number | null;
  stdout: string;
  stderr: string;
}

/** The session id the self-test calls carry: one fixed id, so repeated runs reuse one state file. */
export const SELF_TEST_SESSION = "gatehouse-doctor-self-test";

/** The benign call must not be denied; the dangerous one (`rm -rf ~`, which the default bundle denies) should be. */
export const SELF_TEST_COMMANDS = { benign: "ls", dangerous: "rm -rf ~" } as const;

/** A PreToolUse-shaped call running `command` in the shell tool, as the agent sends it. */
export function selfTestPayload(agent: SelfTestAgent, command: string, cwd: string): Record<string, unknown> {
  switch (agent) {
    case "claude":
      return { session_id: SELF_TEST_SESSION, transcript_path: "", cwd, permission_mode: "default", hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command }, tool_use_id: "gatehouse-doctor" };
    case "codex":
      return { session_id: SELF_TEST_SESSION, turn_id: "gatehouse-doctor", transcript_path: null, cwd, hook_event_name: "PreToolUse", model: "", permission_mode: "default", tool_name: "Bash", tool_input: { command }, tool_use_id: "gatehouse-doctor" };
    case "gemini":
      return { session_id: SELF_TEST_SESSION, transcript_path: "", cwd, hook_event_name: "BeforeTool", timestamp: new Date(0).toISOString(), tool_name: "run_shell_command", tool_input: { command } };
    case "cursor":
      return { conversation_id: SELF_TEST_SESSION, generation_id: "gatehouse-doctor", hook_event_name: "beforeShellExecution", workspace_roots: [cwd], command, cwd };
    case "qwen":
      return { session_id: SELF_TEST_SESSION, transcript_path: "", cwd, hook_event_name: "PreToolUse", timestamp: new Date(0).toISOString(), permission_mode: "default", tool_name: "run_shell_command", tool_input: { command }, tool_use_id: "gatehouse-doctor" };
    case "droid":
      return { session_id: SELF_TEST_SESSION, transcript_path: "", cwd, permission_mode: "auto-low", hook_event_name: "PreToolUse", tool_name: "Execute", tool_input: { command } };
    case "copilot":
      return { sessionId: SELF_TEST_SESSION, timestamp: 0, cwd, toolName: "bash", toolArgs: { command, description: "gatehouse doctor self-test" } };
    case "cline":
      return { clineVersion: "", hookName: "tool_call", timestamp: new Date(0).toISOString(), taskId: SELF_TEST_SESSION, sessionContext: { rootSessionId: SELF_TEST_SESSION }, workspaceRoots: [cwd], tool_call: { id: "gatehouse-doctor", name: "run_commands", input: { commands: [command] } } };
  }
}

function parseJson(text: string): Record<string, unknown> | null {
  if (text.trim() === "") return null;
  try {
    const v = JSON.parse(text);
    return typeof v === "object" && v !== null && !Array.isArray(v) ? v : null;
  } catch {
    return null;
  }
}

/**
 * What the agent concludes from a hook run. Claude Code and Codex: exit 2
 * blocks; exit 0 with `hookSpecificOutput.permissionDecision` (or the legacy
 * `decision: "block"`); any other code lets the call through. Gemini CLI:
 * exit 2 blocks; `decision`. Cursor: `permission`. Copilot: any non-zero
 * exit denies; `permissionDecision`. Qwen Code: as Claude Code. Factory Droid:
 * as Claude Code, but its `ask` is only logged and the call goes on. Cline: no exit code, only stdout's JSON (or
 * its last `HOOK_CONTROL\t` line): `cancel: true` stops the call (an ask too: Cline has none); a hook that
 * failed and said nothing is let through.
 */
export function readAnswer(agent: SelfTestAgent, run: HookRun): SelfTestVerdict {
  if (agent === "cline") {
    const controls = run.stdout.split("\n").map((l) => l.trim()).filter((l) => l.startsWith("HOOK_CONTROL\t"));
    const out = parseJson(controls.length > 0 ? controls.at(-1)!.slice("HOOK_CONTROL\t".length) : run.stdout);
    if (out?.cancel === true) return "deny";
    return run.exitCode === 0 && (out !== null || run.stdout.trim() === "") ? "allow" : "fail-open";
  }
  // GitHub Copilot CLI denies on every non-zero exit (without a reason); exit 0 reads permissionDecision.
  if (agent === "copilot" && run.exitCode !== null && run.exitCode !== 0) return "deny";
  if (run.exitCode === 2) return "deny";
  if (run.exitCode !== 0) return "fail-open";
  const out = parseJson(run.stdout);
  if (out === null) return run.stdout.trim() === "" ? "allow" : "fail-open";
  if (agent === "cursor") {
    const p = out.permission;
    return p === "deny" ? "deny" : p === "ask" ? "ask" : "allow";
  }
  if (agent === "copilot") {
    const d = out.permissionDecision;
    return d === "deny" ? "deny" : d === "ask" ? "ask" : "allow";
  }
  if (agent === "gemini") {
    const d = out.decision;
    return d === "deny" || d === "block" ? "deny" : d === "ask" ? "ask" : "allow";
  }
  const specific = out.hookSpecificOutput as { permissionDecision?: unknown } | undefined;
  if (agent === "droid") return specific?.permissionDecision === "deny" ? "deny" : "allow";
  const d = specific?.permissionDecision ?? (out.decision === "block" ? "deny" : undefined);
  return d === "deny" ? "deny" : d === "ask" ? "ask" : "allow";
}
