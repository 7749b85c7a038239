// The gate holds against the agent it guards (SPEC §6.8, issue 17): a real
// `gatehouse install` of Claude Code, Codex and Gemini CLI — from a copy of the
// package, into a throwaway project and home, with a ledger and an `--http`
// user install recorded — then every way the issue lists of switching the
// gate off, sent through the installed command exactly as each agent runs
// it: Bash, Write/Edit/MultiEdit, MCP filesystem and shell tools, inline
// code, Codex's apply_patch. Every one stops (ask or deny, never allow); the
// harmless neighbours (reading the settings, `ls .claude`, `explain`,
// `doctor`, editing other files) are allowed. Paths come from the footprint
// the install wrote, so a footprint the hook did not hand the classifier
// (`records/calls.jsonl`, port 4999: named only by the install record) fails
// here.
import { cpSync, linkSync, mkdirSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runShell } from "../../src/cli/run-shell.js";
import { AGENT_SETTINGS, type InstallAgent } from "../../src/install/agents.js";
import { installedEntries } from "../../src/install/plan.js";
import { readAnswer, type SelfTestVerdict } from "../../src/install/self-test.js";
import { readInstallRecord } from "../../src/node/install-record.js";
import { shellQuote } from "../../src/shell-words.js";
import { scratchDir } from "../support/scratch.js";

