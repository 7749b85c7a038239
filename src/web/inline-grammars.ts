// The inline-code grammars for a page (SPEC §6.7): fetched by file name from
// `base` the first time an event holds code in that language — the build
// copies each beside the browser entry and the page's worker (src/grammars.ts)
// — and kept, so every engine made after (one per bundle edit) reads them
// synchronously. `Engine.prepare(event)` is what calls `fetch`.
import type { InlineGrammarSource, InlineLanguage } from "../classify/inline-code/grammars.js";
import { grammarFileName, INLINE_GRAMMAR_FILES } from "../grammars.js";

export function fetchedInlineGrammars(base: string | URL): InlineGrammarSource {
  const bytes = new Map<InlineLanguage, Uint8Array>();
  return {
    read: (language) => bytes.get(language) ?? null,
    fetch: async (language) => {
      const name = grammarFileName(INLINE_GRAMMAR_FILES[language]);
      const response = await fetch(new URL(name, base));
      if (!response.ok) throw new Error(`${name}: HTTP ${response.status}`);
      const got = new Uint8Array(await response.arrayBuffer());
      bytes.set(language, got);
      return got;
    },
  };
}
