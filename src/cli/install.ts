// `gatehouse install|uninstall claude|codex|gemini|cursor|copilot|qwen|droid [--project DIR | --user] …`:
// merge Gatehouse's hook entries into (or out of) the agent's settings file —
// in place, idempotent, refusing a file it cannot parse (src/install/).
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { codexTrust } from "../install/codex-trust.js";
import { copilotTrust } from "../install/copilot-trust.js";
import { AGENT_SETTINGS, ALL_INSTALL_AGENTS, isHookFileAgent, isInstallAgent, isPluginAgent } from "../install/agents.js";
import { hookCommand, managedEntries, type InstallRequest, type ManagedEntry } from "../install/entries.js";
import { installedEntries, planInstall, planUninstall, SettingsRefused, type Plan } from "../install/plan.js";
import { readSettings, settingsPath, SettingsUnreadable, writeSettings, type Scope } from "../install/settings-file.js";
import { guardFilesFor, guardFilesOfCommand, readGuardSpecText, removeGuardSpecFile, writeGuardSpecFile } from "../guard/guard-files.js";
import { projectTouchSetGuard } from "../guard/projection.js";
import { defaultStateDir } from "../node/state-dir.js";
import { UsageError, type ParsedArgs } from "./args.js";
import { CliError } from "./engine-options.js";
import { EXIT } from "../model/exit-codes.js";
import type { Io } from "./io.js";
import { projectDirArg } from "./project-dir.js";
import { loopbackDaemonUrl } from "../node/hook-forward.js";
import { managedPath, MANAGED } from "../install/managed.js";
import { installManaged, uninstallManaged } from "./install-managed.js";
import { installPlugin, uninstallPlugin } from "./install-plugin.js";
import { installHookFile, uninstallHookFile } from "./install-hook-file.js";
import { entryCount, type Target } from "./install-target.js";
import { forgetInstall, hookOptions, launcherPath, recordInstall } from "./install-hook-command.js";

export { launcherPath } from "./install-hook-command.js";

const recorded = (target: Target) => ({ agent: target.settings.agent, scope: target.scope, path: target.path });
import { wrapHookCommand } from "../install/hook-wrapper.js";
import { shellWords } from "../shell-words.js";


function targetOf(args: ParsedArgs, io: Io): Target {
  const agent = args.positionals[0]!;
  if (!isInstallAgent(agent)) throw new UsageError(`unknown agent ${JSON.stringify(agent)} (expected ${ALL_INSTALL_AGENTS.join(", ")})`);
  const settings = AGENT_SETTINGS[agent];
  const scope: Scope = args.flags.has("managed") ? "managed" : args.flags.has("user") ? "user" : "project";
  let base: string;
  if (scope === "managed") {
    const support = MANAGED[agent];
    if (support.kind === "unsupported") throw new UsageError(`--managed: ${support.reason}`);
    const path = managedPath(agent, io.env);
    if (path === null) throw new UsageError(`--managed: ${settings.title}'s managed layer is known on Linux and macOS only (this is ${process.platform})`);
    base = path;
  } else if (scope === "user") {
    const home = io.env.HOME;
    if (home === undefined || home === "") throw new UsageError("--user needs $HOME");
    base = home;
  } else base = projectDirArg(args.values.get("project"), io);
  return { settings, scope, base, path: settingsPath(settings, scope, base) };
}

/** Read, plan, write: a refused or unreadable file is reported and left untouched. */
export function apply(target: Target, plan: (text: string | null) => Plan | null): { plan: Plan | null; existed: boolean } {
  let text: string | null;
  try {
    text = readSettings(target.path);
  } catch (error) {
    if (error instanceof SettingsUnreadable) throw new CliError(error.message, EXIT.NO_INPUT);
    throw error;
  }
  let result: Plan | null;
  try {
    result = plan(text);
  } catch (error) {
    if (error instanceof SettingsRefused) throw new CliError(`${target.path}: ${error.message}; left untouched`, EXIT.FAILURE);
    throw error;
  }
  if (result !== null && result.changed) {
    try {
      writeSettings(target.path, result.text);
    } catch (error) {
      throw new CliError(`${target.path}: cannot write (${(error as NodeJS.ErrnoException).code ?? String(error)}); left as it was`, EXIT.FAILURE);
    }
  }
  return { plan: result, existed: text !== null };
}

/** The daemon URL of `--http`: the same loopback rule as `--daemon` (src/node/hook-forward.ts), a route path allowed. */
function httpBase(value: string): string {
  const url = loopbackDaemonUrl("--http", value);
  if (typeof url === "string") throw new UsageError(url);
  return url.toString();
}


