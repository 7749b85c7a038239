// One hook call, start to finish, for any adapter and any front door: the
// agent's JSON text in, the agent's answer out. The stdin hook
// (src/cli/hook.ts) and the daemon's `POST /v1/hook/<agent>` both run this, so
// their answers are byte-identical; what differs (where the engine and the
// state come from, what the edge adds to an event) is handed in.
//
// Errors never escape and never silently allow (SPEC §11 Errors): unreadable
// input, a bundle that does not load, a failing state store, a failing
// decision record, or a bug becomes `adapter.failure(…)` under the posture.
// A state store failure under `open` still evaluates — with the session's
// state unknown, so Tier 1 and Tier 3 rules hold and Tier 2 rules answer
// `on_unknown` (never a blank state) — and says so on stderr; a decision the
// ledger cannot record is still answered under `open` (a deny stays a deny).
import type { Engine } from "../engine.js";
import type { DecisionRecord as LedgerDecisionRecord } from "../model/envelope.js";
import type { Envelope } from "../model/envelope.js";
import type { EventInput } from "../model/event.js";
import { layoutIsEmpty } from "../model/state-layout.js";
import type { SessionState } from "../model/session-state.js";
import { StateStoreError, type SessionStore } from "../state/store.js";
import { EXIT } from "../model/exit-codes.js";
import { misdirectedTo } from "./detect.js";
import { OPEN_FAILURE_EXIT } from "./failure.js";
import type { AdapterName, ErrorPosture, HookAdapter, HookAnswer, HookFailure, HostEnv } from "./types.js";

/** Hook input larger than this is refused unread (a real payload is a tool call: kilobytes, a large Write a few megabytes). */
export const MAX_HOOK_INPUT_BYTES = 64 * 1024 * 1024;

/** What the ledger records for one evaluated call (the ledger's own record, with the agent and exact types). */
export interface DecisionRecord extends LedgerDecisionRecord {
  agent: AdapterName;
  /** The event as evaluated (after the edge's enrichment). */
  event: EventInput;
  /** The stored state the evaluation started from (null: blank). */
  state_in: SessionState | null;
}

export interface HookDeps {
  /** The engine, or how to load it: the stdin hook loads it only for an event it gates. */
  engine: Engine | (() => Promise<Engine>);
  /** Where session state lives between calls; null keeps none (every call starts blank). */
  store: SessionStore | null;
  host: HostEnv;
  nowMs: number;
  posture: ErrorPosture;
  grantAllow: boolean;
  /** Nobody can answer an ask in this run (AnswerOptions.noPerson; the edge finds it out). */
  noPerson?: boolean;
  /** How the input is named in error lines ("stdin", "the request body"). */
  inputName?: string;
  /** The edge's additions to an event before evaluation (I/O allowed there): e.g. `facts["git.branch"]`. */
  enrich?: (event: EventInput) => EventInput;
  /**
   * The host's look at the real file system for this call (src/node/host-facts.ts, docs/host-facts.md):
   * symlinks in the operands and the scripts the command runs, as `event.host` facts, asked of the engine in
   * rounds (`Engine.hostWants`). The event it returns is evaluated and recorded, so replay is exact.
   */
  gather?: (engine: Engine, event: EventInput) => EventInput;
  /**
   * Called once per evaluated call, after the decision and before the answer is given (the ledger's seam).
   * A throw is a `ledger` failure: `closed` denies; `open` still answers the decision (a stderr line says
   * it was not recorded), and a silent allow then exits non-zero.
   */
  onDecision?: (record: DecisionRecord) => void | Promise<void>;
}

export interface HookOutcome {
  answer: HookAnswer;
  /** Extra stderr lines: store warnings, a state failure the answer survived. */
  warnings: string[];
  /** The evaluated call, when there was one. */
  record: DecisionRecord | null;
  outcome: "answered" | "ignored" | "failed";
}

const message = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** Error text as one stderr line: whitespace runs (newlines included) collapsed, at most 500 characters. */
export function oneLine(text: string, max = 500): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`;
}

function failed(adapter: HookAdapter<any>, deps: HookDeps, failure: HookFailure, context: unknown, payload: unknown, warnings: string[]): HookOutcome {
  return { answer: adapter.failure({ kind: failure.kind, message: oneLine(failure.message) }, deps.posture, context, payload), warnings, record: null, outcome: "failed" };
}

/** One call from the agent's JSON text (stdin, an HTTP body). */
export async function handleHook(adapter: HookAdapter<any>, input: string, deps: HookDeps): Promise<HookOutcome> {
  const where = deps.inputName ?? "the hook input";
  const fail = (text: string) => failed(adapter, deps, { kind: "input", message: text }, null, undefined, []);
  if (input.length > MAX_HOOK_INPUT_BYTES) return fail(`${where} is over ${MAX_HOOK_INPUT_BYTES} bytes; not read`);
  if (input.trim() === "") return fail(`${where} is empty (expected the agent's hook JSON)`);
  let payload: unknown;
  try {
    payload = JSON.parse(input);
  } catch (error) {
    return fail(`${where} is not JSON: ${message(error)}`);
  }
  return handlePayload(adapter, payload, deps);
}

