// `gatehouse guard` as Claude Code runs it: a process per call, the PreToolUse
// payload on stdin (shared/hooks.md §1), the verdict in the exit code (0 go on,
// 2 block with the reason on stderr, 1 fail open). dist/ is built by `npm test`
// before vitest runs. The processes of one test run concurrently.
import { chmodSync, mkdirSync, readFileSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { foldRecords } from "../../src/guard/fold.js";
import { main } from "../../src/cli/main.js";
import { runGatehouse } from "../support/bin.js";
import { memoryIo } from "../support/io.js";
import { scratchDir } from "../support/scratch.js";

const gatehouse = (args: string[], stdin: string) => runGatehouse(args, { stdin });

const root = realpathSync(scratchDir("gatehouse-guard-hook-"));
const checkout = join(root, "checkout");
mkdirSync(join(checkout, "src"), { recursive: true });
mkdirSync(join(root, "outside"));
symlinkSync(join(root, "outside"), join(checkout, "escape"));
const recordFile = join(root, "state", "records.jsonl");
const specFile = join(root, "spec.json");
writeFileSync(
  specFile,
  JSON.stringify({ version: 1, gate: "out_of_contract_write", sessionCwd: checkout, touchSet: ["src/**", "!src/generated/**"], recordFile }),
);

/** Claude Code's PreToolUse payload for one tool call. */
const payload = (tool_name: string, tool_input: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    session_id: "3f2a",
    transcript_path: "/home/u/.claude/projects/x/3f2a.jsonl",
    cwd: checkout,
    permission_mode: "default",
    hook_event_name: "PreToolUse",
    tool_name,
    tool_input,
    tool_use_id: "toolu_01ABC",
    ...extra,
  });
const guard = (stdin: string, spec = specFile, more: string[] = []) => gatehouse(["guard", "--config", spec, ...more], stdin);

