// The built-in contribution for coverage gaps (SPEC §6.3): with `on_unknown`
// `ask` or `deny`, a pre_tool_use whose classification has any gap contributes
// that verdict at tier 1 — and joins like any other, so a confident `deny`
// elsewhere still wins. It sorts after every bundle artifact in ties. And the
// Tier 2 twin of a gap: a program that cannot read an unknown session state.
import type { LoadedArtifact } from "./compiled.js";
import type { Classification } from "../model/classification.js";
import { severity, type Verdict } from "../model/decision.js";
import { contributionOf, type Contribution } from "./contribution.js";
import type { Event } from "../model/event.js";
import { gapShapeTitle } from "../model/gap-shapes.js";

export function unknownContribution(
  event: Event,
  classification: Classification,
  bundle: { on_unknown: Verdict; enforcement_enabled: boolean },
  order: number,
): Contribution | null {
  if (event.event_type !== "pre_tool_use" || classification.unknown.length === 0 || bundle.on_unknown === "allow") return null;
  const first = classification.unknown[0]!;
  const title = gapShapeTitle(first.shape);
  const quoted = first.command === "" ? "" : `: ${first.command.length > 120 ? `${first.command.slice(0, 117)}...` : first.command}`;
  return {
    order,
    artifact_id: null,
    atom_id: `unknown.shape.${first.shape}`,
    policy_public_id: null,
    dimension: "safety",
    mode: bundle.enforcement_enabled ? "enforce" : "monitor",
    tier: 1,
    verdict: bundle.on_unknown,
    reason: `gatehouse cannot tell what this command would do (unknown shape ${first.shape}, ${title}${quoted}) — ${first.reason}; rewrite it with literal arguments or ask the person to run it`,
    hold: null,
    ground_key: null,
    when: null,
  };
}

/** The fact id an unknown session state is reported under in `inconclusive_facts`. */
export const STATE_UNKNOWN_FACT = "session.state";

/**
 * What a Tier 2 program contributes when the event would run it but the
 * session's state is unknown (src/state/session.ts `unknownState`): it cannot
 * tell whether it fires, so it answers the bundle's `on_unknown` — never more
 * than the rule itself could answer (an `ask` rule stays at most `ask`), and
 * never an allow it could not check. Null when that leaves nothing to say
 * (`on_unknown: "allow"`, or an allow rule): the gap is then only reported.
 */
export function unknownStateContribution(a: LoadedArtifact, onUnknown: Verdict, why: string): Contribution | null {
  const base = contributionOf(a, 2);
  const verdict = severity(onUnknown) < severity(base.verdict) ? onUnknown : base.verdict;
  if (verdict === "allow") return null;
  const reason = `${base.reason} — not checked: this session's Tier 2 state is unknown (${why}), so the rule answers on_unknown (${onUnknown})`;
  return { ...base, verdict, reason };
}
