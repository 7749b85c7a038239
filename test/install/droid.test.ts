// `gatehouse install droid`: `.factory/settings.json` (JSON with comments, kept: Droid 0.225.2 reads them), a
// `hooks.PreToolUse` group matching Droid's own tool names with a `{type: command, command, timeout}` handler in
// seconds; uninstall gives back the file; doctor's self-test sends Droid's Execute payload and reads the answer
// as Droid does (a `permissionDecision: ask` would let the call through there, so only a deny counts).
import { mkdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { launcherPath } from "../../src/cli/install.js";
import { main } from "../../src/cli/main.js";
import { unwrapHookWords } from "../../src/install/hook-wrapper.js";
import { readAnswer } from "../../src/install/self-test.js";
import { shellWords } from "../../src/shell-words.js";
import { memoryIo } from "../support/io.js";
import { scratchDir } from "../support/scratch.js";

const root = realpathSync(scratchDir("gatehouse-droid-"));
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

describe("gatehouse install droid", () => {
  it("merges hooks.PreToolUse into .factory/settings.json (comments and other keys kept), timeout 600 s; doctor self-tests; uninstall gives the bytes back", async () => {
    const { project, home } = fresh();
    const env = { HOME: home };
    const path = join(project, ".factory/settings.json");
    mkdirSync(join(project, ".factory"));
    const original = '{\n  // mine\n  "model": "custom:local",\n  "hooks": { "showHookOutput": false }\n}\n';
    writeFileSync(path, original);
    const installed = await cli(["install", "droid", "--project", project], project, env);
    expect(installed.code, installed.err).toBe(0);
    const text = readFileSync(path, "utf8");
    expect(text).toContain("// mine");
    const file = JSON.parse(text.replace(/^\s*\/\/.*$/m, ""));
    expect(file.hooks.showHookOutput).toBe(false);
    const [group] = file.hooks.PreToolUse;
    const matcher = new RegExp(group.matcher);
    for (const tool of ["Execute", "Create", "Edit", "ApplyPatch", "Read", "LS", "Glob", "Grep", "FetchUrl", "WebSearch", "Task", "github___create_issue"]) expect(matcher.test(tool), tool).toBe(true);
    for (const tool of ["TodoWrite", "ExecuteOutput", "AskUser"]) expect(matcher.test(tool), tool).toBe(false);
    const [handler] = group.hooks;
    expect(handler).toMatchObject({ type: "command", timeout: 600 });
    expect(unwrapHookWords(shellWords(handler.command))).toEqual([process.execPath, launcherPath(), "hook", "droid", "--daemon", "auto"]);
    const doctor = await cli(["doctor", "--project", project, "--json"], project, env);
    const report = JSON.parse(doctor.out);
    expect(report.findings.some((f: { subject: string; message: string }) => f.subject === "droid project" && /self-test: `ls` allowed, `rm -rf ~` denied/.test(f.message)), doctor.out).toBe(true);
    expect(doctor.code, doctor.out).toBe(0);
    const removed = await cli(["uninstall", "droid", "--project", project], project, env);
    expect(removed.code, removed.err).toBe(0);
    expect(readFileSync(path, "utf8")).toBe(original);
  });

  it("--user writes ~/.factory/settings.json next to the BYOK models; --managed is refused with the reason", async () => {
    const { project, home } = fresh();
    mkdirSync(join(home, ".factory"));
    writeFileSync(join(home, ".factory/settings.json"), JSON.stringify({ customModels: [{ model: "m", baseUrl: "http://127.0.0.1:1/v1", apiKey: "k", provider: "generic-chat-completion-api" }] }));
    const installed = await cli(["install", "droid", "--user"], project, { HOME: home });
    expect(installed.code, installed.err).toBe(0);
    const file = JSON.parse(readFileSync(join(home, ".factory/settings.json"), "utf8"));
    expect(file.hooks.PreToolUse).toHaveLength(1);
    expect(file.customModels).toHaveLength(1);
    const managed = await cli(["install", "droid", "--managed"], project, { HOME: home, GATEHOUSE_MANAGED_ROOT: join(home, "root") });
    expect(managed.code).not.toBe(0);
    expect(managed.err).toMatch(/Factory Droid 0\.225\.2 reads a system settings file/);
  });

  it("the self-test reads an answer as Droid does: only a deny (or exit 2) blocks, an ask lets the call through", () => {
    const ask = JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "ask", permissionDecisionReason: "r" } });
    const deny = ask.replace('"ask"', '"deny"');
    expect(readAnswer("droid", { exitCode: 0, stdout: ask, stderr: "" })).toBe("allow");
    expect(readAnswer("droid", { exitCode: 0, stdout: deny, stderr: "" })).toBe("deny");
    expect(readAnswer("droid", { exitCode: 2, stdout: "", stderr: "r" })).toBe("deny");
    expect(readAnswer("claude", { exitCode: 0, stdout: ask, stderr: "" })).toBe("ask");
  });
});
