// The hook entries `gatehouse install` manages in an agent's settings file, and
// how it recognises them again (re-install, uninstall, doctor) without
// touching anyone else's hooks: a handler is Gatehouse's when its command runs
// `…/gatehouse(.js) <managed subcommand> …`, or when it is an `http` handler
// POSTing to the daemon's `/v1/hook/<agent>`. The command runs THIS
// installation by absolute path (node + bin/gatehouse.js), never `npx` of a
// registry name.
//
// The touch-set guard (`install claude --touch-set`, src/guard/projection.ts)
// is a second PreToolUse entry for the write tools running `gatehouse guard
// --config SPEC.json`: managed like the hook, so re-install replaces it and
// uninstall removes it.
import { basename } from "node:path";
import { shellWords } from "../shell-words.js";
import { timeoutValue, type AgentSettings, type InstallAgent } from "./agents.js";
import { unwrapHookWords, wrapHookCommand, type WrappedAgent } from "./hook-wrapper.js";

/** `gatehouse <subcommand>` handlers that install owns. */
export const MANAGED_SUBCOMMANDS = ["hook", "guard"] as const;

/** What a hook command runs: a settings file's handler, or a hook file's `exec` line (install/hook-file.ts). */
export interface HookCommandRequest {
  agent: WrappedAgent;
  /** Absolute path of the node binary that runs the hook. */
  node: string;
  /** Absolute path of this installation's bin/gatehouse.js. */
  cli: string;
  /** Options passed on to `gatehouse hook <agent>` (`--bundle /abs/b.json`, …), absolute paths already. */
  hookOptions: readonly string[];
}

export interface InstallRequest extends HookCommandRequest {
  agent: InstallAgent;
  /** The daemon's base URL (Claude's `http` handler), or null for a command handler. */
  http: string | null;
}

/** One managed entry: the event, its matcher, and the handler object written. */
export interface ManagedEntry {
  event: string;
  matcher: string | null;
  handler: Record<string, unknown>;
}

/** The daemon's hook route for an agent (issue 11's `gatehouse serve`). */
export function daemonHookUrl(base: string, agent: InstallAgent): string {
  const url = new URL(base);
  const route = `/v1/hook/${agent}`;
  if (!url.pathname.endsWith(route)) url.pathname = `${url.pathname.replace(/\/+$/, "")}${route}`;
  return url.toString();
}

/** The hook's command line: this installation's node and launcher, run through the agent's wrapper (hook-wrapper.ts). */
export function hookCommand(request: HookCommandRequest): string {
  return wrapHookCommand(request.agent, [request.node, request.cli, "hook", request.agent, ...request.hookOptions]);
}

function handlerFor(settings: AgentSettings, request: InstallRequest): Record<string, unknown> {
  const timeout = timeoutValue(settings);
  const names = settings.fieldNames;
  const withTimeout = (h: Record<string, unknown>) => (timeout === null ? h : { ...h, [names.timeout]: timeout });
  if (request.http !== null) return withTimeout({ type: "http", url: daemonHookUrl(request.http, request.agent) });
  if (settings.layout === "flat") return withTimeout({ ...settings.handlerFields, [names.command]: hookCommand(request) });
  return withTimeout({ type: "command", ...settings.handlerFields, [names.command]: hookCommand(request) });
}

/**
 * A handler read back from a settings file, under the field names the rest of install and doctor read
 * (`command`, `timeout`): Copilot's `bash` and `timeoutSec` are renamed.
 */
export function handlerView(settings: AgentSettings, handler: Record<string, unknown>): Record<string, unknown> {
  const { command, timeout } = settings.fieldNames;
  if (command === "command" && timeout === "timeout") return handler;
  const { [command]: commandValue, [timeout]: timeoutValue, ...rest } = handler;
  return { ...rest, ...(commandValue === undefined ? {} : { command: commandValue }), ...(timeoutValue === undefined ? {} : { timeout: timeoutValue }) };
}

/** Every entry install writes for this request, in the order written. */
export function managedEntries(settings: AgentSettings, request: InstallRequest): ManagedEntry[] {
  const handler = handlerFor(settings, request);
  return settings.events.map((e) => ({ event: e.event, matcher: e.matcher, handler }));
}

/** What goes into the event's list: a `{matcher, hooks}` group, or (flat layout) the handler itself. */
export function entryValue(settings: AgentSettings, entry: ManagedEntry): Record<string, unknown> {
  if (settings.layout === "flat") return entry.handler;
  return { ...(entry.matcher === null ? {} : { matcher: entry.matcher }), hooks: [entry.handler] };
}

/** Words that may come before the program itself: how a command line launches gatehouse. */
const LAUNCHERS = new Set(["node", "nodejs", "npx", "pnpx", "bunx", "bun", "env", "exec"]);

/**
 * The managed subcommand a command line runs (`hook`), or null when it is not
 * Gatehouse's: its program is `gatehouse` / `…/gatehouse.js`, reached through
 * launchers only (`node`, `npx -y`, `env A=1`, …), so `echo gatehouse hook` is not.
 */
export function managedSubcommand(command: string): string | null {
  const read = shellWords(command);
  const words = unwrapHookWords(read) ?? read;
  let i = 0;
  while (i < words.length && (LAUNCHERS.has(basename(words[i]!)) || /^[A-Za-z_][A-Za-z0-9_]*=/.test(words[i]!) || (i > 0 && words[i]!.startsWith("-")))) i++;
  const name = basename(words[i] ?? "");
  if (name !== "gatehouse" && name !== "gatehouse.js") return null;
  const sub = words[i + 1] ?? "";
  return (MANAGED_SUBCOMMANDS as readonly string[]).includes(sub) ? sub : null;
}

export function isManagedHandler(handler: unknown): boolean {
  if (typeof handler !== "object" || handler === null || Array.isArray(handler)) return false;
  const h = handler as Record<string, unknown>;
  if (h.type === "http" && typeof h.url === "string") {
    try {
      return /\/v1\/hook\/[a-z]+$/.test(new URL(h.url).pathname);
    } catch {
      return false;
    }
  }
  // `bash`: GitHub Copilot CLI's name for the command line.
  const command = typeof h.command === "string" ? h.command : h.bash;
  return (h.type === undefined || h.type === "command") && typeof command === "string" && managedSubcommand(command) !== null;
}
