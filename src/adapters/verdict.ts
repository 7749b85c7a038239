// What every adapter says about a decision: the reason text, and how `hold`
// degrades where a hook has no resolver (SPEC §3, §11). The notes are data
// here, once, so every agent's answer says the same thing.
import type { Decision } from "../model/decision.js";

/** The verdict a hook can act on: `hold` has no resolver in a hook, so it is asked. */
export type HookVerdict = "allow" | "ask" | "deny";

export function hookVerdict(decision: Decision): HookVerdict {
  return decision.verdict === "hold" ? "ask" : decision.verdict;
}

/** The decision's reason, verbatim; a rule that gave none is named instead. */
export function reasonText(decision: Decision): string {
  if (decision.reason.trim() !== "") return decision.reason;
  const who = decision.artifact_id ?? decision.atom_id ?? "a Gatehouse rule";
  return `${who}: ${decision.verdict}`;
}

/** Appended to the reason of a held action answered as an ask. */
export function holdNote(decision: Decision): string {
  const how = decision.hold?.resolve;
  return `[Gatehouse: this rule holds the action for ${how ? `resolution by ${how}` : "an out-of-band resolution"}; a hook has no resolver, so you are asked instead]`;
}

/** The reason an ask-class answer carries: the rule's reason, plus the hold note when it was a hold. */
export function askReason(decision: Decision): string {
  return decision.verdict === "hold" ? `${reasonText(decision)} ${holdNote(decision)}` : reasonText(decision);
}

/**
 * For agents whose `ask` lets the call through (Codex, the OpenCode plugin):
 * the ask becomes a deny whose reason says a person must approve it.
 */
export function mustApproveReason(decision: Decision, agentName: string): string {
  const held = decision.verdict === "hold" ? " (the rule holds it for a person; a hook has no resolver)" : "";
  return `${reasonText(decision)} [Gatehouse: a person must approve this action${held}. ${agentName} hooks cannot ask, so it is denied; if it is wanted, a person can run it themselves]`;
}

/** For an agent that could ask, in a run with nobody to answer (Gemini CLI headless): the ask becomes a deny saying so. */
export function noPersonReason(decision: Decision, run: string): string {
  const held = decision.verdict === "hold" ? " (the rule holds it for a person; a hook has no resolver)" : "";
  return `${reasonText(decision)} [Gatehouse: a person must approve this action${held}. Nobody can answer a confirmation in ${run}, so it is denied; if it is wanted, a person can run it themselves]`;
}

/** The reason of a deny given because evaluation failed under `--on-error closed`. */
export function failureReason(message: string): string {
  return `Gatehouse could not evaluate this action and --on-error closed denies it: ${message}`;
}
