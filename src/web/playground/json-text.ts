// JSON typed into an editor: the value, or where it breaks — line, column and
// the line itself with a caret — so the page shows the problem inline instead
// of going blank. JSON.parse decides validity (it is what the engine sees);
// jsonc-parser only locates the first error.
import { parseTree, printParseErrorCode, type ParseError } from "jsonc-parser";

export type JsonText =
  | { ok: true; value: unknown }
  | { ok: false; message: string; line: number; column: number; offset: number; excerpt: string };

function words(code: string): string {
  return code.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
}

/** Line (1-based), column (1-based) and the text of the line holding `offset`. */
export function lineAt(text: string, offset: number): { line: number; column: number; lineText: string } {
  const start = text.lastIndexOf("\n", offset - 1) + 1;
  const endIndex = text.indexOf("\n", offset);
  const end = endIndex === -1 ? text.length : endIndex;
  let line = 1;
  for (let i = text.indexOf("\n"); i !== -1 && i < start; i = text.indexOf("\n", i + 1)) line++;
  return { line, column: offset - start + 1, lineText: text.slice(start, end) };
}

export function parseJsonText(text: string): JsonText {
  if (text.trim() === "") return { ok: false, message: "empty: paste or type JSON", line: 1, column: 1, offset: 0, excerpt: "" };
  let nativeMessage: string;
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    nativeMessage = error instanceof Error ? error.message : String(error);
  }
  const errors: ParseError[] = [];
  parseTree(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  const first = errors[0];
  const offset = first?.offset ?? 0;
  const { line, column, lineText } = lineAt(text, offset);
  const shown = lineText.length > 120 ? lineText.slice(Math.max(0, column - 60), column + 60) : lineText;
  const caretAt = lineText.length > 120 ? Math.min(column - 1, 60) : column - 1;
  return {
    ok: false,
    message: first === undefined ? nativeMessage : `${words(printParseErrorCode(first.error))} at line ${line}, column ${column}`,
    line,
    column,
    offset,
    excerpt: `${shown}\n${" ".repeat(Math.max(0, caretAt))}^`,
  };
}
