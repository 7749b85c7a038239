// OpenCode (hooks.md §2 OpenCode; SPEC §11): an in-process plugin, not a
// process per call. `tool.execute.before(input {tool, sessionID, callID},
// output {args})` throws to block. OpenCode's tools are lowercase with
// camelCase arguments; they are handed to the engine under the names the
// classifier and bundles use (Claude Code's), arguments in snake_case:
//
// | OpenCode | engine |
// |---|---|
// | bash {command, workdir?} | Bash {command} (cwd = workdir) |
// | read / write / edit / multiedit {filePath, …} | Read / Write / Edit / MultiEdit {file_path, …} |
// | patch {patchText} | apply_patch {patch} |
// | glob / grep / list | Glob / Grep / LS |
// | webfetch / websearch | WebFetch / WebSearch |
// | task | Task |
// | anything else (custom and MCP tools: `<server>_<tool>`) | its own name, arguments as given |
//
// OpenCode has no ask from a plugin (`permission.ask` is never invoked), so an
// ask or hold blocks with a reason that says a person must approve the action.
// Kilo Code, a fork, speaks the same API (adapters/kilo.ts: an OpenCodeFamily).
import type { Decision } from "../model/decision.js";
import type { EventInput } from "../model/event.js";
import { EXIT } from "../model/exit-codes.js";
import { failOpen, SILENCE } from "./failure.js";
import { bindingOf, eventEnv, isObject, resolveUnder, text, type JsonObject } from "./payload.js";
import type { ErrorPosture, HookAdapter, HookAnswer, HookFailure, HostEnv, Mapping } from "./types.js";
import { failureReason, hookVerdict, mustApproveReason, reasonText } from "./verdict.js";

export const OPENCODE_TOOLS: Readonly<Record<string, string>> = {
  bash: "Bash",
  read: "Read",
  write: "Write",
  edit: "Edit",
  multiedit: "MultiEdit",
  patch: "apply_patch",
  glob: "Glob",
  grep: "Grep",
  list: "LS",
  webfetch: "WebFetch",
  websearch: "WebSearch",
  task: "Task",
};

/** Argument renames beyond camelCase → snake_case. */
const RENAMED: Readonly<Record<string, string>> = { patchText: "patch" };

const snake = (key: string): string => RENAMED[key] ?? key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** OpenCode's `tool.execute.before` input. */
export interface OpenCodeToolCall {
  tool: string;
  sessionID?: string;
  callID?: string;
}

/**
 * An agent speaking OpenCode's plugin API (OpenCode, and its fork Kilo Code): its name, how its person
 * reads a blocked ask, and the tools of its own beyond OpenCode's (mapped to an engine tool, or null to
 * keep the call as it came).
 */
export interface OpenCodeFamily {
  agent: "opencode" | "kilo";
  title: string;
  ownTool?(tool: string, args: unknown): { tool_name: string; tool_input: unknown } | null;
}

export const OPENCODE: OpenCodeFamily = { agent: "opencode", title: "OpenCode plugin" };

export function mapOpenCode(call: OpenCodeToolCall, args: unknown, host: HostEnv, phase: "pre" | "post" = "pre", result?: unknown, family: OpenCodeFamily = OPENCODE): EventInput {
  const known = OPENCODE_TOOLS[call.tool];
  let toolName = known ?? call.tool;
  let toolInput: unknown = args ?? null;
  if (known !== undefined && isObject(args)) {
    const out: JsonObject = {};
    for (const [k, v] of Object.entries(args)) out[snake(k)] = v;
    toolInput = out;
  } else if (known === undefined) {
    const own = family.ownTool?.(call.tool, args) ?? null;
    if (own !== null) ({ tool_name: toolName, tool_input: toolInput } = own);
  }
  const workdir = (call.tool === "bash" || toolName === "Bash") && isObject(args) ? text(args, "workdir") : undefined;
  const event: EventInput = {
    event_type: phase === "pre" ? "pre_tool_use" : "post_tool_use",
    session_id: call.sessionID ?? "",
    tool_use_id: call.callID ?? "",
    tool_name: toolName,
    tool_input: toolInput,
    env: eventEnv(host, workdir !== undefined ? resolveUnder(host.cwd, workdir) : undefined),
    binding: bindingOf(family.agent, host, phase === "pre" ? "tool.execute.before" : "tool.execute.after"),
  };
  if (phase === "post") event.tool_result = result ?? null;
  return event;
}

/** The payload the plugin hands the pipeline: OpenCode's two hook arguments, and the tool's output on `tool.execute.after`. */
export interface OpenCodePayload {
  call: OpenCodeToolCall;
  args: unknown;
  phase: "pre" | "post";
  result?: unknown;
}

export interface OpenCodeContext {
  phase: "pre" | "post";
}

/** The message `tool.execute.before` throws, or null to let the call run. */
export function openCodeBlock(decision: Decision, family: OpenCodeFamily = OPENCODE): string | null {
  const verdict = hookVerdict(decision);
  if (verdict === "deny") return reasonText(decision);
  if (verdict === "ask") return mustApproveReason(decision, family.title);
  return null;
}

/**
 * The plugin's adapter for one agent of the family: an answer with exit code 2 means "throw its stderr
 * line" (block); anything else lets the call run. A post event never blocks.
 */
export function openCodeFamilyAdapter(family: OpenCodeFamily): HookAdapter<OpenCodeContext> {
  return {
    agent: family.agent,
    map(payload: unknown, host: HostEnv): Mapping<OpenCodeContext> {
      if (!isObject(payload) || !isObject(payload.call) || typeof payload.call.tool !== "string") return { invalid: "the tool call has no tool name" };
      const p = payload as unknown as OpenCodePayload;
      return { gate: mapOpenCode(p.call, p.args, host, p.phase, p.result, family), context: { phase: p.phase } };
    },
    answer(decision: Decision, context: OpenCodeContext): HookAnswer {
      const block = context.phase === "pre" ? openCodeBlock(decision, family) : null;
      return block === null ? SILENCE : { stdout: "", stderr: block, exitCode: EXIT.DENY };
    },
    failure(failure: HookFailure, posture: ErrorPosture, context: OpenCodeContext | null): HookAnswer {
      if (posture === "open" || context?.phase === "post") return failOpen(family.agent, failure);
      return { stdout: "", stderr: failureReason(failure.message), exitCode: EXIT.DENY };
    },
  };
}

export const openCodeAdapter: HookAdapter<OpenCodeContext> = openCodeFamilyAdapter(OPENCODE);
