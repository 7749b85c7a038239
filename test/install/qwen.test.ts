// `gatehouse install qwen`: `.qwen/settings.json` (JSON with comments, kept), a PreToolUse group matching
// Qwen Code's own tool names with a `{type: command, name, command, timeout}` handler in seconds; uninstall
// gives back the file; doctor's self-test answers in Claude Code's wire, which Qwen reads.
import { mkdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { launcherPath } from "../../src/cli/install.js";
import { main } from "../../src/cli/main.js";
import { unwrapHookWords } from "../../src/install/hook-wrapper.js";
import { shellWords } from "../../src/shell-words.js";
import { memoryIo } from "../support/io.js";
import { scratchDir } from "../support/scratch.js";

const root = realpathSync(scratchDir("gatehouse-qwen-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
const fresh = () => {
  const dir = join(root, `t${++n}`);
  mkdirSync(join(dir, "project"), { recursive: true });
  mkdirSync(join(dir, "home"), { recursive: true });
  return { project: join(dir, "project"), home: join(dir, "home") };
};
const cli = async (argv: string[], cwd: string, env: Record<string, string>) => {
  const m = memoryIo({ cwd, env });
  const code = await main(argv, m.io);
  return { code, out: m.out.join("\n"), err: m.err.join("\n") };
};

describe("gatehouse install qwen", () => {
  it("merges a PreToolUse group into .qwen/settings.json (comments kept), timeout 600 s; uninstall gives the bytes back", async () => {
    const { project, home } = fresh();
    const env = { HOME: home };
    const path = join(project, ".qwen/settings.json");
    mkdirSync(join(project, ".qwen"));
    const original = '{\n  // mine\n  "model": { "name": "qwen3-coder-plus" }\n}\n';
    writeFileSync(path, original);
    const installed = await cli(["install", "qwen", "--project", project], project, env);
    expect(installed.code, installed.err).toBe(0);
    const text = readFileSync(path, "utf8");
    expect(text).toContain("// mine");
    const file = JSON.parse(text.replace(/^\s*\/\/.*$/m, ""));
    const [group] = file.hooks.PreToolUse;
    expect(group.matcher).toMatch(/^\^\(run_shell_command\|write_file\|edit\|/);
    for (const tool of ["run_shell_command", "write_file", "edit", "read_file", "web_fetch", "mcp__fs__read"]) expect(new RegExp(group.matcher).test(tool), tool).toBe(true);
    expect(new RegExp(group.matcher).test("todo_write")).toBe(false);
    const [handler] = group.hooks;
    expect(handler).toMatchObject({ type: "command", name: "gatehouse", timeout: 600 });
    expect(unwrapHookWords(shellWords(handler.command))).toEqual([process.execPath, launcherPath(), "hook", "qwen", "--daemon", "auto"]);
    const doctor = await cli(["doctor", "--project", project, "--json"], project, env);
    const report = JSON.parse(doctor.out);
    expect(report.findings.some((f: { subject: string; message: string }) => f.subject === "qwen project" && /self-test: `ls` allowed, `rm -rf ~` denied/.test(f.message)), doctor.out).toBe(true);
    expect(doctor.code, doctor.out).toBe(0);
    const removed = await cli(["uninstall", "qwen", "--project", project], project, env);
    expect(removed.code, removed.err).toBe(0);
    expect(readFileSync(path, "utf8")).toBe(original);
  });

  it("--user writes ~/.qwen/settings.json; --managed is refused with the reason", async () => {
    const { project, home } = fresh();
    const installed = await cli(["install", "qwen", "--user"], project, { HOME: home });
    expect(installed.code, installed.err).toBe(0);
    expect(JSON.parse(readFileSync(join(home, ".qwen/settings.json"), "utf8")).hooks.PreToolUse).toHaveLength(1);
    const managed = await cli(["install", "qwen", "--managed"], project, { HOME: home, GATEHOUSE_MANAGED_ROOT: join(home, "root") });
    expect(managed.code).not.toBe(0);
    expect(managed.err).toMatch(/Qwen Code reads system settings/);
  });
});