/** One call from the agent's already-parsed JSON (an in-process host). */
export async function handlePayload(adapter: HookAdapter<any>, payload: unknown, deps: HookDeps): Promise<HookOutcome> {
  const where = deps.inputName ?? "the hook input";
  // What is known so far, for the failure answer (ACP answers a request by its id).
  let context: unknown = null;
  const warnings: string[] = [];
  const fail = (failure: HookFailure): HookOutcome => failed(adapter, deps, failure, context, payload, warnings);
  try {
    const mapping = adapter.map(payload, deps.host);
    if ("ignore" in mapping) {
      // Another agent's gated call (a Cursor hook wired to `hook claude`) would pass unread: refuse it as input.
      const other = misdirectedTo(adapter.agent, payload);
      if (other !== null) return fail({ kind: "input", message: `${where} holds ${other.agent}'s hook JSON (${other.event}), which gatehouse hook ${adapter.agent} does not read; run gatehouse hook ${other.agent}` });
      return { answer: { stdout: "", stderr: null, exitCode: 0 }, warnings: [], record: null, outcome: "ignored" };
    }
    if ("invalid" in mapping) return fail({ kind: "input", message: `${where}: ${mapping.invalid}` });
    context = mapping.context;
    let event = deps.enrich ? deps.enrich(mapping.gate) : mapping.gate;

    let engine: Engine;
    try {
      engine = typeof deps.engine === "function" ? await deps.engine() : deps.engine;
    } catch (error) {
      // A bundle file that cannot be read is unreadable input (66) at every front door, as for `check`
      // or `eval`; one that reads but does not load is a bundle failure (1).
      const unreadable = (error as { exitCode?: unknown } | null)?.exitCode === EXIT.NO_INPUT;
      return fail({ kind: unreadable ? "input" : "bundle", message: message(error) });
    }
    if (deps.gather) event = deps.gather(engine, event);

    let stateFailed = false;
    const evaluate = (state: SessionState | null) => {
      const envelope = engine.evaluate(event, state, deps.nowMs);
      return { state: envelope.state, result: { envelope, state_in: state } };
    };
    let evaluated: { envelope: Envelope; state_in: SessionState | null };
    if (deps.store === null || layoutIsEmpty(engine.layout)) {
      evaluated = evaluate(null).result;
    } else {
      try {
        // Imported here, with the engine already loaded: the hook's start-up graph stays without zod.
        const { journalOf } = await import("../state/journal.js");
        const stored = await deps.store.update(event.session_id ?? "", { layout: engine.layout, bundleDigest: engine.bundleDigest }, evaluate, journalOf(engine, event, deps.nowMs));
        warnings.push(...stored.warnings);
        evaluated = stored.result;
      } catch (error) {
        if (!(error instanceof StateStoreError)) throw error;
        if (deps.posture === "closed") return fail({ kind: "state", message: error.message });
        // Never against a blank state (that would reset the session's counters): its state is unknown.
        warnings.push(`gatehouse hook ${adapter.agent}: ${error.message}; evaluated with the session's state unknown, so its Tier 2 rules answer on_unknown (--on-error open)`);
        stateFailed = true;
        // Imported here: the engine (and zod with it) is loaded by now; the hook's start-up graph stays without it.
        const { unknownState } = await import("../model/session-state.js");
        evaluated = evaluate(unknownState(engine.layout, `the state store failed: ${error.message}`)).result;
      }
    }

    const record: DecisionRecord = { agent: adapter.agent, event, now_ms: deps.nowMs, state_in: evaluated.state_in, envelope: evaluated.envelope };
    let recordFailed = false;
    if (deps.onDecision) {
      try {
        await deps.onDecision(record);
      } catch (error) {
        if (deps.posture === "closed") return fail({ kind: "ledger", message: message(error) });
        // Under `open` a decision that could not be recorded is still the decision: a deny or ask
        // is answered (failing open must never turn a refusal into a pass), and stderr says so.
        warnings.push(`gatehouse hook ${adapter.agent}: ${oneLine(message(error))}; answered without a ledger record (--on-error open)`);
        recordFailed = true;
      }
    }
    let answer = adapter.answer(evaluated.envelope.decision, context, { grantAllow: deps.grantAllow, noPerson: deps.noPerson === true });
    // A silent allow after a state or record failure exits non-zero (non-blocking), so the failure is seen.
    if ((stateFailed || recordFailed) && answer.stdout === "" && answer.exitCode === 0)
      answer = { ...answer, exitCode: stateFailed ? OPEN_FAILURE_EXIT.state : OPEN_FAILURE_EXIT.ledger };
    return { answer, warnings, record, outcome: "answered" };
  } catch (error) {
    return fail({ kind: "internal", message: `internal error: ${message(error)}` });
  }
}
