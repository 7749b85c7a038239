// `gatehouse doctor [--project DIR] [--json]`: what is installed where (each
// agent, project and user scope), the bundle each hook uses, its state dir,
// the ledger, a daemon behind an http handler, and one benign and one
// dangerous self-test call through each installed hook — run with `sh -c`
// exactly as the agent runs it. One line per finding; exit 1 when something
// is broken (an `error` finding).
import { existsSync } from "node:fs";
import { join } from "node:path";
import { getNodeValue } from "jsonc-parser/lib/esm/main.js";
import { parseDocument, propertyValue } from "../install/json-edit.js";
import { MANAGED, managedPath, requiredKeysHold } from "../install/managed.js";
import { serviceFile, servicePlatform, servicePort } from "../install/service-unit.js";
import { DEFAULT_PORT } from "./serve.js";
import * as z from "zod";
import { guardFilesOfCommand } from "../guard/guard-files.js";
import { AGENT_SETTINGS, effectiveTimeoutSeconds, INSTALL_AGENTS, MIN_HOOK_TIMEOUT_SECONDS, type AgentSettings } from "../install/agents.js";
import type { ManagedEntry } from "../install/entries.js";
import { hookInvocation } from "../install/inspect.js";
import { installedEntries, SettingsRefused } from "../install/plan.js";
import type { HookRun } from "../install/self-test.js";
import { readSettings, settingsPath, SettingsUnreadable, type Scope } from "../install/settings-file.js";
import { codexTrust, type CodexTrust } from "../install/codex-trust.js";
import { copilotTrust } from "../install/copilot-trust.js";
import type { ParsedArgs } from "./args.js";
import { EXIT } from "../model/exit-codes.js";
import { FindingSchema, type Finding } from "./finding.js";
import { guardHandlerFindings } from "./guard-doctor.js";
import type { Io } from "./io.js";
import { projectDirArg } from "./project-dir.js";
import { runShell } from "./run-shell.js";
import { pluginFindings } from "./install-plugin.js";
import { hookFileFindings } from "./install-hook-file.js";
import { bundleFindings, commandFindings, probeDaemon, selfTest, stateDirFindings, stateDirOf } from "./doctor-hook.js";

export const DoctorReportSchema = z.object({
  healthy: z.boolean(),
  findings: z.array(FindingSchema),
  installed: z.array(z.object({ agent: z.string(), scope: z.enum(["project", "user", "managed"]), path: z.string(), event: z.string(), matcher: z.string().nullable(), handler: z.record(z.string(), z.unknown()) })),
});
export type DoctorReport = z.infer<typeof DoctorReportSchema>;

interface Installed {
  settings: AgentSettings;
  scope: Scope;
  path: string;
  entries: ManagedEntry[];
}


/** How a finding about a hook its agent will not run begins. */
const INACTIVE = "inactive:";




async function postHook(url: string, payload: unknown, timeoutMs: number): Promise<HookRun> {
  try {
    const response = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(payload), signal: AbortSignal.timeout(timeoutMs) });
    return { exitCode: response.ok ? 0 : 1, stdout: await response.text(), stderr: response.ok ? "" : `HTTP ${response.status}` };
  } catch (error) {
    return { exitCode: null, stdout: "", stderr: error instanceof Error ? error.message : String(error) };
  }
}

/** A hook the agent does not run (an untrusted folder, hooks switched off): inert, so an error, never healthy. */
function trustFinding(subject: string, title: string, trust: CodexTrust): Finding {
  if (trust.trusted === true) return { level: "ok", subject, message: trust.where };
  if (trust.trusted === null) return { level: "warn", subject, message: `cannot tell whether ${title} runs this hook: ${trust.where}: ${trust.why}` };
  return { level: "error", subject, message: `${INACTIVE} ${title} does not run this hook: ${trust.why}, so every call runs unexamined — ${trust.fix}` };
}

