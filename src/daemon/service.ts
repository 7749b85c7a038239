// What the daemon does with a request once it has been read: the engine with
// session state from the store, the decision record (the ledger's seam), and
// the answer. No HTTP here — the server (server.ts) turns a Reply into bytes.
import { normaliseEventType } from "../model/event-type.js";
import { ADAPTERS, handleHook, type DecisionRecord, type ErrorPosture, type HookAgent, type HostEnv } from "../adapters/index.js";
import type { Engine } from "../engine.js";
import type { Envelope } from "../model/envelope.js";
import type { EventInput } from "../model/event.js";
import { layoutIsEmpty } from "../state/record.js";
import type { SessionState } from "../model/session-state.js";
import { journalOf } from "../state/journal.js";
import { StateStoreError } from "../state/store.js";
import { EXIT } from "../model/exit-codes.js";
import { EXIT_CODE_HEADER, httpOfHookAnswer } from "./hook-answer.js";
import type { Refusal } from "./guard.js";
import type { Logger } from "./log.js";
import type { DaemonStore } from "./stores.js";
import type { ErrorBody, Health } from "./wire.js";

export interface Reply {
  status: number;
  /** Exact bytes of the body (JSON). */
  body: string;
  /** Extra response headers. */
  headers?: Record<string, string>;
  /** For the debug log line. */
  note?: Record<string, unknown>;
}

export const jsonReply = (status: number, value: unknown, note?: Record<string, unknown>): Reply => ({ status, body: JSON.stringify(value), note });
export const errorReply = (status: number, code: string, message: string): Reply => jsonReply(status, { error: { code, message } } satisfies ErrorBody, { error: code });

/** One decision as made: what the ledger records. */
export type Decided = Omit<DecisionRecord, "agent">;

export interface ServiceOptions {
  store: DaemonStore;
  log: Logger;
  now: () => number;
  startedMs: number;
  /** `--on-error` of the hook routes. */
  posture: ErrorPosture;
  /** `--grant-allow` of the hook routes. */
  grantAllow: boolean;
  /** What the host knows that a payload may not carry ($HOME, $PATH, the daemon's cwd). */
  host: HostEnv;
  /** The edge's additions to an event (the git branch of its cwd). */
  enrich?: (event: EventInput) => EventInput;
  /** The host's look at the file system for a hook call (src/node/host-facts.ts): links and scripts as `host` facts. */
  gather?: (engine: Engine, event: EventInput) => EventInput;
  /** Called once per decision before it is answered (the ledger); a throw fails the call. */
  onDecision?: (record: Decided) => Promise<void>;
}

export class DaemonService {
  private served = 0;
  inFlight = 0;

  constructor(
    private current: Engine,
    private readonly options: ServiceOptions,
  ) {
    this.lastActivityMs = options.startedMs;
  }

  get engine(): Engine {
    return this.current;
  }

  get storeKind(): string {
    return this.options.store.kind;
  }

  /** Swap the engine (SIGHUP). Calls already running finish on the engine they started with. */
  replaceEngine(engine: Engine): void {
    this.current = engine;
  }

  /** When a request last started or ended (the service's clock): `serve --idle-exit` reads it. */
  lastActivityMs = 0;

  countServed(): void {
    this.served++;
    this.lastActivityMs = this.options.now();
  }

  /** A request arrived. */
  countArrived(): void {
    this.lastActivityMs = this.options.now();
  }

  /** POST /v1/evaluate: an event (SPEC §2) → its envelope, with the session's state read and written atomically. */
  async evaluate(body: unknown): Promise<Reply> {
    if (typeof body !== "object" || body === null || Array.isArray(body)) return errorReply(400, "bad_event", "the body must be a JSON object (an event)");
    // The caller's event as given (no edge enrichment): the envelope is the library's for it. A known event type in
    // another spelling is read as that type (a `warnings` entry says so); an unknown one is refused, never a silent allow.
    const read = normaliseEventType(body);
    if ("error" in read) return errorReply(400, "bad_event", read.error);
    const event = read.event as EventInput;
    const engine = this.current;
    const now = this.options.now();
    const evaluate = (state: SessionState | null) => {
      const envelope = engine.evaluate(event, state, now);
      return { state: envelope.state, result: { envelope, state_in: state } };
    };
    let evaluated: { envelope: Envelope; state_in: SessionState | null };
    // As the hook pipeline does: a bundle without Tier 2 programs keeps no state at all.
    if (layoutIsEmpty(engine.layout)) evaluated = evaluate(null).result;
    else {
      const sessionId = typeof event.session_id === "string" ? event.session_id : "";
      try {
        const stored = await this.options.store.store.update(sessionId, { layout: engine.layout, bundleDigest: engine.bundleDigest }, evaluate, journalOf(engine, event, now));
        for (const warning of stored.warnings) this.options.log.log("warn", warning);
        evaluated = stored.result;
      } catch (error) {
        if (error instanceof StateStoreError) return errorReply(503, "state_unavailable", error.message);
        throw error;
      }
    }
    if (this.options.onDecision) {
      try {
        await this.options.onDecision({ event, now_ms: now, state_in: evaluated.state_in, envelope: evaluated.envelope });
      } catch (error) {
        return errorReply(503, "ledger_unavailable", error instanceof Error ? error.message : String(error));
      }
    }
    return jsonReply(200, read.warning === null ? evaluated.envelope : { ...evaluated.envelope, warnings: [read.warning] }, { verdict: evaluated.envelope.decision.verdict });
  }

