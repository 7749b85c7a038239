// The corpus spec files (test/corpus/spec.ts): each key is the .jsonl file the
// specs build into.
import type { CaseSpec } from "../spec.js";
import bundleCompose from "./bundle-compose.js";
import defaultBenign from "./default-benign.js";
import defaultBypass from "./default-bypass.js";
import defaultSeed003 from "./default-seed003.js";
import defaultResolved from "./default-resolved.js";
import defaultTools from "./default-tools.js";
import engineFields from "./engine-fields.js";
import engineJoin from "./engine-join.js";
import engineLoading from "./engine-loading.js";
import enginePredicates from "./engine-predicates.js";
import engineTier2 from "./engine-tier2.js";
import engineStateUnknown from "./engine-state-unknown.js";
import engineTrees from "./engine-trees.js";
import hookEvents from "./hook-events.js";
import guardTouchSet from "./guard-touch-set.js";
import peerDerived from "./peer-derived.js";
import breadthInputs from "./breadth-inputs.js";
import classifyStructure from "./classify-structure.js";
import defaultFamiliesA from "./default-families-a.js";
import outsidePacks from "./outside-packs.js";
import classifyTargets from "./classify-targets.js";
import classifyNested from "./classify-nested.js";
import inlineCode from "./inline-code.js";
import defaultFamiliesB from "./default-families-b.js";
import qaLimits from "./qa-limits.js";
import lateSecrets from "./late-secrets.js";
import lateShell from "./late-shell.js";
import lateEffects from "./late-effects.js";
import remoteRuns from "./remote-runs.js";
import programStartup from "./program-startup.js";
import redteamR2 from "./redteam-r2.js";
import redteamR3 from "./redteam-r3.js";
import redteamR4 from "./redteam-r4.js";
import selfProtection from "./self-protection.js";
import scriptWrites from "./script-writes.js";
import hostFacts from "./host-facts.js";
import accuracy from "./accuracy.js";
import accuracyRunners from "./accuracy-runners.js";
import registry from "./registry.js";
import accuracyContext from "./accuracy-context.js";
import accuracyLeaks from "./accuracy-leaks.js";
import accuracyStores from "./accuracy-stores.js";
import accuracyEveryday from "./accuracy-everyday.js";
import accuracyProbes from "./accuracy-probes.js";
import accuracyClasses from "./accuracy-classes.js";

export const SPEC_FILES: Record<string, CaseSpec[]> = {
  "engine-predicates": enginePredicates,
  "engine-fields": engineFields,
  "engine-trees": engineTrees,
  "engine-loading": engineLoading,
  "engine-join": engineJoin,
  "engine-tier2": engineTier2,
  "engine-state-unknown": engineStateUnknown,
  "default-seed003": defaultSeed003,
  "default-benign": defaultBenign,
  "default-bypass": defaultBypass,
  "default-tools": defaultTools,
  "default-resolved": defaultResolved,
  "peer-derived": peerDerived,
  "breadth-inputs": breadthInputs,
  "hook-events": hookEvents,
  "classify-structure": classifyStructure,
  "inline-code": inlineCode,
  "default-families-b": defaultFamiliesB,
  "bundle-compose": bundleCompose,
  "guard-touch-set": guardTouchSet,
  "default-families-a": defaultFamiliesA,
  "outside-packs": outsidePacks,
  "classify-targets": classifyTargets,
  "classify-nested": classifyNested,
  "self-protection": selfProtection,
  "script-writes": scriptWrites,
  "host-facts": hostFacts,
  "qa-limits": qaLimits,
  "late-secrets": lateSecrets,
  "late-shell": lateShell,
  "late-effects": lateEffects,
  "remote-runs": remoteRuns,
  "program-startup": programStartup,
  "redteam-r2": redteamR2,
  "redteam-r3": redteamR3,
  "redteam-r4": redteamR4,
  accuracy: accuracy,
  "accuracy-runners": accuracyRunners,
  registry,
  "accuracy-context": accuracyContext,
  "accuracy-leaks": accuracyLeaks,
  "accuracy-stores": accuracyStores,
  "accuracy-everyday": accuracyEveryday,
  "accuracy-probes": accuracyProbes,
  "accuracy-classes": accuracyClasses,
};
