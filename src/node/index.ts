// Node entry of the library: the pure engine plus the file-backed loaders
// (shell grammar from the installed packages, bundles from disk).
import { Engine, type EngineOptions } from "../engine.js";
import { bundleFileSource, fileBaseResolver } from "./bundle-file.js";
import { readGrammarFiles } from "./grammar.js";
import { nodeInlineGrammars } from "./inline-grammars.js";

export { Engine, type EngineOptions } from "../engine.js";
export { BundleLoadError } from "../bundle/load.js";
export { StateLayoutError } from "../state/session.js";
export type { Decision, Verdict } from "../model/decision.js";
export type { Envelope } from "../model/envelope.js";
export type { EventInput } from "../model/event.js";
export type { SessionState } from "../state/session.js";
export type { Classification, Effect } from "../model/classification.js";
export { bundleFileSource, defaultBundlePath, fileBaseResolver, readBundleFile } from "./bundle-file.js";
export { DEFAULT_BUNDLE_REF, type BaseResolver, type BaseBundle } from "../bundle/compose.js";
export type { SkippedItem } from "../bundle/skip.js";
export type { BundleWarning } from "../bundle/warning.js";
export { StateStoreError, type SessionStore, type StateStamp, type SessionUpdate, type StoreResult } from "../state/store.js";
export { MemorySessionStore } from "../state/memory-store.js";
export { StateDirStore, defaultStateDir, type StateDirOptions } from "./state-dir.js";
export * as ledger from "../ledger/index.js";

export interface NodeEngineOptions extends Partial<Omit<EngineOptions, "bundle">> {
  /** A bundle object or JSON text; wins over `bundlePath`. Its relative `extends` resolve from the working directory. */
  bundle?: unknown;
  /** A bundle file; with neither, the embedded default bundle. Its relative `extends` resolve from its directory. */
  bundlePath?: string;
}

/**
 * Load an engine in Node: grammar from node_modules, bundle from disk or the
 * default, and `extends` resolved from files (`gatehouse:default` is the
 * package's default bundle). Every front door — check, eval, the hooks, the
 * daemon — loads through here, so composition works the same in all of them.
 */
export async function loadEngine(options: NodeEngineOptions = {}): Promise<Engine> {
  const source: { bundle: unknown; resolveBase: EngineOptions["resolveBase"]; bundleKey?: string } =
    options.bundle !== undefined ? { bundle: options.bundle, resolveBase: fileBaseResolver() } : bundleFileSource(options.bundlePath);
  return Engine.load({
    ...options,
    bundle: source.bundle,
    resolveBase: options.resolveBase ?? source.resolveBase,
    bundleKey: options.bundleKey ?? source.bundleKey,
    grammar: options.grammar ?? readGrammarFiles(),
    inlineGrammars: options.inlineGrammars ?? nodeInlineGrammars(),
  });
}
