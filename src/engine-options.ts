// What a host hands `Engine.load`: the bundle, where the grammars and the
// bundles it extends come from, and the switches tests and benches use.
import type { PrecompiledBundle } from "./bundle/load.js";
import type { BaseResolver } from "./bundle/compose.js";
import type { GrammarBytes, ShellParser } from "./classify/shell/index.js";
import type { InlineGrammarSource } from "./classify/inline-code/index.js";
import type { Classification } from "./model/classification.js";
import type { ClassificationCacheOptions } from "./classification-cache.js";
import type { Event } from "./model/event.js";

export interface EngineOptions {
  /** The bundle as a parsed object or JSON text. */
  bundle: unknown;
  /**
   * tree-sitter runtime + bash grammar bytes; required unless `parser` or `classify` is given.
   * `inline`: where the inline-code grammars come from, when the host bundles
   * them with the shell grammar (Node's `readGrammarFiles` does).
   */
  grammar?: GrammarBytes & { inline?: InlineGrammarSource };
  /**
   * A shell parser loaded once (`loadShellParser`) and shared by engines made
   * one after another (the page, on every bundle edit). Pass `grammar` too for
   * inline code: its runtime bytes start the inline-code grammars.
   */
  parser?: ShellParser;
  /** `wasm` (default) or the plain-TypeScript twin of every hot-path export. */
  implementation?: "wasm" | "twin";
  /** The keyword prefilter (SPEC §7); off only to prove it changes nothing. */
  prefilter?: boolean;
  /** Replace the classifier (tests feed hand-built classifications). */
  classify?: (event: Event) => Classification;
  /**
   * Where the inline-code grammars come from (SPEC §6.7; docs/classifier.md
   * "Inline code"). `read` is used inside `evaluate` on first need; `fetch`
   * only by `prepare`. Without a source, inline code stays unknown shape 6.
   */
  inlineGrammars?: InlineGrammarSource;
  /**
   * Fetches the bundles named in `extends` (SPEC §4 composition). The core
   * reads no files: Node's `loadEngine` passes one that reads paths relative
   * to the bundle's file, the browser entry one that knows `gatehouse:default`.
   * Without it, a bundle with `extends` fails to load.
   */
  resolveBase?: BaseResolver;
  /** The bundle's identity for `resolveBase` (its absolute path): relative `extends` start there, and a base naming it back is a cycle. */
  bundleKey?: string;
  /**
   * The bundle as precompiled at build time (src/bundle/precompiled.ts): used
   * only when `bundle` is exactly its text, which then loads without schema
   * validation or hashing — to the same engine.
   */
  precompiled?: PrecompiledBundle;
  /** The compiled Gatehouse WASM module, when the host fetched it (the page does); default: the bytes embedded at build time. */
  wasmModule?: WebAssembly.Module;
  /**
   * Keep classifications of events seen before (src/classification-cache.ts):
   * `true` with the default bounds, or the bounds. Off by default; `gatehouse
   * serve` turns it on. Every hit returns a copy of its own.
   */
  classificationCache?: boolean | ClassificationCacheOptions;
}
