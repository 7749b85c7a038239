// The web-tree-sitter runtime, initialised once per process, with a
// synchronous grammar load. Why synchronous: `Engine.evaluate` is synchronous
// and deterministic, and the inline-code grammars are loaded lazily — on the
// first event that holds such code, inside `evaluate`. web-tree-sitter's own
// `Language.load` is async only, but the emscripten module underneath exposes
// `loadWebAssemblyModule(bytes, {loadAsync: false})` on the very object passed
// to `Parser.init`; we keep that object and build the `Language` the way its
// (internal-only) constructor does. Measured on this machine (docs/classifier.md
// "Inline code"): the sync load of a grammar takes 1–6 ms, the async one 1 ms
// to 4 s (it compiles the whole module up front).
//
// Pinned to web-tree-sitter 0.25.10: `syncLanguage` mirrors that version's
// `Language` constructor; test/classify/inline-code/grammars.test.ts checks a
// sync-loaded language against an async-loaded one, so an upgrade that changes
// the internals fails there, not in production.
import { Language, Parser } from "web-tree-sitter";

/** The emscripten module object: what `Parser.init` filled in. Only the members used here. */
interface EmscriptenModule {
  wasmBinary: Uint8Array;
  /** Emscripten's hook to instantiate the runtime's .wasm itself (here: synchronously). */
  instantiateWasm?(imports: WebAssembly.Imports, receive: (instance: WebAssembly.Instance, module: WebAssembly.Module) => void): object;
  loadWebAssemblyModule?(binary: Uint8Array, flags: { loadAsync: false }): Record<string, () => number>;
  _ts_language_symbol_count?(address: number): number;
  _ts_language_symbol_type?(address: number, id: number): number;
  _ts_language_symbol_name?(address: number, id: number): number;
  _ts_language_field_count?(address: number): number;
  _ts_language_field_name_for_id?(address: number, id: number): number;
  UTF8ToString?(ptr: number): string;
}

export interface TreeSitterRuntime {
  /** False when someone else initialised web-tree-sitter first: only the async `Language.load` works then. */
  readonly syncLoad: boolean;
  /** Load a grammar synchronously. Throws when `syncLoad` is false or the bytes are not a grammar. */
  loadSync(bytes: Uint8Array): Language;
  /** Load a grammar (sync path when available, else web-tree-sitter's async `Language.load`). */
  load(bytes: Uint8Array): Promise<Language>;
}

let runtime: Promise<TreeSitterRuntime> | null = null;

/**
 * Initialise web-tree-sitter (idempotent: the first caller's bytes win, as in
 * web-tree-sitter itself). Call it before any other `Parser.init` in the
 * process to get the synchronous load path.
 */
export function initTreeSitterRuntime(runtimeBytes: Uint8Array): Promise<TreeSitterRuntime> {
  if (runtime === null) {
    const module: EmscriptenModule = { wasmBinary: runtimeBytes };
    // Emscripten instantiates with the async `WebAssembly.instantiate`, whose result arrives in a later task: a
    // hook process sat idle ~8 ms for it. Node (and any worker) may compile synchronously; a browser's main thread
    // may not (Chrome refuses modules over 4 KB there), so only Node takes this path.
    if (compilesSynchronously()) module.instantiateWasm = (imports, receive) => {
      const compiled = new WebAssembly.Module(runtimeBytes as Uint8Array<ArrayBuffer>);
      receive(new WebAssembly.Instance(compiled, imports), compiled);
      return {};
    };
    runtime = Parser.init(module).then(
      () => makeRuntime(module),
      (err: unknown) => {
        runtime = null;
        throw err;
      },
    );
  }
  return runtime;
}

/** Under Node: `process.versions.node` (read through `globalThis`, so a browser build needs no `process`). */
function compilesSynchronously(): boolean {
  const process = (globalThis as { process?: { versions?: { node?: unknown } } }).process;
  return typeof process?.versions?.node === "string";
}

const LANGUAGE_FUNCTION = /^tree_sitter_\w+$/;

function makeRuntime(m: EmscriptenModule): TreeSitterRuntime {
  const syncLoad =
    typeof m.loadWebAssemblyModule === "function" &&
    typeof m._ts_language_symbol_count === "function" &&
    typeof m._ts_language_field_name_for_id === "function" &&
    typeof m.UTF8ToString === "function";
  const loadSync = (bytes: Uint8Array): Language => {
    if (!syncLoad) throw new Error("web-tree-sitter was initialised elsewhere: no synchronous grammar load");
    return syncLanguage(m as Required<EmscriptenModule>, bytes);
  };
  return {
    syncLoad,
    loadSync,
    load: async (bytes) => (syncLoad ? loadSync(bytes) : Language.load(bytes)),
  };
}

/** What web-tree-sitter 0.25.10's `Language.load` + `new Language(INTERNAL, address)` do, synchronously. */
function syncLanguage(m: Required<EmscriptenModule>, bytes: Uint8Array): Language {
  const exports = m.loadWebAssemblyModule(bytes, { loadAsync: false });
  const fn = Object.keys(exports).find((k) => LANGUAGE_FUNCTION.test(k) && !k.includes("external_scanner_"));
  if (fn === undefined) throw new Error("not a tree-sitter grammar: no language function in the .wasm");
  const address = exports[fn]!();
  const language = Object.create(Language.prototype) as Language & { [0]: number };
  language[0] = address;
  const types: string[] = new Array(m._ts_language_symbol_count(address));
  for (let i = 0; i < types.length; i++) {
    if (m._ts_language_symbol_type(address, i) < 2) types[i] = m.UTF8ToString(m._ts_language_symbol_name(address, i));
  }
  const fields: Array<string | null> = new Array(m._ts_language_field_count(address) + 1);
  for (let i = 0; i < fields.length; i++) {
    const ptr = m._ts_language_field_name_for_id(address, i);
    fields[i] = ptr !== 0 ? m.UTF8ToString(ptr) : null;
  }
  (language as unknown as { types: string[]; fields: Array<string | null> }).types = types;
  (language as unknown as { types: string[]; fields: Array<string | null> }).fields = fields;
  return language;
}
