// Codex's apply_patch format (src/classify/apply-patch.ts), property-tested
// against a model of Codex's grammar: patches are generated from a structure
// (hunks of every kind, optional moves, chunks with and without context
// markers, end-of-file markers), rendered with the liberties Codex's lenient
// reading allows (padded and tab-indented header lines, CRLF endings, blank
// lines between chunks, a heredoc wrapper, surrounding whitespace), and the
// parser must give back exactly the files of that structure. A second model
// renders what Codex does NOT read as a header or a move (a padded
// `*** Move to:` is a context line; a header inside a chunk is a context line;
// `+*** Delete File:` is file contents) and the parser must not report them.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseApplyPatch, patchHunks, scanPatchPaths, type PatchHunk } from "../../src/classify/apply-patch.js";

const segment = fc.stringMatching(/^[A-Za-z0-9_.-]{1,8}$/).filter((s) => s !== "." && s !== "..");
const filePath = fc.tuple(fc.constantFrom("", "/", "~/", "./", "../"), fc.array(segment, { minLength: 1, maxLength: 4 }), fc.constantFrom("", " with space")).map(([root, segs, tail]) => `${root}${segs.join("/")}${tail}`);
/** Text of a file line: anything but a line break, never empty (Codex's `/(.+)/`). */
const lineText = fc.stringMatching(/^[^\r\n]{1,20}$/);
/** Horizontal padding Codex's trim() removes. */
const pad = fc.constantFrom("", " ", "  ", "\t", " \t", "\u00a0");

type Chunk = { context: "none" | "bare" | string; lines: Array<[" " | "+" | "-" | "", string]>; eof: boolean };
type ModelHunk = { kind: "add"; path: string; lines: string[] } | { kind: "delete"; path: string } | { kind: "update"; path: string; moveTo: string | null; chunks: Chunk[] };

const chunk = (first: boolean): fc.Arbitrary<Chunk> =>
  fc.record({
    context: first ? fc.oneof(fc.constant("none"), fc.constant("bare"), lineText) : fc.oneof(fc.constant("bare"), lineText),
    // The first line of a chunk is a diff line that is not blank: Codex skips blank lines before a chunk.
    lines: fc.tuple(fc.tuple(fc.constantFrom(" ", "+", "-") as fc.Arbitrary<" " | "+" | "-">, lineText.filter((t) => t.trim() !== "")), fc.array(fc.tuple(fc.constantFrom(" ", "+", "-", "") as fc.Arbitrary<" " | "+" | "-" | "">, lineText), { maxLength: 4 })).map(([a, rest]) => [a, ...rest]),
    eof: fc.boolean(),
  });

const hunk: fc.Arbitrary<ModelHunk> = fc.oneof(
  fc.record({ kind: fc.constant("add" as const), path: filePath, lines: fc.array(lineText, { maxLength: 4 }) }),
  fc.record({ kind: fc.constant("delete" as const), path: filePath }),
  fc.record({
    kind: fc.constant("update" as const),
    path: filePath,
    moveTo: fc.option(filePath, { nil: null }),
    chunks: fc.tuple(chunk(true), fc.array(chunk(false), { maxLength: 2 })).map(([a, rest]) => [a, ...rest]),
  }),
);

interface Style {
  headerPad: [string, string];
  crlf: boolean;
  heredoc: "" | "<<EOF" | "<<'EOF'" | '<<"EOF"';
  blankBetweenChunks: boolean;
  outer: string;
}

const style: fc.Arbitrary<Style> = fc.record({
  headerPad: fc.tuple(pad, pad),
  crlf: fc.boolean(),
  heredoc: fc.constantFrom("", "<<EOF", "<<'EOF'", '<<"EOF"') as fc.Arbitrary<Style["heredoc"]>,
  blankBetweenChunks: fc.boolean(),
  outer: fc.constantFrom("", "\n", "  \n", "\n\n"),
});

function render(hunks: readonly ModelHunk[], s: Style): string {
  const [l, r] = s.headerPad;
  // After an update hunk an indented line is not a header: a space makes it a context line, a tab ends the patch's
  // validity (the not-a-header cases below); the model pads only headers Codex reads as headers.
  let afterUpdate = false;
  const header = (text: string) => `${afterUpdate ? "" : l}${text}${r}`;
  const out: string[] = [header("*** Begin Patch")];
  for (const h of hunks) {
    if (h.kind === "add") {
      out.push(header(`*** Add File: ${h.path}`));
      for (const line of h.lines) out.push(`+${line}`);
    } else if (h.kind === "delete") out.push(header(`*** Delete File: ${h.path}`));
    else {
      out.push(header(`*** Update File: ${h.path}`));
      // Codex reads the move line as written: no padding.
      if (h.moveTo !== null) out.push(`*** Move to: ${h.moveTo}`);
      h.chunks.forEach((c, i) => {
        if (i > 0 && s.blankBetweenChunks) out.push("");
        if (c.context === "bare") out.push("@@");
        else if (c.context !== "none") out.push(`@@ ${c.context}`);
        for (const [mark, text] of c.lines) out.push(mark === "" ? "" : `${mark}${text}`);
        if (c.eof) out.push("*** End of File");
      });
    }
    afterUpdate = h.kind === "update";
  }
  out.push(header("*** End Patch"));
  let lines = out;
  if (s.heredoc !== "") lines = [s.heredoc, ...out, "EOF"];
  const nl = s.crlf ? "\r\n" : "\n";
  return `${s.outer}${lines.join(nl)}${nl}${s.outer}`;
}

