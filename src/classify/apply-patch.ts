// Codex's `apply_patch` format, read the way Codex reads it (codex-rs
// `apply-patch`, its lenient mode — the one every Codex model is parsed
// with), so every file Codex would touch is a path the classifier sees:
//
// - The text is trimmed, then split into lines (`\n`; a trailing `\r` is
//   dropped). The first line, trimmed, must be `*** Begin Patch` and the last,
//   trimmed, `*** End Patch` — or the whole is wrapped in a heredoc: first line
//   exactly `<<EOF`, `<<'EOF'` or `<<"EOF"`, last line ending in `EOF`, four
//   lines at least, and the inner lines are read as above.
// - A hunk header is a line that, **trimmed**, starts with `*** Add File: `,
//   `*** Delete File: ` or `*** Update File: ` (the path is the rest).
// - Add: the following lines that start with `+` are its contents.
// - Delete: the header alone.
// - Update: an optional `*** Move to: PATH` on the very next line, as written
//   (not trimmed), then one or more chunks. Blank lines between chunks are
//   skipped; a line starting with `*` ends the hunk. A chunk opens with `@@`
//   or `@@ CONTEXT` (the first chunk may omit it), then lines starting with
//   ` `, `+`, `-`, or empty, and may end with `*** End of File`; any other
//   line ends the chunk (it must not be its first line).
// - Anything else where a hunk header should be makes the whole patch
//   invalid: Codex then applies nothing.
//
// A patch this reading rejects is still scanned for header-like lines
// (`scanPatchPaths`): a Codex release that reads it more leniently must not
// find a path the classifier never saw.

export type PatchHunk =
  | { kind: "add"; path: string }
  | { kind: "delete"; path: string }
  | { kind: "update"; path: string; moveTo: string | null };

export type PatchParse = { ok: true; hunks: PatchHunk[] } | { ok: false; error: string };

const BEGIN = "*** Begin Patch";
const END = "*** End Patch";
const ADD = "*** Add File: ";
const DELETE = "*** Delete File: ";
const UPDATE = "*** Update File: ";
const MOVE = "*** Move to: ";
const EOF_MARK = "*** End of File";

/** Rust's `str::lines`: split on `\n`, a trailing `\r` removed from each line, no empty last line. */
function rustLines(text: string): string[] {
  if (text === "") return [];
  const lines = text.split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  return lines.map((l) => (l.endsWith("\r") ? l.slice(0, -1) : l));
}

/** Unicode White_Space, as Rust's `char::is_whitespace` has it (JS `\\s` differs: it has U+FEFF, lacks U+0085). */
const WS = "[\\t\\n\\v\\f\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]";
const TRIM = new RegExp(`^${WS}+|${WS}+$`, "g");

/** Rust's `str::trim`. */
function rustTrim(s: string): string {
  return s.replace(TRIM, "");
}

function boundaries(lines: readonly string[]): string[] | string {
  const first = lines[0];
  const last = lines[lines.length - 1];
  if (first === undefined || rustTrim(first) !== BEGIN) return "the first line of the patch must be '*** Begin Patch'";
  if (lines.length < 2 || rustTrim(last!) !== END) return "the last line of the patch must be '*** End Patch'";
  return lines.slice(1, -1);
}

function body(lines: readonly string[]): string[] | string {
  const strict = boundaries(lines);
  if (typeof strict !== "string") return strict;
  const first = lines[0];
  const last = lines[lines.length - 1];
  if (lines.length >= 4 && (first === "<<EOF" || first === "<<'EOF'" || first === '<<"EOF"') && last!.endsWith("EOF")) return boundaries(lines.slice(1, -1));
  return strict;
}

/** One update chunk from `lines[0]`: how many lines it takes, or an error. */
function chunk(lines: readonly string[], first: boolean): number | string {
  let start = 0;
  if (lines[0] === "@@" || lines[0]!.startsWith("@@ ")) start = 1;
  else if (!first) return `expected an update chunk to start with @@, got ${JSON.stringify(lines[0])}`;
  if (start >= lines.length) return "an update chunk holds no lines";
  let n = 0;
  for (const line of lines.slice(start)) {
    if (line === EOF_MARK) {
      if (n === 0) return "an update chunk holds no lines";
      n++;
      break;
    }
    const c = line[0];
    if (c === undefined || c === " " || c === "+" || c === "-") {
      n++;
      continue;
    }
    if (n === 0) return `unexpected line in an update chunk: ${JSON.stringify(line)}`;
    break;
  }
  return n + start;
}

