// `gatehouse install|uninstall cline [--project DIR | --user] [--daemon URL | --in-process] [--bundle B]
// [--state-dir D] [--ledger L …] [--on-error M]` and doctor's check of that file: an executable sh script
// (src/install/hook-file.ts) that execs the same wrapped hook command the settings-file installs write, so
// the same options, daemon forwarding and install record. A file there that is not Gatehouse's is never
// touched. Doctor says when the file is missing (the install record names it), stale (another version's
// wrapper or shebang) or not executable, checks its command as every hook command, and runs the file as
// Cline does (`sh FILE`, its shebang's interpreter) with `ls` and `rm -rf ~`.
import { chmodSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { HOOK_FILE_AGENTS, HOOK_FILES, hookFileCommand, hookFilePath, hookFileText, isHookFileText, type HookFileAgent } from "../install/hook-file.js";
import { hookCommand, type HookCommandRequest } from "../install/entries.js";
import { unwrapHookWords, wrapHookCommand } from "../install/hook-wrapper.js";
import { readInstallRecord } from "../node/install-record.js";
import { makeDirs } from "../files/make-dirs.js";
import { shellQuote, shellWords } from "../shell-words.js";
import { EXIT } from "../model/exit-codes.js";
import { UsageError, type ParsedArgs } from "./args.js";
import { commandFindings, selfTest, stateDirOf } from "./doctor-hook.js";
import { CliError } from "./engine-options.js";
import type { Finding } from "./finding.js";
import { forgetInstall, hookOptions, launcherPath, recordInstall } from "./install-hook-command.js";
import { readText, removeMarkedFile } from "./install-plugin.js";
import type { Io } from "./io.js";
import { projectDirArg } from "./project-dir.js";
import { runShell } from "./run-shell.js";

const SHEBANG = "#!/bin/sh";
/** Cline 3.0.65 kills a hook after 120 s (and then lets the call through): the self-test waits as long. */
const AGENT_TIMEOUT_MS = 120_000;

function hookFileTarget(agent: HookFileAgent, args: ParsedArgs, io: Io): { scope: "project" | "user"; path: string } {
  const title = HOOK_FILES[agent].title;
  if (args.flags.has("managed")) throw new UsageError(`--managed: ${title} has no managed layer Gatehouse can write (it runs hook files from the project and the user's directory)`);
  for (const flag of ["http", "touch-set", "record-file"]) {
    if (args.values.has(flag) || args.lists.has(flag)) throw new UsageError(`--${flag}: Claude only (${title} runs a hook file)`);
  }
  if (args.flags.has("user")) {
    const home = io.env.HOME;
    if (home === undefined || home === "") throw new UsageError("--user needs $HOME");
    return { scope: "user", path: hookFilePath(agent, "user", home, io.env) };
  }
  return { scope: "project", path: hookFilePath(agent, "project", projectDirArg(args.values.get("project"), io), io.env) };
}

const isExecutable = (path: string) => (statSync(path).mode & 0o111) !== 0;

export async function installHookFile(agent: HookFileAgent, args: ParsedArgs, io: Io): Promise<number> {
  const { title, event, next } = HOOK_FILES[agent];
  const target = hookFileTarget(agent, args, io);
  const request: HookCommandRequest = { agent, node: process.execPath, cli: launcherPath(), hookOptions: await hookOptions(args, io) };
  const command = hookCommand(request);
  const text = hookFileText(agent, command);
  const existing = readText(target.path);
  if (existing !== null && !isHookFileText(existing)) throw new CliError(`${target.path}: exists and is not Gatehouse's hook file; left untouched (move it away, or run gatehouse hook ${agent} from it yourself: docs/adapters.md)`, EXIT.FAILURE);
  recordInstall(args, io, { agent, scope: target.scope, path: target.path }, request);
  if (existing === text && isExecutable(target.path)) {
    io.out(`${title}: ${target.path} already runs Gatehouse (unchanged)`);
    return EXIT.OK;
  }
  try {
    makeDirs(dirname(target.path));
    writeFileSync(target.path, text, { mode: 0o755 });
    chmodSync(target.path, 0o755); // a file written before keeps its mode through writeFileSync
  } catch (error) {
    throw new CliError(`${target.path}: cannot write (${(error as NodeJS.ErrnoException).code ?? String(error)}); left as it was`, EXIT.FAILURE);
  }
  io.out(`${title}: wrote ${target.path} (${target.scope} scope${existing !== null ? ", replacing the one written before" : ""})`);
  io.out(`  ${event}: every tool call`);
  io.out(`  runs: ${command}`);
  io.out(`  next: ${next} (gatehouse doctor runs it with a dangerous call)`);
  return EXIT.OK;
}

export async function uninstallHookFile(agent: HookFileAgent, args: ParsedArgs, io: Io): Promise<number> {
  const target = hookFileTarget(agent, args, io);
  forgetInstall(args, io, target.path);
  return removeMarkedFile(HOOK_FILES[agent].title, target.path, isHookFileText, "hook file", io);
}

export interface HookFileInstalled {
  agent: HookFileAgent;
  scope: "project" | "user";
  path: string;
  event: string;
  command: string;
}

/** The other files the agent runs on the same event, in every directory it reads hook files from. */
function otherHookFiles(agent: HookFileAgent, project: string, io: Io, mine: string): string[] {
  const spec = HOOK_FILES[agent];
  const home = io.env.HOME;
  const dirs = [...spec.dirs.project.map((d) => join(project, d)), ...(home ? spec.dirs.user(home, io.env) : [])];
  const stem = spec.event.toLowerCase();
  return dirs.flatMap((dir) => {
    let names: string[] = [];
    try {
      names = readdirSync(dir);
    } catch {
      return [];
    }
    return names.filter((n) => n.toLowerCase() === stem || n.toLowerCase().startsWith(`${stem}.`)).map((n) => join(dir, n)).filter((p) => p !== mine);
  });
}

/** Whether an install record names this file: installed once, so a missing file means Gatehouse was removed behind its back. */
function recorded(path: string, project: string, io: Io): boolean {
  const dir = stateDirOf(undefined, project, io.env);
  return typeof dir === "string" && readInstallRecord(dir).some((e) => e.settings === path);
}

/** Doctor: each hook file of Gatehouse's (Cline), checked as written and run as the agent runs it. */
export async function hookFileFindings(project: string, io: Io, bundles: Map<string, Finding[]>): Promise<{ findings: Finding[]; installed: HookFileInstalled[] }> {
  const findings: Finding[] = [];
  const installed: HookFileInstalled[] = [];
  const scopes: ["project" | "user", string | undefined][] = [["project", project], ["user", io.env.HOME]];
  for (const agent of HOOK_FILE_AGENTS) {
    const { title, event } = HOOK_FILES[agent];
    for (const [scope, base] of scopes) {
      if (base === undefined || base === "") continue;
      const path = hookFilePath(agent, scope, base, io.env);
      const subject = `${agent} ${scope}`;
      const again = `run gatehouse install ${agent}${scope === "project" ? "" : " --user"} again`;
      let text: string | null;
      try {
        text = readText(path);
      } catch (error) {
        findings.push({ level: "error", subject, message: (error as Error).message });
        continue;
      }
      if (text === null) {
        if (recorded(path, project, io)) findings.push({ level: "error", subject, message: `missing: Gatehouse was installed at ${path} (the install record says so) and the file is gone — ${title} runs every call unexamined: ${again}` });
        else findings.push({ level: "info", subject, message: `not installed (${path} does not exist)` });
        continue;
      }
      if (!isHookFileText(text)) {
        findings.push({ level: "info", subject, message: `not installed (${path} is not Gatehouse's hook file)` });
        continue;
      }
      const command = hookFileCommand(text);
      const words = command === null ? null : unwrapHookWords(shellWords(command));
      if (command === null || words === null) {
        findings.push({ level: "error", subject, message: `stale: ${path} is marked as Gatehouse's but runs no wrapped gatehouse hook — ${title} runs it and gates nothing: ${again}` });
        continue;
      }
      installed.push({ agent, scope, path, event, command });
      findings.push({ level: "ok", subject, message: `${path}: ${event} → ${command}` });
      if (text.split("\n", 1)[0] !== SHEBANG || wrapHookCommand(agent, words) !== command)
        findings.push({ level: "warn", subject, message: `stale: ${path} was written by another Gatehouse version (its shebang or the wrapper that stops a call when Gatehouse cannot run differs from this one's): ${again}` });
      if (!isExecutable(path))
        findings.push({ level: "warn", subject, message: `${path} is not executable: Cline 3.0.65 still runs it (through its shebang, sh FILE), a Cline or tool that executes hook files directly would not — chmod +x it, or ${again}` });
      for (const other of otherHookFiles(agent, project, io, path))
        findings.push({ level: "warn", subject, message: `${other} runs on ${event} too: ${title} merges every hook's answer, and one answering overrideInput changes the call after Gatehouse judged it` });
      const checked = await commandFindings(agent, title, command, subject, project, io, bundles);
      if (checked !== null) findings.push(...checked);
      const send = (payload: Record<string, unknown>) => runShell(shellQuote(["sh", path]), JSON.stringify(payload), { cwd: project, env: io.env, timeoutMs: AGENT_TIMEOUT_MS });
      findings.push(...(await selfTest(agent, send, project, subject)));
    }
  }
  return { findings, installed };
}
