// Every row of the inline-code API tables fires on the example written beside it.
import { beforeAll, describe, expect, it } from "vitest";
import type { ApiRow } from "../../../src/classify/inline-code/api.js";
import { analyzeInlineCode, type InlineGrammars, type InlineLanguage } from "../../../src/classify/inline-code/index.js";
import { JAVASCRIPT_ROWS } from "../../../src/classify/inline-code/javascript-api.js";
import { CMDLETS, DOTNET_ROWS } from "../../../src/classify/inline-code/powershell-api.js";
import { PYTHON_ROWS } from "../../../src/classify/inline-code/python-api.js";
import { RUBY_ROWS } from "../../../src/classify/inline-code/ruby-api.js";
import { loadGrammars } from "./helpers.js";

let grammars: InlineGrammars;
beforeAll(async () => {
  grammars = await loadGrammars();
});

/** Rows whose example is read through another row (Invoke-Expression reads its code as PowerShell). */
const READ_THROUGH: Record<string, string> = { "invoke-expression": "remove-item" };

const TABLES: Array<[InlineLanguage, readonly ApiRow[]]> = [
  ["python", PYTHON_ROWS],
  ["javascript", JAVASCRIPT_ROWS],
  ["ruby", RUBY_ROWS],
  ["powershell", [...CMDLETS, ...DOTNET_ROWS]],
];

describe.each(TABLES)("%s rows fire on their examples", (language, rows) => {
  it.each(rows.map((r) => [r.api[0]!, r] as const))("%s", (_name, row) => {
    const a = analyzeInlineCode(language, row.example, { grammars });
    const names = new Set(row.api.map((n) => READ_THROUGH[n] ?? n));
    const fired =
      a.effects.some((e) => names.has(String(e.attrs.api))) ||
      a.commands.some((c) => names.has(c.api)) ||
      (a.dynamic ?? []).some((d) => [...names].some((n) => d.toLowerCase().includes(n.toLowerCase())));
    expect(fired, `${row.example} → ${JSON.stringify(a)}`).toBe(true);
  });
});
