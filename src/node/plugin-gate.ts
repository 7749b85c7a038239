// What an in-process plugin (OpenCode's plugin, Pi's extension) shares: the
// engine loaded once per plugin instance, on the first call; session state in
// memory or a state directory; the error posture; and each distinct fail-open
// line logged once. The plugin turns the adapter's answer into its agent's own
// way of blocking (a throw, a `{block, reason}` return).
import { handlePayload } from "../adapters/respond.js";
import type { ErrorPosture, HookAdapter, HookAnswer, HostEnv } from "../adapters/types.js";
import type { Engine } from "../engine.js";
import { MemorySessionStore } from "../state/memory-store.js";
import type { SessionStore } from "../state/store.js";
import { withGitBranch } from "./git-branch.js";
import { loadEngine } from "./index.js";
import { StateDirStore } from "./state-dir.js";

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

export interface PluginGate {
  /** Evaluate one payload of `adapter`'s and answer as its hook would; warnings are logged. */
  run(payload: unknown, host: HostEnv, noPerson?: boolean): Promise<HookAnswer>;
  /** Log a line once per plugin instance (a fail-open error repeats on every call). */
  logOnce(line: string): void;
}

export function pluginGate(adapter: HookAdapter<any>, options: GatehousePluginOptions, inputName: string): PluginGate {
  let engine: Promise<Engine> | null = null;
  const loadOnce = () => (engine ??= loadEngine({ bundle: options.bundle, bundlePath: options.bundlePath ?? process.env.GATEHOUSE_BUNDLE }));
  const store = options.store ?? (options.stateDir !== undefined ? new StateDirStore(options.stateDir) : new MemorySessionStore());
  const posture = options.onError ?? "open";
  const log = options.log ?? ((line: string) => console.error(line));
  const logged = new Set<string>();
  const logOnce = (line: string) => {
    if (!logged.has(line)) (logged.add(line), log(line));
  };
  return {
    logOnce,
    async run(payload, host, noPerson = false) {
      const outcome = await handlePayload(adapter, payload, { engine: loadOnce, store, host, nowMs: Date.now(), posture, grantAllow: false, noPerson, inputName, enrich: withGitBranch });
      for (const line of outcome.warnings) log(line);
      return outcome.answer;
    },
  };
}
