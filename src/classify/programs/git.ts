// git's global options: where the subcommand is, and the `-c key=value`
// settings given on the command line. The walker reads aliases from it
// (src/classify/shell/launchers/runners.ts), the effect table the subcommand
// and the command-running settings (src/classify/effects/git.ts), the
// secret-carrying push (effects/flow.ts) likewise.
import type { Arg } from "./args.js";
import { globalValueOptions } from "./registry.js";

/** Global options that take the next word as their value: git's registry entry (registry.ts). */
const GLOBAL_WITH_VALUE = globalValueOptions("git");

export interface GitConfigSetting {
  /** Lowercased key (`alias.x`, `core.sshcommand`). */
  key: string;
  value: string;
  /** The word that holds `key=value`. */
  arg: Arg;
}

export interface GitCall {
  /** Index of the subcommand word, or -1 when there is none. */
  sub: number;
  /** `-c key=value` settings, in order. */
  config: GitConfigSetting[];
}

function setting(arg: Arg, text: string): GitConfigSetting | null {
  const eq = text.indexOf("=");
  if (eq <= 0) return null;
  return { key: text.slice(0, eq).toLowerCase(), value: text.slice(eq + 1), arg };
}

/** Split `git [global options] SUBCOMMAND …` from `args[start]` (the word after `git`). */
export function parseGit(args: readonly Arg[], start = 0): GitCall {
  const config: GitConfigSetting[] = [];
  let i = start;
  while (i < args.length) {
    const a = args[i];
    const v = a.value;
    if (GLOBAL_WITH_VALUE.has(v)) {
      if (v === "-c" && i + 1 < args.length) {
        const s = setting(args[i + 1], args[i + 1].value);
        if (s) config.push(s);
      }
      i += 2;
      continue;
    }
    if (v.startsWith("-c") && v.length > 2 && !v.startsWith("--")) {
      const s = setting(a, v.slice(2));
      if (s) config.push(s);
      i++;
      continue;
    }
    if (!a.dynamic && v.startsWith("-") && v !== "-") {
      i++;
      continue;
    }
    break;
  }
  return { sub: i < args.length ? i : -1, config };
}

/** Settings whose value git runs as a shell command (exact keys; `isCommandSetting` adds the patterns). */
export const COMMAND_SETTINGS = new Set([
  "core.sshcommand", "core.pager", "core.editor", "core.fsmonitor", "core.hookspath", "core.askpass", "core.gitproxy",
  "sequence.editor", "diff.external", "gpg.program", "uploadpack.packobjectshook", "sendemail.sendmailcmd",
  "sendemail.tocmd", "sendemail.cccmd", "interactive.difffilter", "credential.helper",
]);

/** Settings by pattern: `pager.<cmd>`, `gpg.<format>.program`, drivers and tools by name, per-remote and per-URL forms. */
const COMMAND_SETTING_PATTERNS: readonly RegExp[] = [
  /^pager\.[^.]+$/, /^gpg\.[^.]+\.program$/, /^diff\..+\.(textconv|command)$/, /^merge\..+\.driver$/,
  /^filter\..+\.(clean|smudge|process)$/, /^(difftool|mergetool|browser|man)\..+\.(cmd|path)$/,
  /^remote\..+\.(uploadpack|receivepack)$/, /^credential\..+\.helper$/, /^url\..+\.insteadof$/i,
];

/** Values that switch a setting on or off rather than name a command (`pager.log=false`, `core.fsmonitor=true`). */
const SWITCH = /^(true|false|yes|no|on|off|0|1|)$/i;

/**
 * Does git run `value` as a command for setting `key` (lowercased)? `alias.x`
 * only when it starts with `!`; a credential helper only as `!cmd` or a path
 * (a bare name is `git credential-NAME`); `url.<x>.insteadOf` never.
 * `core.hooksPath` names a directory whose files git runs as hooks (the value
 * is a path, not shell text: `isShellTextSetting`).
 */
export function isCommandSetting(key: string, value: string): boolean {
  if (key.startsWith("alias.")) return /^\s*!/.test(value);
  if (key.startsWith("url.")) return false;
  if (!COMMAND_SETTINGS.has(key) && !COMMAND_SETTING_PATTERNS.some((p) => p.test(key))) return false;
  if (/(^|\.)helper$/.test(key)) return /^\s*!/.test(value) || /^[/~.]/.test(value.trim());
  return !SWITCH.test(value.trim());
}

/** A command setting whose value is itself shell text (every one but `core.hooksPath`). */
export function isShellTextSetting(key: string, value: string): boolean {
  return key !== "core.hookspath" && isCommandSetting(key, value);
}

/**
 * `git clone -c key=value` / `--config key=value`: settings written into the
 * new repository's config, in force for the clone itself and every later git
 * command there. The settings given to a subcommand, in order.
 */
