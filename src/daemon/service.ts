// What the daemon does with a request once it has been read and parsed: the
// engine with session state from the store, the ledger, and the answer. No HTTP
// here — the server (server.ts) turns a Reply into bytes on the wire.
import type { Engine } from "../engine.js";
import type { Envelope } from "../model/envelope.js";
import type { SessionState } from "../state/session.js";
import type { Logger } from "./log.js";
import type { SessionStore } from "./session-store.js";
import type { ErrorBody, Health } from "./wire.js";

export interface Reply {
  status: number;
  /** Exact bytes of the body (JSON). */
  body: string;
  /** For the debug log line. */
  note?: Record<string, unknown>;
}

export const jsonReply = (status: number, value: unknown, note?: Record<string, unknown>): Reply => ({ status, body: JSON.stringify(value), note });
export const errorReply = (status: number, code: string, message: string): Reply => jsonReply(status, { error: { code, message } } satisfies ErrorBody, { error: code });

export interface Decided {
  envelope: Envelope;
  /** The state the decision was made on (what the ledger records as state_in). */
  stateIn: SessionState | null;
}

export interface ServiceOptions {
  store: SessionStore;
  log: Logger;
  now: () => number;
  startedMs: number;
}

/** A store that cannot be reached, or a state that cannot be written: the caller's error posture applies. */
export class StateUnavailableError extends Error {
  override readonly name = "StateUnavailableError";
}

export class DaemonService {
  private served = 0;
  inFlight = 0;

  constructor(
    private current: Engine,
    private readonly options: ServiceOptions,
  ) {}

  get engine(): Engine {
    return this.current;
  }

  /** Swap the engine (SIGHUP). Calls already running finish on the engine they started with. */
  replaceEngine(engine: Engine): void {
    this.current = engine;
  }

  countServed(): void {
    this.served++;
  }

  /**
   * Evaluate one event with its session's state, read and written atomically
   * through the store. An event without a session id has no state to carry:
   * it is evaluated on the blank state and nothing is stored.
   */
  async decide(event: Record<string, unknown>): Promise<Decided> {
    const engine = this.current;
    const now = this.options.now();
    const sessionId = typeof event.session_id === "string" ? event.session_id : "";
    if (sessionId === "") return { envelope: engine.evaluate(event, null, now), stateIn: null };
    let outcome;
    try {
      outcome = await this.options.store.update(sessionId, { layout: engine.layout, bundleDigest: engine.bundleDigest }, (state) => {
        let envelope: Envelope;
        try {
          envelope = engine.evaluate(event, state, now);
        } catch (error) {
          throw new EvaluateFailed(error);
        }
        return { state: envelope.state, result: { envelope, stateIn: state } };
      });
    } catch (error) {
      // The engine's own failure passes through as it was; anything else is the store's.
      if (error instanceof EvaluateFailed) throw error.cause;
      throw new StateUnavailableError(error instanceof Error ? error.message : String(error));
    }
    for (const warning of outcome.warnings) this.options.log.log("warn", warning, { session: clip(sessionId) });
    return outcome.result;
  }

  /** POST /v1/evaluate: an event (SPEC §2) → its envelope. */
  async evaluate(body: unknown): Promise<Reply> {
    if (typeof body !== "object" || body === null || Array.isArray(body)) return errorReply(400, "bad_event", "the body must be a JSON object (an event)");
    try {
      const { envelope } = await this.decide(body as Record<string, unknown>);
      return jsonReply(200, envelope, { verdict: envelope.decision.verdict });
    } catch (error) {
      if (error instanceof StateUnavailableError) return errorReply(503, "state_unavailable", error.message);
      throw error;
    }
  }

  async health(): Promise<Reply> {
    const store = this.options.store;
    const reachable = store.reachable ?? true;
    const engine = this.current;
    const health: Health = {
      status: reachable ? "ok" : "degraded",
      engine_version: engine.engineVersion,
      bundle_id: engine.bundleId,
      bundle_digest: engine.bundleDigest,
      uptime_ms: Math.max(0, this.options.now() - this.options.startedMs),
      sessions: { store: store.kind, held: await store.sessionsHeld(), reachable },
      requests: { in_flight: this.inFlight, served: this.served },
    };
    return jsonReply(reachable ? 200 : 503, health);
  }
}

/** Carries an exception of the engine through the store's update unchanged. */
class EvaluateFailed extends Error {
  constructor(override readonly cause: unknown) {
    super("evaluate failed");
  }
}

/** Session ids are input: logs show a bounded prefix. */
export function clip(text: string, max = 80): string {
  return text.length <= max ? text : `${text.slice(0, max)}…`;
}
