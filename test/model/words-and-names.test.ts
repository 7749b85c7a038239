// model/mcp-name.ts and model/shell-quote.ts: the one MCP name splitter and the
// one word quoter, each checked against its examples (a quoted word read back
// by the bash grammar is the word again).
import { describe, expect, it } from "vitest";
import { MCP_NAME_EXAMPLES, parseMcpName } from "../../src/model/mcp-name.js";
import { QUOTE_EXAMPLES, quoteWord, quoteWords } from "../../src/model/shell-quote.js";
import { shellWords } from "../../src/shell-words.js";

describe("parseMcpName", () => {
  it.each(MCP_NAME_EXAMPLES.map((e) => [...e]))("%s → server %s, tool %s", (name, server, tool) => {
    const p = parseMcpName(name);
    expect(p === null ? [null, null] : [p.server, p.tool]).toEqual([server, tool]);
  });
});

describe("quoteWord", () => {
  it.each(QUOTE_EXAMPLES.map((e) => [...e]))("%j → %s", (word, text) => {
    expect(quoteWord(word)).toBe(text);
  });
  it("every example reads back as the same words", () => {
    const words = QUOTE_EXAMPLES.map(([w]) => w);
    expect(shellWords(quoteWords(words))).toEqual(words);
  });
});
