// Pi (@mariozechner/pi-coding-agent; read in 0.73.1's extension runner and
// agent loop, docs/adapters.md): an in-process extension, not a process per
// call. Pi loads `.pi/extensions/*.{ts,js}` and `~/.pi/agent/extensions/`
// (jiti), calls the default export with its API, and before each tool runs
// emits `tool_call {type, toolName, toolCallId, input}` (input already
// validated against the tool's schema); a handler's `{block: true, reason}`
// turns the call into an error tool result whose text is the reason, and a
// handler that throws blocks it too (its message is the result). After the
// tool: `tool_result {toolName, toolCallId, input, content, details, isError}`.
//
// | Pi | engine |
// |---|---|
// | bash {command, timeout?} | Bash {command, timeout?} (cwd = the session's) |
// | read {path, offset?, limit?} | Read {file_path, offset?, limit?} |
// | write {path, content} | Write {file_path, content} |
// | edit {path, edits: [{oldText, newText}]} | MultiEdit {file_path, edits: [{old_string, new_string}]} |
// | grep {pattern, path?, glob?, …} | Grep (arguments as given) |
// | find {pattern, path?, limit?} | Glob (arguments as given) |
// | ls {path?, limit?} | LS (arguments as given) |
// | anything else (an extension's own tools) | its own name, arguments as given |
//
// The answer is the handler's return value as JSON on stdout: `{block, reason}`,
// or silence to let the call run. An ask is put to the person with Pi's own
// `ctx.ui.confirm` where Pi has a UI (`ask: true` tells the extension to); in
// print and JSON mode (`pi -p`, `--mode json`) there is none (`ctx.hasUI`
// false: `noPerson`) and the ask is a block saying a person must approve.
import type { Decision } from "../model/decision.js";
import type { EventInput } from "../model/event.js";
import { EXIT } from "../model/exit-codes.js";
import { failOpen, failureLine, SILENCE } from "./failure.js";
import { bindingOf, eventEnv, isObject, text, type JsonObject } from "./payload.js";
import type { AnswerOptions, ErrorPosture, HookAdapter, HookAnswer, HookFailure, HostEnv, Mapping } from "./types.js";
import { askReason, failureReason, hookVerdict, noPersonReason, reasonText } from "./verdict.js";

/** Pi's built-in tools under the names the classifier and bundles use, and their argument renames. */
export const PI_TOOLS: Readonly<Record<string, { name: string; rename?: Readonly<Record<string, string>> }>> = {
  bash: { name: "Bash" },
  read: { name: "Read", rename: { path: "file_path" } },
  write: { name: "Write", rename: { path: "file_path" } },
  edit: { name: "MultiEdit", rename: { path: "file_path" } },
  grep: { name: "Grep" },
  find: { name: "Glob" },
  ls: { name: "LS" },
};

const EDIT_RENAMES: Readonly<Record<string, string>> = { oldText: "old_string", newText: "new_string" };

const renamed = (o: JsonObject, names: Readonly<Record<string, string>>): JsonObject => {
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(o)) out[names[k] ?? k] = v;
  return out;
};

export function piTool(toolName: string, input: unknown): { tool_name: string; tool_input: unknown } {
  const known = PI_TOOLS[toolName];
  if (known === undefined) return { tool_name: toolName, tool_input: input ?? null };
  if (known.rename === undefined || !isObject(input)) return { tool_name: known.name, tool_input: input ?? null };
  const out = renamed(input, known.rename);
  if (toolName === "edit" && Array.isArray(out.edits)) out.edits = out.edits.map((e) => (isObject(e) ? renamed(e, EDIT_RENAMES) : e));
  return { tool_name: known.name, tool_input: out };
}

/** What the extension hands the pipeline: Pi's event, the phase, and the session it belongs to. */
export interface PiPayload {
  phase: "pre" | "post";
  /** Pi's `tool_call` or `tool_result` event. */
  event: { toolName: string; toolCallId?: string; input?: unknown; content?: unknown; details?: unknown; isError?: boolean };
  sessionId?: string;
}

export interface PiContext {
  phase: "pre" | "post";
}

/** The `tool_call` handler's answer: block with the reason; `ask` asks the extension to put it to the person first. */
export interface PiBlock {
  block: true;
  reason: string;
  ask?: true;
}

const json = (value: PiBlock): HookAnswer => ({ stdout: JSON.stringify(value), stderr: null, exitCode: EXIT.OK });

export const piAdapter: HookAdapter<PiContext> = {
  agent: "pi",
  map(payload: unknown, host: HostEnv): Mapping<PiContext> {
    if (!isObject(payload) || !isObject(payload.event)) return { invalid: "the Pi event is not an object" };
    const name = text(payload.event, "toolName");
    if (name === undefined) return { invalid: 'the Pi event has no "toolName"' };
    const phase = payload.phase === "post" ? "post" : "pre";
    const tool = piTool(name, payload.event.input);
    const gate: EventInput = {
      event_type: phase === "pre" ? "pre_tool_use" : "post_tool_use",
      session_id: text(payload, "sessionId") ?? "",
      tool_use_id: text(payload.event, "toolCallId") ?? "",
      tool_name: tool.tool_name,
      tool_input: tool.tool_input,
      env: eventEnv(host, undefined),
      binding: bindingOf("pi", host, phase === "pre" ? "tool_call" : "tool_result"),
    };
    if (phase === "post") gate.tool_result = { content: payload.event.content ?? null, details: payload.event.details ?? null, is_error: payload.event.isError ?? null };
    return { gate, context: { phase } };
  },
  answer(decision: Decision, context: PiContext, options: AnswerOptions): HookAnswer {
    // tool_result cannot block (the tool ran): its evaluation feeds Tier 2 state only.
    if (context.phase === "post") return SILENCE;
    const verdict = hookVerdict(decision);
    if (verdict === "deny") return json({ block: true, reason: reasonText(decision) });
    if (verdict === "ask") return options.noPerson === true ? json({ block: true, reason: noPersonReason(decision, "Pi without a UI (print or JSON mode)") }) : json({ block: true, reason: askReason(decision), ask: true });
    return SILENCE;
  },
  failure(failure: HookFailure, posture: ErrorPosture, context: PiContext | null): HookAnswer {
    if (posture === "open" || context?.phase === "post") return failOpen("pi", failure);
    return { ...json({ block: true, reason: failureReason(failure.message) }), stderr: failureLine("pi", failure) };
  },
};
