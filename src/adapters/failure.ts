// The two error postures (`--on-error open|closed`, SPEC §11 Errors) as
// answers: open lets the call through with a non-blocking exit code and one
// line on stderr; closed blocks through the agent's exit-2 channel (adapters
// whose protocol blocks differently build their own closed answer).
import { EXIT } from "../model/exit-codes.js";
import { failureReason } from "./verdict.js";
import type { FailureKind, HookAnswer, HookFailure } from "./types.js";

/** Exit codes of a fail-open answer: none is 0 or 2, so no agent reads them as allow-by-decision or block. */
export const OPEN_FAILURE_EXIT: Readonly<Record<FailureKind, number>> = {
  input: EXIT.NO_INPUT,
  bundle: EXIT.FAILURE,
  state: EXIT.FAILURE,
  ledger: EXIT.FAILURE,
  internal: EXIT.INTERNAL,
};

export function failureLine(agent: string, failure: HookFailure): string {
  return `gatehouse hook ${agent}: ${failure.message}`;
}

export function failOpen(agent: string, failure: HookFailure): HookAnswer {
  return { stdout: "", stderr: failureLine(agent, failure), exitCode: OPEN_FAILURE_EXIT[failure.kind] };
}

/** Exit 2 with the reason on stderr: a block in Claude Code, Codex and Gemini CLI alike. */
export function failClosedByExit2(agent: string, failure: HookFailure): HookAnswer {
  return { stdout: "", stderr: `gatehouse hook ${agent}: ${failureReason(failure.message)}`, exitCode: EXIT.DENY };
}

/** An answer that says nothing and lets the agent go on. */
export const SILENCE: Readonly<HookAnswer> = Object.freeze({ stdout: "", stderr: null, exitCode: EXIT.OK });
