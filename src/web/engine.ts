// Browser entry of the library: the pure engine with everything it needs to
// load embedded, so a page can start it with no file access and no fetch.
// esbuild's binary loader (`--loader:.wasm=binary`, scripts/build.mjs) turns
// the two tree-sitter .wasm imports into their bytes; the default bundle is
// inlined as JSON. No node: imports here: the browser build fails on any.
import runtime from "web-tree-sitter/tree-sitter.wasm";
import language from "tree-sitter-bash/tree-sitter-bash.wasm";
import defaultBundle from "../../bundles/default.json";
import { Engine } from "../engine.js";
import { browserBaseResolver } from "./base-resolver.js";
import { fetchedInlineGrammars } from "./inline-grammars.js";
import type { InlineGrammarSource } from "../classify/inline-code/grammars.js";

export { Engine, type EngineOptions } from "../engine.js";
export { fetchedInlineGrammars } from "./inline-grammars.js";
export type { InlineGrammarSource, InlineLanguage } from "../classify/inline-code/grammars.js";
export { BundleLoadError } from "../bundle/load.js";
export { StateLayoutError } from "../model/session-state.js";
export type { Decision, Verdict } from "../model/decision.js";
export type { Envelope } from "../model/envelope.js";
export type { EventInput } from "../model/event.js";
export type { SessionState } from "../model/session-state.js";
export type { Classification, Effect } from "../model/classification.js";

/** The default bundle embedded in this build (SPEC §4). */
export const DEFAULT_BUNDLE: unknown = defaultBundle;

export interface BrowserEngineOptions {
  /**
   * Where the inline-code grammars come from (python, javascript, ruby,
   * powershell; SPEC §6.7). Default: fetched from beside this module, where
   * the build puts them (dist/web/tree-sitter-*.wasm), on the first event
   * that needs one — call `await engine.prepare(event)` before `evaluate`;
   * without it such code is unknown shape 6.
   */
  inlineGrammars?: InlineGrammarSource;
}

/**
 * Load an engine in a browser: the shell grammar from the embedded bytes, and
 * `bundle` (an object or JSON text) or, without one, the embedded default. A
 * bundle may extend `gatehouse:default`; a path in `extends` is refused.
 */
export async function loadBrowserEngine(bundle?: unknown, options: BrowserEngineOptions = {}): Promise<Engine> {
  const inlineGrammars = options.inlineGrammars ?? fetchedInlineGrammars(import.meta.url);
  return Engine.load({ bundle: bundle ?? defaultBundle, grammar: { runtime, language }, resolveBase: browserBaseResolver(defaultBundle), inlineGrammars });
}
