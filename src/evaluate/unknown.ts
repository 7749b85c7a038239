// The built-in contribution for coverage gaps (SPEC §6.3): with `on_unknown`
// `ask` or `deny`, a pre_tool_use whose classification has any gap contributes
// that verdict at tier 1 — and joins like any other, so a confident `deny`
// elsewhere still wins. It sorts after every bundle artifact in ties.
import type { LoadedBundle } from "../bundle/load.js";
import type { Classification } from "../model/classification.js";
import type { Contribution } from "./contribution.js";
import type { Event } from "../model/event.js";
import { gapShapeTitle } from "../model/gap-shapes.js";

export function unknownContribution(
  event: Event,
  classification: Classification,
  bundle: Pick<LoadedBundle, "on_unknown" | "enforcement_enabled">,
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