/** One hunk from `lines[0]`: the hunk and how many lines it takes, or an error. */
function hunk(lines: readonly string[]): { hunk: PatchHunk; taken: number } | string {
  const header = rustTrim(lines[0]!);
  if (header.startsWith(ADD)) {
    let taken = 1;
    while (taken < lines.length && lines[taken]!.startsWith("+")) taken++;
    return { hunk: { kind: "add", path: header.slice(ADD.length) }, taken };
  }
  if (header.startsWith(DELETE)) return { hunk: { kind: "delete", path: header.slice(DELETE.length) }, taken: 1 };
  if (!header.startsWith(UPDATE)) return `${JSON.stringify(header)} is not a hunk header`;
  const path = header.slice(UPDATE.length);
  let taken = 1;
  let moveTo: string | null = null;
  if (lines[1]?.startsWith(MOVE)) {
    moveTo = lines[1].slice(MOVE.length);
    taken++;
  }
  let chunks = 0;
  while (taken < lines.length) {
    const line = lines[taken]!;
    if (rustTrim(line) === "") {
      taken++;
      continue;
    }
    if (line.startsWith("*")) break;
    const n = chunk(lines.slice(taken), chunks === 0);
    if (typeof n === "string") return n;
    chunks++;
    taken += n;
  }
  if (chunks === 0) return `the update of ${JSON.stringify(path)} is empty`;
  return { hunk: { kind: "update", path, moveTo }, taken };
}

/** The hunks Codex would apply, or why it would apply none. */
export function parseApplyPatch(text: string): PatchParse {
  const inner = body(rustLines(rustTrim(text)));
  if (typeof inner === "string") return { ok: false, error: inner };
  const hunks: PatchHunk[] = [];
  let rest = inner;
  while (rest.length > 0) {
    const h = hunk(rest);
    if (typeof h === "string") return { ok: false, error: h };
    hunks.push(h.hunk);
    rest = rest.slice(h.taken);
  }
  return { ok: true, hunks };
}

/** Every header-like line of a text, trimmed, in order: the over-reading of a patch Codex's grammar rejects. */
export function scanPatchPaths(text: string): PatchHunk[] {
  const out: PatchHunk[] = [];
  for (const raw of rustLines(text)) {
    const line = rustTrim(raw);
    if (line.startsWith(ADD)) out.push({ kind: "add", path: line.slice(ADD.length) });
    else if (line.startsWith(DELETE)) out.push({ kind: "delete", path: line.slice(DELETE.length) });
    else if (line.startsWith(UPDATE)) out.push({ kind: "update", path: line.slice(UPDATE.length), moveTo: null });
    else if (line.startsWith(MOVE) && out.length > 0) {
      const prev = out[out.length - 1]!;
      if (prev.kind === "update" && prev.moveTo === null) prev.moveTo = line.slice(MOVE.length);
      else out.push({ kind: "update", path: line.slice(MOVE.length), moveTo: null });
    }
  }
  return out;
}

/** What a patch touches: Codex's reading when it accepts the patch, else every header-like line (`parsed: false`). */
export function patchHunks(text: string): { hunks: PatchHunk[]; parsed: boolean } {
  const p = parseApplyPatch(text);
  return p.ok ? { hunks: p.hunks, parsed: true } : { hunks: scanPatchPaths(text), parsed: false };
}

/** Does a text look like a patch at all (its first non-blank line, trimmed, is the begin marker, maybe after a heredoc line)? */
export function looksLikePatch(text: string): boolean {
  const lines = rustLines(rustTrim(text));
  const first = lines[0] === "<<EOF" || lines[0] === "<<'EOF'" || lines[0] === '<<"EOF"' ? lines[1] : lines[0];
  return first !== undefined && rustTrim(first) === BEGIN;
}
