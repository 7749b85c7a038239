// The shape every agent adapter has (docs/adapters.md): a pure mapping from
// the agent's own hook JSON to a Gatehouse event, and from a decision back to
// the agent's own answer. No I/O here — the hook command (src/cli/hook.ts), the
// daemon and in-process hosts all call the same functions, so the same payload
// gets byte-identical answers through every front door.
import type { Decision } from "../model/decision.js";
import type { EventInput } from "../model/event.js";

/** Agents with a stdin hook (`gatehouse hook <agent>`). OpenCode is an in-process plugin instead. */
export const HOOK_AGENTS = ["claude", "codex", "gemini", "cursor", "copilot", "qwen", "droid", "cline", "acp"] as const;
export type HookAgent = (typeof HOOK_AGENTS)[number];

export function isHookAgent(name: string): name is HookAgent {
  return (HOOK_AGENTS as readonly string[]).includes(name);
}

/** What the host knows that a payload may not carry; read at the edge, handed in. */
export interface HostEnv {
  /** The host process's working directory: the fallback when a payload names none. */
  cwd: string;
  /** `$HOME`. */
  home?: string;
  /** Absolute `$PATH` entries. */
  pathDirs?: readonly string[];
  /** How the payload arrived, recorded in the event's `binding.mode`: `hook` (stdin), `http`, `plugin`, `library`. */
  mode?: string;
}

/** The adapter's reading of one payload. */
export type Mapping<C> =
  /** Evaluate this event and answer through `context`. */
  | { gate: EventInput; context: C }
  /** An event the engine does not gate (SessionStart, Stop, …): accepted silently. */
  | { ignore: string }
  /** A payload that cannot be read as this agent's hook JSON: one line saying why. */
  | { invalid: string };

/** The agent's answer, exactly: the bytes for stdout (no trailing newline; "" is silence), a line for stderr, the exit code. */
export interface HookAnswer {
  stdout: string;
  stderr: string | null;
  exitCode: number;
}

export interface AnswerOptions {
  /** Answer `allow` explicitly where the agent's protocol has one (`--grant-allow`); by default an allow is silence. */
  grantAllow: boolean;
  /**
   * Nobody can answer an ask in this run (Gemini CLI headless, `gemini -p`: an ask there ends the whole run
   * with exit 0 and nothing done): an agent whose ask would wait for a person answers it as a deny that says
   * a person must approve. Absent: a person may be there.
   */
  noPerson?: boolean;
}

/** `--on-error`: what a hook answers when it could not evaluate. */
export type ErrorPosture = "open" | "closed";
export const ERROR_POSTURES = ["open", "closed"] as const;

/** Why evaluation could not happen: unreadable input, a bundle that does not load, the state store, the decision record (ledger), a bug. */
export type FailureKind = "input" | "bundle" | "state" | "ledger" | "internal";
export interface HookFailure {
  kind: FailureKind;
  /** One line naming what and where. */
  message: string;
}

/** Every adapter: the stdin-hook agents, OpenCode's and Kilo Code's in-process plugins and Pi's extension. */
export type AdapterName = HookAgent | "opencode" | "kilo" | "pi";

export interface HookAdapter<C = unknown> {
  readonly agent: AdapterName;
  map(payload: unknown, host: HostEnv): Mapping<C>;
  answer(decision: Decision, context: C, options: AnswerOptions): HookAnswer;
  /**
   * The answer when evaluation could not happen. `context` is null when the
   * payload could not be mapped; `payload` is what was parsed, if anything
   * (undefined when the input was not JSON). `open` lets the call through with
   * a non-blocking exit code; `closed` denies in the agent's protocol.
   */
  failure(failure: HookFailure, posture: ErrorPosture, context: C | null, payload?: unknown): HookAnswer;
}
