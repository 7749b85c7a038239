// Seed 004's records and fold as behaviour: records round-trip through the
// JSONL file; the fold skips and counts garbage and torn lines, is capped at
// 64, scrubs and truncates every string, stamps the caller's run id (never the
// line's), and streams — a flood or one giant line is read in fixed chunks.
import { appendFileSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { FOLD_CAP, FoldReadError, foldRecords, LINE_MAX_BYTES } from "../../src/guard/fold.js";
import { appendRecords, makeRecord, type GuardRecord } from "../../src/guard/record.js";
import { TOUCH_SET_GATE } from "../../src/guard/spec.js";
import { scratchDir } from "../support/scratch.js";

const dir = scratchDir("gatehouse-guard-records-");
let n = 0;
const freshFile = () => join(dir, `r${n++}`, "records.jsonl");
const NOW = Date.UTC(2026, 0, 1);

const blocked = (subject: string, detail = "outside the touch set", extra: Partial<GuardRecord> = {}) =>
  makeRecord({ gate: TOUCH_SET_GATE, hookEvent: "PreToolUse", tool: "Write", subject, verdict: "blocked", detail, ...extra }, NOW);

describe("guard records", () => {
  it("round-trip through the file; garbage and blank lines are skipped and counted", async () => {
    const file = freshFile();
    await appendRecords(file, [blocked("docs/oops.md", "outside the touch set", { sessionId: "cli-session-1", toolUseId: "toolu_1" })]);
    appendFileSync(file, "{not json\n\n   \n[1,2]\n");
    await appendRecords(file, [makeRecord({ gate: TOUCH_SET_GATE, hookEvent: "PreToolUse", tool: "", subject: "", verdict: "error", detail: "stdin was not JSON" }, NOW)]);

    const fold = foldRecords(file, "run-xyz");
    expect(fold.records).toHaveLength(2);
    expect(fold.records[0]).toEqual({
      runId: "run-xyz",
      v: 1,
      ts: "2026-01-01T00:00:00.000Z",
      gate: TOUCH_SET_GATE,
      hookEvent: "PreToolUse",
      tool: "Write",
      subject: "docs/oops.md",
      verdict: "blocked",
      detail: "outside the touch set",
      sessionId: "cli-session-1",
      toolUseId: "toolu_1",
    });
    expect(fold.records[1]!.verdict).toBe("error");
    expect(fold.lines).toBe(4);
    expect(fold.dropped).toEqual({ malformed: 2, pastCap: 0 });
  });

  it("a missing file folds to nothing (the hook never fired); a directory is an error", () => {
    const fold = foldRecords(join(dir, "no-such", "records.jsonl"), "r");
    expect(fold).toMatchObject({ exists: false, records: [], lines: 0 });
    expect(() => foldRecords(dir)).toThrow(FoldReadError);
  });

  it("the run id is the caller's: a line's own runId is dropped, and without --run-id there is none", async () => {
    const file = freshFile();
    mkdirSync(join(file, ".."), { recursive: true });
    writeFileSync(file, JSON.stringify({ ...blocked("a.md"), runId: "someone-elses-run" }) + "\n");
    expect(foldRecords(file, "mine").records[0]!.runId).toBe("mine");
    expect(foldRecords(file).records[0]).not.toHaveProperty("runId");
  });

  it("lines that are JSON but not records are malformed: wrong version, unknown verdict, missing field", () => {
    const file = freshFile();
    mkdirSync(join(file, ".."), { recursive: true });
    const good = blocked("a.md");
    writeFileSync(
      file,
      [{ ...good, v: 2 }, { ...good, verdict: "allowed" }, { ...good, subject: undefined }, { ...good, detail: 42 }, "a string", null, good]
        .map((x) => JSON.stringify(x))
        .join("\n") + "\n",
    );
    const fold = foldRecords(file);
    expect(fold.records).toHaveLength(1);
    expect(fold.dropped.malformed).toBe(6);
  });

  it("is capped at 64: the records past the cap are counted, not kept", async () => {
    const file = freshFile();
    await appendRecords(file, Array.from({ length: FOLD_CAP + 10 }, (_, i) => blocked(`docs/${i}.md`, "r")));
    const fold = foldRecords(file, "run-cap");
    expect(fold.records).toHaveLength(FOLD_CAP);
    expect(fold.records.at(-1)!.subject).toBe(`docs/${FOLD_CAP - 1}.md`);
    expect(fold.dropped).toEqual({ malformed: 0, pastCap: 10 });
    expect(fold.lines).toBe(FOLD_CAP + 10);
  });

  it("scrubs secrets from every string, neutralises control characters and truncates", async () => {
    const file = freshFile();
    const token = "ghp_0123456789abcdefghijABCDEFGHIJ012345";
    await appendRecords(file, [
      blocked(`src/${token}.ts`, `curl -H 'Authorization: Bearer abc.def.ghi' password=hunter2 \u001b[31mred\u001b[0m \u202eevil`, {
        sessionId: `sess ${token}`,
        tool: `Write\u0007`,
      }),
      blocked("x".repeat(3000), "d".repeat(3000)),
    ]);
    const [first, long] = foldRecords(file).records;
    const text = JSON.stringify(first);
    for (const secret of [token, "abc.def.ghi", "hunter2"]) expect(text).not.toContain(secret);
    expect(first!.subject).toContain("[REDACTED:github_token]");
    expect(first!.sessionId).toContain("[REDACTED:github_token]");
    expect(text).not.toMatch(/[\u0000-\u001f\u202e]/);
    expect(first!.tool).toBe("Write\uFFFD");
    expect(long!.subject.length).toBeLessThanOrEqual(501);
    expect(long!.detail!.length).toBeLessThanOrEqual(1001);
    expect(long!.subject.endsWith("…")).toBe(true);
  });

  it("a torn last line stays one malformed line: the next append starts on a line of its own", async () => {
    const file = freshFile();
    await appendRecords(file, [blocked("a.md")]);
    appendFileSync(file, '{"v":1,"ts":"2026-01-01T00:00:00.000Z","gate":"out_of_con'); // a crash mid-append
    await appendRecords(file, [blocked("b.md")]);
    const fold = foldRecords(file);
    expect(fold.records.map((r) => r.subject)).toEqual(["a.md", "b.md"]);
    expect(fold.dropped.malformed).toBe(1);
    appendFileSync(file, '{"v":1,"ts":"2026-01-01T00:00:00.000Z","gate":"out_of_con');
    expect(foldRecords(file).dropped.malformed).toBe(2); // a torn tail at the end is counted too
  });

  it("a flood of 10,000 garbage lines folds to the real records and counts the rest", async () => {
    const file = freshFile();
    await appendRecords(file, [blocked("first.md")]);
    const garbage = Array.from({ length: 10_000 }, (_, i) => (i % 3 === 0 ? `{"v":1,"ts":"x","gate":${i}` : i % 3 === 1 ? "\u0000\u0001garbage" : `not json ${i}`));
    appendFileSync(file, garbage.join("\n") + "\n");
    await appendRecords(file, [blocked("last.md")]);
    const fold = foldRecords(file, "flood");
    expect(fold.records.map((r) => r.subject)).toEqual(["first.md", "last.md"]);
    expect(fold.dropped).toEqual({ malformed: 10_000, pastCap: 0 });
  });

  it("a line longer than the line bound is dropped unread; records either side survive", async () => {
    const file = freshFile();
    await appendRecords(file, [blocked("before.md")]);
    // One line of 4 MiB, spanning many read chunks, holding a valid record's text inside it.
    appendFileSync(file, JSON.stringify({ ...blocked("x"), subject: "x".repeat(4 * 1024 * 1024) }) + "\n");
    appendFileSync(file, JSON.stringify({ ...blocked("y"), subject: "y".repeat(LINE_MAX_BYTES) }) + "\n");
    await appendRecords(file, [blocked("after.md")]);
    const fold = foldRecords(file);
    expect(fold.records.map((r) => r.subject)).toEqual(["before.md", "after.md"]);
    expect(fold.dropped.malformed).toBe(2);
  });

  it("records clip session-authored fields when written, so a line stays small", () => {
    const r = blocked("p".repeat(100_000), "d".repeat(100_000));
    expect(JSON.stringify(r).length).toBeLessThan(9000);
  });

  it("8 writers appending at once leave every line whole", async () => {
    const file = freshFile();
    await Promise.all(Array.from({ length: 8 }, (_, w) => Promise.all(Array.from({ length: 10 }, (_, i) => appendRecords(file, [blocked(`w${w}/${i}.md`, "z".repeat(2000))])))));
    const fold = foldRecords(file, null, 1000);
    expect(fold.dropped.malformed).toBe(0);
    expect(new Set(fold.records.map((r) => r.subject)).size).toBe(80);
  });
});