/** Where the settings files say the hooks are. */
function findInstalled(project: string, home: string | undefined, env: Record<string, string | undefined>, findings: Finding[]): Installed[] {
  const found: Installed[] = [];
  const seen = new Set<string>();
  for (const agent of INSTALL_AGENTS) {
    const settings = AGENT_SETTINGS[agent];
    const scopes: Array<[Scope, string | undefined]> = [["managed", managedPath(agent, env) ?? undefined], ["project", project], ["user", home]];
    for (const [scope, base] of scopes) {
      if (base === undefined) continue;
      const path = settingsPath(settings, scope, base);
      if (seen.has(path)) continue;
      seen.add(path);
      const subject = `${agent} ${scope}`;
      let text: string | null;
      try {
        text = readSettings(path);
      } catch (error) {
        if (!(error instanceof SettingsUnreadable)) throw error;
        findings.push({ level: "error", subject, message: error.message });
        continue;
      }
      if (text === null) {
        if (scope === "managed") continue; // most machines have no managed layer: nothing to say
        findings.push({ level: "info", subject, message: `not installed (${path} does not exist)` });
        continue;
      }
      let entries: ManagedEntry[];
      try {
        entries = installedEntries(text, settings);
      } catch (error) {
        if (!(error instanceof SettingsRefused)) throw error;
        findings.push({ level: "error", subject, message: `${path}: ${error.message} — ${settings.title} cannot read it either` });
        continue;
      }
      if (entries.length === 0) {
        findings.push({ level: "info", subject, message: `not installed (${path} has no Gatehouse hooks)` });
        continue;
      }
      for (const e of entries) {
        const runs = typeof e.handler.url === "string" ? `http ${e.handler.url}` : String(e.handler.command);
        findings.push({ level: "ok", subject, message: `${path}: ${e.event}${e.matcher === null ? "" : ` ${e.matcher}`} → ${runs}` });
      }
      const again = `run gatehouse install ${agent}${scope === "project" ? "" : ` --${scope}`} again`;
      // An entry written by another version (or by hand) may match fewer tools: those are never judged.
      for (const e of entries) {
        const want = settings.events.find((g) => g.event === e.event);
        const isGuard = typeof e.handler.command === "string" && guardFilesOfCommand(e.handler.command) !== null;
        if (want !== undefined && !isGuard && e.matcher !== want.matcher)
          findings.push({ level: "warn", subject, message: `the ${e.event} matcher ${e.matcher ?? "(none)"} is not the one this version installs (${want.matcher ?? "none"}): tools it leaves out are never judged — ${again}` });
      }
      const missing = settings.events.filter((g) => !entries.some((e) => e.event === g.event));
      if (missing.length > 0) findings.push({ level: "warn", subject, message: `no hook on ${missing.map((m) => m.event).join(", ")} — ${again}` });
      // Managed hooks need no trust (docs/cli.md); the others run only once trusted.
      if (agent === "copilot" && scope !== "managed") findings.push(trustFinding(subject, settings.title, copilotTrust({ scope, project, env, read: readSettings })));
      if (agent === "codex" && scope !== "managed") findings.push(trustFinding(subject, settings.title, codexTrust({ scope, project, hooksFile: path, hooksText: text, env, read: readSettings, exists: existsSync })));
      found.push({ settings, scope, path, entries });
    }
  }
  return found;
}





/** How long doctor waits for a hook of an agent that documents no timeout. */
const NO_AGENT_TIMEOUT_SECONDS = 600;

