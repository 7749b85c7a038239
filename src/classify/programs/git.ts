// git's global options: where the subcommand is, and the `-c key=value`
// settings given on the command line. The walker reads aliases from it
// (src/classify/shell/launchers/runners.ts), the effect table the subcommand
// and the command-running settings (src/classify/effects/git.ts).
import type { Arg } from "./args.js";

/** Global options that take the next word as their value. */
const GLOBAL_WITH_VALUE = new Set(["-C", "-c", "--git-dir", "--work-tree", "--namespace", "--super-prefix", "--config-env", "--list-cmds", "--attr-source"]);

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

/** Settings whose value git runs as a shell command. */
export const COMMAND_SETTINGS = new Set(["core.sshcommand", "core.pager", "core.editor", "core.fsmonitor", "core.hookspath"]);

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
