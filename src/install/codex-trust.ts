// Whether Codex runs the hooks install wrote. Codex discovers a hook and still
// skips it (every call then runs unexamined) unless all of these hold (read
// from openai/codex codex-rs: config/src/loader/mod.rs, hooks/src/engine/
// discovery.rs, hooks/src/config_rules.rs; measured with @openai/codex 0.171):
//
// | what | where Codex reads it |
// |---|---|
// | hooks are on | `[features] hooks` (default on) in the user's config.toml |
// | a project's `.codex/` loads | `[projects."<dir>"] trust_level = "trusted"`, looked up for the directory holding `.codex/`, then the project root (nearest `.git`), then the repository's root; exact paths, as written or canonical |
// | the hook is trusted | `[hooks.state."<hooks.json>:<event>:<group>:<handler>"] trusted_hash` equal to the hash of the hook's normalised identity; a different hash is a hook changed since it was trusted |
// | the hook is enabled | that state's `enabled` is not false |
//
// `bypass_hook_trust = true` (or `--dangerously-bypass-hook-trust`) skips the
// hook-trust check, not the others. Only the user's layer (`$CODEX_HOME/
// config.toml`) holds trust: a project cannot vouch for itself.
//
// The hash: SHA-256 of the compact JSON, keys sorted at every level, of
// `{event_name, matcher, hooks: [handler]}` with the handler normalised as
// Codex stores it (`timeout` defaulting to 600 and at least 1, `async` false,
// and `statusMessage` only when set). `hooks/list` of `codex app-server`
// reports the same value as `currentHash` (test/e2e/codex.e2e.test.ts).
import { createHash } from "node:crypto";
import { realpathSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { parse as parseToml } from "smol-toml";
import { isManagedHandler } from "./entries.js";

type Env = Record<string, string | undefined>;
export type ReadText = (path: string) => string | null;

/** Events whose matcher Codex drops (it matches every call): their identity carries none. */
const NO_MATCHER_EVENTS = new Set(["UserPromptSubmit", "Stop"]);

/** `$CODEX_HOME`, else `~/.codex`; null without either. */
export function codexHome(env: Env): string | null {
  if (env.CODEX_HOME !== undefined && env.CODEX_HOME !== "") return resolve(env.CODEX_HOME);
  return env.HOME !== undefined && env.HOME !== "" ? resolve(env.HOME, ".codex") : null;
}

/** `PreToolUse` → `pre_tool_use`: the event's label in hook keys and identities. */
export function codexEventLabel(event: string): string {
  return event.replace(/(?<=[a-z0-9])([A-Z])/g, "_$1").toLowerCase();
}

/** The key of one handler in `[hooks.state]`. */
export function codexHookKey(hooksFile: string, event: string, group: number, handler: number): string {
  return `${hooksFile}:${codexEventLabel(event)}:${group}:${handler}`;
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === "object")
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  return value;
}

/** The `trusted_hash` Codex expects for a command handler in a `{matcher, hooks}` group. */
export function codexHookHash(event: string, matcher: string | null, handler: Record<string, unknown>): string {
  const timeout = typeof handler.timeout === "number" ? handler.timeout : typeof handler.timeoutSec === "number" ? handler.timeoutSec : 600;
  const normalised: Record<string, unknown> = { type: "command", command: handler.command, timeout: Math.max(1, Math.trunc(timeout)), async: handler.async === true };
  if (typeof handler.statusMessage === "string") normalised.statusMessage = handler.statusMessage;
  if (typeof handler.additionalContextLimit === "number") normalised.additionalContextLimit = handler.additionalContextLimit;
  const identity: Record<string, unknown> = { event_name: codexEventLabel(event), hooks: [normalised] };
  if (matcher !== null && !NO_MATCHER_EVENTS.has(event)) identity.matcher = matcher;
  return `sha256:${createHash("sha256").update(JSON.stringify(canonical(identity))).digest("hex")}`;
}

/** One Gatehouse handler of a Codex hooks.json, where Codex keys it and the hash it must be trusted with. */
export interface CodexHook {
  key: string;
  event: string;
  hash: string;
}

/** Gatehouse's command handlers in a hooks.json text (strict JSON, as Codex reads it); [] when it is not that. */
export function codexManagedHooks(hooksFile: string, text: string): CodexHook[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return [];
  }
  const hooks = (parsed as { hooks?: unknown } | null)?.hooks;
  if (hooks === null || typeof hooks !== "object" || Array.isArray(hooks)) return [];
  const out: CodexHook[] = [];
  for (const [event, groups] of Object.entries(hooks)) {
    if (!Array.isArray(groups)) continue;
    groups.forEach((group: { matcher?: unknown; hooks?: unknown }, g) => {
      if (!Array.isArray(group?.hooks)) return;
      const matcher = typeof group.matcher === "string" ? group.matcher : null;
      group.hooks.forEach((handler: unknown, h) => {
        if (!isManagedHandler(handler) || typeof (handler as { command?: unknown }).command !== "string") return;
        out.push({ key: codexHookKey(hooksFile, event, g, h), event, hash: codexHookHash(event, matcher, handler as Record<string, unknown>) });
      });
    });
  }
  return out;
}

export type CodexTrust =
  | { trusted: true; where: string }
  /** `why` completes "Codex does not run this hook: "; `fix` says what to do. */
  | { trusted: false; where: string; why: string; fix: string }
  /** Codex's configuration could not be read: a warning, never trusted. */
  | { trusted: null; where: string; why: string };

