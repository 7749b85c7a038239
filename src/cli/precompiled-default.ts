// The default bundle as scripts/build.mjs precompiled it into dist/cli.cjs
// (src/bundle/precompiled.ts); null when the CLI runs from source (tests),
// which then loads the default bundle the ordinary way.
import type { PrecompiledBundle } from "../bundle/load.js";

declare const GATEHOUSE_PRECOMPILED_DEFAULT_BUNDLE: PrecompiledBundle | undefined;

export const PRECOMPILED_DEFAULT: PrecompiledBundle | null =
  typeof GATEHOUSE_PRECOMPILED_DEFAULT_BUNDLE === "undefined" ? null : GATEHOUSE_PRECOMPILED_DEFAULT_BUNDLE;