export function subcommandConfig(args: readonly Arg[], sub: number): GitConfigSetting[] {
  const out: GitConfigSetting[] = [];
  if (sub < 0 || args[sub].dynamic || args[sub].value !== "clone") return out;
  for (let k = sub + 1; k < args.length; k++) {
    const a = args[k];
    if (a.dynamic) continue;
    const v = a.value;
    if (v === "--") break;
    if ((v === "-c" || v === "--config") && k + 1 < args.length) {
      const s = setting(args[k + 1], args[k + 1].value);
      if (s) out.push(s);
      k++;
    } else if (v.startsWith("--config=")) {
      const s = setting(a, v.slice("--config=".length));
      if (s) out.push(s);
    } else if (/^-c[^-]/.test(v)) {
      const s = setting(a, v.slice(2));
      if (s) out.push(s);
    }
  }
  return out;
}

/** `core.hooksPath` outside the repository (absolute, home, `..`): hooks whose content nothing in the text shows. */
export function isOutsideHooksPath(value: string): boolean {
  const v = value.trim();
  return /^[/~\\]|^[A-Za-z]:|^\$/.test(v) || /(^|[/\\])\.\.([/\\]|$)/.test(v);
}

/** Subcommand options whose value git runs as a shell command (`rebase -x CMD`, `filter-branch --tree-filter CMD`). */
export const COMMAND_OPTIONS: Readonly<Record<string, { short?: string; long: readonly string[]; shortOptional?: string; longOptional?: readonly string[] }>> = {
  rebase: { short: "x", long: ["exec"] },
  difftool: { short: "x", long: ["extcmd"] },
  clone: { short: "u", long: ["upload-pack"] },
  fetch: { long: ["upload-pack"] },
  pull: { long: ["upload-pack"] },
  "ls-remote": { long: ["upload-pack"] },
  push: { long: ["receive-pack", "exec"] },
  archive: { long: ["exec"] },
  "filter-branch": { long: ["tree-filter", "index-filter", "msg-filter", "env-filter", "commit-filter", "parent-filter", "tag-name-filter"] },
  "send-email": { long: ["sendmail-cmd", "to-cmd", "cc-cmd", "header-cmd"] },
  grep: { long: [], shortOptional: "O", longOptional: ["open-files-in-pager"] },
};

/** `git submodule foreach CMD…` (through the shell) and `git bisect run CMD…` (exec'd): the sub-subcommand that runs the rest. */
export const RUNS_REST: Readonly<Record<string, { word: string; shell: boolean; skip: readonly string[] }>> = {
  submodule: { word: "foreach", shell: true, skip: ["--recursive", "-q", "--quiet"] },
  bisect: { word: "run", shell: false, skip: [] },
};

const CONFIG_READS = /^--(get|get-all|get-regexp|get-urlmatch|get-color|get-colorbool|unset|unset-all|list|edit|remove-section|rename-section|show-origin|show-scope|name-only)$|^-[le]$/;
const CONFIG_VALUE_OPTS = new Set(["-f", "--file", "--blob", "--type", "--default", "--comment"]);

/** `git config [scope] NAME VALUE` / `git config set NAME VALUE`: the setting it writes, or null. */
export function configSet(args: readonly Arg[], sub: number): GitConfigSetting | null {
  const ops: Arg[] = [];
  for (let k = sub + 1; k < args.length; k++) {
    const v = args[k].value;
    if (args[k].dynamic) ops.push(args[k]);
    else if (CONFIG_READS.test(v)) return null;
    else if (CONFIG_VALUE_OPTS.has(v)) k++;
    else if (v.startsWith("-") && v !== "-") continue;
    else ops.push(args[k]);
  }
  if (ops.length && !ops[0].dynamic && ops[0].value === "set") ops.shift();
  else if (ops.length && !ops[0].dynamic && /^(get|unset|list|edit|rename-section|remove-section)$/.test(ops[0].value)) return null;
  if (ops.length < 2 || ops[0].dynamic) return null;
  return { key: ops[0].value.toLowerCase(), value: ops[1].value, arg: ops[1] };
}

/**
 * Config keys whose value git later runs, or which point git at code or at
 * more configuration — writing one (`git config core.hooksPath x`) plants
 * something every later git command may execute. Lowercased keys.
 */
const PERSISTENT_KEY =
  /^(core\.(sshcommand|pager|editor|fsmonitor|hookspath|askpass|gitproxy|attributesfile)|sequence\.editor|diff\.external|diff\..+\.(textconv|command)|merge\..+\.driver|filter\..+\.(clean|smudge|process)|credential(\..+)?\.helper|gpg(\..+)?\.program|uploadpack\.packobjectshook|pager\..+|alias\..+|include\.path|includeif\..+\.path|init\.templatedir|remote\..+\.(uploadpack|receivepack))$/;

/** Does setting this key plant a command (an alias only when it runs the shell: `!…`)? */
export function isPersistentSetting(key: string, value: string): boolean {
  const k = key.toLowerCase();
  if (k.startsWith("alias.")) return /^\s*!/.test(value);
  return PERSISTENT_KEY.test(k);
}

/** A `-c alias.NAME=…` definition that the subcommand word invokes (names compare case-insensitively). */
export function invokedAlias(args: readonly Arg[], call: GitCall): GitConfigSetting | null {
  if (call.sub < 0) return null;
  const sub = args[call.sub];
  if (sub.dynamic) return null;
  const key = `alias.${sub.value.toLowerCase()}`;
  let found: GitConfigSetting | null = null;
  for (const s of call.config) if (s.key === key) found = s;
  return found;
}