describe("gatehouse guard, from Claude Code's payload", () => {
  it("writes inside the touch set pass with exit 0 and say nothing", async () => {
    const runs = await Promise.all([
      guard(payload("Write", { file_path: join(checkout, "src/new.ts"), content: "x" })),
      guard(payload("Edit", { file_path: join(checkout, "src/a.ts"), old_string: "a", new_string: "b" })),
      guard(payload("MultiEdit", { file_path: join(checkout, "src/a.ts"), edits: [] })),
      guard(payload("NotebookEdit", { notebook_path: join(checkout, "src/n.ipynb"), new_source: "x" })),
    ]);
    for (const r of runs) expect(r).toEqual({ status: 0, stdout: "", stderr: "" });
  });

  it("other tools pass untouched, whatever they carry", async () => {
    const runs = await Promise.all([
      guard(payload("Bash", { command: "echo x > docs/oops.md" })),
      guard(payload("Read", { file_path: "/etc/passwd" })),
      guard(payload("mcp__fs__write_file", { path: "/etc/passwd" })),
    ]);
    for (const r of runs) expect(r.status).toBe(0);
  });

  it("outside, negated, .., symlink-escape and no-path writes block with exit 2 and the reason on stderr", async () => {
    const cases: [string, string, string][] = [
      ["outside", payload("Write", { file_path: join(checkout, "docs/oops.md"), content: "x" }), "docs/oops.md matches none of the touch-set patterns"],
      ["negated", payload("Edit", { file_path: join(checkout, "src/generated/x.ts"), old_string: "a", new_string: "b" }), "src/generated/x.ts is taken out of the touch set by !src/generated/**"],
      ["dotdot", payload("Write", { file_path: join(checkout, "src/../../outside/x.ts"), content: "x" }), "outside the checkout"],
      ["symlink", payload("Write", { file_path: join(checkout, "escape/x.ts"), content: "x" }), "outside the checkout"],
      ["no path", payload("Write", { content: "x" }), "no file path"],
      ["path not a string", payload("NotebookEdit", { notebook_path: 7 }), "no file path"],
    ];
    const runs = await Promise.all(cases.map(([, stdin]) => guard(stdin)));
    runs.forEach((r, i) => {
      const [name, , reason] = cases[i]!;
      expect({ name, status: r.status, stdout: r.stdout }).toEqual({ name, status: 2, stdout: "" });
      expect(r.stderr, name).toContain(reason);
      expect(r.stderr.trim().split("\n"), name).toHaveLength(1);
    });
    const fold = foldRecords(recordFile);
    for (const subject of ["docs/oops.md", "src/generated/x.ts", "(unresolved)"]) expect(fold.records.map((r) => r.subject)).toContain(subject);
    const one = fold.records.find((r) => r.subject === "docs/oops.md")!;
    expect(one).toMatchObject({ hookEvent: "PreToolUse", tool: "Write", verdict: "blocked", sessionId: "3f2a", toolUseId: "toolu_01ABC" });
  });

  it("8 hook processes blocking at once append 8 whole records", async () => {
    const file = join(root, "concurrent.jsonl");
    const runs = await Promise.all(
      Array.from({ length: 8 }, (_, i) => guard(payload("Write", { file_path: join(checkout, `docs/${i}.md`), content: "x".repeat(10_000) }), specFile, ["--record-file", file])),
    );
    expect(runs.map((r) => r.status)).toEqual(Array(8).fill(2));
    const fold = foldRecords(file);
    expect(fold.dropped.malformed).toBe(0);
    expect(fold.records.map((r) => r.subject).sort()).toEqual(Array.from({ length: 8 }, (_, i) => `docs/${i}.md`));
  });

  it("an unreadable spec fails open: exit 1, one line on stderr, and an error record", async () => {
    const spare = join(root, "spare");
    mkdirSync(spare);
    const missing = await guard(payload("Write", { file_path: "/anything", content: "x" }), join(spare, "missing.json"));
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(/missing\.json: cannot read spec \(ENOENT\); failing open/);
    // With no spec to name one, the record lands beside the spec's path.
    const fallback = foldRecords(join(spare, "guard-records.jsonl"));
    expect(fallback.records).toHaveLength(1);
    expect(fallback.records[0]).toMatchObject({ verdict: "error" });
    expect(fallback.records[0]!.detail).toContain("cannot read spec");

    const invalid = join(root, "invalid.json");
    const invalidRecords = join(root, "invalid-records.jsonl");
    writeFileSync(invalid, JSON.stringify({ version: 1, gate: "g", sessionCwd: "relative/dir", touchSet: ["src/**"], recordFile: invalidRecords }));
    const bad = await guard(payload("Write", { file_path: "/x", content: "x" }), invalid);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain("invalid spec at sessionCwd");
    expect(foldRecords(invalidRecords).records[0]!.detail).toContain("invalid spec at sessionCwd");

    const unreadable = join(root, "unreadable.json");
    writeFileSync(unreadable, "{}");
    chmodSync(unreadable, 0o000);
    const flagged = join(root, "flagged.jsonl");
    const denied = await guard(payload("Write", { file_path: "/x", content: "x" }), unreadable, ["--record-file", flagged]);
    // root reads a 0o000 file anyway; then the spec is merely invalid — either way the guard fails open.
    expect(denied.status).toBe(1);
    expect(foldRecords(flagged).records).toHaveLength(1);
  });

  it("a garbled payload fails open with an error record; a payload without tool_name too", async () => {
    const file = join(root, "garbled.jsonl");
    const [garbage, noTool] = await Promise.all([guard("{not json", specFile, ["--record-file", file]), guard(JSON.stringify({ tool_input: {} }), specFile, ["--record-file", file])]);
    expect(garbage.status).toBe(1);
    expect(garbage.stderr.trim().split("\n")).toHaveLength(1);
    expect(noTool.status).toBe(1);
    expect(foldRecords(file).records.map((r) => r.verdict)).toEqual(["error", "error"]);
  });

  it("a record file that cannot be written never turns a block into an allow", async () => {
    const spec = join(root, "unwritable-spec.json");
    const blocker = join(root, "a-file");
    writeFileSync(blocker, "not a directory");
    writeFileSync(spec, JSON.stringify({ version: 1, gate: "g", sessionCwd: checkout, touchSet: ["src/**"], recordFile: join(blocker, "records.jsonl") }));
    const r = await guard(payload("Write", { file_path: join(checkout, "docs/oops.md"), content: "x" }), spec);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("docs/oops.md matches none");
    expect(r.stderr).toContain("could not append to the record file");
  });

  it("a broken glob in the spec blocks every write (fail closed)", async () => {
    const spec = join(root, "broken-glob.json");
    writeFileSync(spec, JSON.stringify({ version: 1, gate: "g", sessionCwd: checkout, touchSet: ["src/[oops"], recordFile: join(root, "broken.jsonl") }));
    const r = await guard(payload("Write", { file_path: join(checkout, "src/a.ts"), content: "x" }), spec);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("has an unterminated [");
  });

  it("usage errors exit 64 (non-blocking for Claude Code) with one line; --help prints the description", async () => {
    const [r, extra, help, recordsHelp] = await Promise.all([
      gatehouse(["guard"], ""),
      gatehouse(["guard", "sweep", "--config", specFile, "stray"], ""),
      gatehouse(["guard", "--help"], ""),
      gatehouse(["guard", "records", "-h"], ""),
    ]);
    expect(r.status).toBe(64);
    expect(r.stderr.trim()).toBe("gatehouse guard: needs --config SPEC.json (gatehouse guard --help)");
    expect(extra.status).toBe(64);
    expect(extra.stderr).toContain('unexpected argument "stray"');
    expect(help.status).toBe(0);
    expect(help.stdout).toContain("gatehouse guard --config SPEC.json [--record-file F]");
    expect(recordsHelp.status).toBe(0);
    expect(recordsHelp.stdout).toContain("gatehouse guard records FILE [--run-id ID] [--json]");
  });

  it("the main CLI runs the same commands in-process", async () => {
    const m = memoryIo();
    expect(await main(["guard", "records", recordFile, "--json", "--run-id", "r"], m.io)).toBe(0);
    expect(JSON.parse(m.out[0]!).runId).toBe("r");
    const hook = memoryIo({ stdin: payload("Write", { file_path: join(checkout, "docs/in-process.md"), content: "x" }) });
    expect(await main(["guard", "--config", specFile], hook.io)).toBe(2);
    expect(hook.err[0]).toContain("docs/in-process.md matches none");
  });

  it("the records fold through the CLI: human summary and --json", async () => {
    const human = await gatehouse(["guard", "records", recordFile, "--run-id", "run-7"], "");
    expect(human.status).toBe(0);
    expect(human.stdout).toMatch(/run run-7: folded \d+ records of \d+ lines \(cap 64\); dropped 0: 0 malformed, 0 past the cap/);
    const json = await gatehouse(["guard", "records", recordFile, "--run-id", "run-7", "--json"], "");
    const out = JSON.parse(json.stdout);
    expect(out).toMatchObject({ runId: "run-7", cap: 64, dropped: { malformed: 0, pastCap: 0, total: 0 } });
    expect(out.records.every((r: { runId: string }) => r.runId === "run-7")).toBe(true);
    expect(readFileSync(recordFile, "utf8")).not.toContain("run-7");
    const missing = await gatehouse(["guard", "records", join(root, "never.jsonl")], "");
    expect(missing.status).toBe(0);
    expect(missing.stdout).toContain("the guard never fired there");
    const dir = await gatehouse(["guard", "records", root], "");
    expect(dir.status).toBe(66);
    expect((await gatehouse(["guard", "records", recordFile, "--run-id", "a\nb"], "")).status).toBe(64);
  });
});
