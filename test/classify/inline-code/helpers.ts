// Shared set-up: the tree-sitter runtime (first, so the sync grammar path is
// ours) and the four grammars, read from node_modules on first use.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { analyzeInlineCode, InlineGrammars, type InlineCodeAnalysis, type InlineLanguage } from "../../../src/classify/inline-code/index.js";
import { initTreeSitterRuntime } from "../../../src/classify/tree-sitter-runtime.js";
import { nodeInlineGrammars } from "../../../src/node/inline-grammars.js";

const require = createRequire(import.meta.url);

export async function loadGrammars(): Promise<InlineGrammars> {
  const runtime = await initTreeSitterRuntime(new Uint8Array(readFileSync(require.resolve("web-tree-sitter/tree-sitter.wasm"))));
  return new InlineGrammars(runtime, nodeInlineGrammars());
}

/** A compact view of an analysis: commands as text, effects as `verb path|url attrs`, dynamic. */
export function summary(a: InlineCodeAnalysis) {
  return {
    commands: a.commands.map((c) => ("text" in c ? c.text : c.argv.join(" "))),
    effects: a.effects.map((e) => {
      const { api: _api, ...rest } = e.attrs;
      const extra = Object.keys(rest).length > 0 ? " " + JSON.stringify(rest) : "";
      return `${e.verb} ${e.kind === "database" ? "db" : e.kind === "network" ? (e.url ?? "?url") : (e.path?.text ?? "?path")}${extra}`;
    }),
    dynamic: a.dynamic,
  };
}

export function analyzer(grammars: InlineGrammars) {
  return (language: InlineLanguage, code: string) => summary(analyzeInlineCode(language, code, { grammars }));
}
