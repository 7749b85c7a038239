// The OpenCode plugin (SPEC §11; hooks.md §2 OpenCode), exported as
// `gatehouse-guard/opencode`. OpenCode loads plugin modules in-process, so there is
// no process per tool call: the engine loads once per plugin instance and
// session state stays in memory (or in a state directory, if given).
//
//   // .opencode/plugins/gatehouse.js (or ~/.config/opencode/plugins/)
//   export { GatehousePlugin } from "gatehouse-guard/opencode";
//
// `tool.execute.before` throws the reason to block a deny — and an ask or
// hold, which OpenCode cannot put to a person from a plugin. `tool.execute.after`
// evaluates the post event for session state and never throws.
import { hostEnvFrom } from "../adapters/host.js";
import type { HookAdapter } from "../adapters/types.js";
import { openCodeAdapter, type OpenCodeContext, type OpenCodeToolCall } from "../adapters/opencode.js";
import { EXIT } from "../model/exit-codes.js";
import { pluginGate, type GatehousePluginOptions } from "./plugin-gate.js";

export type { GatehousePluginOptions } from "./plugin-gate.js";

/** What OpenCode passes a plugin (only the fields Gatehouse reads). */
export interface OpenCodePluginContext {
  directory?: string;
  worktree?: string;
  [key: string]: unknown;
}

export interface OpenCodeHooks {
  "tool.execute.before": (input: OpenCodeToolCall, output: { args?: unknown }) => Promise<void>;
  "tool.execute.after": (input: OpenCodeToolCall, output: { title?: string; output?: unknown; metadata?: unknown }) => Promise<void>;
}

export type OpenCodePlugin = (context: OpenCodePluginContext) => Promise<OpenCodeHooks>;

/** Arguments of calls in flight, so `tool.execute.after` (which gets none) evaluates with them. */
const MAX_IN_FLIGHT = 1024;

export function createGatehousePlugin(options: GatehousePluginOptions = {}): OpenCodePlugin {
  return openCodeStylePlugin(openCodeAdapter, "the OpenCode tool call", options);
}

/** A plugin for an agent of OpenCode's plugin API (OpenCode, Kilo Code), answering through `adapter`. */
export function openCodeStylePlugin(adapter: HookAdapter<OpenCodeContext>, inputName: string, options: GatehousePluginOptions): OpenCodePlugin {
  return async (context) => {
    const gate = pluginGate(adapter, options, inputName);
    const host = hostEnvFrom(process.env, context.directory ?? context.worktree ?? process.cwd(), "plugin");
    const inFlight = new Map<string, unknown>();

    const run = async (call: OpenCodeToolCall, args: unknown, phase: "pre" | "post", result?: unknown) => {
      const answer = await gate.run({ call, args, phase, result }, host);
      if (answer.exitCode === EXIT.DENY && phase === "pre") throw new Error(answer.stderr ?? "blocked by Gatehouse");
      if (answer.stderr !== null) gate.logOnce(answer.stderr);
    };

    return {
      "tool.execute.before": async (input, output) => {
        const args = output?.args;
        // Whatever OpenCode hands over is input: a missing `input` is the pipeline's to refuse, never a TypeError here.
        if (typeof input?.callID === "string") {
          if (inFlight.size >= MAX_IN_FLIGHT) inFlight.delete(inFlight.keys().next().value as string);
          inFlight.set(input.callID, args);
        }
        await run(input, args, "pre");
      },
      "tool.execute.after": async (input, output) => {
        const callID = typeof input?.callID === "string" ? input.callID : undefined;
        const args = callID !== undefined ? inFlight.get(callID) : undefined;
        if (callID !== undefined) inFlight.delete(callID);
        try {
          await run(input, args, "post", output ?? null);
        } catch {
          // The tool already ran: a post event never blocks.
        }
      },
    };
  };
}

/** The plugin with default options (bundle from `$GATEHOUSE_BUNDLE` or the embedded default, state in memory, fail open). */
export const GatehousePlugin: OpenCodePlugin = createGatehousePlugin();
export default GatehousePlugin;
