// Node entry of the library: the pure engine plus the file-backed loaders
// (shell grammar from the installed packages, bundles from disk).
export { Engine, type EngineOptions } from "../engine.js";
export { BundleLoadError } from "../bundle/load.js";
export { StateLayoutError } from "../model/session-state.js";
export type { Decision, Verdict } from "../model/decision.js";
export type { Envelope } from "../model/envelope.js";
export type { EventInput } from "../model/event.js";
export type { SessionState } from "../model/session-state.js";
export type { Classification, Effect } from "../model/classification.js";
export { bundleFileSource, defaultBundlePath, fileBaseResolver, readBundleFile } from "./bundle-file.js";
export { loadEngine, type NodeEngineOptions } from "./load-engine.js";
export { DEFAULT_BUNDLE_REF, type BaseResolver, type BaseBundle } from "../bundle/compose.js";
export type { SkippedItem } from "../bundle/skip.js";
export type { BundleWarning } from "../bundle/warning.js";
export { StateStoreError, type SessionStore, type StateStamp, type SessionUpdate, type StoreResult } from "../state/store.js";
export { MemorySessionStore } from "../state/memory-store.js";
export { StateDirStore, defaultStateDir, type StateDirOptions } from "./state-dir.js";
export * as ledger from "../ledger/index.js";
