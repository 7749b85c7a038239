// Gemini CLI's ask without a person (issue 18 item 2): headless (`gemini -p`, CI), an ask would end the
// whole run with exit 0 and nothing done, so it is answered as a deny saying a person must approve; with a
// person, the ask carries its reason in `systemMessage` (what the confirmation box shows). Detection is
// checked on a planted /proc tree and through real processes: a stand-in `…/gemini-cli/bundle/gemini.js`
// that runs the installed-style hook through `sh -c`, as Gemini CLI does.
import { spawn } from "node:child_process";
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ADAPTERS } from "../../src/adapters/index.js";
import type { Decision } from "../../src/model/decision.js";
import { geminiHeadless, headlessArgv, isGeminiProcess } from "../../src/node/gemini-headless.js";
import { shellQuote } from "../../src/shell-words.js";
import { gemini } from "../support/hook-payloads.js";
import { BIN, runGatehouse } from "../support/spawn-hook.js";
import { scratchDir } from "../support/scratch.js";

const dirs: string[] = [];
const fresh = () => {
  const d = scratchDir("gatehouse-gemini-headless-");
  dirs.push(d);
  return d;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const decided = (verdict: Decision["verdict"]): Decision => ({ verdict, reason: "git.discard_worktree: discards changes", artifact_id: "git.discard_worktree" }) as Decision;
const before = { hookEvent: "BeforeTool", phase: "pre" as const };

describe("the Gemini CLI answer to an ask", () => {
  const a = ADAPTERS.gemini;
  it("with a person: ask, the reason in reason (the model's) and in systemMessage (the confirmation box)", () => {
    expect(JSON.parse(a.answer(decided("ask"), before, { grantAllow: false }).stdout)).toEqual({ decision: "ask", reason: "git.discard_worktree: discards changes", systemMessage: "Gatehouse: git.discard_worktree: discards changes" });
  });
  it("with nobody to answer: a deny whose reason says a person must approve; a deny and an allow are unchanged", () => {
    const answer = JSON.parse(a.answer(decided("ask"), before, { grantAllow: false, noPerson: true }).stdout);
    expect(answer.decision).toBe("deny");
    expect(answer.reason).toBe("git.discard_worktree: discards changes [Gatehouse: a person must approve this action. Nobody can answer a confirmation in a headless Gemini CLI run (gemini -p), so it is denied; if it is wanted, a person can run it themselves]");
    expect(JSON.parse(a.answer(decided("hold"), before, { grantAllow: false, noPerson: true }).stdout).decision).toBe("deny");
    expect(a.answer(decided("deny"), before, { grantAllow: false, noPerson: true })).toEqual(a.answer(decided("deny"), before, { grantAllow: false }));
    expect(a.answer(decided("allow"), before, { grantAllow: false, noPerson: true }).stdout).toBe("");
  });
});

/** A planted /proc: pid → [argv, ppid, fd 0 and 1 targets]. */
function plantProc(tree: Record<number, { argv: string[]; ppid: number; fds?: [string, string] }>): string {
  const root = fresh();
  for (const [pid, p] of Object.entries(tree)) {
    mkdirSync(join(root, pid, "fd"), { recursive: true });
    writeFileSync(join(root, pid, "cmdline"), p.argv.join("\0") + "\0");
    writeFileSync(join(root, pid, "status"), `Name:\tx\nPPid:\t${p.ppid}\n`);
    const [in0, out1] = p.fds ?? ["/dev/pts/3", "/dev/pts/3"];
    symlinkSync(in0, join(root, pid, "fd", "0"));
    symlinkSync(out1, join(root, pid, "fd", "1"));
  }
  return root;
}

describe("is the Gemini CLI above this hook headless?", () => {
  const GEMINI = "/usr/lib/node_modules/@google/gemini-cli/bundle/gemini.js";
  const chain = (geminiArgv: string[], fds?: [string, string]) =>
    plantProc({
      40: { argv: ["node", "/opt/gatehouse/bin/gatehouse.js", "hook", "gemini"], ppid: 30 },
      30: { argv: ["/bin/sh", "-c", "script", "gatehouse-hook"], ppid: 20 },
      20: { argv: ["bash", "-c", "/bin/sh -c …"], ppid: 10 },
      10: { argv: ["/usr/bin/node", GEMINI, ...geminiArgv], ppid: 1, ...(fds ? { fds } : {}) },
    });
  it("reads Gemini's own rule: a prompt flag, a stdin or stdout that is not a terminal, CI", () => {
    expect(geminiHeadless({ env: {}, pid: 40, proc: chain(["-p", "fix it", "--yolo"]) })).toBe(true);
    expect(geminiHeadless({ env: {}, pid: 40, proc: chain(["--prompt=fix it"]) })).toBe(true);
    expect(geminiHeadless({ env: {}, pid: 40, proc: chain([]) })).toBe(false); // a person's terminal
    expect(geminiHeadless({ env: {}, pid: 40, proc: chain(["-i", "start with this"]) })).toBe(false);
    expect(geminiHeadless({ env: {}, pid: 40, proc: chain(["-p", "x", "--prompt-interactive"]) })).toBe(false);
    expect(geminiHeadless({ env: {}, pid: 40, proc: chain([], ["pipe:[123]", "/dev/pts/3"]) })).toBe(true); // stdin piped in
    expect(geminiHeadless({ env: {}, pid: 40, proc: chain([], ["/dev/pts/3", "/tmp/out.log"]) })).toBe(true); // stdout to a file
    expect(geminiHeadless({ env: { CI: "true" }, pid: 40, proc: chain([]) })).toBe(true);
    expect(geminiHeadless({ env: { GITHUB_ACTIONS: "true" }, pid: 40, proc: chain([]) })).toBe(true);
    expect(geminiHeadless({ env: { CI: "true", GEMINI_CLI_INTEGRATION_TEST: "true" }, pid: 40, proc: chain([]) })).toBe(false);
  });
  it("cannot tell without a Gemini process above it, or without /proc: null (the ask is kept)", () => {
    const noGemini = plantProc({ 40: { argv: ["node", "x"], ppid: 20 }, 20: { argv: ["bash"], ppid: 1 } });
    expect(geminiHeadless({ env: {}, pid: 40, proc: noGemini })).toBeNull();
    expect(geminiHeadless({ env: {}, pid: 40, proc: join(fresh(), "no-proc") })).toBeNull();
  });
  it("names: the bundle path and the bin link", () => {
    expect(isGeminiProcess(["node", GEMINI, "-p", "x"])).toBe(true);
    expect(isGeminiProcess(["node", "/home/me/.npm-global/bin/gemini"])).toBe(true);
    expect(isGeminiProcess(["node", "/opt/gemini-tools/run.js"])).toBe(false);
    expect(headlessArgv(["-p", "x"])).toBe(true);
    expect(headlessArgv(["--model", "m"])).toBe(false);
  });
});

/** A stand-in Gemini CLI: `<dir>/gemini-cli/bundle/gemini.js ARGS…` runs COMMAND through `sh -c` with the payload on stdin. */
function standInGemini(): string {
  const dir = join(fresh(), "gemini-cli", "bundle");
  mkdirSync(dir, { recursive: true });
  const path = join(dir, "gemini.js");
  writeFileSync(
    path,
    `const { spawnSync } = require("node:child_process");
const r = spawnSync("/bin/sh", ["-c", process.env.HOOK_COMMAND], { input: process.env.HOOK_INPUT, encoding: "utf8", stdio: ["pipe", "pipe", "inherit"] });
process.stdout.write(JSON.stringify({ stdout: r.stdout, status: r.status }));
`,
  );
  return path;
}

function runUnder(geminiJs: string, args: string[], hookInput: string, env: Record<string, string>): Promise<{ stdout: string; status: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [geminiJs, ...args], {
      env: { PATH: process.env.PATH ?? "", HOME: fresh(), XDG_STATE_HOME: fresh(), HOOK_COMMAND: shellQuote([process.execPath, BIN, "hook", "gemini"]), HOOK_INPUT: hookInput, ...env },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (out += d));
    child.on("error", reject);
    child.on("close", () => resolve(JSON.parse(out)));
    child.stdin.end();
  });
}