const expected = (hunks: readonly ModelHunk[]): PatchHunk[] => hunks.map((h) => (h.kind === "update" ? { kind: "update", path: h.path, moveTo: h.moveTo } : { kind: h.kind, path: h.path }));

/** A heredoc-wrapped patch needs the wrapper line as the text's first line: no leading padding then. */
const consistent = (s: Style): Style => (s.heredoc === "" ? s : { ...s, outer: "" });

describe("apply_patch: Codex's grammar, property-tested", () => {
  it("every generated patch parses to exactly its hunks", () => {
    fc.assert(
      fc.property(fc.array(hunk, { maxLength: 5 }), style, (hunks, st) => {
        const text = render(hunks, consistent(st));
        const p = parseApplyPatch(text);
        expect(p).toEqual({ ok: true, hunks: expected(hunks) });
      }),
      { numRuns: 400 },
    );
  });

  it("the fallback scan of any patch finds every file the parse finds", () => {
    fc.assert(
      fc.property(fc.array(hunk, { maxLength: 5 }), style, (hunks, st) => {
        const text = render(hunks, consistent(st));
        const scanned = new Set(scanPatchPaths(text).flatMap((h) => [h.path, ...(h.kind === "update" && h.moveTo ? [h.moveTo] : [])]));
        for (const h of expected(hunks)) {
          expect(scanned.has(h.path)).toBe(true);
          if (h.kind === "update" && h.moveTo) expect(scanned.has(h.moveTo)).toBe(true);
        }
      }),
      { numRuns: 200 },
    );
  });

  it("what Codex does not read as a header is not one: padded moves, headers inside chunks, added lines", () => {
    fc.assert(
      fc.property(filePath, filePath, fc.constantFrom(" ", "  ", " \t"), (a, b, p) => {
        // A move line indented by a space is a context line of the first chunk (Codex compares it untrimmed) …
        expect(parseApplyPatch(`*** Begin Patch\n*** Update File: ${a}\n${p}*** Move to: ${b}\n*** End Patch`)).toEqual({ ok: true, hunks: [{ kind: "update", path: a, moveTo: null }] });
        // … indented by a tab it is no diff line at all: Codex rejects the patch (the scan still reads the move).
        expect(parseApplyPatch(`*** Begin Patch\n*** Update File: ${a}\n\t*** Move to: ${b}\n*** End Patch`).ok).toBe(false);
        expect(patchHunks(`*** Begin Patch\n*** Update File: ${a}\n\t*** Move to: ${b}\n*** End Patch`).hunks).toEqual([{ kind: "update", path: a, moveTo: b }]);
        // A header after a context marker line, indented by a space, is a context line.
        expect(parseApplyPatch(`*** Begin Patch\n*** Update File: ${a}\n@@\n *** Delete File: ${b}\n*** End Patch`)).toEqual({ ok: true, hunks: [{ kind: "update", path: a, moveTo: null }] });
        // `+*** Delete File:` is a line of the added file.
        expect(parseApplyPatch(`*** Begin Patch\n*** Add File: ${a}\n+*** Delete File: ${b}\n*** End Patch`)).toEqual({ ok: true, hunks: [{ kind: "add", path: a }] });
      }),
    );
  });

  it("after an update, an indented header is a context line (space) or makes the patch invalid (tab)", () => {
    expect(parseApplyPatch("*** Begin Patch\n*** Update File: a\n@@\n x\n *** Delete File: b\n*** End Patch")).toEqual({ ok: true, hunks: [{ kind: "update", path: "a", moveTo: null }] });
    expect(parseApplyPatch("*** Begin Patch\n*** Update File: a\n@@\n x\n\t*** Delete File: b\n*** End Patch").ok).toBe(false);
    expect(patchHunks("*** Begin Patch\n*** Update File: a\n@@\n x\n\t*** Delete File: b\n*** End Patch").hunks.map((h) => h.path)).toEqual(["a", "b"]);
  });

  it("a patch Codex rejects applies nothing, but every header-like line is still read", () => {
    const bad = "*** Begin Patch\n*** Update File: a.txt\n*** Delete File: ~/.bashrc\n*** End Patch";
    expect(parseApplyPatch(bad).ok).toBe(false); // an update with no chunk
    expect(patchHunks(bad)).toEqual({ parsed: false, hunks: [{ kind: "update", path: "a.txt", moveTo: null }, { kind: "delete", path: "~/.bashrc" }] });
    expect(patchHunks("*** Add File: x\n+y").hunks).toEqual([{ kind: "add", path: "x" }]);
  });

  it("reads the forms of the issue: an indented header, a tab before Add File", () => {
    expect(parseApplyPatch("*** Begin Patch\n *** Delete File: ~/.bashrc\n*** End Patch\n")).toEqual({ ok: true, hunks: [{ kind: "delete", path: "~/.bashrc" }] });
    expect(parseApplyPatch("*** Begin Patch\n\t*** Add File: .claude/settings.json\n+{}\n*** End Patch")).toEqual({ ok: true, hunks: [{ kind: "add", path: ".claude/settings.json" }] });
    expect(parseApplyPatch("<<'EOF'\n*** Begin Patch\n*** Update File: a\n*** Move to: .codex/hooks.json\n@@\n-x\n+y\n*** End Patch\nEOF\n")).toEqual({ ok: true, hunks: [{ kind: "update", path: "a", moveTo: ".codex/hooks.json" }] });
  });

  it("never throws", () => {
    fc.assert(fc.property(fc.string({ maxLength: 400 }), (t) => void patchHunks(t)));
  });
});
