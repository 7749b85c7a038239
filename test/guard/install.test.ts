// `gatehouse install claude --touch-set …` on a real temp project: the spec
// file in the state dir and a second PreToolUse entry for the write tools;
// that entry's command, run through `sh -c` as Claude Code runs it, is the
// real guard; re-install is idempotent, a changed touch set updates the spec,
// install without --touch-set and uninstall remove entry and spec; doctor
// checks the guard.
import { existsSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { launcherPath } from "../../src/cli/install.js";
import { main } from "../../src/cli/main.js";
import { runShell } from "../../src/cli/run-shell.js";
import { foldRecords } from "../../src/guard/fold.js";
import { guardFilesFor, guardFilesOfCommand } from "../../src/guard/guard-files.js";
import { parseGuardSpec } from "../../src/guard/spec.js";
import { shellWords } from "../../src/shell-words.js";
import { unwrapHookWords } from "../../src/install/hook-wrapper.js";
import { memoryIo } from "../support/io.js";
import { scratchDir } from "../support/scratch.js";

const fresh = () => realpathSync(scratchDir("gatehouse-guard-install-"));

function setup() {
  const project = fresh();
  const home = fresh();
  const state = join(fresh(), "state");
  const env = { HOME: home, PATH: process.env.PATH ?? "" };
  const run = async (argv: string[]) => {
    const m = memoryIo({ cwd: project, env });
    const code = await main(argv, m.io);
    return { code, out: m.out.join("\n"), err: m.err.join("\n") };
  };
  const settingsPath = join(project, ".claude", "settings.json");
  const settings = () => JSON.parse(readFileSync(settingsPath, "utf8"));
  const guardGroup = () => settings().hooks.PreToolUse.find((g: { matcher: string }) => g.matcher === "Write|Edit|MultiEdit|NotebookEdit");
  return { project, home, state, env, run, settingsPath, settings, guardGroup, files: guardFilesFor(state, project) };
}

const writePayload = (project: string, path: string) =>
  JSON.stringify({ session_id: "3f2a", transcript_path: "", cwd: project, permission_mode: "default", hook_event_name: "PreToolUse", tool_name: "Write", tool_input: { file_path: join(project, path), content: "x" }, tool_use_id: "toolu_1" });

describe("install claude --touch-set", () => {
  it("writes the spec in the state dir and a PreToolUse entry on the write tools whose command is the real guard", async () => {
    const t = setup();
    const r = await t.run(["install", "claude", "--state-dir", t.state, "--touch-set", "src/**", "--touch-set", "!src/generated/**"]);
    expect(r.code).toBe(0);
    expect(r.out).toContain("PreToolUse Write|Edit|MultiEdit|NotebookEdit");
    expect(r.out).toContain(`guard: touch set in ${t.files.specFile}`);

    const groups = t.settings().hooks.PreToolUse;
    expect(groups).toHaveLength(2); // the policy hook and the guard
    const handler = t.guardGroup().hooks[0];
    expect(handler.type).toBe("command");
    expect(handler.timeout).toBe(600);
    expect(unwrapHookWords(shellWords(handler.command))).toEqual([process.execPath, launcherPath(), "guard", "--config", t.files.specFile, "--record-file", t.files.recordFile]);
    expect(handler.command).not.toMatch(/\bnpx\b/);

    const spec = parseGuardSpec(readFileSync(t.files.specFile, "utf8"), "spec");
    expect(spec).toEqual({ version: 1, gate: "out_of_contract_write", sessionCwd: t.project, touchSet: ["src/**", "!src/generated/**"], recordFile: t.files.recordFile });
    expect(t.files.specFile.startsWith(t.project)).toBe(false); // outside the checkout

    const allowed = await runShell(handler.command, writePayload(t.project, "src/a.ts"), { cwd: t.project, env: t.env, timeoutMs: 20_000 });
    expect(allowed).toEqual({ exitCode: 0, stdout: "", stderr: "" });
    const blocked = await runShell(handler.command, writePayload(t.project, "src/generated/x.ts"), { cwd: t.project, env: t.env, timeoutMs: 20_000 });
    expect(blocked.exitCode).toBe(2);
    expect(blocked.stderr).toContain("src/generated/x.ts is taken out of the touch set by !src/generated/**");
    expect(foldRecords(t.files.recordFile).records.map((x) => x.subject)).toEqual(["src/generated/x.ts"]);
    // The session cannot edit its own contract: the spec is outside the checkout.
    const own = await runShell(handler.command, JSON.stringify({ tool_name: "Write", tool_input: { file_path: t.files.specFile } }), { cwd: t.project, env: t.env, timeoutMs: 20_000 });
    expect(own.exitCode).toBe(2);
  });

  it("re-install is idempotent; a changed touch set updates the spec and keeps the entry", async () => {
    const t = setup();
    await t.run(["install", "claude", "--state-dir", t.state, "--touch-set", "src/**"]);
    const text = readFileSync(t.settingsPath, "utf8");
    const again = await t.run(["install", "claude", "--state-dir", t.state, "--touch-set", "src/**"]);
    expect(again.out).toContain("unchanged");
    expect(again.out).not.toContain("(updated)");
    const changed = await t.run(["install", "claude", "--state-dir", t.state, "--touch-set", "docs/**"]);
    expect(changed.code).toBe(0);
    expect(changed.out).toContain("(updated)");
    expect(readFileSync(t.settingsPath, "utf8")).toBe(text);
    expect(parseGuardSpec(readFileSync(t.files.specFile, "utf8"), "spec").touchSet).toEqual(["docs/**"]);
  });

  it("install without --touch-set removes the guard entry and its spec; the records stay", async () => {
    const t = setup();
    await t.run(["install", "claude", "--state-dir", t.state, "--touch-set", "src/**"]);
    mkdirSync(join(t.files.recordFile, ".."), { recursive: true });
    writeFileSync(t.files.recordFile, "");
    const r = await t.run(["install", "claude", "--state-dir", t.state]);
    expect(r.code).toBe(0);
    expect(r.out).toContain(`removed the guard spec ${t.files.specFile}`);
    expect(t.guardGroup()).toBeUndefined();
    expect(existsSync(t.files.specFile)).toBe(false);
    expect(existsSync(t.files.recordFile)).toBe(true);
  });

  it("uninstall removes both, restoring the settings file byte for byte", async () => {
    const t = setup();
    mkdirSync(join(t.project, ".claude"));
    const original = '{\n  "model": "opus",\n  "hooks": {"PostToolUse": [{"matcher": "Write", "hooks": [{"type": "command", "command": "prettier -w"}]}]}\n}\n';
    writeFileSync(t.settingsPath, original);
    expect((await t.run(["install", "claude", "--state-dir", t.state, "--touch-set", "src/**", "--record-file", "logs/guard.jsonl"])).code).toBe(0);
    expect(guardFilesOfCommand(t.guardGroup().hooks[0].command)).toEqual({ specFile: t.files.specFile, recordFile: join(t.project, "logs/guard.jsonl") });
    const r = await t.run(["uninstall", "claude"]);
    expect(r.code).toBe(0);
    expect(r.out).toContain("removed 2 Gatehouse hook entries");
    expect(r.out).toContain(`removed the guard spec ${t.files.specFile}`);
    expect(readFileSync(t.settingsPath, "utf8")).toBe(original);
    expect(existsSync(t.files.specFile)).toBe(false);
  });

  it("an empty touch set projects nothing", async () => {
    const t = setup();
    const r = await t.run(["install", "claude", "--state-dir", t.state, "--touch-set", "", "--touch-set", "# nothing"]);
    expect(r.code).toBe(0);
    expect(t.guardGroup()).toBeUndefined();
    expect(existsSync(t.files.specFile)).toBe(false);
  });

  it("refuses, touching nothing: another agent, --user, a broken pattern, --record-file alone", async () => {
    const t = setup();
    const cases: [string[], string][] = [
      [["install", "codex", "--touch-set", "src/**"], "Codex CLI has no such hook"],
      [["install", "claude", "--user", "--touch-set", "src/**"], "--touch-set and --user cannot be used together"],
      [["install", "claude", "--touch-set", "src/[oops"], 'touch-set pattern "src/[oops" has an unterminated ['],
      [["install", "claude", "--record-file", "r.jsonl"], "--record-file goes with --touch-set"],
    ];
    for (const [argv, message] of cases) {
      const r = await t.run([...argv, "--state-dir", t.state]);
      expect({ argv, code: r.code }).toEqual({ argv, code: 64 });
      expect(r.err).toContain(message);
    }
    expect(existsSync(t.settingsPath)).toBe(false);
    expect(existsSync(join(t.project, ".codex"))).toBe(false);
    expect(existsSync(t.state)).toBe(false);
  });

  it("a settings file that is refused leaves no spec behind", async () => {
    const t = setup();
    mkdirSync(join(t.project, ".claude"));
    writeFileSync(t.settingsPath, "{ not json");
    const r = await t.run(["install", "claude", "--state-dir", t.state, "--touch-set", "src/**"]);
    expect(r.code).toBe(1);
    expect(existsSync(t.files.specFile)).toBe(false);
  });

  it("doctor checks the installed guard: spec, records, a blocked outside write, the command runs", async () => {
    const t = setup();
    await t.run(["install", "claude", "--state-dir", t.state, "--touch-set", "src/**"]);
    const healthy = await t.run(["doctor", "--json"]);
    const report = JSON.parse(healthy.out);
    const guard = report.findings.filter((f: { message: string }) => f.message.startsWith("touch-set guard:"));
    expect(guard.map((f: { level: string }) => f.level)).toEqual(["ok", "ok", "ok"]);
    expect(guard.at(-1).message).toContain("a write outside the checkout is blocked");
    expect(foldRecords(t.files.recordFile).exists).toBe(false); // the self-test leaves no record

    writeFileSync(t.files.specFile, "{ broken");
    const broken = JSON.parse((await t.run(["doctor", "--json"])).out);
    expect(broken.healthy).toBe(false);
    expect(broken.findings.some((f: { level: string; message: string }) => f.level === "error" && f.message.includes("the guard fails open on every write"))).toBe(true);
  });
});
