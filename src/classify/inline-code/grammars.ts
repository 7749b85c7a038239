// The four inline-code grammars, loaded lazily: nothing is read, compiled or
// allocated until an event holds code in that language (SPEC §6.7). Where the
// bytes come from is the host's business — Node reads them from node_modules
// (src/node/inline-grammars.ts), a page fetches them — through one interface:
// `read` (bytes available now: used inside the synchronous `evaluate`) and
// `fetch` (used only by the async `prepare`, before `evaluate`).
import { Parser, type Language } from "web-tree-sitter";
import type { TreeSitterRuntime } from "../tree-sitter-runtime.js";

export const INLINE_LANGUAGES = ["python", "javascript", "ruby", "powershell"] as const;
export type InlineLanguage = (typeof INLINE_LANGUAGES)[number];

/** npm package and file of each grammar (pinned in package.json: versions whose ABI web-tree-sitter 0.25.10 loads). */
export const GRAMMAR_FILES: Record<InlineLanguage, string> = {
  python: "tree-sitter-python/tree-sitter-python.wasm",
  javascript: "tree-sitter-javascript/tree-sitter-javascript.wasm",
  ruby: "tree-sitter-ruby/tree-sitter-ruby.wasm",
  powershell: "tree-sitter-powershell/tree-sitter-powershell.wasm",
};

export interface InlineGrammarSource {
  /** The grammar's bytes if they can be had synchronously (a file read, bytes a page already holds); null otherwise. */
  read?(language: InlineLanguage): Uint8Array | null;
  /** Fetch the grammar's bytes (a page: `fetch(url)`); only `prepare` calls it. */
  fetch?(language: InlineLanguage): Promise<Uint8Array>;
}

/** Why a grammar is not available (for the shape-6 reason), or a parser. */
export type GrammarLookup = { parser: Parser } | { missing: string };

/**
 * Loaded grammars, one parser each. `get` is synchronous: it loads on first
 * use when the source can `read`, and otherwise answers `missing` until
 * `prepare` has fetched the bytes. A grammar that failed to load stays failed
 * (the same answer for every later event, so decisions do not flip).
 */
export class InlineGrammars {
  private readonly parsers = new Map<InlineLanguage, Parser>();
  private readonly failed = new Map<InlineLanguage, string>();
  private readonly fetched = new Map<InlineLanguage, Uint8Array>();

  constructor(
    private readonly runtime: TreeSitterRuntime,
    private readonly source: InlineGrammarSource,
  ) {}

  /** Languages loaded so far (for tests and the bench). */
  loaded(): InlineLanguage[] {
    return INLINE_LANGUAGES.filter((l) => this.parsers.has(l));
  }

  get(language: InlineLanguage): GrammarLookup {
    const ready = this.parsers.get(language);
    if (ready) return { parser: ready };
    const failure = this.failed.get(language);
    if (failure !== undefined) return { missing: failure };
    let bytes = this.fetched.get(language) ?? null;
    if (bytes === null) {
      try {
        bytes = this.source.read?.(language) ?? null;
      } catch (err) {
        return this.fail(language, `the ${language} grammar could not be read: ${message(err)}`);
      }
    }
    if (bytes === null) return { missing: `the ${language} grammar is not loaded (prepare the event first)` };
    if (!this.runtime.syncLoad) return { missing: `the ${language} grammar needs an async load (prepare the event first)` };
    try {
      return { parser: this.install(language, this.runtime.loadSync(bytes)) };
    } catch (err) {
      return this.fail(language, `the ${language} grammar failed to load: ${message(err)}`);
    }
  }

  /** Load these grammars ahead of `evaluate` (fetching the bytes when the source cannot read them). Never throws. */
  async prepare(languages: Iterable<InlineLanguage>): Promise<void> {
    for (const language of new Set(languages)) {
      if (this.parsers.has(language) || this.failed.has(language)) continue;
      try {
        let bytes = this.source.read?.(language) ?? null;
        if (bytes === null && this.source.fetch) bytes = await this.source.fetch(language);
        if (bytes === null) continue;
        this.fetched.set(language, bytes);
        if (!this.runtime.syncLoad) this.install(language, await this.runtime.load(bytes));
        else this.get(language);
      } catch {
        // A fetch that failed may succeed later (a page's network): not recorded as a failure.
      }
    }
  }

  private install(language: InlineLanguage, grammar: Language): Parser {
    const parser = new Parser();
    parser.setLanguage(grammar);
    this.parsers.set(language, parser);
    this.fetched.delete(language);
    return parser;
  }

  private fail(language: InlineLanguage, reason: string): GrammarLookup {
    this.failed.set(language, reason);
    return { missing: reason };
  }
}

function message(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).slice(0, 200);
}
