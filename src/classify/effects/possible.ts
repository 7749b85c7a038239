// Possible nested commands (src/classify/shell/nested.ts): what an unknown
// program's command-line argument would do, classified by the same rows but
// into a scratch collector. A non-read effect (or a read of a secret, or a gap
// of its own) becomes one shape-3 gap on the outer command, naming what it
// would do; plain reads and nothing at all stay silent. Its effects are never
// confident: the program may not run it (seed 003: say so, do not guess a deny).
import { GAP_SHAPE } from "../../model/gap-shapes.js";
import type { Effect, UnknownCommand } from "../../model/classification.js";
import type { PossibleNested } from "../shell-analysis.js";
import { Collector } from "./collector.js";
import type { SharedState } from "./common.js";

interface Probe {
  out: Collector;
  state: SharedState;
}

export class PossibleCommands {
  private probes: Map<PossibleNested, Probe> | null = null;

  /** The collector and state a possible command is classified into (one per probe; cwd changes stay inside). */
  scratch(p: PossibleNested, state: SharedState): Probe {
    this.probes ??= new Map();
    let probe = this.probes.get(p);
    if (!probe) {
      probe = { out: new Collector(), state: { ...state, cwds: [...state.cwds], downloaded: new Set(state.downloaded) } };
      this.probes.set(p, probe);
    }
    return probe;
  }

  /** One gap per probe whose commands would matter. */
  gaps(out: Collector): void {
    if (this.probes === null) return;
    for (const [p, probe] of this.probes) {
      const effect = probe.out.effects.find(matters);
      const gap: UnknownCommand | undefined = probe.out.unknown[0] ?? p.gaps[0];
      if (!effect && !gap) continue;
      const what = effect
        ? `${effect.verb} × ${effect.target_class} (\`${String(effect.attrs.target ?? "")}\`, by ${String(effect.attrs.program ?? "")})`
        : `a command it cannot read (${gap!.reason})`;
      out.gap(GAP_SHAPE.DYNAMIC_SCRIPT, `\`${p.launcher}\` is a program gatehouse does not know, and an argument is a command line that would ${what}: it may run it`, p.raw);
    }
  }
}

function matters(e: Effect): boolean {
  return e.verb !== "read" || e.target_class === "secret_file";
}