describe("through real processes", () => {
  const ask = JSON.stringify(gemini.before("run_shell_command", { command: "git checkout -- ." }));
  it("a hook under `gemini -p` denies the default bundle's ask with the reason; CI=true without a Gemini process too", async () => {
    const js = standInGemini();
    const headless = await runUnder(js, ["-p", "tidy up", "--yolo"], ask, {});
    expect(headless.status).toBe(0);
    const answer = JSON.parse(headless.stdout);
    expect(answer.decision).toBe("deny");
    expect(answer.reason).toMatch(/^git\.discard_worktree: .* \[Gatehouse: a person must approve this action\. Nobody can answer a confirmation in a headless Gemini CLI run \(gemini -p\), so it is denied/);
    const ci = await runGatehouse(["hook", "gemini"], ask, { CI: "true" });
    expect(JSON.parse(ci.stdout).decision).toBe("deny");
  });
  it("a hook under an interactive Gemini CLI (-i: interactive even on the pipes this test gives it) keeps the ask, its reason in systemMessage", async () => {
    const js = standInGemini();
    const interactive = await runUnder(js, ["-i", "tidy up"], ask, {});
    const answer = JSON.parse(interactive.stdout);
    expect(answer.decision).toBe("ask");
    expect(answer.systemMessage).toBe(`Gatehouse: ${answer.reason}`);
    expect(answer.reason).toMatch(/^git\.discard_worktree: /);
  });
});
