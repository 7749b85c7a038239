// `gatehouse explain [--bundle B] [--json] -- CMD…` (or `--command "…"`, or
// `--event FILE`): evaluate one event through the engine's own evaluation
// with a trace recorder on (Engine.explain) and print the whole trace.
import { performance } from "node:perf_hooks";
import { guessHookAgent, looksLikeHookPayload } from "../adapters/detect.js";
import { ADAPTERS } from "../adapters/index.js";
import { hostEnvFrom } from "../adapters/host.js";
import type { HookAgent } from "../adapters/types.js";
import { withGitBranch } from "../node/git-branch.js";
import { StateLayoutError } from "../model/session-state.js";
import { UsageError, type ParsedArgs } from "./args.js";
import { bashEvent, commandFromArgs } from "./check.js";
import { CliError, engineFromArgs, reportSkipped, unreadable } from "./engine-options.js";
import { frameOf } from "./eval.js";
import { EXIT } from "../model/exit-codes.js";
import { formatTrace } from "../render/trace.js";
import type { Io } from "./io.js";

const WARM_UP = 3;

interface Subject {
  event: unknown;
  state: unknown;
  now_ms: number | null;
}

function subjectOf(args: ParsedArgs, io: Io): Subject {
  const file = args.values.get("event");
  if (file === undefined && args.values.has("agent")) throw new UsageError("--agent reads the agent's hook JSON from --event FILE (or --event -)");
  if (file === undefined) return { event: bashEvent(commandFromArgs(args, io, "explain"), args, io), state: null, now_ms: null };
  if (args.rest !== null) throw new UsageError("give either --event or a command after --, not both");
  let text: string;
  try {
    text = file === "-" ? io.readStdin() : io.readFile(file);
  } catch (error) {
    throw unreadable(file === "-" ? "stdin" : file, error);
  }
  const where = file === "-" ? "stdin" : file;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new CliError(`${where}: not JSON: ${error instanceof Error ? error.message : String(error)}`, EXIT.FAILURE);
  }
  const agent = args.values.get("agent");
  if (agent !== undefined) return { event: agentEvent(agent as HookAgent, value, where, io), state: null, now_ms: null };
  // Explained as an event, an agent's hook JSON has no event_type: a neutral allow that explains nothing.
  if (looksLikeHookPayload(value))
    throw new CliError(`${where}: this is an agent's hook JSON (hook_event_name, no event_type), not an event: explain it with --agent ${guessHookAgent(value) ?? "<agent>"}`, EXIT.FAILURE);
  try {
    const frame = frameOf(value);
    return { event: frame.event, state: frame.state ?? null, now_ms: frame.now_ms };
  } catch (error) {
    throw new CliError(`${where}: ${error instanceof Error ? error.message : String(error)}`, EXIT.FAILURE);
  }
}

/** An agent's hook JSON, mapped (and enriched) exactly as `gatehouse hook <agent>` maps it before evaluating. */
function agentEvent(agent: HookAgent, payload: unknown, where: string, io: Io): unknown {
  const mapping = ADAPTERS[agent].map(payload, hostEnvFrom(io.env, io.cwd, "hook"));
  if ("invalid" in mapping) throw new CliError(`${where}: ${mapping.invalid}`, EXIT.FAILURE);
  if ("ignore" in mapping) throw new CliError(`${where}: gatehouse hook ${agent} accepts this event silently without evaluating it (${mapping.ignore})`, EXIT.FAILURE);
  return withGitBranch(mapping.gate);
}

export async function explainCommand(args: ParsedArgs, io: Io): Promise<number> {
  const subject = subjectOf(args, io);
  const engine = await engineFromArgs(args.values.get("bundle"), args.flags.has("twin") ? "twin" : "wasm");
  reportSkipped(engine, io.err);
  const nowMs = subject.now_ms ?? io.now();
  let explained;
  try {
    // Warm-up evaluations first (evaluate is pure): the timings are then of a
    // warm engine, not of a process's first call (JIT, cold caches).
    for (let i = 0; i < WARM_UP; i++) engine.evaluate(subject.event, subject.state, nowMs);
    explained = engine.explain(subject.event, subject.state, nowMs, () => performance.now());
  } catch (error) {
    // A non-object event or a state that does not fit the bundle: the engine's own refusal.
    if (error instanceof TypeError || error instanceof StateLayoutError) throw new CliError(error.message, EXIT.FAILURE);
    throw error;
  }
  io.out(args.flags.has("json") ? JSON.stringify(explained.trace) : formatTrace(explained.trace));
  return EXIT.OK;
}
