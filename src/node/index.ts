// Node entry of the library: the pure engine plus the file-backed loaders
// (shell grammar from the installed packages, bundles from disk).
import { Engine, type EngineOptions } from "../engine.js";
import { defaultBundlePath, readBundleFile } from "./bundle-file.js";
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
export { defaultBundlePath, readBundleFile } from "./bundle-file.js";
export { StateStoreError, type SessionStore, type StateStamp, type SessionUpdate, type StoreResult } from "../state/store.js";
export { MemorySessionStore } from "../state/memory-store.js";
export { StateDirStore, defaultStateDir, type StateDirOptions } from "./state-dir.js";
export * as ledger from "../ledger/index.js";

export interface NodeEngineOptions extends Partial<Omit<EngineOptions, "bundle">> {
  /** A bundle object or JSON text; wins over `bundlePath`. */
  bundle?: unknown;
  /** A bundle file; with neither, the embedded default bundle. */
  bundlePath?: string;
}

/** Load an engine in Node: grammar from node_modules, bundle from disk or the default. */
export async function loadEngine(options: NodeEngineOptions = {}): Promise<Engine> {
  const bundle = options.bundle ?? readBundleFile(options.bundlePath ?? defaultBundlePath());
  return Engine.load({ ...options, bundle, grammar: options.grammar ?? readGrammarFiles(), inlineGrammars: options.inlineGrammars ?? nodeInlineGrammars() });
}
