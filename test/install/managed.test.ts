// `install AGENT --managed` writes the agent's managed (system) settings file —
// here under $GATEHOUSE_MANAGED_ROOT, never the real /etc — with the keys that
// make that layer win; re-install changes nothing; uninstall gives back the
// original bytes (or no file, where install created it); doctor says which
// scope is in force and what would switch the hook off.
import { existsSync, mkdirSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";
import { AGENT_SETTINGS } from "../../src/install/agents.js";
import { managedPath, recordPathOf } from "../../src/install/managed.js";
import { installedEntries } from "../../src/install/plan.js";
import { memoryIo } from "../support/io.js";
import { scratchDir } from "../support/scratch.js";

const scratch = realpathSync(scratchDir("gatehouse-managed-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
let n = 0;
function world() {
  const base = join(scratch, String(n++));
  const root = join(base, "root");
  const home = join(base, "home");
  const project = join(base, "project");
  for (const d of [root, home, project]) mkdirSync(d, { recursive: true });
  const env = { HOME: home, PATH: process.env.PATH ?? "", GATEHOUSE_MANAGED_ROOT: root, XDG_STATE_HOME: join(base, "state") };
  const run = async (...args: string[]) => {
    const m = memoryIo({ cwd: project, env });
    const code = await main(args, m.io);
    return { code, out: m.out.join("\n"), err: m.err.join("\n") };
  };
  return { root, home, project, env, run };
}

describe("the managed layer's path", () => {
  it("defaults to the real system path (Linux and macOS), placed under $GATEHOUSE_MANAGED_ROOT when set", () => {
    expect(managedPath("claude", {}, "linux")).toBe("/etc/claude-code/managed-settings.json");
    expect(managedPath("claude", {}, "darwin")).toBe("/Library/Application Support/ClaudeCode/managed-settings.json");
    expect(managedPath("gemini", {}, "linux")).toBe("/etc/gemini-cli/settings.json");
    expect(managedPath("gemini", {}, "darwin")).toBe("/Library/Application Support/GeminiCli/settings.json");
    expect(managedPath("cursor", {}, "linux")).toBe("/etc/cursor/hooks.json");
    expect(managedPath("cursor", {}, "darwin")).toBe("/Library/Application Support/Cursor/hooks.json");
    expect(managedPath("claude", { GATEHOUSE_MANAGED_ROOT: "/stage" }, "linux")).toBe("/stage/etc/claude-code/managed-settings.json");
    expect(managedPath("claude", { GATEHOUSE_MANAGED_ROOT: "relative" }, "linux")).toBe("/etc/claude-code/managed-settings.json");
    expect(managedPath("claude", {}, "win32")).toBeNull();
    expect(managedPath("codex", {}, "linux")).toBeNull();
  });
});

describe("install --managed, then uninstall --managed", () => {
  const existing: Record<string, string> = {
    claude: '{\n    "permissions": { "deny": ["Bash(curl:*)"] },\r\n    "hooks": {"PostToolUse": []}\n}',
    gemini: '// fleet defaults\n{\n  "hooksConfig": { "notifications": true },\n  "general": {"vimMode": false} // no vim\n}\n',
    cursor: '{"version": 1, "hooks": {"afterFileEdit": [{"command": "/usr/local/bin/audit"}]}}',
  };

  for (const agent of ["claude", "gemini", "cursor"] as const) {
    it(`${agent}: an existing file keeps its bytes; the layer's keys are added and recorded; uninstall restores it byte for byte`, async () => {
      const w = world();
      const file = managedPath(agent, w.env)!;
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, existing[agent]!);
      const r = await w.run("install", agent, "--managed");
      expect(r.code, r.err).toBe(0);
      expect(r.out).toContain(`wrote ${file} (managed scope)`);
      const text = readFileSync(file, "utf8");
      const entries = installedEntries(text, AGENT_SETTINGS[agent]);
      expect(entries.length).toBe(AGENT_SETTINGS[agent].events.length);
      const record = JSON.parse(readFileSync(recordPathOf(file), "utf8"));
      expect(record).toMatchObject({ format: "gatehouse.managed-install/1", file, created: false });
      if (agent === "claude") {
        expect(text).toContain('"allowManagedHooksOnly": true');
        expect(record.added).toEqual([["allowManagedHooksOnly"]]);
      }
      if (agent === "gemini") expect(record.added).toEqual([["hooksConfig", "enabled"]]);
      if (agent === "cursor") expect(record.added).toEqual([]);
      const inode = statSync(file).ino;
      const again = await w.run("install", agent, "--managed");
      expect(again.out).toContain("unchanged, managed scope");
      expect([statSync(file).ino, readFileSync(file, "utf8")]).toEqual([inode, text]);
      const u = await w.run("uninstall", agent, "--managed");
      expect(u.code, u.err).toBe(0);
      expect(readFileSync(file, "utf8")).toBe(existing[agent]);
      expect(existsSync(recordPathOf(file))).toBe(false);
    });
  }

  it("a file install created (and its keys) is removed again; the directory stays", async () => {
    const w = world();
    const file = managedPath("claude", w.env)!;
    expect((await w.run("install", "claude", "--managed")).code).toBe(0);
    expect(JSON.parse(readFileSync(file, "utf8")).allowManagedHooksOnly).toBe(true);
    expect(JSON.parse(readFileSync(recordPathOf(file), "utf8")).created).toBe(true);
    expect((await w.run("uninstall", "claude", "--managed")).code).toBe(0);
    expect(existsSync(file)).toBe(false);
    expect(existsSync(recordPathOf(file))).toBe(false);
    expect(existsSync(dirname(file))).toBe(true);
  });

  it("Gemini: no hooksConfig yet — the whole object is added and removed", async () => {
    const w = world();
    const file = managedPath("gemini", w.env)!;
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, '{"ui": {"theme": "dark"}}\n');
    expect((await w.run("install", "gemini", "--managed")).code).toBe(0);
    expect(JSON.parse(readFileSync(file, "utf8")).hooksConfig).toEqual({ enabled: true });
    expect((await w.run("uninstall", "gemini", "--managed")).code).toBe(0);
    expect(readFileSync(file, "utf8")).toBe('{"ui": {"theme": "dark"}}\n');
  });

  it("an administrator's allowManagedHooksOnly: false is not overwritten: refused, untouched, exit 1", async () => {
    const w = world();
    const file = managedPath("claude", w.env)!;
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, '{"allowManagedHooksOnly": false}');
    const r = await w.run("install", "claude", "--managed");
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/"allowManagedHooksOnly" is false, and Gatehouse's managed hook needs true .*left untouched/);
    expect(readFileSync(file, "utf8")).toBe('{"allowManagedHooksOnly": false}');
    expect(existsSync(recordPathOf(file))).toBe(false);
  });

  it("codex has no managed layer install writes (its requirements.toml is documented); --managed with --user or --touch-set is a usage error", async () => {
    const w = world();
    const codex = await w.run("install", "codex", "--managed");
    expect(codex.code).toBe(64);
    expect(codex.err).toMatch(/requirements\.toml/);
    expect((await w.run("install", "claude", "--managed", "--user")).code).toBe(64);
    expect((await w.run("install", "claude", "--managed", "--touch-set", "src/**")).code).toBe(64);
    expect((await w.run("uninstall", "claude", "--managed", "--project", w.project)).code).toBe(64);
  });
});

