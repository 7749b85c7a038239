// `gatehouse install|uninstall opencode|kilo|pi [--project DIR | --user] [--bundle B] [--state-dir D] [--on-error M]`
// and doctor's check of those files: a plugin file (src/install/plugin-file.ts) that loads this
// installation's gate by absolute path. A file there that is not Gatehouse's is never touched;
// doctor proves the file loads by importing it in a Node process, as the agent would, and putting
// a dangerous call to it.
import { existsSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import { makeDirs } from "../files/make-dirs.js";
import { dirname, join, resolve } from "node:path";
import { isPluginText, PLUGIN_AGENTS, PLUGIN_FILES, pluginModule, pluginPath, pluginText, type PluginAgent, type PluginRequest } from "../install/plugin-file.js";
import { packageRoot } from "../node/package-root.js";
import { UsageError, type ParsedArgs } from "./args.js";
import { CliError, engineFromArgs } from "./engine-options.js";
import { EXIT } from "../model/exit-codes.js";
import type { Io } from "./io.js";
import { projectDirArg } from "./project-dir.js";
import { shellQuote } from "../shell-words.js";
import { runShell } from "./run-shell.js";

function pluginTarget(agent: PluginAgent, args: ParsedArgs, io: Io): { scope: "project" | "user"; path: string } {
  const title = PLUGIN_FILES[agent].title;
  if (args.flags.has("managed")) throw new UsageError(`--managed: ${title} has no managed layer Gatehouse can write (it loads plugins from the project and the user's directory)`);
  for (const flag of ["http", "daemon", "ledger", "ledger-events", "ledger-redact", "touch-set", "record-file"]) {
    if (args.values.has(flag) || args.flags.has(flag)) throw new UsageError(`--${flag}: the ${title} plugin evaluates in ${title}'s own process (no hook command to forward)`);
  }
  if (args.flags.has("user")) {
    const home = io.env.HOME;
    if (home === undefined || home === "") throw new UsageError("--user needs $HOME");
    return { scope: "user", path: pluginPath(agent, "user", home, io.env) };
  }
  return { scope: "project", path: pluginPath(agent, "project", projectDirArg(args.values.get("project"), io), io.env) };
}

/** A file's text; null when it does not exist (any other error: a CliError). */
export function readText(path: string): string | null {
  try {
    return readFileSync(path, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return null;
    throw new CliError(`${path}: cannot read (${code ?? String(error)})`, EXIT.NO_INPUT);
  }
}

/** This installation's module for the agent (`dist/opencode.js`, `dist/kilo.js`, `dist/pi.js`): what the plugin file imports. */
export const pluginModulePath = (agent: PluginAgent) => join(packageRoot(), "dist", PLUGIN_FILES[agent].module);
export const openCodeModulePath = () => pluginModulePath("opencode");

export async function installPlugin(agent: PluginAgent, args: ParsedArgs, io: Io): Promise<number> {
  const { title, next } = PLUGIN_FILES[agent];
  const target = pluginTarget(agent, args, io);
  const request: PluginRequest = { module: pluginModulePath(agent) };
  const bundle = args.values.get("bundle");
  if (bundle !== undefined) {
    request.bundlePath = resolve(io.cwd, bundle);
    await engineFromArgs(request.bundlePath); // a plugin naming a bundle that does not load would protect nobody
  }
  const stateDir = args.values.get("state-dir");
  if (stateDir !== undefined) request.stateDir = resolve(io.cwd, stateDir);
  const onError = args.values.get("on-error");
  if (onError === "open" || onError === "closed") request.onError = onError;
  const text = pluginText(agent, request);
  const existing = readText(target.path);
  if (existing !== null && !isPluginText(existing)) throw new CliError(`${target.path}: exists and is not Gatehouse's plugin file; left untouched (move it away, or load Gatehouse from it yourself: docs/adapters.md)`, EXIT.FAILURE);
  if (existing === text) {
    io.out(`${title}: ${target.path} already loads Gatehouse (unchanged)`);
    return EXIT.OK;
  }
  try {
    makeDirs(dirname(target.path));
    writeFileSync(target.path, text);
  } catch (error) {
    throw new CliError(`${target.path}: cannot write (${(error as NodeJS.ErrnoException).code ?? String(error)}); left as it was`, EXIT.FAILURE);
  }
  io.out(`${title}: wrote ${target.path} (${target.scope} scope${existing !== null ? ", replacing the one written before" : ""})`);
  io.out(`  loads: ${request.module}`);
  io.out(`  next: ${next} (gatehouse doctor checks that it loads and blocks)`);
  return EXIT.OK;
}

export async function uninstallPlugin(agent: PluginAgent, args: ParsedArgs, io: Io): Promise<number> {
  return removeMarkedFile(PLUGIN_FILES[agent].title, pluginTarget(agent, args, io).path, isPluginText, "plugin file", io);
}

/** Uninstall of a file Gatehouse wrote whole (a plugin file, a hook file): deleted when its mark says it is Gatehouse's, else left. */
export function removeMarkedFile(title: string, path: string, isGatehouses: (text: string) => boolean, kind: string, io: Io): number {
  const existing = readText(path);
  if (existing === null) {
    io.out(`${title}: ${path} does not exist (nothing to remove)`);
    return EXIT.OK;
  }
  if (!isGatehouses(existing)) {
    io.out(`${title}: ${path} is not Gatehouse's ${kind} (unchanged)`);
    return EXIT.OK;
  }
  try {
    unlinkSync(path);
  } catch (error) {
    throw new CliError(`${path}: cannot remove (${(error as NodeJS.ErrnoException).code ?? String(error)}); left as it was`, EXIT.FAILURE);
  }
  io.out(`${title}: removed ${path}`);
  return EXIT.OK;
}

interface PluginFinding {
  level: "ok" | "warn" | "error";
  subject: string;
  message: string;
}

/**
 * Import the plugin file as the agent would, and put `rm -rf ~` and `ls` to it: blocked and let through.
 * `gate(command, id)` answers "ran" or "blocked: <reason>" in the agent's own protocol.
 */
// OpenCode (and Kilo Code, its fork): every export is a plugin; `tool.execute.before` throws to block.
const OPENCODE_PROBE = `
  const plugins = Object.values(mod).filter((v) => typeof v === "function");
  out.exports = plugins.length;
  const hooks = await plugins[0]({ directory: process.argv[2], worktree: process.argv[2] });
  const before = hooks["tool.execute.before"];
  gate = async (command, callID) => { try { await before({ tool: "bash", sessionID: "gatehouse-doctor", callID }, { args: { command } }); return "ran"; } catch (e) { return "blocked: " + (e && e.message); } };`;

const PROBE_GATES: Readonly<Record<PluginAgent, string>> = {
  opencode: OPENCODE_PROBE,
  kilo: OPENCODE_PROBE,
  // Pi: the default export is called with Pi's API; a \`tool_call\` handler returns {block, reason} (print mode: no UI).
  pi: `
  const handlers = [];
  await mod.default({ on: (event, handler) => { if (event === "tool_call") handlers.push(handler); } });
  out.exports = handlers.length;
  const ctx = { cwd: process.argv[2], hasUI: false, sessionManager: { getSessionId: () => "gatehouse-doctor" } };
  gate = async (command, toolCallId) => { const r = await handlers[0]({ type: "tool_call", toolName: "bash", toolCallId, input: { command } }, ctx); return r && r.block ? "blocked: " + r.reason : "ran"; };`,
};

const probe = (agent: PluginAgent) => `
const { pathToFileURL } = await import("node:url");
const out = {};
try {
  const mod = await import(pathToFileURL(process.argv[1]).href);
  let gate;${PROBE_GATES[agent]}
  out.dangerous = await gate("rm -rf ~", "d1");
  out.benign = await gate("ls", "b1");
} catch (e) { out.error = String(e && e.message || e).split("\\n")[0]; }
process.stdout.write(JSON.stringify(out));
`;

/** The variable that makes the agent skip a project's configuration directories (plugins included). */
const PROJECT_CONFIG_OFF: Partial<Record<PluginAgent, { variable: string; dir: string }>> = {
  opencode: { variable: "OPENCODE_DISABLE_PROJECT_CONFIG", dir: ".opencode/" },
  kilo: { variable: "KILO_DISABLE_PROJECT_CONFIG", dir: ".kilo/ and .kilocode/" },
};

export interface PluginInstalled {
  agent: PluginAgent;
  scope: "project" | "user";
  path: string;
  event: string;
}

/** Doctor: each plugin file of Gatehouse's (OpenCode, Kilo Code, Pi), checked to load and to block. */
export async function pluginFindings(project: string, io: Io): Promise<{ findings: PluginFinding[]; installed: PluginInstalled[] }> {
  const findings: PluginFinding[] = [];
  const installed: PluginInstalled[] = [];
  const scopes: ["project" | "user", string | undefined][] = [["project", project], ["user", io.env.HOME]];
  for (const agent of PLUGIN_AGENTS) {
    const { title, event } = PLUGIN_FILES[agent];
    for (const [scope, base] of scopes) {
      if (base === undefined || base === "") continue;
      const path = pluginPath(agent, scope, base, io.env);
      const subject = `${agent} ${scope}`;
      let text: string | null;
      try {
        text = readText(path);
      } catch (error) {
        findings.push({ level: "error", subject, message: (error as Error).message });
        continue;
      }
      if (text === null || !isPluginText(text)) continue;
      installed.push({ agent, scope, path, event });
      const module = pluginModule(text);
      if (module === null || !existsSync(module)) {
        findings.push({ level: "error", subject, message: `${path} loads ${module ?? "nothing Gatehouse wrote"}, which does not exist (Gatehouse moved?): run gatehouse install ${agent} again` });
        continue;
      }
      const line = shellQuote([process.execPath, "--input-type=module", "-e", probe(agent), path, project]);
      const run = await runShell(line, "", { cwd: project, env: io.env, timeoutMs: 60_000 });
      let result: { exports?: number; dangerous?: string; benign?: string; error?: string } = {};
      try {
        result = JSON.parse(run.stdout);
      } catch {
        result = { error: `the probe printed no answer (exit ${run.exitCode}): ${run.stderr.trim().split("\n")[0] ?? ""}` };
      }
      if (result.error !== undefined) findings.push({ level: "error", subject, message: `${path} does not load: ${result.error} — ${title} would run every call unexamined` });
      else if (result.dangerous?.startsWith("blocked") !== true) findings.push({ level: "error", subject, message: `${path} loads but let rm -rf ~ through (${result.dangerous})` });
      else if (result.benign !== "ran") findings.push({ level: "warn", subject, message: `${path} blocks ls too (${result.benign})` });
      else findings.push({ level: "ok", subject, message: `${path} loads ${module}; self-test: rm -rf ~ blocked, ls runs` });
      const skip = PROJECT_CONFIG_OFF[agent];
      if (skip !== undefined && scope === "project" && io.env[skip.variable] !== undefined && io.env[skip.variable] !== "")
        findings.push({ level: "warn", subject, message: `${skip.variable} is set here: ${title} then skips the project's ${skip.dir}, this plugin included` });
    }
  }
  return { findings, installed };
}
