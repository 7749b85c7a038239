// The Kilo Code CLI plugin, exported as `gatehouse-guard/kilo`. Kilo Code is an
// OpenCode fork with OpenCode's plugin API, so this is OpenCode's plugin with
// Kilo's adapter (its own tools, its name in the reasons and the binding):
//
//   // .kilo/plugins/gatehouse.js (or $XDG_CONFIG_HOME/kilo/plugins/), as `gatehouse install kilo` writes it
//   export { GatehouseKiloPlugin } from "gatehouse-guard/kilo";
import { kiloAdapter } from "../adapters/kilo.js";
import { openCodeStylePlugin, type OpenCodePlugin } from "./opencode-plugin.js";
import type { GatehousePluginOptions } from "./plugin-gate.js";

export type { GatehousePluginOptions } from "./plugin-gate.js";
export type { OpenCodeHooks, OpenCodePlugin, OpenCodePluginContext } from "./opencode-plugin.js";

export function createGatehouseKiloPlugin(options: GatehousePluginOptions = {}): OpenCodePlugin {
  return openCodeStylePlugin(kiloAdapter, "the Kilo Code tool call", options);
}

/** The plugin with default options (bundle from `$GATEHOUSE_BUNDLE` or the embedded default, state in memory, fail open). */
export const GatehouseKiloPlugin: OpenCodePlugin = createGatehouseKiloPlugin();
export default GatehouseKiloPlugin;
