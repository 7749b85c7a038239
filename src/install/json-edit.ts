// In-place edits of a JSON (or JSONC) settings file: append to an array, add a
// property, remove a child — each one text edit at the file's own offsets
// (jsonc-parser's tree and applyEdits), so every byte outside the edit stays as
// the person wrote it. jsonc-parser's `modify` is not used for the text it
// inserts: with formatting on it re-formats the neighbouring siblings, and
// uninstall could then not restore the file byte for byte. The two operations
// are inverses: `removeChild` takes out exactly what `appendToArray` /
// `addProperty` put in (the separator, the line break and indentation, the value).
import { applyEdits, parseTree, printParseErrorCode, type Node, type ParseError } from "jsonc-parser/lib/esm/main.js";

export type JsonNode = Node;

export interface Layout {
  /** One level of indentation as the file writes it (default two spaces). */
  unit: string;
  eol: string;
}

export type ParsedDocument = { ok: true; root: JsonNode; comments: boolean; trailingCommas: boolean } | { ok: false; message: string };

function lineAndColumn(text: string, offset: number): string {
  const before = text.slice(0, offset);
  const line = before.split("\n").length;
  return `line ${line}, column ${offset - before.lastIndexOf("\n")}`;
}

/** Parse leniently (comments, trailing commas) and report whether the text used either. */
export function parseDocument(text: string): ParsedDocument {
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { allowTrailingComma: true, disallowComments: false, allowEmptyContent: false });
  if (errors.length > 0 || root === undefined) {
    const e = errors[0];
    return { ok: false, message: e === undefined ? "empty document" : `${printParseErrorCode(e.error)} at ${lineAndColumn(text, e.offset)}` };
  }
  const strict: ParseError[] = [];
  parseTree(text, strict, { allowTrailingComma: false, disallowComments: true });
  const comments = strict.some((e) => printParseErrorCode(e.error) === "InvalidCommentToken");
  const trailingCommas = strict.some((e) => printParseErrorCode(e.error) !== "InvalidCommentToken");
  return { ok: true, root, comments, trailingCommas };
}

/** The property `key` of an object node (the last one, as JSON.parse keeps the last of duplicates). */
export function property(object: JsonNode, key: string): JsonNode | undefined {
  const props = object.children ?? [];
  for (let i = props.length - 1; i >= 0; i--) if (props[i]!.children?.[0]?.value === key) return props[i];
  return undefined;
}

/** The value node of property `key`. */
export function propertyValue(object: JsonNode, key: string): JsonNode | undefined {
  return property(object, key)?.children?.[1];
}

export function detectLayout(text: string): Layout {
  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  const indented = /\n([ \t]+)\S/.exec(text);
  return { unit: indented?.[1] ?? "  ", eol };
}

/** The whitespace that starts the line holding `offset`. */
function lineIndent(text: string, offset: number): string {
  const start = text.lastIndexOf("\n", offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(start))![0];
}

/** True when `offset` is the first non-blank character of its line. */
function startsLine(text: string, offset: number): boolean {
  const start = text.lastIndexOf("\n", offset - 1) + 1;
  return /^[ \t]*$/.test(text.slice(start, offset));
}

function render(value: unknown, indent: string, layout: Layout): string {
  return JSON.stringify(value, null, layout.unit).split("\n").join(layout.eol + indent);
}

/** Where the content of a container begins (after `{` / `[`) and ends (at `}` / `]`). */
const innerStart = (node: JsonNode) => node.offset + 1;
const innerEnd = (node: JsonNode) => node.offset + node.length - 1;
const end = (node: JsonNode) => node.offset + node.length;

/** Insert `member` (rendered text) as the last member of `container`, matching the file's style. */
function insertLast(text: string, container: JsonNode, member: (indent: string) => string, layout: Layout): string {
  const children = container.children ?? [];
  const last = children[children.length - 1];
  if (last === undefined) {
    // An empty container `{}` / `[ ]`: the member on its own line, one level in,
    // after any comments it holds.
    const outer = lineIndent(text, container.offset);
    const inner = text.slice(innerStart(container), innerEnd(container));
    const line = `${layout.eol}${outer}${layout.unit}${member(outer + layout.unit)}`;
    if (inner.trim() !== "") return applyEdits(text, [{ offset: innerStart(container) + inner.trimEnd().length, length: 0, content: line }]);
    return applyEdits(text, [{ offset: innerStart(container), length: inner.length, content: `${line}${layout.eol}${outer}` }]);
  }
  if (!startsLine(text, last.offset)) {
    // A one-line container keeps to one line.
    return applyEdits(text, [{ offset: end(last), length: 0, content: `, ${member("").replace(/\r?\n\s*/g, " ")}` }]);
  }
  const indent = lineIndent(text, last.offset);
  return applyEdits(text, [{ offset: end(last), length: 0, content: `,${layout.eol}${indent}${member(indent)}` }]);
}

export function appendToArray(text: string, array: JsonNode, value: unknown, layout: Layout): string {
  return insertLast(text, array, (indent) => render(value, indent, layout), layout);
}

export function addProperty(text: string, object: JsonNode, key: string, value: unknown, layout: Layout): string {
  return insertLast(text, object, (indent) => `${JSON.stringify(key)}: ${render(value, indent, layout)}`, layout);
}

/**
 * Remove child `index` of a container (an array element or an object
 * property), with the separator and line break that came with it. The only
 * child: everything between the brackets goes, so `{}` comes back as `{}`.
 */
export function removeChild(text: string, container: JsonNode, index: number): string {
  const children = container.children ?? [];
  const child = children[index]!;
  if (children.length === 1) {
    const inner = text.slice(innerStart(container), innerEnd(container));
    const before = inner.slice(0, child.offset - innerStart(container));
    const after = inner.slice(end(child) - innerStart(container));
    if (/^[\s,]*$/.test(before + after)) return applyEdits(text, [{ offset: innerStart(container), length: inner.length, content: "" }]);
    // Comments share the container: they stay, and so does the layout around them.
    const from = innerStart(container) + before.trimEnd().length;
    return applyEdits(text, [{ offset: from, length: end(child) - from, content: "" }]);
  }
  if (index > 0) return applyEdits(text, [{ offset: end(children[index - 1]!), length: end(child) - end(children[index - 1]!), content: "" }]);
  return applyEdits(text, [{ offset: child.offset, length: children[1]!.offset - child.offset, content: "" }]);
}
