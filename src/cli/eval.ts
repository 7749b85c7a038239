// `gatehouse eval [--bundle B] [--ledger L [--ledger-events] [--ledger-redact]] FILE.jsonl`:
// evaluate lines in order — each an event, or a frame {event, now_ms?, state?} —
// carrying session state per session_id. One envelope per line; a bad line
// prints {"error": {line, message}} and evaluation goes on; exit 1 at the end if
// any line failed. With --ledger, each decision is appended (and fsynced) before
// its envelope is printed; a decision the ledger could not record is a failed
// line, and its session's state does not advance.
import { guessHookAgent, looksLikeHookPayload } from "../adapters/detect.js";
import { appendDecision, LedgerError } from "../ledger/append.js";
import type { SessionState } from "../model/session-state.js";
import type { ParsedArgs } from "./args.js";
import { CliError } from "./cli-error.js";
import { engineFromArgs, reportSkipped, unreadable } from "./engine-options.js";
import { EXIT } from "../model/exit-codes.js";
import type { Io } from "./io.js";
import { ledgerTargetOf } from "./ledger-flags.js";
import { normaliseEventType } from "../model/event-type.js";

interface Frame {
  event: unknown;
  now_ms: number | null;
  state: unknown;
}

/** A line (or `explain --event` file) as a frame: an event alone, or `{event, now_ms?, state?}`. */
export function frameOf(value: unknown): Frame {
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new Error("a line must be a JSON object (an event or a frame)");
  const v = value as Record<string, unknown>;
  const isFrame = typeof v.event === "object" && v.event !== null && !("event_type" in v);
  if (!isFrame) return { event: value, now_ms: null, state: undefined };
  if (v.now_ms !== undefined && !Number.isSafeInteger(v.now_ms)) throw new Error("frame now_ms must be an integer");
  return { event: v.event, now_ms: (v.now_ms as number | undefined) ?? null, state: v.state };
}

/** The command that reads this hook JSON: `gatehouse hook <agent>` for the agent it looks like. */
function hookCommandFor(payload: unknown): string {
  const agent = guessHookAgent(payload);
  return agent === null ? "`gatehouse hook <agent>`" : `\`gatehouse hook ${agent}\``;
}

export async function evalCommand(args: ParsedArgs, io: Io): Promise<number> {
  const file = args.positionals[0]!;
  const ledger = ledgerTargetOf(args);
  let text: string;
  try {
    text = file === "-" ? io.readStdin() : io.readFile(file);
  } catch (error) {
    // `eval --ledger L --ledger-events events.jsonl` reads as if events.jsonl were written: say which file is the input.
    const cause = unreadable(file === "-" ? "stdin" : file, error);
    if (ledger?.events !== true || (error as NodeJS.ErrnoException).code !== "ENOENT") throw cause;
    throw new CliError(`${cause.message}: it is eval's input, the events to judge — --ledger-events takes no value (it keeps each event in its ledger row)`, cause.exitCode);
  }
  const engine = await engineFromArgs(args.values.get("bundle"), args.flags.has("twin") ? "twin" : "wasm");
  reportSkipped(engine, io.err);
  const sessions = new Map<string, SessionState>();
  let failed = 0;
  let hookLines = 0;
  const lines = text.split("\n");
  let tornNoted = false;
  for (const [index, line] of lines.entries()) {
    if (line.trim() === "") continue;
    const lineNo = index + 1;
    try {
      const value: unknown = JSON.parse(line);
      // An agent's hook JSON has no event_type: evaluated as an event it would be an unknown type, a silent allow.
      if (looksLikeHookPayload(value)) {
        if (hookLines++ === 0) io.err(`gatehouse eval: line ${lineNo} looks like an agent's hook JSON, not a Gatehouse event; use ${hookCommandFor(value)}`);
        throw new Error(`this is an agent's hook JSON (hook_event_name ${JSON.stringify((value as { hook_event_name: string }).hook_event_name)}, no event_type), not an event: use ${hookCommandFor(value)}`);
      }
      const frame = frameOf(value);
      // A known event type in another spelling is read as that type, with a warning; an unknown one fails the line (never a silent allow).
      if (typeof frame.event === "object" && frame.event !== null) {
        const read = normaliseEventType(frame.event);
        if ("error" in read) throw new Error(read.error);
        if (read.warning !== null) io.err(`gatehouse eval: warning: line ${lineNo}: ${read.warning}`);
        frame.event = read.event;
      }
      const sessionId = typeof (frame.event as { session_id?: unknown }).session_id === "string" ? (frame.event as { session_id: string }).session_id : "";
      const state = frame.state !== undefined ? frame.state : (sessions.get(sessionId) ?? null);
      const nowMs = frame.now_ms ?? io.now();
      const envelope = engine.evaluate(frame.event, state, nowMs);
      if (ledger !== null) {
        const appended = await appendDecision(ledger, { event: frame.event, state_in: state, now_ms: nowMs, envelope });
        if (appended.followedTornLine && !tornNoted) {
          tornNoted = true;
          io.err(`gatehouse eval: ${ledger.path} ended in lines that are not rows (an append cut short by a crash?); the chain continues after them — gatehouse ledger verify reports them`);
        }
        if (appended.eventDropped) io.err(`gatehouse eval: line ${lineNo}: the event is too large or nested too deep for a ledger row; recorded without it (not replayable)`);
      }
      sessions.set(sessionId, envelope.state);
      io.out(JSON.stringify(envelope));
    } catch (error) {
      failed++;
      const message = error instanceof LedgerError ? `not recorded: ${error.message}` : error instanceof Error ? error.message : String(error);
      io.out(JSON.stringify({ error: { line: lineNo, message } }));
    }
  }
  if (failed > 0) io.err(`gatehouse eval: ${failed} line(s) failed`);
  return failed > 0 ? EXIT.FAILURE : EXIT.OK;
}
