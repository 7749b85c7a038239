// `gatehouse install|uninstall opencode [--project DIR | --user] [--bundle B] [--state-dir D] [--on-error M]`
// and doctor's OpenCode check: a plugin file (src/install/opencode-plugin-file.ts) that loads
// this installation's gate by absolute path. A file there that is not Gatehouse's is never
// touched; doctor proves the file loads by importing it in a Node process and putting a
// dangerous call to it.
import { existsSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import { makeDirs } from "../files/make-dirs.js";
import { dirname, join, resolve } from "node:path";
import { isOpenCodePluginText, openCodePluginModule, openCodePluginPath, openCodePluginText, type OpenCodePluginRequest } from "../install/opencode-plugin-file.js";
import { packageRoot } from "../node/package-root.js";
import { UsageError, type ParsedArgs } from "./args.js";
import { CliError, engineFromArgs } from "./engine-options.js";
import { EXIT } from "../model/exit-codes.js";
import type { Io } from "./io.js";
import { projectDirArg } from "./project-dir.js";
import { shellQuote } from "../shell-words.js";
import { runShell } from "./run-shell.js";

const TITLE = "OpenCode";

function pluginTarget(args: ParsedArgs, io: Io): { scope: "project" | "user"; path: string } {
  if (args.flags.has("managed")) throw new UsageError("--managed: OpenCode has no managed layer Gatehouse can write (its plugins load from the project and the user's config directory)");
  for (const flag of ["http", "daemon", "ledger", "ledger-events", "ledger-redact", "touch-set", "record-file"]) {
    if (args.values.has(flag) || args.flags.has(flag)) throw new UsageError(`--${flag}: the OpenCode plugin evaluates in OpenCode's own process (no hook command to forward)`);
  }
  if (args.flags.has("user")) {
    const home = io.env.HOME;
    if (home === undefined || home === "") throw new UsageError("--user needs $HOME");
    return { scope: "user", path: openCodePluginPath("user", home, io.env) };
  }
  return { scope: "project", path: openCodePluginPath("project", projectDirArg(args.values.get("project"), io), io.env) };
}

function readText(path: string): string | null {
  try {
    return readFileSync(path, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return null;
    throw new CliError(`${path}: cannot read (${code ?? String(error)})`, EXIT.NO_INPUT);
  }
}

/** This installation's `dist/opencode.js`: what the plugin file imports. */
export const openCodeModulePath = () => join(packageRoot(), "dist", "opencode.js");

export async function installOpenCode(args: ParsedArgs, io: Io): Promise<number> {
  const target = pluginTarget(args, io);
  const request: OpenCodePluginRequest = { module: openCodeModulePath() };
  const bundle = args.values.get("bundle");
  if (bundle !== undefined) {
    request.bundlePath = resolve(io.cwd, bundle);
    await engineFromArgs(request.bundlePath); // a plugin naming a bundle that does not load would protect nobody
  }
  const stateDir = args.values.get("state-dir");
  if (stateDir !== undefined) request.stateDir = resolve(io.cwd, stateDir);
  const onError = args.values.get("on-error");
  if (onError === "open" || onError === "closed") request.onError = onError;
  const text = openCodePluginText(request);
  const existing = readText(target.path);
  if (existing !== null && !isOpenCodePluginText(existing)) throw new CliError(`${target.path}: exists and is not Gatehouse's plugin file; left untouched (move it away, or load Gatehouse from it yourself: docs/adapters.md)`, EXIT.FAILURE);
  if (existing === text) {
    io.out(`${TITLE}: ${target.path} already loads Gatehouse (unchanged)`);
    return EXIT.OK;
  }
  try {
    makeDirs(dirname(target.path));
    writeFileSync(target.path, text);
  } catch (error) {
    throw new CliError(`${target.path}: cannot write (${(error as NodeJS.ErrnoException).code ?? String(error)}); left as it was`, EXIT.FAILURE);
  }
  io.out(`${TITLE}: wrote ${target.path} (${target.scope} scope${existing !== null ? ", replacing the one written before" : ""})`);
  io.out(`  loads: ${request.module}`);
  io.out("  next: OpenCode loads it when it starts (gatehouse doctor checks that it loads and blocks)");
  return EXIT.OK;
}

export async function uninstallOpenCode(args: ParsedArgs, io: Io): Promise<number> {
  const target = pluginTarget(args, io);
  const existing = readText(target.path);
  if (existing === null) {
    io.out(`${TITLE}: ${target.path} does not exist (nothing to remove)`);
    return EXIT.OK;
  }
  if (!isOpenCodePluginText(existing)) {
    io.out(`${TITLE}: ${target.path} is not Gatehouse's plugin file (unchanged)`);
    return EXIT.OK;
  }
  try {
    unlinkSync(target.path);
  } catch (error) {
    throw new CliError(`${target.path}: cannot remove (${(error as NodeJS.ErrnoException).code ?? String(error)}); left as it was`, EXIT.FAILURE);
  }
  io.out(`${TITLE}: removed ${target.path}`);
  return EXIT.OK;
}

interface PluginFinding {
  level: "ok" | "warn" | "error";
  subject: string;
  message: string;
}

/** Import the plugin file as OpenCode would, and put `rm -rf ~` and `ls` to it: blocked and let through. */
const PROBE = `
const { pathToFileURL } = await import("node:url");
const out = {};
try {
  const mod = await import(pathToFileURL(process.argv[1]).href);
  const plugins = Object.values(mod).filter((v) => typeof v === "function");
  out.exports = plugins.length;
  const hooks = await plugins[0]({ directory: process.argv[2], worktree: process.argv[2] });
  const before = hooks["tool.execute.before"];
  const ask = async (command, callID) => { try { await before({ tool: "bash", sessionID: "gatehouse-doctor", callID }, { args: { command } }); return "ran"; } catch (e) { return "blocked: " + (e && e.message); } };
  out.dangerous = await ask("rm -rf ~", "d1");
  out.benign = await ask("ls", "b1");
} catch (e) { out.error = String(e && e.message || e).split("\\n")[0]; }
process.stdout.write(JSON.stringify(out));
`;

/** Doctor: each OpenCode plugin file of Gatehouse's, checked to load and to block. */
export async function openCodeFindings(project: string, io: Io): Promise<{ findings: PluginFinding[]; installed: { scope: "project" | "user"; path: string }[] }> {
  const findings: PluginFinding[] = [];
  const installed: { scope: "project" | "user"; path: string }[] = [];
  const scopes: ["project" | "user", string | undefined][] = [["project", project], ["user", io.env.HOME]];
  for (const [scope, base] of scopes) {
    if (base === undefined || base === "") continue;
    const path = openCodePluginPath(scope, base, io.env);
    const subject = `opencode ${scope}`;
    let text: string | null;
    try {
      text = readText(path);
    } catch (error) {
      findings.push({ level: "error", subject, message: (error as Error).message });
      continue;
    }
    if (text === null || !isOpenCodePluginText(text)) continue;
    installed.push({ scope, path });
    const module = openCodePluginModule(text);
    if (module === null || !existsSync(module)) {
      findings.push({ level: "error", subject, message: `${path} loads ${module ?? "nothing Gatehouse wrote"}, which does not exist (Gatehouse moved?): run gatehouse install opencode again` });
      continue;
    }
    const line = shellQuote([process.execPath, "--input-type=module", "-e", PROBE, path, project]);
    const run = await runShell(line, "", { cwd: project, env: io.env, timeoutMs: 60_000 });
    let probe: { exports?: number; dangerous?: string; benign?: string; error?: string } = {};
    try {
      probe = JSON.parse(run.stdout);
    } catch {
      probe = { error: `the probe printed no answer (exit ${run.exitCode}): ${run.stderr.trim().split("\n")[0] ?? ""}` };
    }
    if (probe.error !== undefined) findings.push({ level: "error", subject, message: `${path} does not load: ${probe.error} — OpenCode would run every call unexamined` });
    else if (probe.dangerous?.startsWith("blocked") !== true) findings.push({ level: "error", subject, message: `${path} loads but let rm -rf ~ through (${probe.dangerous})` });
    else if (probe.benign !== "ran") findings.push({ level: "warn", subject, message: `${path} blocks ls too (${probe.benign})` });
    else findings.push({ level: "ok", subject, message: `${path} loads ${module}; self-test: rm -rf ~ blocked, ls runs` });
    if (scope === "project" && io.env.OPENCODE_DISABLE_PROJECT_CONFIG !== undefined && io.env.OPENCODE_DISABLE_PROJECT_CONFIG !== "")
      findings.push({ level: "warn", subject, message: "OPENCODE_DISABLE_PROJECT_CONFIG is set here: OpenCode then skips the project's .opencode/, this plugin included" });
  }
  return { findings, installed };
}
