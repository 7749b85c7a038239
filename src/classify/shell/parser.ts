// The parser handle: web-tree-sitter's runtime initialised once per process,
// the Bash grammar loaded from bytes (no filesystem access here, so the same
// code runs in Node and in browsers).
import { Language, Parser } from "web-tree-sitter";

/** The two .wasm files: web-tree-sitter's runtime and the tree-sitter-bash grammar. */
export interface GrammarBytes {
  runtime: Uint8Array;
  language: Uint8Array;
}

/** An opaque, loaded Bash parser. Create it with `loadShellParser`. */
export interface ShellParser {
  readonly grammar: "bash";
}

class ShellParserHandle implements ShellParser {
  readonly grammar = "bash" as const;
  constructor(
    readonly parser: Parser,
    readonly language: Language,
  ) {}
}

let runtimeReady: Promise<void> | null = null;

function initRuntime(runtime: Uint8Array): Promise<void> {
  if (runtimeReady === null) {
    runtimeReady = Parser.init({ wasmBinary: runtime }).catch((err: unknown) => {
      runtimeReady = null;
      throw err;
    });
  }
  return runtimeReady;
}

/** Initialise the runtime (idempotent) and load the grammar into a new parser. */
export async function loadShellParser(grammar: GrammarBytes): Promise<ShellParser> {
  await initRuntime(grammar.runtime);
  const language = await Language.load(grammar.language);
  const parser = new Parser();
  parser.setLanguage(language);
  return new ShellParserHandle(parser, language);
}

/** The web-tree-sitter parser behind a handle. */
export function parserOf(handle: ShellParser): Parser {
  if (!(handle instanceof ShellParserHandle)) throw new TypeError("not a ShellParser: use loadShellParser()");
  return handle.parser;
}