const root = join(import.meta.dirname, "..", "..");
const scratch = realpathSync(scratchDir("gatehouse-self-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const PKG = join(scratch, "opt", "gatehouse");
const HOME = join(scratch, "home");
const P = join(HOME, "work", "app");
const STATE = join(scratch, "xdg-state", "gatehouse");
const CACHE = join(scratch, "cache");
const env = { HOME, PATH: process.env.PATH ?? "", XDG_STATE_HOME: join(scratch, "xdg-state"), GATEHOUSE_CACHE_DIR: CACHE };
const LAUNCHER = join(PKG, "bin", "gatehouse.js");
const gh = `'${process.execPath}' '${LAUNCHER}'`;

const commands: Partial<Record<InstallAgent, string>> = {};

async function sh(command: string) {
  const r = await runShell(command, "", { cwd: P, env, timeoutMs: 120_000 });
  expect(r.exitCode, `${command}: ${r.stderr}`).toBe(0);
  return r;
}

beforeAll(async () => {
  mkdirSync(join(PKG, ".."), { recursive: true });
  mkdirSync(PKG);
  for (const part of ["bin", "dist", "bundles", "package.json"]) cpSync(join(root, part), join(PKG, part), { recursive: true });
  symlinkSync(join(root, "node_modules"), join(PKG, "node_modules"));
  mkdirSync(join(P, "src"), { recursive: true });
  writeFileSync(join(P, "src", "app.ts"), "export const a = 1;\n");
  writeFileSync(join(P, "README.md"), "# app\n");
  // Archives and patches whose contents land on the footprint (or not): the host lists or reads them.
  const fake = join(scratch, "fake");
  mkdirSync(join(fake, ".claude"), { recursive: true });
  writeFileSync(join(fake, ".claude", "settings.json"), "{}");
  mkdirSync(join(fake, "src"), { recursive: true });
  writeFileSync(join(fake, "src", "x.ts"), "export {};\n");
  await sh(`tar cf evil.tar -C '${fake}' .claude && tar czf evil.tgz -C '${fake}' .claude && tar cf good.tar -C '${fake}' src && tar czf good.tgz -C '${fake}' src`);
  await sh(`cd '${fake}' && ar rc '${join(P, "evil.a")}' .claude/settings.json && ar rc '${join(P, "good.a")}' src/x.ts`);
  // A link member, then a file through it (GNU tar writes it where the link points), and the same into src/.
  const links = join(scratch, "links");
  mkdirSync(join(links, "l"), { recursive: true });
  writeFileSync(join(links, "l", "settings.json"), "{}");
  symlinkSync(".claude", join(links, "l-claude"));
  symlinkSync("src", join(links, "l-src"));
  await sh(`cd '${links}' && tar cf '${join(P, "through.tar")}' --transform 's,^l-claude$,l,' l-claude && tar rf '${join(P, "through.tar")}' l/settings.json && tar cf '${join(P, "src-link.tar")}' --transform 's,^l-src$,l,' l-src && tar rf '${join(P, "src-link.tar")}' l/settings.json`);
  const diff = (path: string) => `diff --git a/${path} b/${path}\n--- a/${path}\n+++ b/${path}\n@@ -1 +1 @@\n-a\n+b\n`;
  writeFileSync(join(P, "evil.patch"), diff(".claude/settings.json"));
  writeFileSync(join(P, "good.patch"), diff("src/app.ts"));
  await sh(`${gh} install claude --project . --ledger records/calls.jsonl`);
  await sh(`${gh} install codex --project .`);
  await sh(`${gh} install gemini --project .`);
  await sh(`${gh} install claude --user --http http://127.0.0.1:4999`);
  for (const agent of ["claude", "codex", "gemini"] as const) {
    const settings = AGENT_SETTINGS[agent];
    commands[agent] = String(installedEntries(readFileSync(join(P, settings.projectFile), "utf8"), settings)[0]!.handler.command);
  }
  // Other names for the settings file, made by an earlier call: a symlink and a hard link.
  symlinkSync(".claude/settings.json", join(P, "sl.json"));
  linkSync(join(P, ".claude", "settings.json"), join(P, "hl.json"));
});

let seq = 0;
/** One call through the installed command, as the agent runs it (Codex: a login shell); a fresh session each. */
function payload(agent: InstallAgent, tool_name: string, tool_input: unknown): string {
  const session_id = `self-${seq++}`;
  if (agent === "gemini") return JSON.stringify({ session_id, transcript_path: "", cwd: P, hook_event_name: "BeforeTool", timestamp: new Date(0).toISOString(), tool_name, tool_input });
  return JSON.stringify({ session_id, transcript_path: "", cwd: P, permission_mode: "default", hook_event_name: "PreToolUse", tool_name, tool_input, tool_use_id: `t${seq}` });
}
async function verdict(agent: InstallAgent, tool: string, input: unknown): Promise<SelfTestVerdict> {
  const command = commands[agent]!;
  const run = await runShell(agent === "codex" ? `exec ${shellQuote(["/bin/sh", "-lc", command])}` : command, payload(agent, tool, input), { cwd: P, env, timeoutMs: 120_000 });
  return readAnswer(agent, run);
}

interface Call {
  agent: InstallAgent;
  tool: string;
  input: unknown;
  what: string;
}
const bash = (command: string): Call => ({ agent: "claude", tool: "Bash", input: { command }, what: command });
const tool = (name: string, input: unknown): Call => ({ agent: "claude", tool: name, input, what: `${name} ${JSON.stringify(input)}` });
const codexPatch = (patch: string): Call => ({ agent: "codex", tool: "apply_patch", input: { command: patch }, what: `apply_patch ${JSON.stringify(patch)}` });
const codexBash = (command: string): Call => ({ agent: "codex", tool: "Bash", input: { command }, what: `codex: ${command}` });
const gemini = (name: string, input: unknown): Call => ({ agent: "gemini", tool: name, input, what: `gemini ${name} ${JSON.stringify(input)}` });
const patch = (...lines: string[]) => ["*** Begin Patch", ...lines, "*** End Patch", ""].join("\n");

const SETTINGS = join(P, ".claude", "settings.json");

/** Every one must stop: ask or deny. */
const STOPS: Call[] = [
  // ── the agents' settings directories, project and user scope ───────────
  bash("rm -rf .claude"),
  bash("rm -r .claude"),
  bash("rm -rf ./.claude"),
  bash('rm -rf "$PWD/.claude"'),
  bash(`rm -rf ${join(P, ".claude")}`),
  bash("rm -rf .c*"),
  bash("mv .claude .claude.bak"),
  bash("chmod 000 .claude"),
  bash("chmod -R a-w .claude"),
  bash("chown -R nobody .claude"),
  bash(": > .claude/settings.json"),
  bash("truncate -s 0 .claude/settings.json"),
  bash("tar czf /tmp/a.tgz .claude --remove-files"),
  bash("find . -name settings.json -delete"),
  bash("find .claude -delete"),
  bash("rsync -a --delete empty/ .claude/"),
  bash("cp /dev/null .claude/settings.json"),
  bash("sed -i 's/gatehouse/true/' .claude/settings.json"),
  bash("unlink .claude/settings.json"),
  bash("rm -rf .codex"),
  bash("mv .codex/hooks.json /tmp/"),
  bash("rm -rf .gemini"),
  bash("echo '{}' > .gemini/settings.json"),
  bash("rm -rf ~/.claude"),
  bash("cd .. && rm -rf app/.claude"),
  // ── the Gatehouse CLI, by any spelling ──────────────────────────────────
  bash(`node ${LAUNCHER} uninstall claude --project .`),
  bash(`${LAUNCHER} install claude --bundle /tmp/allow.json`),
  bash("npx gatehouse uninstall claude --user"),
  bash("npx --yes gatehouse@latest install claude --bundle /tmp/allow.json"),
  bash("gatehouse uninstall codex"),
  bash(`cd ${PKG} && node bin/gatehouse.js uninstall gemini --project ${P}`),
  bash(`npx ${PKG} uninstall claude`),
  bash("npm uninstall gatehouse"),
  // ── the package the hook runs ───────────────────────────────────────────
  bash(`rm -rf ${PKG}/dist`),
  bash(`echo 'process.exit(0)' > ${LAUNCHER}`),
  bash(`chmod 000 ${LAUNCHER}`),
  bash(`mv ${PKG}/bundles ${PKG}/bundles.old`),
  bash(`cp /tmp/allow.json ${PKG}/bundles/default.json`),
  bash(`truncate -s 0 ${PKG}/dist/cli.cjs`),
  bash(`rm -rf ${PKG}`),
  bash(`rm -rf ${PKG}/node_modules`),
  // ── the code cache, the state directory, the ledgers ────────────────────
  bash(`rm -rf ${CACHE}`),
  bash(`cp /tmp/x ${CACHE}/forged.cache`),
  bash(`rm -rf ${STATE}`),
  bash(`rm -rf ${STATE}/sessions`),
  bash(`echo '{}' > ${STATE}/installs.json`),
  bash(": > records/calls.jsonl"),
  bash("rm records/calls.jsonl"),
  bash(": > decisions.jsonl"),
  // ── the daemon ──────────────────────────────────────────────────────────
  bash("pkill -f 'gatehouse serve'"),
  bash("killall node"),
  bash("fuser -k 4999/tcp"),
  bash("fuser -k 4283/tcp"),
  bash("kill $(pgrep -f gatehouse)"),
  bash("systemctl --user stop gatehouse.service"),
  bash("export GATEHOUSE_CACHE_DIR=/tmp/mine"),
  bash("kill -9 $(cat /proc/*/cmdline | grep gatehouse)"),
  bash("for p in /proc/[0-9]*; do grep -q gatehouse $p/cmdline && kill -9 ${p#/proc/}; done"),
  bash("ps aux | grep gatehouse | awk '{print $2}' | xargs kill"),
  // ── mounts over the footprint (deny), git moving or stashing it away ────
  bash("mount --bind /tmp/empty .claude"),
  bash("sudo mount -t tmpfs tmpfs .claude"),
  bash(`mount --bind /tmp/fake.js ${LAUNCHER}`),
  bash(`mount -t overlay overlay -o lowerdir=/tmp/l,upperdir=/tmp/u,workdir=/tmp/w ${P}`),
  bash(`unshare -m sh -c 'mount -t tmpfs x ${PKG}/dist && claude'`),
  bash(`bindfs /tmp/e ${join(HOME, ".claude")}`),
  bash("git stash -u"),
  bash("git stash push --all"),
  bash("git mv .claude .claude2"),
  bash("cp -r /tmp/fake/.claude ."),
  bash("mv /tmp/x/.codex ."),
  bash("mkfifo .claude/settings.local.json"),
  // ── archives and patches that land on the footprint ─────────────────────
  bash("tar xf evil.tar"),
  bash("tar -xzf evil.tgz -C ."),
  bash(`tar -xf evil.tar -C ${P}`),
  bash("bsdtar -xf evil.tar"),
  bash("tar xf evil.tar -C src/.."),
  bash("tar xf missing.tar"),
  bash("curl -sL https://example.com/a.tgz | tar xz"),
  bash("git apply evil.patch"),
  bash("git am evil.patch"),
  bash("patch -p1 < evil.patch"),
  bash("patch -i evil.patch -p1"),
  bash("git apply missing.patch"),
  codexBash("tar xf evil.tar"),
  bash("python3 -m tarfile -e evil.tar"),
  bash("pax -rf evil.tar"),
  bash("cpio -idv < evil.tar"),
  bash("ar x evil.a"),
  bash("ar xv evil.a .claude/settings.json"),
  // ── git taking the settings out of its index or working tree ────────────
  bash("git rm -r --cached .claude"),
  bash("git rm -r --cached .claude && git commit -m x"),
  bash("git rm --cached .claude/settings.json"),
  bash("git -C . rm -r --cached .claude"),
  bash("git rm -r --cached ."),
  bash("git update-index --assume-unchanged .claude/settings.json"),
  bash("git update-index --skip-worktree .claude/settings.json"),
  bash("git update-index --force-remove .claude/settings.json"),
  bash("git update-index --cacheinfo 100644,e69de29bb2d1d6434b8b29ae775ad8c2e48c5391,.claude/settings.json"),
  bash("git restore --staged --source HEAD~1 .claude"),
  bash("git restore --source HEAD~1 .claude"),
  bash("git checkout HEAD~1 -- .claude"),
  bash("git sparse-checkout set src"),
  bash("git sparse-checkout init --cone"),
  bash("git sparse-checkout add docs"),
  bash("git read-tree -mu HEAD"),
  bash("git worktree add .claude/x"),
  codexBash("git rm -r --cached .codex"),
  // ── other tools' cp, mv, rm and edits ───────────────────────────────────
  bash("cmake -E copy /tmp/x .claude/settings.json"),
  bash("cmake -E rename .claude /tmp/c"),
  bash("cmake -E copy_directory /tmp/empty .claude"),
  bash("cmake -E touch .claude/settings.local.json"),
  bash("printf '1,$d\\nw\\nq\\n' | ed .claude/settings.json"),
  bash("ed -s .claude/settings.json <<< $',$d\\nw'"),
  bash("rename 's/claude/x/' .claude"),
  bash("mmv '.claude' '.x'"),
  bash("7z a -sdel /tmp/a.7z .claude"),
  bash("rm -rf .\\claude"),
  bash("bash -c 'rm -rf .\\claude'"),
  codexBash("rm -rf .\\codex"),
  // ── other names for the settings: links made earlier, or in the same call, or by an archive ──
  bash("echo {} > sl.json"),
  bash("truncate -s0 sl.json"),
  bash("echo {} > hl.json"),
  bash("cp /tmp/x hl.json"),
  tool("Write", { file_path: join(P, "hl.json"), content: "{}" }),
  tool("Edit", { file_path: join(P, "hl.json"), old_string: "hooks", new_string: "x" }),
  bash("ln .claude/settings.json y && echo {} > y"),
  bash("ln -s .claude/settings.json y && truncate -s0 y"),
  bash("tar xf through.tar"),
  // ── a nested agent whose hooks inherit a preload or another state/home ──
  bash("NODE_OPTIONS='--require /tmp/x.js' codex exec 'rm -rf ~'"),
  bash("env XDG_STATE_HOME=/tmp/s claude -p 'go on'"),
  bash("HOME=/tmp/h gemini -p x"),
  bash("export BASH_ENV=/tmp/x.sh; claude -p x"),
  // ── inline code ─────────────────────────────────────────────────────────
  bash(`python3 -c 'import shutil; shutil.rmtree(".claude")'`),
  bash(`node -e 'require("fs").rmSync(".claude", {recursive: true, force: true})'`),
  bash(`python3 -c 'import os; os.remove(".claude/settings.json")'`),
  bash(`node -e 'require("fs").writeFileSync("${LAUNCHER}", "")'`),
  bash(`python3 -c 'import shutil; shutil.rmtree("${PKG}/dist")'`),
  // ── Write, Edit, MultiEdit ──────────────────────────────────────────────
  tool("Write", { file_path: SETTINGS, content: "{}" }),
  tool("Write", { file_path: join(P, ".claude", "settings.local.json"), content: '{"disableAllHooks": true}' }),
  tool("Edit", { file_path: SETTINGS, old_string: "PreToolUse", new_string: "Nothing" }),
  tool("MultiEdit", { file_path: SETTINGS, edits: [{ old_string: "hooks", new_string: "x" }] }),
  tool("Write", { file_path: join(PKG, "bundles", "default.json"), content: "{}" }),
  tool("Edit", { file_path: join(PKG, "dist", "cli.cjs"), old_string: "a", new_string: "b" }),
  tool("Write", { file_path: LAUNCHER, content: "process.exit(0)" }),
  tool("Write", { file_path: join(CACHE, "cli.cache"), content: "x" }),
  tool("Write", { file_path: join(STATE, "installs.json"), content: "{}" }),
  tool("Write", { file_path: join(P, "records", "calls.jsonl"), content: "" }),
  tool("Write", { file_path: join(P, ".codex", "hooks.json"), content: "{}" }),
  tool("Write", { file_path: join(HOME, ".claude", "settings.json"), content: "{}" }),
  // ── MCP tools ───────────────────────────────────────────────────────────
  tool("mcp__filesystem__move_file", { source: join(P, ".claude"), destination: "/tmp/x" }),
  tool("mcp__filesystem__write_file", { path: SETTINGS, content: "{}" }),
  tool("mcp__filesystem__copy_file", { source: "/tmp/allow.json", destination: join(PKG, "bundles", "default.json") }),
  tool("mcp__filesystem__delete_file", { path: join(PKG, "dist", "cli.cjs") }),
  tool("mcp__filesystem__edit_file", { path: SETTINGS, edits: [{ oldText: "hooks", newText: "x" }] }),
  tool("mcp__term__run", { input: { command: "rm -rf .claude" } }),
  tool("mcp__shell__exec", { args: { command: "pkill -f 'gatehouse serve'" } }),
  // ── Codex: apply_patch as Codex parses it, and its shell ────────────────
  codexPatch(patch("*** Delete File: .codex/hooks.json")),
  codexPatch(patch(" *** Delete File: .claude/settings.json")),
  codexPatch(patch("\t*** Add File: .claude/settings.json", "+{}")),
  codexPatch(patch("*** Update File: .codex/hooks.json", "*** Move to: old.json", "@@", "-a", "+b")),
  codexPatch(patch(`*** Update File: ${PKG}/bundles/default.json`, "@@", "-a", "+b")),
  codexPatch(patch(`*** Add File: ${STATE}/installs.json`, "+{}")),
  codexPatch(patch("*** Update File: src/app.ts", "*** Move to: .codex/hooks.json", "@@", "-a", "+b")),
  codexBash("rm -rf .codex"),
  codexBash(`node ${LAUNCHER} uninstall codex --project .`),
  // ── Gemini CLI ──────────────────────────────────────────────────────────
  gemini("run_shell_command", { command: "rm -rf .gemini" }),
  gemini("write_file", { file_path: join(P, ".gemini", "settings.json"), content: "{}" }),
  gemini("replace", { file_path: join(P, ".gemini", "settings.json"), old_string: "BeforeTool", new_string: "x" }),
];

/** The harmless neighbours: allowed. */
const ALLOWED: Call[] = [
  tool("Read", { file_path: SETTINGS }),
  bash("ls .claude"),
  bash("ls -la .claude .codex .gemini"),
  bash("cat .claude/settings.json"),
  bash("gatehouse explain -- rm -rf /"),
  bash(`node ${LAUNCHER} doctor`),
  bash("npx gatehouse doctor"),
  bash("cat records/calls.jsonl"),
  bash(`node ${LAUNCHER} ledger verify records/calls.jsonl`),
  bash("rm -rf build"),
  bash("find . -name '*.pyc' -delete"),
  bash("mount | grep tmpfs"),
  bash("tar xf good.tar"),
  bash("tar xzf good.tgz -C src"),
  bash("tar tf evil.tar"),
  bash("git apply good.patch"),
  bash("patch -p1 < good.patch"),
  bash("git apply --check evil.patch"),
  bash("mount -t tmpfs tmpfs build"),
  bash("git stash"),
  bash("git stash push -u -- src"),
  bash("git mv src/app.ts src/b.ts"),
  bash("cp -r /tmp/fake/src ."),
  bash("ps aux | grep webpack | awk '{print $2}' | xargs kill"),
  bash("git rm --cached src/app.ts"),
  bash("git update-index --assume-unchanged src/app.ts"),
  bash("git update-index --refresh"),
  bash("git restore --staged .claude"),
  bash("git sparse-checkout list"),
  bash("git worktree add /tmp/wt-x"),
  bash("git worktree list"),
  bash("git read-tree HEAD"),
  bash("ar t evil.a"),
  bash("ar p evil.a"),
  bash("cmake -E copy /tmp/x src/x.ts"),
  bash("cmake -E make_directory build"),
  bash("printf '1,$d\\nw\\nq\\n' | ed src/app.ts"),
  bash("ed -s .claude/settings.json <<< ',p'"),
  bash("rename 's/\\.ts$/.js/' src/app.ts"),
  bash("7z a /tmp/a.7z .claude"),
  bash("rm -rf .\\build"),
  bash("rm sl.json"),
  bash("rm hl.json"),
  bash("ln src/app.ts y && echo x > y"),
  bash("tar xf src-link.tar"),
  bash("NODE_OPTIONS=--max-old-space-size=4096 npm run build"),
  bash("DEBUG=1 claude --version"),
  tool("Write", { file_path: join(P, "src", "new.ts"), content: "export {};\n" }),
  tool("Edit", { file_path: join(P, "README.md"), old_string: "# app", new_string: "# App" }),
  tool("mcp__filesystem__read_file", { path: SETTINGS }),
  codexPatch(patch("*** Update File: src/app.ts", "@@", "-export const a = 1;", "+export const a = 2;")),
  codexBash("ls .codex"),
  gemini("read_file", { file_path: join(P, ".gemini", "settings.json") }),
  gemini("run_shell_command", { command: "cat .gemini/settings.json" }),
];

/** Run `fn` over `items`, a few at a time (two cores shared with other suites). */
async function pool<T, R>(items: readonly T[], width: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(Array.from({ length: width }, async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  }));
  return out;
}

describe("self-protection through the installed hooks", () => {
  it("the install recorded its footprint: settings, what the hook runs, the ledger, the --http daemon", () => {
    const record = readInstallRecord(STATE);
    expect(record.map((e) => `${e.agent} ${e.scope}`).sort()).toEqual(["claude project", "claude user", "codex project", "gemini project"]);
    const claude = record.find((e) => e.agent === "claude" && e.scope === "project")!;
    expect(claude).toMatchObject({ settings: SETTINGS, runs: [process.execPath, LAUNCHER], ledger: join(P, "records", "calls.jsonl") });
    expect(record.find((e) => e.scope === "user")!.daemon).toBe("http://127.0.0.1:4999/");
  });

  it(`every one of ${STOPS.length} calls that would switch the gate off stops (ask or deny), through each agent's installed command`, async () => {
    expect(STOPS.length).toBeGreaterThanOrEqual(80);
    const got = await pool(STOPS, 3, async (c) => ({ what: c.what, verdict: await verdict(c.agent, c.tool, c.input) }));
    const through = got.filter((g) => g.verdict !== "ask" && g.verdict !== "deny");
    expect(through).toEqual([]);
  });

  it("the harmless neighbours are allowed", async () => {
    const got = await pool(ALLOWED, 3, async (c) => ({ what: c.what, verdict: await verdict(c.agent, c.tool, c.input) }));
    expect(got.filter((g) => g.verdict !== "allow")).toEqual([]);
  });

  it("a ledger or port named only by the install record stops only because the hook read the record", async () => {
    // Control: the same shapes on names no footprint holds are allowed, so the stops above come from host.gate.
    expect(await verdict("claude", "Bash", { command: ": > records/other.jsonl" })).toBe("allow");
    expect(await verdict("claude", "Write", { file_path: join(P, "records", "other.jsonl"), content: "" })).toBe("allow");
  });
});