/** A hook the agent kills sooner than MIN_HOOK_TIMEOUT_SECONDS: a slow call would go ahead unexamined. */
function shortTimeoutFinding(entry: Installed, handler: Record<string, unknown>, seconds: number, subject: string): Finding {
  const unit = entry.settings.timeout?.unit === "ms" ? "ms" : "s";
  const written = typeof handler.timeout === "number" ? `timeout ${handler.timeout} (${unit})` : `no timeout (${entry.settings.title}'s default)`;
  const again = `run gatehouse install ${entry.settings.agent}${entry.scope === "project" ? "" : ` --${entry.scope}`} again`;
  return { level: "warn", subject, message: `${written}: ${entry.settings.title} kills the hook after ${seconds} s and then lets the call through unexamined, so a slow call walks around the gate; at least ${MIN_HOOK_TIMEOUT_SECONDS} s is safe (a longer timeout only waits) — ${again}` };
}

async function checkHandler(entry: Installed, handler: Record<string, unknown>, project: string, io: Io, bundles: Map<string, Finding[]>): Promise<Finding[]> {
  const agent = entry.settings.agent;
  const subject = `${agent} ${entry.scope}`;
  // The self-test waits exactly as long as the agent would before killing the hook (Cursor documents no timeout: install's).
  const timeoutSeconds = effectiveTimeoutSeconds(entry.settings, handler);
  const timeoutMs = (timeoutSeconds ?? NO_AGENT_TIMEOUT_SECONDS) * 1000;
  const findings: Finding[] = [];
  if (timeoutSeconds !== null && timeoutSeconds < MIN_HOOK_TIMEOUT_SECONDS) findings.push(shortTimeoutFinding(entry, handler, timeoutSeconds, subject));
  const send = (payload: Record<string, unknown>): Promise<HookRun> =>
    typeof handler.url === "string" ? postHook(handler.url, payload, timeoutMs) : runShell(String(handler.command), JSON.stringify(payload), { cwd: project, env: io.env, timeoutMs });

  if (typeof handler.url === "string") {
    findings.push(supervisionFinding(handler.url, subject, entry.settings.title, io.env));
    const problem = await probeDaemon(handler.url);
    if (problem !== null) {
      findings.push({ level: "error", subject, message: `daemon behind ${handler.url} does not answer: ${problem} — ${entry.settings.title} lets every call through while it is down` });
      return findings;
    }
    findings.push({ level: "ok", subject, message: `daemon behind ${handler.url} answers /healthz` });
  } else {
    const guard = guardFilesOfCommand(String(handler.command));
    if (guard !== null) return guardHandlerFindings(subject, String(handler.command), guard.specFile, guard.recordFile, project, io, timeoutMs);
    const checked = await commandFindings(agent, entry.settings.title, String(handler.command), subject, project, io, bundles);
    if (checked === null) return [{ level: "warn", subject, message: `cannot read the command ${JSON.stringify(handler.command)}` }];
    findings.push(...checked);
  }
  findings.push(...(await selfTest(agent, send, project, subject)));
  return findings;
}

/**
 * Which installed scope is in force for each agent, and what can switch it off: Claude Code runs only the managed
 * layer's hooks under `allowManagedHooksOnly`, and none at all when a settings file it reads sets `disableAllHooks`
 * without that; Gemini CLI skips a hook named in `hooksConfig.disabled` of any layer.
 */