describe("doctor: the scope in force", () => {
  const messages = (report: { findings: { level: string; subject: string; message: string }[] }, subject: string) =>
    report.findings.filter((f) => f.subject === subject).map((f) => `${f.level} ${f.message}`);

  it("claude: managed with allowManagedHooksOnly is in force, the project entry does not run; disableAllHooks elsewhere cannot switch it off", async () => {
    const w = world();
    expect((await w.run("install", "claude")).code).toBe(0);
    let doctor = await w.run("doctor", "--json");
    expect(messages(JSON.parse(doctor.out), "claude scope")).toEqual([expect.stringMatching(/^info in force: project — the project or the agent itself can edit these files; gatehouse install claude --managed/)]);
    // The agent writes disableAllHooks into the project's local settings: nothing runs.
    writeFileSync(join(w.project, ".claude", "settings.local.json"), '{"disableAllHooks": true}');
    doctor = await w.run("doctor", "--json");
    expect(doctor.code).toBe(1);
    expect(messages(JSON.parse(doctor.out), "claude scope")).toContainEqual(expect.stringMatching(/^error .*settings\.local\.json sets disableAllHooks: Claude Code runs no hook/));
    expect((await w.run("install", "claude", "--managed")).code).toBe(0);
    doctor = await w.run("doctor", "--json");
    const report = JSON.parse(doctor.out);
    expect(messages(report, "claude scope")).toEqual([expect.stringMatching(/^ok in force: managed \(allowManagedHooksOnly: .*\); the project entries do not run$/)]);
    expect(messages(report, "claude managed")).toContainEqual(expect.stringMatching(/^ok self-test: `ls` allowed, `rm -rf ~` denied/));
    expect(report.installed.some((i: { scope: string }) => i.scope === "managed")).toBe(true);
    expect(doctor.code, doctor.out).toBe(0);
  });

  it("claude: allowManagedHooksOnly set by someone else without Gatehouse's hook: the project hook never runs (error)", async () => {
    const w = world();
    expect((await w.run("install", "claude")).code).toBe(0);
    const file = managedPath("claude", w.env)!;
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, '{"allowManagedHooksOnly": true}');
    const doctor = await w.run("doctor", "--json");
    expect(doctor.code).toBe(1);
    expect(messages(JSON.parse(doctor.out), "claude scope")).toContainEqual(expect.stringMatching(/^error .*sets allowManagedHooksOnly without Gatehouse's hook: the project hook never runs/));
  });

  it("gemini: a hook named in hooksConfig.disabled is reported", async () => {
    const w = world();
    expect((await w.run("install", "gemini", "--managed")).code).toBe(0);
    mkdirSync(join(w.project, ".gemini"), { recursive: true });
    writeFileSync(join(w.project, ".gemini", "settings.json"), '{"hooksConfig": {"disabled": ["gatehouse"]}}');
    const doctor = await w.run("doctor", "--json");
    expect(messages(JSON.parse(doctor.out), "gemini scope")).toContainEqual(expect.stringMatching(/^error .*lists Gatehouse's hook in hooksConfig\.disabled/));
  });
});