interface CodexConfig {
  features?: { hooks?: unknown; codex_hooks?: unknown };
  projects?: Record<string, { trust_level?: unknown }>;
  hooks?: { state?: Record<string, { trusted_hash?: unknown; enabled?: unknown }> };
  bypass_hook_trust?: unknown;
}

function readConfig(path: string, read: ReadText): CodexConfig | null | Error {
  let text: string | null;
  try {
    text = read(path);
  } catch (error) {
    return new Error(`cannot read it (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
  if (text === null) return null;
  try {
    return parseToml(text) as CodexConfig;
  } catch (error) {
    return new Error(`it is not valid TOML (${(error instanceof Error ? error.message : String(error)).split("\n")[0]})`);
  }
}

/** A path as written and canonical (Codex looks a project up under both). */
function lookupKeys(path: string): string[] {
  let real = path;
  try {
    real = realpathSync(path);
  } catch {
    // absent: as written only
  }
  return real === path ? [path] : [real, path];
}

/** The nearest directory at or above `dir` holding `.git` (Codex's default project root marker). */
function gitRoot(dir: string, exists: (p: string) => boolean): string | null {
  for (let d = resolve(dir); ; d = dirname(d)) {
    if (exists(join(d, ".git"))) return d;
    if (dirname(d) === d) return null;
  }
}

export interface CodexTrustInput {
  scope: "project" | "user";
  /** The project directory (holding `.codex/`), for project scope. */
  project: string;
  /** The hooks.json install wrote and its text. */
  hooksFile: string;
  hooksText: string;
  env: Env;
  read: ReadText;
  exists: (path: string) => boolean;
}

/** The TOML a person adds to `$CODEX_HOME/config.toml` so Codex runs these hooks (what /hooks would record). */
export function codexTrustToml(input: Omit<CodexTrustInput, "read" | "exists">, untrustedProject: boolean): string[] {
  const lines: string[] = [];
  if (input.scope === "project" && untrustedProject) lines.push(`[projects.${JSON.stringify(input.project)}]`, `trust_level = "trusted"`);
  for (const hook of codexManagedHooks(input.hooksFile, input.hooksText)) lines.push(`[hooks.state.${JSON.stringify(hook.key)}]`, `trusted_hash = ${JSON.stringify(hook.hash)}`);
  return lines;
}

/** Whether Codex runs every Gatehouse hook in `hooksFile`; the first reason it does not. */
export function codexTrust(input: CodexTrustInput): CodexTrust & { projectTrusted: boolean } {
  const home = codexHome(input.env);
  if (home === null) return { trusted: null, where: "$HOME/.codex/config.toml", why: "neither $CODEX_HOME nor $HOME is set", projectTrusted: false };
  const where = join(home, "config.toml");
  const config = readConfig(where, input.read);
  if (config instanceof Error) return { trusted: null, where, why: config.message, projectTrusted: false };
  const c = config ?? {};
  const addLines = (projectTrusted: boolean) => codexTrustToml(input, !projectTrusted).join("\n    ");
  if (c.features?.hooks === false || c.features?.codex_hooks === false)
    return { trusted: false, where, why: `hooks are switched off ([features] hooks = false in ${where})`, fix: `remove that line (or set it to true)`, projectTrusted: false };
  let projectTrusted = true;
  if (input.scope === "project") {
    const root = gitRoot(input.project, input.exists);
    const candidates = [input.project, ...(root !== null && root !== resolve(input.project) ? [root] : [])];
    let level: unknown;
    let key = input.project;
    for (const dir of candidates) {
      const found = lookupKeys(dir).find((k) => c.projects?.[k]?.trust_level !== undefined);
      if (found !== undefined) {
        level = c.projects![found]!.trust_level;
        key = found;
        break;
      }
    }
    projectTrusted = level === "trusted";
    if (!projectTrusted) {
      const why =
        level === "untrusted"
          ? `it loads a project's .codex/ only in a trusted project, and ${key} is marked untrusted in ${where}`
          : `it loads a project's .codex/ only in a trusted project, and ${where} does not trust ${key}`;
      return { trusted: false, where, why, fix: `trust the project when Codex asks (or run codex with --trust once), then the hook in /hooks — or add to ${where}:\n    ${addLines(false)}`, projectTrusted };
    }
  }
  const bypass = c.bypass_hook_trust === true;
  const hooks = codexManagedHooks(input.hooksFile, input.hooksText);
  for (const hook of hooks) {
    const state = c.hooks?.state?.[hook.key];
    if (state?.enabled === false) return { trusted: false, where, why: `the hook is disabled ([hooks.state."${hook.key}"] enabled = false in ${where})`, fix: "enable it in /hooks (or remove that line)", projectTrusted };
    if (bypass) continue;
    const trusted = state?.trusted_hash;
    if (trusted === undefined)
      return { trusted: false, where, why: `a new hook runs only once a person trusts it, and ${where} has no trusted_hash for ${hook.key}`, fix: `review and trust it in Codex's /hooks — or add to ${where}:\n    ${addLines(true)}`, projectTrusted };
    if (trusted !== hook.hash)
      return {
        trusted: false,
        where,
        why: `the hook changed since it was trusted (${where} trusts ${String(trusted)} for ${hook.key}; the hook now hashes to ${hook.hash})`,
        fix: `review and trust it again in /hooks — or set trusted_hash = ${JSON.stringify(hook.hash)} there`,
        projectTrusted,
      };
  }
  const what = input.scope === "project" ? "project and hook trusted" : "hook trusted";
  return { trusted: true, where: bypass ? `${where}: bypass_hook_trust = true (hooks run untrusted)` : `${what} in ${where}`, projectTrusted };
}