/** The touch-set guard (docs/guard.md): its spec file and PreToolUse entry, when --touch-set names a non-empty set. */
interface GuardInstall {
  specFile: string;
  specText: string;
  recordFile: string;
  entry: ManagedEntry;
}

function guardInstallOf(args: ParsedArgs, io: Io, target: Target, request: InstallRequest): GuardInstall | null {
  const touchSet = args.lists.get("touch-set");
  if (touchSet === undefined) {
    if (args.values.has("record-file")) throw new UsageError("--record-file goes with --touch-set");
    return null;
  }
  if (target.settings.agent !== "claude") throw new UsageError(`--touch-set: the guard runs on Claude Code's write tools; ${target.settings.title} has no such hook`);
  const stateDirOption = args.values.get("state-dir");
  let stateDir: string;
  try {
    stateDir = stateDirOption !== undefined ? resolve(io.cwd, stateDirOption) : defaultStateDir(io.env);
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const files = guardFilesFor(stateDir, target.base);
  const recordOption = args.values.get("record-file");
  const recordFile = recordOption !== undefined ? resolve(io.cwd, recordOption) : files.recordFile;
  const projection = projectTouchSetGuard({ touchSet, sessionCwd: target.base, specFile: files.specFile, recordFile, launcher: [request.node, request.cli] });
  if (projection.kind === "invalid") throw new UsageError(`--touch-set: ${projection.message}`);
  if (projection.kind === "none") return null;
  const [projected] = projection.hookEntry.hooks;
  // The guard blocks through the same wrapper as the hook when it cannot run (src/install/hook-wrapper.ts).
  const handler = { ...projected, command: wrapHookCommand("claude", shellWords(projected.command)) };
  return { specFile: files.specFile, specText: projection.specText, recordFile, entry: { event: "PreToolUse", matcher: projection.hookEntry.matcher, handler } };
}

/** The spec files of the guard entries a settings file holds now (unreadable or refused: none; apply reports it). */
function installedGuardSpecs(target: Target): string[] {
  try {
    const text = readSettings(target.path);
    if (text === null) return [];
    return installedEntries(text, target.settings).flatMap((e) => {
      const files = typeof e.handler.command === "string" ? guardFilesOfCommand(e.handler.command) : null;
      return files === null ? [] : [files.specFile];
    });
  } catch {
    return [];
  }
}

/** Remove the specs of guard entries that are gone, saying so. */
function removeStaleSpecs(specs: readonly string[], keep: string | null, io: Io): void {
  for (const spec of new Set(specs)) {
    if (spec === keep) continue;
    const outcome = removeGuardSpecFile(spec);
    if (outcome === "removed") io.out(`  removed the guard spec ${spec} (its records stay)`);
    else if (outcome === "not a guard spec") io.err(`gatehouse: warning: ${spec} is not a guard spec; left in place`);
  }
}

const runsOf = (request: InstallRequest, entries: readonly ManagedEntry[]) => (request.http === null ? hookCommand(request) : (entries[0]!.handler.url as string));

/**
 * Codex runs a hook only once a person trusts it (and a project's .codex/ only in a trusted project):
 * until then it is inert, so install says what is missing and the exact lines that trust it.
 */
function trustStep(target: Target, io: Io): void {
  if (target.settings.agent === "copilot" && target.scope !== "managed") {
    const trust = copilotTrust({ scope: target.scope, project: target.base, env: io.env, read: readSettings });
    if (trust.trusted === true) io.out(`  trust: ${trust.where}`);
    else if (trust.trusted === null) io.out(`  trust: cannot read ${trust.where} (${trust.why}); Copilot loads a project's hooks only in a trusted folder`);
    else io.out(`  trust: not yet — Copilot does not run this hook until then: ${trust.why}.\n  To trust it: ${trust.fix}`);
    return;
  }
  if (target.settings.agent !== "codex" || target.scope === "managed") return;
  const text = readSettings(target.path);
  if (text === null) return;
  const trust = codexTrust({ scope: target.scope, project: target.base, hooksFile: target.path, hooksText: text, env: io.env, read: readSettings, exists: existsSync });
  if (trust.trusted === true) io.out(`  trust: ${trust.where}`);
  else if (trust.trusted === null) io.out(`  trust: cannot read ${trust.where} (${trust.why}); Codex runs the hook only once it is trusted`);
  else io.out(`  trust: not yet — Codex does not run this hook until then: ${trust.why}.\n  To trust it: ${trust.fix}`);
}


export async function installCommand(args: ParsedArgs, io: Io): Promise<number> {
  const agent = args.positionals[0]!;
  if (isPluginAgent(agent)) return installPlugin(agent, args, io);
  if (isHookFileAgent(agent)) return installHookFile(agent, args, io);
  const target = targetOf(args, io);
  const { settings } = target;
  const httpValue = args.values.get("http");
  if (httpValue !== undefined && !settings.http) throw new UsageError(`--http: ${settings.title} has no http hook handler (only claude does)`);
  const request: InstallRequest = {
    agent: settings.agent,
    node: process.execPath,
    cli: launcherPath(),
    hookOptions: httpValue === undefined ? await hookOptions(args, io) : [],
    http: httpValue === undefined ? null : httpBase(httpValue),
  };
  if (request.http !== null && settings.agent === "claude") {
    // Claude Code reads a refused connection, a timeout or a non-2xx as a non-blocking error: the call goes ahead.
    const port = new URL(request.http).port || "80";
    io.err(
      `gatehouse install: warning: --http: while nothing answers at ${request.http}, Claude Code lets every tool call through unchecked (a refused connection is a non-blocking hook error) — keep the daemon supervised: gatehouse service install --port ${port} (doctor checks it), or install without --http (the command hook evaluates in-process when no daemon answers)`,
    );
  }
  const guard = guardInstallOf(args, io, target, request);
  const entries = [...managedEntries(settings, request), ...(guard === null ? [] : [guard.entry])];
  if (target.scope === "managed") {
    const code = await installManaged(target, entries, runsOf(request, entries), io);
    if (code === EXIT.OK) recordInstall(args, io, recorded(target), request);
    return code;
  }
  const oldSpecs = installedGuardSpecs(target);
  // The spec goes first, so the entry never names a missing file; a settings
  // file that is then refused gets the old spec back (or none).
  const oldSpecText = guard === null ? null : readGuardSpecText(guard.specFile);
  if (guard !== null) {
    try {
      writeGuardSpecFile(guard.specFile, guard.specText);
    } catch (error) {
      throw new CliError(`${guard.specFile}: cannot write the guard spec (${(error as NodeJS.ErrnoException).code ?? String(error)}); nothing installed`, EXIT.FAILURE);
    }
  }
  let plan: Plan | null;
  try {
    plan = apply(target, (text) => planInstall(text, settings, entries)).plan;
  } catch (error) {
    if (guard !== null) {
      if (oldSpecText === null) removeGuardSpecFile(guard.specFile);
      else writeGuardSpecFile(guard.specFile, oldSpecText);
    }
    throw error;
  }
  removeStaleSpecs(oldSpecs, guard?.specFile ?? null, io);
  const guardLine = guard === null ? null : `  guard: touch set in ${guard.specFile}${oldSpecText !== null && oldSpecText !== guard.specText ? " (updated)" : ""}; records in ${guard.recordFile}`;
  for (const w of plan!.warnings) io.err(`gatehouse install: warning: ${target.path}: ${w}`);
  recordInstall(args, io, recorded(target), request);
  const runs = runsOf(request, entries);
  if (!plan!.changed) {
    io.out(`${settings.title}: ${target.path} already has Gatehouse's hooks (unchanged)`);
    if (guardLine !== null) io.out(guardLine);
    trustStep(target, io);
    return EXIT.OK;
  }
  io.out(`${settings.title}: wrote ${target.path} (${target.scope} scope)`);
  for (const e of entries) io.out(`  ${e.event}${e.matcher === null ? "" : ` ${e.matcher}`}`);
  io.out(`  runs: ${runs}`);
  if (guardLine !== null) io.out(guardLine);
  if (plan!.removed > 0) io.out(`  replaced ${entryCount(plan!.removed)} written before`);
  io.out(`  next: ${settings.afterInstall}`);
  trustStep(target, io);
  return EXIT.OK;
}




export async function uninstallCommand(args: ParsedArgs, io: Io): Promise<number> {
  const agent = args.positionals[0]!;
  if (isPluginAgent(agent)) return uninstallPlugin(agent, args, io);
  if (isHookFileAgent(agent)) return uninstallHookFile(agent, args, io);
  const target = targetOf(args, io);
  const { settings } = target;
  forgetInstall(args, io, target.path);
  if (target.scope === "managed") return uninstallManaged(target, io);
  const guardSpecs = installedGuardSpecs(target);
  const { plan, existed } = apply(target, (text) => (text === null ? null : planUninstall(text, settings)));
  if (!existed) {
    io.out(`${settings.title}: ${target.path} does not exist (nothing to remove)`);
    return EXIT.OK;
  }
  for (const w of plan!.warnings) io.err(`gatehouse uninstall: warning: ${target.path}: ${w}`);
  if (!plan!.changed) io.out(`${settings.title}: ${target.path} has no Gatehouse hooks (unchanged)`);
  else io.out(`${settings.title}: removed ${entryCount(plan!.removed)} from ${target.path}`);
  removeStaleSpecs(guardSpecs, null, io);
  return EXIT.OK;
}
