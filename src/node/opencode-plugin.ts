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
import { openCodeAdapter, type OpenCodeToolCall } from "../adapters/opencode.js";
import { handlePayload } from "../adapters/respond.js";
import type { ErrorPosture } from "../adapters/types.js";
import { EXIT } from "../model/exit-codes.js";
import type { Engine } from "../engine.js";
import { MemorySessionStore } from "../state/memory-store.js";
import type { SessionStore } from "../state/store.js";
import { withGitBranch } from "./git-branch.js";
import { loadEngine } from "./index.js";
import { StateDirStore } from "./state-dir.js";

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

export interface GatehousePluginOptions {
  /** A bundle file (default `$GATEHOUSE_BUNDLE`, else the embedded default bundle). */
  bundlePath?: string;
  /** A bundle object or JSON text; wins over `bundlePath`. */
  bundle?: unknown;
  /** When the engine cannot load or evaluate: `open` (default) lets calls run, logging why once; `closed` blocks them. */
  onError?: ErrorPosture;
  /** Where session state lives: a SessionStore, or a state directory shared with hook processes. Default: in memory. */
  store?: SessionStore;
  stateDir?: string;
  /** Where warnings and fail-open errors go (default console.error). */
  log?: (line: string) => void;
}

/** Arguments of calls in flight, so `tool.execute.after` (which gets none) evaluates with them. */
const MAX_IN_FLIGHT = 1024;

export function createGatehousePlugin(options: GatehousePluginOptions = {}): OpenCodePlugin {
  return async (context) => {
    let engine: Promise<Engine> | null = null;
    const loadOnce = () => (engine ??= loadEngine({ bundle: options.bundle, bundlePath: options.bundlePath ?? process.env.GATEHOUSE_BUNDLE }));
    const store = options.store ?? (options.stateDir !== undefined ? new StateDirStore(options.stateDir) : new MemorySessionStore());
    const host = hostEnvFrom(process.env, context.directory ?? context.worktree ?? process.cwd(), "plugin");
    const posture = options.onError ?? "open";
    const log = options.log ?? ((line: string) => console.error(line));
    const logged = new Set<string>();
    const inFlight = new Map<string, unknown>();

    const run = async (call: OpenCodeToolCall, args: unknown, phase: "pre" | "post", result?: unknown) => {
      const outcome = await handlePayload(openCodeAdapter, { call, args, phase, result }, {
        engine: loadOnce,
        store,
        host,
        nowMs: Date.now(),
        posture,
        grantAllow: false,
        inputName: "the OpenCode tool call",
        enrich: withGitBranch,
      });
      for (const line of outcome.warnings) log(line);
      if (outcome.answer.exitCode === EXIT.DENY && phase === "pre") throw new Error(outcome.answer.stderr ?? "blocked by Gatehouse");
      const line = outcome.answer.stderr;
      if (line !== null && !logged.has(line)) (logged.add(line), log(line));
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
