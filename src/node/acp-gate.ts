// The ACP gate for hosts that embed Gatehouse (SPEC §11), exported as
// `gatehouse-guard/acp`: the same decision and the same JSON-RPC answer as
// `gatehouse hook acp`, in-process, with the engine loaded once and session
// state kept in memory (or a state directory).
//
//   const gate = await createAcpGate({ cwd: sessionCwd });
//   const { response } = await gate.check(request);   // an agent → client request
//   if (response) sendToAgent(response); else handleAsUsual(request);
import { acpAdapter, mapAcp, type JsonRpcId } from "../adapters/acp.js";
import { isObject, text } from "../adapters/payload.js";
import { hostEnvFrom } from "../adapters/host.js";
import { handlePayload } from "../adapters/respond.js";
import type { ErrorPosture } from "../adapters/types.js";
import { hookVerdict, reasonText, type HookVerdict } from "../adapters/verdict.js";
import type { Engine } from "../engine.js";
import type { Decision } from "../model/decision.js";
import { MemorySessionStore } from "../state/memory-store.js";
import type { SessionStore } from "../state/store.js";
import { withGitBranch } from "./git-branch.js";
import { loadEngine } from "./index.js";
import { StateDirStore } from "./state-dir.js";

export interface AcpGateOptions {
  /** A loaded engine; otherwise one is loaded from `bundle` / `bundlePath` / the embedded default. */
  engine?: Engine;
  bundle?: unknown;
  bundlePath?: string;
  /** Session state: a SessionStore, or a state directory shared with hook processes. Default: in memory. */
  store?: SessionStore;
  stateDir?: string;
  /** The session's working directory when a request names none (default: this process's). */
  cwd?: string;
  /** `open` (default): a call that cannot be evaluated is left to the host; `closed`: it is refused. */
  onError?: ErrorPosture;
  /** Select an `allow_once` option when the decision is allow (default: answer nothing, the person decides). */
  grantAllow?: boolean;
}

export interface JsonRpcResponse {
  jsonrpc: "2.0";
  id: JsonRpcId;
  result?: unknown;
  error?: { code: number; message: string };
}

export interface AcpCheck {
  /** The response to send the agent in place of the host's own handling, or null: handle the request as usual. */
  response: JsonRpcResponse | null;
  /** null when the request is not gated, or could not be evaluated under `open`. */
  verdict: HookVerdict | null;
  reason: string | null;
  decision: Decision | null;
  /** One line when evaluation failed, or a warning from the state store. */
  errors: string[];
}

export interface AcpGate {
  /**
   * An agent → client request: the answer to send instead, if any. Hand it the `session/update`
   * notifications too: a `tool_call` update names the kind that real agents leave out of the
   * permission request that follows it (claude-code-acp), and the gate keeps it for that request.
   */
  check(request: unknown, options?: { cwd?: string; nowMs?: number }): Promise<AcpCheck>;
}

/** Tool-call kinds remembered from `session/update`s, per session and toolCallId (bounded: the oldest go first). */
const KIND_MEMORY = 4096;

/** The kind a `tool_call` / `tool_call_update` notification names, keyed by session and toolCallId; null for anything else. */
function observedKind(request: unknown): { key: string; kind: string } | null {
  if (!isObject(request) || request.method !== "session/update" || !isObject(request.params)) return null;
  const update = request.params.update;
  if (!isObject(update) || (update.sessionUpdate !== "tool_call" && update.sessionUpdate !== "tool_call_update")) return null;
  const id = text(update, "toolCallId");
  const kind = text(update, "kind");
  return id !== undefined && kind !== undefined ? { key: `${text(request.params, "sessionId") ?? ""}\u0000${id}`, kind } : null;
}

export async function createAcpGate(options: AcpGateOptions = {}): Promise<AcpGate> {
  const engine = options.engine ?? (await loadEngine({ bundle: options.bundle, bundlePath: options.bundlePath }));
  const store = options.store ?? (options.stateDir !== undefined ? new StateDirStore(options.stateDir) : new MemorySessionStore());
  const posture = options.onError ?? "open";
  const kinds = new Map<string, string>();
  const adapter = { ...acpAdapter, map: (payload: unknown, host: Parameters<typeof mapAcp>[1]) => mapAcp(payload, host, (session, id) => kinds.get(`${session}\u0000${id}`)) };
  return {
    async check(request, call = {}) {
      const seen = observedKind(request);
      if (seen !== null) {
        kinds.delete(seen.key);
        kinds.set(seen.key, seen.kind);
        if (kinds.size > KIND_MEMORY) kinds.delete(kinds.keys().next().value!);
      }
      const outcome = await handlePayload(adapter, request, {
        engine,
        store,
        host: hostEnvFrom(process.env, call.cwd ?? options.cwd ?? process.cwd(), "library"),
        nowMs: call.nowMs ?? Date.now(),
        posture,
        grantAllow: options.grantAllow ?? false,
        inputName: "the ACP request",
        enrich: withGitBranch,
      });
      const decision = outcome.record?.envelope.decision ?? null;
      const stdout = outcome.answer.stdout;
      const errors = [...outcome.warnings, ...(outcome.outcome === "failed" && outcome.answer.stderr !== null ? [outcome.answer.stderr] : [])];
      return {
        response: stdout === "" ? null : (JSON.parse(stdout) as JsonRpcResponse),
        verdict: decision !== null ? hookVerdict(decision) : outcome.outcome === "failed" && stdout !== "" ? "deny" : null,
        reason: decision !== null && !decision.undecided ? reasonText(decision) : null,
        decision,
        errors,
      };
    },
  };
}
