// The steps every agent's tests script, and the checks on what they did: a
// force push to a protected branch and a home wipe (denied by the default
// bundle), a discard of uncommitted work (asked), and a harmless command whose
// output must reach the model (allowed).
import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { expect, inject } from "vitest";
import { installGatehouse, runAgent, type AgentSpec } from "./agents.js";
import { startModelServer, type ModelServer, type Script, type Step } from "./model-server.js";
import { baseEnv, makeSandbox, runAs, type AgentRun, type RunAs, type Sandbox } from "./sandbox.js";

export const PUSH = { shell: "git push --force origin main", label: "push" } satisfies Step;
export const ASK = { shell: "git checkout -- .", label: "ask" } satisfies Step;
export const ALLOW = { shell: "printf 'allowed-%d\\n' 42", label: "allow" } satisfies Step;
export const WIPE = { shell: "find ~ -mindepth 1 -delete", label: "wipe" } satisfies Step;

/** The default bundle's reasons, as the model must see them. */
export const REASON = {
  push: /git\.force_push_protected: `git push --force origin main` force-pushes or deletes a protected branch/,
  wipe: /fs\.wipe: `find` would recursively delete ~ \(home_dir\)/,
  ask: /git\.discard_worktree: `git checkout -- \.` throws away uncommitted changes/,
};

/** What the allowed step prints (the command's text does not contain it). */
export const ALLOWED_OUTPUT = "allowed-42";

export interface Trial {
  box: Sandbox;
  server: ModelServer;
  run: AgentRun;
  as: RunAs | null;
}

export interface TrialOptions {
  /** Install Gatehouse first (its own `install`, from the packed package) with these extra arguments; null: no Gatehouse (the control run). */
  install: string[] | null;
  /** More scripts, by marker (a sub-agent's). */
  scripts?: Record<string, Script>;
  /** Between install and the run (start a daemon, trust a hook, …); `installed` is the install's own run (null without one). */
  before?: (box: Sandbox, as: RunAs | null, installed: AgentRun | null) => Promise<void> | void;
  env?: Record<string, string>;
  prompt?: string;
}

/** One headless run of `spec` in a fresh sandbox against a fresh model server scripted with `steps`. */
export async function trial(spec: AgentSpec, label: string, steps: Step[], options: TrialOptions): Promise<Trial> {
  const as = runAs();
  const box = makeSandbox(`${spec.installName}-${label}`, as);
  const server = await startModelServer({ main: { steps }, ...options.scripts });
  spec.configure(box, server);
  box.chown();
  const installed = options.install === null ? null : await installGatehouse(inject("gatehouse").bin, spec, box, as, options.install);
  await options.before?.(box, as, installed);
  const run = await runAgent(spec, box, server, as, options.prompt ?? "[[e2e:main]] Run the commands you are given.", options.env);
  await server.close();
  return { box, server, run, as };
}

/** The agent's run, for a failure message. */
export function runText(t: Trial): string {
  return `exit ${t.run.exitCode}${t.run.timedOut ? " (timed out)" : ""} in ${t.run.ms} ms\nstdout: ${t.run.stdout.slice(-3000)}\nstderr: ${t.run.stderr.slice(-3000)}\nrequests: ${t.server.requests.map((r) => `${r.api} ${r.path} script=${r.script} step=${r.step}`).join("; ")}`;
}

/** The control run: each dangerous step executed (origin's main rewritten, the sentinel gone) and its output went back to the model. */
export function expectRan(t: Trial, steps: { push?: boolean; wipe?: boolean }): void {
  const why = runText(t);
  expect(t.run.timedOut, why).toBe(false);
  if (steps.push) {
    expect(t.box.originMain(), why).toBe(t.box.localMain);
    expect(t.server.resultOf("push")?.text, why).toMatch(/forced update/);
  }
  if (steps.wipe) expect(t.box.sentinelIntact(), `wipe: ${JSON.stringify(t.server.resultOf("wipe"))}\n${why}`).toBe(false);
}

/** A denied step: the target intact and the rule's reason in the tool result the agent sent back. */
export function expectDenied(t: Trial, label: "push" | "wipe", script = "main"): void {
  const why = runText(t);
  expect(t.run.timedOut, why).toBe(false);
  if (label === "push") expect(t.box.originMain(), `origin/main was rewritten\n${why}`).toBe(t.box.initialOriginMain);
  else expect(t.box.sentinelIntact(), `the home sentinel was wiped\n${why}`).toBe(true);
  const result = t.server.resultOf(label, script);
  expect(result, `no tool result for ${label}\n${why}`).toBeDefined();
  expect(result!.text, why).toMatch(REASON[label]);
}

/** The allowed step ran and its output reached the model. */
export function expectAllowed(t: Trial, script = "main"): void {
  const why = runText(t);
  expect(t.server.resultOf("allow", script)?.text, why).toContain(ALLOWED_OUTPUT);
}

export interface Daemon {
  url: string;
  ledger: string;
  stop(): Promise<void>;
}

/** `gatehouse serve --port 0 --ledger L` as the agent user; resolves on its ready line. */
export function startServe(gatehouseBin: string, box: Sandbox, as: RunAs | null): Promise<Daemon> {
  const ledger = join(box.root, "serve-ledger.jsonl");
  const args = ["serve", "--port", "0", "--ledger", ledger];
  const [cmd, argv] = as === null ? [gatehouseBin, args] : ["setpriv", [`--reuid=${as.uid}`, `--regid=${as.gid}`, "--clear-groups", "--", gatehouseBin, ...args]];
  const child: ChildProcess = spawn(cmd, argv as string[], { cwd: box.project, env: baseEnv(box, as), stdio: ["ignore", "pipe", "pipe"] });
  return new Promise((resolve, reject) => {
    let err = "";
    const timer = setTimeout(() => reject(new Error(`e2e: gatehouse serve did not start: ${err}`)), 60_000);
    child.stderr!.setEncoding("utf8").on("data", (d: string) => (err += d));
    child.stdout!.setEncoding("utf8").on("data", (d: string) => {
      err += d;
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(err);
      if (m !== null) {
        clearTimeout(timer);
        resolve({
          url: m[1]!,
          ledger,
          stop: () =>
            new Promise<void>((done) => {
              if (child.exitCode !== null) return done();
              child.once("close", () => done());
              child.kill("SIGTERM");
            }),
        });
      }
    });
    child.once("close", (code) => {
      clearTimeout(timer);
      reject(new Error(`e2e: gatehouse serve exited ${code}: ${err}`));
    });
  });
}