function scopeFindings(installed: Installed[], project: string, env: Record<string, string | undefined>): Finding[] {
  const out: Finding[] = [];
  for (const agent of INSTALL_AGENTS) {
    const mine = installed.filter((i) => i.settings.agent === agent);
    const settings = AGENT_SETTINGS[agent];
    const subject = `${agent} scope`;
    const managedFile = managedPath(agent, env);
    const managedText = managedFile === null ? null : safeRead(managedFile);
    const support = MANAGED[agent];
    const layerHolds = support.kind === "layer" && managedText !== null && requiredKeysHold(managedText, support.layer);
    const managedInstalled = mine.some((i) => i.scope === "managed");
    if (agent === "claude" && managedText !== null && jsonKey(managedText, "allowManagedHooksOnly") === true && !managedInstalled && mine.length > 0)
      out.push({ level: "error", subject, message: `${managedFile} sets allowManagedHooksOnly without Gatehouse's hook: the ${mine.map((i) => i.scope).join(" and ")} hook never runs — run gatehouse install claude --managed` });
    if (mine.length === 0) continue;
    const scopes = mine.map((i) => i.scope);
    if (managedInstalled && (support.kind !== "layer" || support.layer.requires.length === 0 || layerHolds)) {
      const others = scopes.filter((s) => s !== "managed");
      const why = agent === "claude" ? "allowManagedHooksOnly: no user or project hook runs, and none can remove this one" : "the system layer, which user and project settings cannot remove";
      out.push({ level: "ok", subject, message: `in force: managed (${why})${others.length > 0 && agent === "claude" ? `; the ${others.join(" and ")} entries do not run` : ""}` });
    } else {
      if (managedInstalled) out.push({ level: "warn", subject, message: `the managed entry is there but ${support.kind === "layer" ? support.layer.requires.map((k) => `${k.path.join(".")}: ${JSON.stringify(k.value)}`).join(", ") : "its layer"} is not set: user and project settings can still switch it off — run gatehouse install ${agent} --managed again` });
      out.push({ level: "info", subject, message: `in force: ${scopes.join(", ")} — the project or the agent itself can edit these files${support.kind === "layer" ? `; gatehouse install ${agent} --managed puts the hook where it cannot` : ""}` });
    }
    // What the agent reads besides the files Gatehouse wrote, that switches hooks off.
    const readable = [managedFile, join(project, settings.projectFile), ...(agent === "claude" ? [join(project, ".claude", "settings.local.json")] : []), env.HOME === undefined ? null : join(env.HOME, settings.userFile)];
    for (const file of readable) {
      if (file === null) continue;
      const text = safeRead(file);
      if (text === null) continue;
      if (agent === "claude" && jsonKey(text, "disableAllHooks") === true && !(file !== managedFile && layerHolds && managedInstalled))
        out.push({ level: "error", subject, message: `${file} sets disableAllHooks: Claude Code runs no hook, Gatehouse's included${layerHolds ? "" : " — remove it, or install claude --managed (allowManagedHooksOnly keeps managed hooks running)"}` });
      const disabled = agent === "gemini" ? (jsonKey(text, "hooksConfig") as { disabled?: unknown } | undefined)?.disabled : undefined;
      if (Array.isArray(disabled) && disabled.some((name) => name === "gatehouse" || (typeof name === "string" && mine.some((i) => i.entries.some((e) => e.handler.command === name)))))
        out.push({ level: "error", subject, message: `${file} lists Gatehouse's hook in hooksConfig.disabled: Gemini CLI does not run it — remove it from the list` });
    }
  }
  return out;
}

/** An http handler's daemon must come back by itself: the agent lets every call through while it is down. */
function supervisionFinding(url: string, subject: string, title: string, env: Record<string, string | undefined>): Finding {
  const u = new URL(url);
  const port = Number(u.port || (u.protocol === "https:" ? 443 : 80));
  const kind = servicePlatform();
  const file = kind === null ? null : serviceFile(kind, env);
  const text = file === null ? null : safeRead(file);
  const supervised = text === null ? null : servicePort(text, DEFAULT_PORT);
  if (supervised === port) return { level: "ok", subject, message: `the daemon on port ${port} is supervised (${file}: restarted whenever it stops)` };
  const why = supervised === null ? `no supervised daemon (${file ?? "no user service manager known here"})` : `the supervised daemon (${file}) listens on port ${supervised}, not ${port}`;
  return { level: "warn", subject, message: `${why}: while nothing answers at ${url}, ${title} lets every call through unchecked — gatehouse service install --port ${port}` };
}

function safeRead(file: string): string | null {
  try {
    return readSettings(file);
  } catch {
    return null;
  }
}