  /**
   * POST /v1/hook/<agent>: the same pipeline as `gatehouse hook <agent>`, so the same bytes, as an HTTP
   * reply an agent's http hook reads (`http`); or, for a forwarding hook process (POST
   * /v1/hook-answer/<agent>, `raw`), the answer itself: `{stdout, stderr, exit_code}`, always 200.
   */
  async hook(agent: HookAgent, text: string, answer: "http" | "raw" = "http", noPerson = false): Promise<Reply> {
    const o = this.options;
    const outcome = await handleHook(ADAPTERS[agent], text, {
      engine: this.current,
      store: o.store.store,
      host: o.host,
      nowMs: o.now(),
      posture: o.posture,
      grantAllow: o.grantAllow,
      noPerson,
      inputName: answer === "raw" ? "stdin" : "the request body",
      enrich: o.enrich,
      ...(o.gather ? { gather: o.gather } : {}),
      onDecision: o.onDecision,
    });
    for (const warning of outcome.warnings) o.log.log("warn", warning);
    const note = { outcome: outcome.outcome, verdict: outcome.record?.envelope.decision.verdict };
    if (answer === "raw") {
      const { stdout, stderr, exitCode } = outcome.answer;
      return jsonReply(200, { stdout, stderr, exit_code: exitCode }, note);
    }
    const reply = httpOfHookAnswer(outcome.answer);
    return { ...reply, note: { ...reply.note, ...note } };
  }

  /**
   * A hook body the server refused unread (over --max-body, a wrong content type), answered as the agent's
   * unreadable input: under `closed` that agent's block (a 200 it reads as one), under `open` the HTTP error
   * itself (a non-blocking error, so the call goes ahead and the failure shows), as the stdin hook does.
   */
  hookRefused(agent: HookAgent, refusal: Refusal): Reply {
    const answer = ADAPTERS[agent].failure({ kind: "input", message: `the request body was refused: ${refusal.message}` }, this.options.posture, null, undefined);
    this.options.log.log("warn", "hook body refused", { agent, code: refusal.code, status: refusal.status, posture: this.options.posture });
    const note = { outcome: "failed", refused: refusal.code };
    if (answer.stdout === "" && answer.exitCode !== EXIT.DENY) {
      const reply = errorReply(refusal.status, refusal.code, answer.stderr ?? refusal.message);
      return { ...reply, headers: { [EXIT_CODE_HEADER]: String(answer.exitCode) }, note: { ...reply.note, ...note } };
    }
    const reply = httpOfHookAnswer(answer);
    return { ...reply, note: { ...reply.note, ...note } };
  }

  async health(): Promise<Reply> {
    const store = this.options.store;
    const reachable = store.reachable();
    const engine = this.current;
    const health: Health = {
      status: reachable ? "ok" : "degraded",
      engine_version: engine.engineVersion,
      bundle_id: engine.bundleId,
      bundle_digest: engine.bundleDigest,
      uptime_ms: Math.max(0, this.options.now() - this.options.startedMs),
      pid: process.pid,
      sessions: { store: store.kind, held: store.held(), reachable },
      requests: { in_flight: this.inFlight, served: this.served },
      classify_cache: engine.classificationCacheStats,
    };
    return jsonReply(reachable ? 200 : 503, health);
  }
}

/** Session ids and paths are input: logs show a bounded prefix. */
export function clip(text: string, max = 80): string {
  return text.length <= max ? text : `${text.slice(0, max)}…`;
}
