// `gatehouse install copilot`: its own file in `.github/hooks/` (Copilot loads every *.json there), a
// flat `preToolUse` list of `{type, bash, timeoutSec}` handlers; uninstall leaves `{version: 1}`; the
// folder-trust state doctor reads (a project's hooks load only in a trusted folder).
import { mkdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { launcherPath } from "../../src/cli/install.js";
import { main } from "../../src/cli/main.js";
import { copilotTrust } from "../../src/install/copilot-trust.js";
import { unwrapHookWords } from "../../src/install/hook-wrapper.js";
import { shellWords } from "../../src/shell-words.js";
import { memoryIo } from "../support/io.js";
import { scratchDir } from "../support/scratch.js";

const root = realpathSync(scratchDir("gatehouse-copilot-"));
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

describe("gatehouse install copilot", () => {
  it("writes .github/hooks/gatehouse.json: version 1, preToolUse → {type: command, bash, timeoutSec}; uninstall leaves {version: 1}", async () => {
    const { project, home } = fresh();
    const env = { HOME: home };
    const installed = await cli(["install", "copilot", "--project", project], project, env);
    expect(installed.code, installed.err).toBe(0);
    const path = join(project, ".github/hooks/gatehouse.json");
    const file = JSON.parse(readFileSync(path, "utf8"));
    expect(Object.keys(file)).toEqual(["version", "hooks"]);
    expect(file.version).toBe(1);
    expect(Object.keys(file.hooks)).toEqual(["preToolUse"]);
    const [handler] = file.hooks.preToolUse;
    expect(Object.keys(handler)).toEqual(["type", "bash", "timeoutSec"]);
    expect(handler).toMatchObject({ type: "command", timeoutSec: 600 });
    expect(unwrapHookWords(shellWords(handler.bash))).toEqual([process.execPath, launcherPath(), "hook", "copilot", "--daemon", "auto"]);
    expect(installed.out).toContain("trust: not yet — Copilot does not run this hook until then");
    expect((await cli(["install", "copilot", "--project", project], project, env)).out).toMatch(/unchanged/);
    const removed = await cli(["uninstall", "copilot", "--project", project], project, env);
    expect(removed.code, removed.err).toBe(0);
    expect(readFileSync(path, "utf8")).toBe('{\n  "version": 1\n}\n');
  });

  it("--user writes ~/.copilot/hooks/gatehouse.json, which needs no folder trust", async () => {
    const { project, home } = fresh();
    const installed = await cli(["install", "copilot", "--user"], project, { HOME: home });
    expect(installed.code, installed.err).toBe(0);
    expect(JSON.parse(readFileSync(join(home, ".copilot/hooks/gatehouse.json"), "utf8")).hooks.preToolUse).toHaveLength(1);
    expect(installed.out).toContain("trust: user hooks (~/.copilot/hooks) need no folder trust");
  });

  it("doctor: inactive (exit 1) while the folder is not trusted; trusted by the folder or one above it in trustedFolders; the self-test denies rm -rf ~", async () => {
    const { project, home } = fresh();
    const env = { HOME: home };
    expect((await cli(["install", "copilot", "--project", project], project, env)).code).toBe(0);
    const before = await cli(["doctor", "--project", project], project, env);
    expect(before.code).toBe(1);
    expect(before.out).toMatch(/^error  copilot project: inactive: GitHub Copilot CLI does not run this hook: .* is not in trustedFolders|does not exist/m);
    mkdirSync(join(home, ".copilot"), { recursive: true });
    writeFileSync(join(home, ".copilot/config.json"), JSON.stringify({ trustedFolders: [join(project, "..")] }));
    const after = await cli(["doctor", "--project", project, "--json"], project, env);
    const report = JSON.parse(after.out);
    expect(report.findings).toContainEqual({ level: "ok", subject: "copilot project", message: `${join(home, ".copilot/config.json")}: trustedFolders has ${join(project, "..")}` });
    expect(report.findings.some((f: { subject: string; message: string }) => f.subject === "copilot project" && /self-test: `ls` allowed, `rm -rf ~` denied/.test(f.message))).toBe(true);
    expect(after.code, after.out).toBe(0);
  });

  it("trust: a sibling folder with the same prefix is not the folder; COPILOT_HOME moves the config; bad JSON is unknown", () => {
    const read = (files: Record<string, string>) => (p: string) => files[p] ?? null;
    const at = (folders: string[]) => read({ "/h/.copilot/config.json": JSON.stringify({ trustedFolders: folders }) });
    expect(copilotTrust({ scope: "project", project: "/w/app", env: { HOME: "/h" }, read: at(["/w/app"]) }).trusted).toBe(true);
    expect(copilotTrust({ scope: "project", project: "/w/app/sub", env: { HOME: "/h" }, read: at(["/w"]) }).trusted).toBe(true);
    expect(copilotTrust({ scope: "project", project: "/w/app2", env: { HOME: "/h" }, read: at(["/w/app"]) }).trusted).toBe(false);
    expect(copilotTrust({ scope: "project", project: "/w/app", env: { HOME: "/h", COPILOT_HOME: "/c" }, read: read({ "/c/config.json": '{"trustedFolders":["/w/app"]}' }) }).trusted).toBe(true);
    expect(copilotTrust({ scope: "project", project: "/w/app", env: { HOME: "/h" }, read: read({ "/h/.copilot/config.json": "{" }) }).trusted).toBe(null);
  });
});
