// `gatehouse install|uninstall` on real files in a temp project: created,
// unchanged on re-install (not even rewritten), restored byte for byte,
// refused untouched, written through symlinks with the mode kept.
import { chmodSync, existsSync, mkdirSync, readFileSync, realpathSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { launcherPath } from "../../src/cli/install.js";
import { main } from "../../src/cli/main.js";
import { shellQuote, shellWords } from "../../src/shell-words.js";
import { unwrapHookWords, wrapHookCommand } from "../../src/install/hook-wrapper.js";
import { memoryIo } from "../support/io.js";
import { scratchDir } from "../support/scratch.js";

const fresh = () => realpathSync(scratchDir("gatehouse-install-"));
const run = async (argv: string[], cwd: string, home = cwd) => {
  const m = memoryIo({ cwd, env: { HOME: home } });
  const code = await main(argv, m.io);
  return { code, out: m.out, err: m.err };
};

describe("gatehouse install", () => {
  it("--in-process writes the pure in-process hook; --daemon auto is the default spelled out; --in-process with --daemon or --http is a usage error", async () => {
    const words = async (flags: string[]) => {
      const dir = fresh();
      expect((await run(["install", "codex", ...flags], dir)).code).toBe(0);
      const command = JSON.parse(readFileSync(join(dir, ".codex", "hooks.json"), "utf8")).hooks.PreToolUse[0].hooks[0].command;
      return unwrapHookWords(shellWords(command))!.slice(2);
    };
    expect(await words(["--in-process"])).toEqual(["hook", "codex"]);
    expect(await words(["--daemon", "auto"])).toEqual(["hook", "codex", "--daemon", "auto"]);
    expect(await words([])).toEqual(["hook", "codex", "--daemon", "auto"]);
    expect(await words(["--daemon", "http://127.0.0.1:4283"])).toEqual(["hook", "codex", "--daemon", "http://127.0.0.1:4283"]);
    for (const bad of [["--in-process", "--daemon", "auto"], ["claude", "--in-process", "--http", "http://127.0.0.1:4283"]]) {
      const argv = bad[0] === "claude" ? ["install", ...bad] : ["install", "codex", ...bad];
      expect((await run(argv, fresh())).code, bad.join(" ")).toBe(64);
    }
  });

  it("creates the project settings file; install again leaves it untouched (same inode, same bytes)", async () => {
    const dir = fresh();
    const first = await run(["install", "claude"], dir);
    expect(first.code).toBe(0);
    const path = join(dir, ".claude", "settings.json");
    const text = readFileSync(path, "utf8");
    const hook = JSON.parse(text).hooks.PreToolUse[0].hooks[0];
    // The default hook forwards to the per-user daemon it starts itself (docs/daemon.md "The per-user daemon").
    expect(hook.command).toBe(wrapHookCommand("claude", [process.execPath, launcherPath(), "hook", "claude", "--daemon", "auto"]));
    expect(unwrapHookWords(shellWords(hook.command))).toEqual([process.execPath, launcherPath(), "hook", "claude", "--daemon", "auto"]);
    expect(launcherPath()).toMatch(/^\/.*\/bin\/gatehouse\.js$/);
    expect(hook.command).not.toMatch(/npx/);
    expect(first.out.join("\n")).toContain(`wrote ${path}`);
    const inode = statSync(path).ino;
    const second = await run(["install", "claude"], dir);
    expect(second.code).toBe(0);
    expect(second.out[0]).toMatch(/already has Gatehouse's hooks \(unchanged\)/);
    expect(statSync(path).ino).toBe(inode);
    expect(readFileSync(path, "utf8")).toBe(text);
  });

  it("--project DIR and --user pick the file; both at once is a usage error", async () => {
    const dir = fresh();
    const home = fresh();
    mkdirSync(join(dir, "sub"));
    expect((await run(["install", "gemini", "--project", "sub"], dir)).code).toBe(0);
    expect(existsSync(join(dir, "sub", ".gemini", "settings.json"))).toBe(true);
    expect((await run(["install", "codex", "--user"], dir, home)).code).toBe(0);
    expect(existsSync(join(home, ".codex", "hooks.json"))).toBe(true);
    const both = await run(["install", "codex", "--user", "--project", "sub"], dir, home);
    expect(both.code).toBe(64);
    expect(both.err).toHaveLength(1);
  });

  it("uninstall restores a hand-formatted file byte for byte, other hooks and comments included", async () => {
    const dir = fresh();
    mkdirSync(join(dir, ".gemini"));
    const path = join(dir, ".gemini", "settings.json");
    const original = `{
    // my Gemini setup
    "theme":"Dracula",
    "hooks": { "BeforeTool": [ {"matcher": "write_file", "hooks": [{"type": "command", "command": "prettier -c"}]} ] }
}`;
    writeFileSync(path, original);
    chmodSync(path, 0o640);
    expect((await run(["install", "gemini"], dir)).code).toBe(0);
    expect(readFileSync(path, "utf8")).not.toBe(original);
    expect(statSync(path).mode & 0o777).toBe(0o640);
    const removed = await run(["uninstall", "gemini"], dir);
    expect(removed.code).toBe(0);
    expect(removed.out[0]).toMatch(/removed 1 Gatehouse hook entry/);
    expect(readFileSync(path, "utf8")).toBe(original);
    expect((await run(["uninstall", "gemini"], dir)).out[0]).toMatch(/no Gatehouse hooks \(unchanged\)/);
  });

  it("an unparsable file is refused untouched: exit 1, one line naming the file and the problem", async () => {
    const dir = fresh();
    mkdirSync(join(dir, ".claude"));
    const path = join(dir, ".claude", "settings.json");
    const broken = '{ "model": "opus", "hooks": { "PreToolUse": [ }\n';
    writeFileSync(path, broken);
    const inode = statSync(path).ino;
    for (const command of ["install", "uninstall"]) {
      const r = await run([command, "claude"], dir);
      expect(r.code).toBe(1);
      expect(r.err).toHaveLength(1);
      expect(r.err[0]).toContain(path);
      expect(r.err[0]).toMatch(/not valid JSON \(\w+ at line 1, column \d+\); left untouched/);
      expect(readFileSync(path, "utf8")).toBe(broken);
      expect(statSync(path).ino).toBe(inode);
    }
  });

  it("a settings path that cannot be read is 66; an unknown agent or --http for an agent without http handlers is 64", async () => {
    const dir = fresh();
    mkdirSync(join(dir, ".cursor", "hooks.json"), { recursive: true }); // a directory where the file should be
    const r = await run(["install", "cursor"], dir);
    expect(r.code).toBe(66);
    expect(r.err[0]).toMatch(/hooks\.json: cannot read \(EISDIR\)/);
    expect((await run(["install", "vim"], dir)).code).toBe(64);
    expect((await run(["install", "codex", "--http", "http://127.0.0.1:8787"], dir)).code).toBe(64);
    expect((await run(["install", "claude", "--http", "ftp://x"], dir)).code).toBe(64);
    expect((await run(["install"], dir)).code).toBe(64);
  });

  it("--bundle is checked to load and written as an absolute path; a bundle that does not load is refused", async () => {
    const dir = fresh();
    writeFileSync(join(dir, "policy.json"), JSON.stringify({ schema_version: "2.0", artifacts: [] }));
    writeFileSync(join(dir, "broken.json"), "{");
    expect((await run(["install", "claude", "--bundle", "policy.json", "--on-error", "closed"], dir)).code).toBe(0);
    const command = JSON.parse(readFileSync(join(dir, ".claude", "settings.json"), "utf8")).hooks.PreToolUse[0].hooks[0].command as string;
    expect(command).toContain(`hook claude --bundle ${join(dir, "policy.json")} --on-error closed`);
    expect((await run(["install", "claude", "--bundle", "broken.json"], dir)).code).toBe(1);
    expect((await run(["install", "claude", "--bundle", "absent.json"], dir)).code).toBe(66);
    expect((await run(["install", "claude", "--on-error", "maybe"], dir)).code).toBe(64);
  });

  it("--daemon writes a hook command that forwards (its base URL, checked to be loopback http); with --http it is refused", async () => {
    const dir = fresh();
    expect((await run(["install", "gemini", "--daemon", "http://127.0.0.1:4283/", "--on-error", "closed"], dir)).code).toBe(0);
    const command = JSON.stringify(JSON.parse(readFileSync(join(dir, ".gemini", "settings.json"), "utf8")));
    expect(command).toContain("hook gemini --on-error closed --daemon http://127.0.0.1:4283");
    expect((await run(["install", "claude", "--daemon", "https://example.com"], dir)).code).toBe(64);
    expect((await run(["install", "claude", "--daemon", "http://127.0.0.1:4283", "--http", "http://127.0.0.1:4283"], dir)).code).toBe(64);
  });

  it("writes through a symlinked settings file to its target, keeping the link", async () => {
    const dir = fresh();
    const dotfiles = fresh();
    writeFileSync(join(dotfiles, "claude.json"), '{ "model": "opus" }\n');
    mkdirSync(join(dir, ".claude"));
    symlinkSync(join(dotfiles, "claude.json"), join(dir, ".claude", "settings.json"));
    expect((await run(["install", "claude"], dir)).code).toBe(0);
    expect(statSync(join(dir, ".claude", "settings.json")).isFile()).toBe(true);
    expect(readFileSync(join(dotfiles, "claude.json"), "utf8")).toContain("gatehouse.js");
    expect((await run(["uninstall", "claude"], dir)).code).toBe(0);
    expect(readFileSync(join(dotfiles, "claude.json"), "utf8")).toBe('{ "model": "opus" }\n');
  });

  it("--project must name an existing directory: a typo creates nothing (66), for install, uninstall and doctor", async () => {
    const dir = fresh();
    writeFileSync(join(dir, "a-file"), "");
    for (const command of ["install", "uninstall"]) {
      const missing = await run([command, "claude", "--project", "no-such-app"], dir);
      expect(missing.code).toBe(66);
      expect(missing.err).toEqual([`gatehouse ${command}: --project ${join(dir, "no-such-app")}: no such project directory (ENOENT)`]);
      const file = await run([command, "claude", "--project", "a-file"], dir);
      expect(file.code).toBe(66);
      expect(file.err[0]).toMatch(/a-file: not a directory$/);
    }
    expect((await run(["doctor", "--project", "no-such-app"], dir)).code).toBe(66);
    expect(existsSync(join(dir, "no-such-app"))).toBe(false);
  });

  it("--http and --daemon share one rule: a URL that is not loopback http is refused by both, same message, exit 64, nothing written", async () => {
    const dir = fresh();
    for (const url of ["http://gatehouse.example.com:4283", "http://10.0.0.5:4283", "http://0.0.0.0:4283", "https://127.0.0.1:4283", "ftp://127.0.0.1"]) {
      const http = await run(["install", "claude", "--http", url], dir);
      const daemon = await run(["install", "claude", "--daemon", url], dir);
      expect([http.code, daemon.code], url).toEqual([64, 64]);
      const why = `must be an http:// URL on a loopback address (the daemon listens on nothing else), got ${JSON.stringify(url)}`;
      expect(http.err, url).toEqual([`gatehouse install: --http ${why} (gatehouse install --help)`]);
      expect(daemon.err, url).toEqual([`gatehouse install: --daemon ${why} (gatehouse install --help)`]);
    }
    expect(existsSync(join(dir, ".claude"))).toBe(false);
    const failsOpen = expect.stringMatching(/^gatehouse install: warning: --http: while nothing answers at .*, Claude Code lets every tool call through unchecked .*gatehouse service install --port 4283/);
    for (const local of ["http://127.0.0.1:4283", "http://localhost:4283", "http://[::1]:4283", "http://127.0.0.1:4283/v1/hook/claude"]) {
      const r = await run(["install", "claude", "--http", local], dir);
      expect([r.code, r.err], local).toEqual([0, [failsOpen]]);
    }
  });

  it("uninstall of a missing file says so and exits 0", async () => {
    const r = await run(["uninstall", "cursor"], fresh());
    expect(r.code).toBe(0);
    expect(r.out[0]).toMatch(/does not exist \(nothing to remove\)/);
  });
});
