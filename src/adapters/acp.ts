// ACP (hooks.md §3; SPEC §11; seed 003): one JSON-RPC request from the agent
// to the client, on stdin (`gatehouse hook acp`) or handed to the library
// function (src/adapters/acp-gate.ts). Gated:
//   session/request_permission, placed by src/adapters/acp-permission.ts: its
//     kind (declared, correlated, or read from rawInput) picks the tool it is
//     judged as — execute: rawInput `{command, args?}` (or `command` as an argv
//     array), or one shell string; edit/delete/read/search/fetch: the path or
//     URL; a request it cannot place: a command with nothing to inspect
//   terminal/create {command, args?, cwd?}; fs/write_text_file and fs/read_text_file
// A permission request is judged as the call it asks about (terminal/create
// for a command). A deny answers with a JSON-RPC error whose message is the
// reason — for a permission request too, since selecting its reject option
// loses the reason (acpRefusal) — and the same reason on stderr for the
// client. Ask and allow print nothing — the client asks its person as it
// would anyway — and the exit code says which (0 allow, 3 ask, 2 deny), with
// an ask's reason on stderr.
import { EXIT } from "../model/exit-codes.js";
import type { Decision } from "../model/decision.js";
import type { EventInput } from "../model/event.js";
import { placePermission } from "./acp-permission.js";
import { failOpen, failureLine } from "./failure.js";
import { bindingOf, eventEnv, isObject, text, textOr, type JsonObject } from "./payload.js";
import type { AnswerOptions, ErrorPosture, HookAdapter, HookAnswer, HookFailure, HostEnv, Mapping } from "./types.js";
import { askReason, failureReason, hookVerdict, reasonText } from "./verdict.js";

/** JSON-RPC error code of a request refused by policy (server-defined range; ACP itself uses -32000 and -32002). */
export const ACP_DENIED_CODE = -32001;
/** JSON-RPC 2.0: the request is not a valid Request object / the input is not JSON. */
export const JSONRPC_INVALID_REQUEST = -32600;
export const JSONRPC_PARSE_ERROR = -32700;

export type JsonRpcId = string | number | null;

export interface PermissionOption {
  optionId: string;
  kind: string;
}

export interface AcpContext {
  id: JsonRpcId;
  method: string;
  /** `session/request_permission` only: the options the person would be offered. */
  options: PermissionOption[];
}

const FS_METHODS = new Set(["fs/write_text_file", "fs/read_text_file"]);

function idOf(v: unknown): JsonRpcId | undefined {
  return typeof v === "string" || typeof v === "number" || v === null ? v : undefined;
}

function optionsOf(params: unknown): PermissionOption[] {
  if (!isObject(params) || !Array.isArray(params.options)) return [];
  return params.options.filter(isObject).flatMap((o) => (typeof o.optionId === "string" && typeof o.kind === "string" ? [{ optionId: o.optionId, kind: o.kind }] : []));
}

/** Whatever of the answer's context a payload yields, even one that cannot be evaluated (for a closed failure). */
export function acpContextOf(payload: unknown): AcpContext | null {
  if (!isObject(payload)) return null;
  const id = idOf(payload.id);
  if (id === undefined) return null;
  return { id, method: textOr(payload, "method"), options: payload.method === "session/request_permission" ? optionsOf(payload.params) : [] };
}

/**
 * `knownKind`: the kind of a tool call by its toolCallId, as a host saw it in an earlier `session/update`
 * (createAcpGate keeps them); the stdin hook sees one request and has none.
 */
