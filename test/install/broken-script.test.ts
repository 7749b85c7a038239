// A Gatehouse that cannot run must block, not wave every call through (SPEC §6.8):
// `install` from a copy of the package (never this checkout), then the
// installed command — read from the settings file and run exactly as written
// through a shell, as the agent runs it — after the copy's dist/ is deleted,
// its launcher deleted, truncated into a syntax error or made to throw, and
// with the node it names gone. Each agent blocks in its own protocol with a
// reason naming the fix; Gatehouse's own documented answers (a deny, an
// allow, the --on-error open exits, a closed block) pass through unchanged.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runShell } from "../../src/cli/run-shell.js";
import { AGENT_SETTINGS, INSTALL_AGENTS, type InstallAgent } from "../../src/install/agents.js";
import { unwrapHookWords, wrapHookCommand } from "../../src/install/hook-wrapper.js";
import { installedEntries } from "../../src/install/plan.js";
import { readAnswer, selfTestPayload } from "../../src/install/self-test.js";
import { shellQuote, shellWords } from "../../src/shell-words.js";
import { scratchDir } from "../support/scratch.js";

const root = join(import.meta.dirname, "..", "..");
const scratch = realpathSync(scratchDir("gatehouse-broken-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A copy of the package (bin, dist, bundles, package.json; node_modules linked): what a user's installation is. */
function copyPackage(name: string): string {
  const pkg = join(scratch, name);
  mkdirSync(pkg);
  for (const part of ["bin", "dist", "bundles", "package.json"]) cpSync(join(root, part), join(pkg, part), { recursive: true });
  symlinkSync(join(root, "node_modules"), join(pkg, "node_modules"));
  return pkg;
}

const home = join(scratch, "home");
mkdirSync(home);
const env = { HOME: home, PATH: process.env.PATH ?? "", XDG_STATE_HOME: join(scratch, "state"), GATEHOUSE_CACHE_DIR: join(scratch, "cache") };

/** `gatehouse install AGENT` run by the copy's own launcher, into a fresh project; the command it wrote. */
async function installFrom(pkg: string, agent: InstallAgent, extra: string[] = []): Promise<{ project: string; command: string }> {
  const project = mkdtempSync(join(scratch, `${agent}-`));
  const r = await runShell(`'${process.execPath}' '${join(pkg, "bin", "gatehouse.js")}' install ${agent} ${extra.join(" ")}`, "", { cwd: project, env, timeoutMs: 60_000 });
  expect(r.exitCode, r.stderr).toBe(0);
  const settings = AGENT_SETTINGS[agent];
  const entry = installedEntries(readFileSync(join(project, settings.projectFile), "utf8"), settings)[0]!;
  return { project, command: String(entry.handler.command) };
}

/** The installed command run as written, through the shell the agent uses (Codex: a login shell). */
const call = (agent: InstallAgent, command: string, project: string, stdin: string) =>
  runShell(agent === "codex" ? `exec ${shellQuote(["/bin/sh", "-lc", command])}` : command, stdin, { cwd: project, env, timeoutMs: 60_000 });
const payload = (agent: InstallAgent, project: string, cmd: string) => JSON.stringify(selfTestPayload(agent, cmd, project));

/** The agent's block, read as the agent reads it, with the reason naming the fix. */
function expectBlocked(agent: InstallAgent, run: { exitCode: number | null; stdout: string; stderr: string }, what: string): void {
  expect(readAnswer(agent, run), `${agent}: ${what}`).toBe("deny");
  if (agent === "cursor") {
    expect(run.exitCode, what).toBe(0);
    const answer = JSON.parse(run.stdout);
    expect(answer.permission).toBe("deny");
    expect(answer.agent_message).toMatch(/reinstall Gatehouse .*npm run build.*gatehouse install/);
  } else if (agent === "copilot") {
    // Copilot denies on any non-zero exit but shows the model no reason then: the deny JSON carries it.
    expect(run.exitCode, what).toBe(0);
    const answer = JSON.parse(run.stdout);
    expect(answer.permissionDecision).toBe("deny");
    expect(answer.permissionDecisionReason).toMatch(/reinstall Gatehouse .*npm run build.*gatehouse install/);
  } else {
    expect(run.exitCode, what).toBe(2);
    expect(run.stderr.trim().split("\n").at(-1), what).toMatch(/^Gatehouse blocked this call: .*reinstall Gatehouse .*npm run build.*gatehouse install again\.$/);
  }
}

describe("the installed command when Gatehouse cannot run", () => {
  it("intact: deny, allow and the documented --on-error open answers pass through the wrapper unchanged", async () => {
    const pkg = copyPackage("intact");
    for (const agent of INSTALL_AGENTS) {
      const { project, command } = await installFrom(pkg, agent);
      expect(unwrapHookWords(shellWords(command))?.slice(1, 4), agent).toEqual([join(pkg, "bin", "gatehouse.js"), "hook", agent]);
      expect(readAnswer(agent, await call(agent, command, project, payload(agent, project, "rm -rf ~"))), agent).toBe("deny");
      expect(await call(agent, command, project, payload(agent, project, "ls"))).toEqual({ exitCode: 0, stdout: "", stderr: "" });
      // Unreadable input under `open`: Gatehouse's non-blocking exit — 66, which Gemini CLI would read as a deny, so 1 there;
      // Copilot denies on every non-zero exit, so its open answer is exit 0.
      const garbage = await call(agent, command, project, "not json");
      expect(garbage.exitCode, agent).toBe(agent === "gemini" ? 1 : agent === "copilot" ? 0 : 66);
      expect(garbage.stderr, agent).toMatch(/stdin is not JSON/);
      expect(garbage.stdout).toBe("");
    }
  });

  it("Gatehouse's own exit 1 (a bundle that reads but no longer loads, under open) stays 1; under closed it blocks with Gatehouse's reason", async () => {
    const pkg = copyPackage("bundle");
    const bundle = join(scratch, "bundle.json");
    cpSync(join(root, "bundles", "default.json"), bundle);
    const open = await installFrom(pkg, "claude", ["--bundle", bundle]);
    const closed = await installFrom(pkg, "claude", ["--bundle", bundle, "--on-error", "closed"]);
    writeFileSync(bundle, JSON.stringify({ format: "not a bundle" }));
    const a = await call("claude", open.command, open.project, payload("claude", open.project, "ls"));
    expect(a.exitCode).toBe(1);
    expect(a.stderr).not.toMatch(/Gatehouse blocked this call/);
    const b = await call("claude", closed.command, closed.project, payload("claude", closed.project, "ls"));
    expect(b.exitCode).toBe(2);
    expect(b.stderr).not.toMatch(/Gatehouse blocked this call/);
  });

  it("the copy's dist/ deleted: every agent's installed command blocks, naming the fix", async () => {
    const pkg = copyPackage("no-dist");
    const installed = await Promise.all(INSTALL_AGENTS.map(async (agent) => ({ agent, ...(await installFrom(pkg, agent)) })));
    rmSync(join(pkg, "dist"), { recursive: true });
    for (const { agent, project, command } of installed) {
      const run = await call(agent, command, project, payload(agent, project, "rm -rf ~"));
      expectBlocked(agent, run, "dist/ deleted");
      expect(run.stderr).toContain(`${join(pkg, "dist", "cli.cjs")} is missing — run \`npm run build\``);
      // A harmless call is blocked too: nothing can tell them apart while Gatehouse cannot run.
      expectBlocked(agent, await call(agent, command, project, payload(agent, project, "ls")), "dist/ deleted, ls");
    }
  });

  it("the launcher deleted, truncated to a syntax error, or throwing; a module of dist/ missing: blocked", async () => {
    const pkg = copyPackage("launcher");
    const launcher = join(pkg, "bin", "gatehouse.js");
    const good = readFileSync(launcher, "utf8");
    const installed = await Promise.all(INSTALL_AGENTS.map(async (agent) => ({ agent, ...(await installFrom(pkg, agent)) })));
    const breakages: Array<[string, () => void]> = [
      ["deleted", () => rmSync(launcher)],
      ["truncated", () => writeFileSync(launcher, good.slice(0, Math.floor(good.length / 2)))],
      ["throwing", () => writeFileSync(launcher, 'throw new Error("boom");\n')],
      // The default hook (`--daemon auto`) loads dist/socket-forward.cjs first, and dist/code-cache.cjs when it evaluates here.
      ["dist/socket-forward.cjs missing", () => rmSync(join(pkg, "dist", "socket-forward.cjs"))],
      ["dist/code-cache.cjs and socket-forward.cjs missing", () => ["code-cache.cjs", "socket-forward.cjs"].forEach((f) => rmSync(join(pkg, "dist", f)))],
    ];
    for (const [what, breakIt] of breakages) {
      breakIt();
      for (const { agent, project, command } of installed) expectBlocked(agent, await call(agent, command, project, payload(agent, project, "rm -rf ~")), what);
      writeFileSync(launcher, good);
      for (const f of ["code-cache.cjs", "socket-forward.cjs"]) cpSync(join(root, "dist", f), join(pkg, "dist", f));
      expect(readAnswer("claude", await call("claude", installed[0]!.command, installed[0]!.project, payload("claude", installed[0]!.project, "rm -rf ~"))), `${what}, repaired`).toBe("deny");
    }
  });

  it("the node binary the command names is gone (node upgraded or moved): blocked, not `command not found` and through", async () => {
    const pkg = copyPackage("node");
    for (const agent of INSTALL_AGENTS) {
      const project = mkdtempSync(join(scratch, `${agent}-node-`));
      const command = wrapHookCommand(agent, [join(scratch, "gone", "node"), join(pkg, "bin", "gatehouse.js"), "hook", agent]);
      const run = await call(agent, command, project, payload(agent, project, "ls"));
      expectBlocked(agent, run, "node gone");
      expect(run.stderr).toMatch(/not found/);
    }
  });
});
