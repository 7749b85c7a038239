// `loadEngine`: the engine with Node's file-backed loaders (shell grammar from
// the installed packages, bundles from disk). Its own module so the CLI's
// commands import the engine without the rest of the library's surface (the
// ledger, the state stores).
import { Engine, type EngineOptions } from "../engine.js";
import { bundleFileSource, fileBaseResolver } from "./bundle-file.js";
import { readGrammarFiles } from "./grammar.js";
import { nodeInlineGrammars } from "./inline-grammars.js";

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
 * `precompiled` (the CLI's build-time form of the default bundle) applies only
 * when the file read holds exactly its text.
 */
export async function loadEngine(options: NodeEngineOptions = {}): Promise<Engine> {
  // With a precompiled form, the file is handed over as text: the form applies only to that very text.
  const source: { bundle: unknown; resolveBase: EngineOptions["resolveBase"]; bundleKey?: string } =
    options.bundle !== undefined ? { bundle: options.bundle, resolveBase: fileBaseResolver() } : bundleFileSource(options.bundlePath, process.cwd(), options.precompiled !== undefined);
  return Engine.load({
    ...options,
    bundle: source.bundle,
    resolveBase: options.resolveBase ?? source.resolveBase,
    bundleKey: options.bundleKey ?? source.bundleKey,
    grammar: options.grammar ?? readGrammarFiles(),
    inlineGrammars: options.inlineGrammars ?? nodeInlineGrammars(),
  });
}