export function mapAcp(payload: unknown, host: HostEnv, knownKind?: (sessionId: string, toolCallId: string) => string | undefined): Mapping<AcpContext> {
  if (!isObject(payload)) return { invalid: "the input is not a JSON-RPC request object" };
  const method = text(payload, "method");
  if (method === undefined) return { invalid: 'the input is not a JSON-RPC request (no "method")' };
  const context = acpContextOf(payload);
  const params = payload.params;
  const gated = method === "session/request_permission" || method === "terminal/create" || FS_METHODS.has(method);
  if (!gated) return { ignore: `${method} is not gated` };
  if (context === null) return { invalid: `${method} has no usable "id" (a request, not a notification, is expected)` };
  if (!isObject(params)) return { invalid: `${method} has no "params" object` };
  const session_id = textOr(params, "sessionId");
  const base = { session_id, binding: bindingOf("acp", host, method) };
  let gate: EventInput;
  if (method === "session/request_permission") {
    const call = params.toolCall;
    if (!isObject(call)) return { invalid: 'session/request_permission has no "toolCall" object' };
    const toolCallId = textOr(call, "toolCallId");
    const placed = placePermission(call, toolCallId !== "" ? knownKind?.(session_id, toolCallId) : undefined);
    if ("ignore" in placed) return { ignore: placed.ignore };
    const cwd = isObject(placed.input) ? text(placed.input, "cwd") : undefined;
    gate = { ...base, event_type: "pre_tool_use", tool_use_id: toolCallId, tool_name: placed.tool, tool_input: placed.input, env: eventEnv(host, cwd) };
  } else {
    const { sessionId: _session, ...input } = params as JsonObject;
    gate = { ...base, event_type: "pre_tool_use", tool_use_id: String(context.id ?? ""), tool_name: method, tool_input: input, env: eventEnv(host, text(params, "cwd")) };
  }
  return { gate, context };
}

const response = (id: JsonRpcId, body: { result: unknown } | { error: { code: number; message: string; data?: unknown } }, exitCode: number): HookAnswer => ({
  stdout: JSON.stringify({ jsonrpc: "2.0", id, ...body }),
  stderr: null,
  exitCode,
});

function select(context: AcpContext, kinds: readonly string[]): string | null {
  for (const kind of kinds) {
    const option = context.options.find((o) => o.kind === kind);
    if (option !== undefined) return option.optionId;
  }
  return null;
}

/**
 * The refusal of one request: a JSON-RPC error whose message is the reason. For a permission request
 * this is chosen over selecting its reject option, which loses the reason: claude-code-acp then tells the
 * model only "User refused permission to run tool" (0.16 also ends the turn), while a failed permission
 * request reaches the model as "Tool permission request failed: Error: <reason>", the call not run
 * (measured end to end, test/e2e/acp.e2e.test.ts). `data.reject_option` names the option a client that
 * prefers to answer by selection would select (reject_once, else reject_always).
 */
export function acpRefusal(context: AcpContext, reason: string): HookAnswer {
  const data = context.method === "session/request_permission" ? { data: { verdict: "deny", reject_option: select(context, ["reject_once", "reject_always"]) } } : {};
  return { ...response(context.id, { error: { code: ACP_DENIED_CODE, message: reason, ...data } }, EXIT.DENY), stderr: `gatehouse hook acp: deny: ${reason}` };
}

export const acpAdapter: HookAdapter<AcpContext> = {
  agent: "acp",
  map: mapAcp,
  answer(decision: Decision, context: AcpContext, options: AnswerOptions): HookAnswer {
    const verdict = hookVerdict(decision);
    if (verdict === "deny") return acpRefusal(context, reasonText(decision));
    if (verdict === "ask") return { stdout: "", stderr: `gatehouse hook acp: ask: ${askReason(decision)}`, exitCode: EXIT.ASK };
    if (options.grantAllow && context.method === "session/request_permission") {
      const optionId = select(context, ["allow_once"]);
      if (optionId !== null) return response(context.id, { result: { outcome: { outcome: "selected", optionId } } }, EXIT.OK);
    }
    return { stdout: "", stderr: null, exitCode: EXIT.OK };
  },
  failure(failure: HookFailure, posture: ErrorPosture, context: AcpContext | null, payload?: unknown): HookAnswer {
    if (posture === "open") return failOpen("acp", failure);
    const known = context ?? acpContextOf(payload);
    const answer =
      known !== null
        ? acpRefusal(known, failureReason(failure.message))
        : response(null, { error: { code: payload === undefined ? JSONRPC_PARSE_ERROR : JSONRPC_INVALID_REQUEST, message: failureReason(failure.message) } }, EXIT.DENY);
    return { ...answer, stderr: failureLine("acp", failure) };
  },
};