/** A top-level key of a settings file (JSON with comments read too), or undefined. */
function jsonKey(text: string, key: string): unknown {
  const parsed = parseDocument(text);
  if (!parsed.ok || parsed.root.type !== "object") return undefined;
  const node = propertyValue(parsed.root, key);
  return node === undefined ? undefined : getNodeValue(node);
}


export async function doctor(project: string, io: Io): Promise<DoctorReport> {
  const findings: Finding[] = [];
  const installed = findInstalled(project, io.env.HOME, io.env, findings);
  findings.push(...scopeFindings(installed, project, io.env));
  const bundles = new Map<string, Finding[]>();
  const handlers = installed.flatMap((entry) => {
    // One check per distinct handler of a file (the same command on several events runs once).
    const distinct = new Map<string, Record<string, unknown>>();
    for (const e of entry.entries) distinct.set(JSON.stringify(e.handler), e.handler);
    return [...distinct.values()].map((handler) => ({ entry, handler }));
  });
  for (const { entry, handler } of handlers) findings.push(...(await checkHandler(entry, handler, project, io, bundles)));
  const hookFiles = await hookFileFindings(project, io, bundles);
  findings.push(...hookFiles.findings);
  const plugins = await pluginFindings(project, io);
  findings.push(...plugins.findings);
  if (installed.length === 0 && plugins.installed.length === 0 && hookFiles.installed.length === 0) {
    const subject = "not installed";
    findings.push(...(await bundleFindings(undefined)).map((f) => ({ ...f, subject })));
    findings.push(...stateDirFindings(stateDirOf(undefined, project, io.env), subject));
  }
  const forwards = (h: Record<string, unknown>) =>
    typeof h.command === "string" && (hookInvocation(h.command)?.args.some((a) => a === "--daemon" || a.startsWith("--daemon=")) ?? false);
  if (!handlers.some((h) => typeof h.handler.url === "string" || forwards(h.handler)) && !hookFiles.installed.some((f) => forwards({ command: f.command })))
    findings.push({ level: "info", subject: "daemon", message: "none configured (the hooks evaluate in-process: installed with --in-process or by an older Gatehouse; gatehouse install AGENT forwards to a per-user daemon by default)" });
  return {
    healthy: !findings.some((f) => f.level === "error"),
    findings,
    installed: [
      ...installed.flatMap((i) => i.entries.map((e) => ({ agent: i.settings.agent, scope: i.scope, path: i.path, event: e.event, matcher: e.matcher, handler: e.handler }))),
      ...hookFiles.installed.map((f) => ({ agent: f.agent, scope: f.scope, path: f.path, event: f.event, matcher: null, handler: { command: f.command } })),
      ...plugins.installed.map((p) => ({ agent: p.agent, scope: p.scope, path: p.path, event: p.event, matcher: null, handler: { plugin: p.path } })),
    ],
  };
}

export async function doctorCommand(args: ParsedArgs, io: Io): Promise<number> {
  const project = projectDirArg(args.values.get("project"), io);
  const report = await doctor(project, io);
  if (args.flags.has("json")) io.out(JSON.stringify(report));
  else {
    for (const f of report.findings) io.out(`${f.level.padEnd(5)}  ${f.subject}: ${f.message}`);
    const problems = report.findings.filter((f) => f.level === "error");
    const inactive = problems.filter((f) => f.message.startsWith(INACTIVE)).length;
    const hooks = new Set(report.installed.map((i) => `${i.agent} ${i.scope}`)).size;
    // A hook its agent does not run protects nothing: "inactive", never "healthy".
    const state = report.healthy ? "healthy" : inactive === problems.length ? "inactive" : "broken";
    io.out(`${state}: Gatehouse installed for ${hooks} agent scope(s), ${problems.length} problem(s)${inactive > 0 ? `, ${inactive} hook(s) inactive` : ""}`);
  }
  return report.healthy ? EXIT.OK : EXIT.FAILURE;
}
