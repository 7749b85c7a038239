// Inline code read with real grammars (SPEC §6.7): Python, JavaScript, Ruby
// and PowerShell handed to an interpreter (`python3 -c`, `node -e`, `ruby -e`,
// `pwsh -Command`, a literal heredoc) are parsed with their tree-sitter
// grammar and read for what they would do:
//
// - `commands`: shell text or argv the code would run (os.system,
//   subprocess.*, child_process.*, backticks, Start-Process, external programs
//   in PowerShell) — literal only; the caller classifies them as shell;
// - `effects`: deletes, writes, renames, permission changes and reads on
//   literal paths, network calls (and the files whose contents they send);
// - `dynamic`: why the code could not be fully read (eval, a path built at run
//   time, a grammar not loaded, a parse error), or null when it was.
//
// Pure code (printing, computing, parsing JSON, reading stdin) gives nothing
// and `dynamic: null`. Never throws.
import type { Parser, Tree } from "web-tree-sitter";
import type { InlineCodeAnalysis } from "./api.js";
import type { GrammarLookup, InlineLanguage } from "./grammars.js";
import { JavaScriptReader } from "./javascript.js";
import { PowerShellReader } from "./powershell.js";
import { PythonReader } from "./python.js";
import { MAX_CODE_BYTES, type CodeReader } from "./reader.js";
import { RubyReader } from "./ruby.js";

export { INLINE_LANGUAGES, InlineGrammars, GRAMMAR_FILES, type InlineGrammarSource, type InlineLanguage, type GrammarLookup } from "./grammars.js";
export type { InlineCodeAnalysis, InlineCommand, InlineEffect, InlinePath } from "./api.js";
export { inlineCodeOf, inlineLanguageOf, type InlineCode } from "./detect.js";
export { inlineClassification, type InlineClassification } from "./classification.js";

export interface InlineCodeContext {
  /** The grammars (synchronous lookup; see InlineGrammars). */
  grammars: { get(language: InlineLanguage): GrammarLookup };
  /**
   * Programs and cmdlets the shell table classifies (lower-case names): the
   * PowerShell reader hands such a cmdlet (`Format-Volume`, `Stop-Service`) to
   * it as a command instead of calling it unread, so its knowledge lives once.
   */
  shellCommand?(name: string): boolean;
}

const READERS: Record<InlineLanguage, (parser: Parser, ctx: InlineCodeContext) => CodeReader> = {
  python: () => new PythonReader(),
  javascript: () => new JavaScriptReader(),
  ruby: () => new RubyReader(),
  powershell: (parser, ctx) => new PowerShellReader(parser, 0, ctx.shellCommand ?? null),
};

export function analyzeInlineCode(language: InlineLanguage, code: string, ctx: InlineCodeContext): InlineCodeAnalysis {
  const done = (r: CodeReader | null, reasons: string[] = []): InlineCodeAnalysis => {
    const dynamic = [...reasons, ...(r?.rec.dynamic ?? [])];
    return { language, commands: r?.rec.commands ?? [], effects: r?.rec.effects ?? [], dynamic: dynamic.length > 0 ? dynamic : null };
  };
  const src = typeof code === "string" ? code : String(code ?? "");
  if (src.length > MAX_CODE_BYTES / 3 && new TextEncoder().encode(src).length > MAX_CODE_BYTES) return done(null, [`inline ${language} code over ${MAX_CODE_BYTES} bytes`]);
  const lookup = ctx.grammars.get(language);
  if ("missing" in lookup) return done(null, [lookup.missing]);
  const reader = READERS[language](lookup.parser, ctx);
  let tree: Tree | null = null;
  try {
    tree = lookup.parser.parse(src);
    if (tree === null) return done(null, [`the ${language} parser returned no tree`]);
    reader.read(tree);
    return done(reader);
  } catch (err) {
    return done(reader, [`inline ${language} analysis failed: ${(err instanceof Error ? err.message : String(err)).slice(0, 200)}`]);
  } finally {
    tree?.delete();
  }
}
