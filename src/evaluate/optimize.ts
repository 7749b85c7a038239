// Optimize selection (SPEC §9.5): among firing artifacts that carry a
// directive, the deepest layer path (then bundle order) is `actual` among the
// enforcing and `monitor` among the monitoring; every other is `shadowed`.
// Parameters never enter the evidence; `rewrite` mirrors `actual`.
import type { LoadedArtifact } from "./compiled.js";
import type { OptimizeCandidate, OptimizeContext, Rewrite } from "../model/decision.js";

/** A t1 LoadedArtifact whose `optimize` directive is set. */
export type OptimizingArtifact = LoadedArtifact;

function candidateOf(a: OptimizingArtifact): OptimizeCandidate {
  return {
    artifact_id: a.artifact_id,
    atom_id: a.atom_id,
    policy_id: a.policy_public_id,
    layer_unit_id: a.layer_path.length > 0 ? a.layer_path[a.layer_path.length - 1]! : null,
    lever: a.optimize!.lever,
    reason: a.reason,
  };
}

function deepest(list: OptimizingArtifact[]): OptimizingArtifact | null {
  let best: OptimizingArtifact | null = null;
  for (const a of list) if (best === null || a.layer_path.length > best.layer_path.length) best = a;
  return best;
}

/** `firing` must be in bundle order. */
export function selectOptimize(firing: OptimizingArtifact[]): { optimize: OptimizeContext | null; rewrite: Rewrite | null } {
  if (firing.length === 0) return { optimize: null, rewrite: null };
  const actual = deepest(firing.filter((a) => a.mode === "enforce"));
  const monitor = deepest(firing.filter((a) => a.mode === "monitor"));
  const shadowed = firing.filter((a) => a !== actual && a !== monitor).map(candidateOf);
  const rewrite: Rewrite | null =
    actual === null
      ? null
      : {
          lever: actual.optimize!.lever,
          artifact_id: actual.artifact_id,
          steer_instruction: actual.optimize!.lever === "steer" ? String(actual.optimize!.params.steer_instruction) : null,
        };
  return {
    optimize: { actual: actual === null ? null : candidateOf(actual), monitor: monitor === null ? null : candidateOf(monitor), shadowed },
    rewrite,
  };
}
