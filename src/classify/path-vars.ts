// The variables a path may start with whose meaning the resolver knows
// without reading the host's environment (SPEC §6.4: "paths are normalised
// after expanding what is known"): the home directory and the working
// directory (from `env`), the temp directory, the XDG base directories at
// their defaults, and the Windows folders every installation has. POSIX,
// cmd.exe (`%VAR%`) and PowerShell (`$env:VAR`) spellings; Windows names are
// case-insensitive. Any other variable leaves a path unknown (dynamic).

export type ExpansionBase =
  /** The home directory (`env.home` when declared). */
  | "home"
  /** The working directory (`env.cwd`). */
  | "cwd"
  /** The POSIX temp directory: its value is unknown, its class is not (`/tmp` when a path climbs out of it). */
  | "tmpdir"
  /** The system drive's root (`C:\`). */
  | "drive";

export interface Expansion {
  base: ExpansionBase;
  /** Components below the base (`APPDATA` → `AppData/Roaming` under home). */
  segs: readonly string[];
  /** A Windows spelling: the rest of the path may use `\`. */
  win: boolean;
  /** Length of the matched prefix. */
  length: number;
}

interface Var {
  /** Names, case-sensitive for POSIX (`HOME`), case-insensitive for Windows. */
  names: readonly string[];
  base: ExpansionBase;
  segs?: readonly string[];
}

const POSIX: readonly Var[] = [
  { names: ["HOME"], base: "home" },
  { names: ["PWD"], base: "cwd" },
  // The directory before the last `cd`: an agent's shell starts in the workspace, so
  // that is where `cd /tmp && rm -rf "$OLDPWD"` points (docs/classifier.md, "Other spellings").
  { names: ["OLDPWD"], base: "cwd" },
  { names: ["TMPDIR"], base: "tmpdir" },
  { names: ["XDG_CONFIG_HOME"], base: "home", segs: [".config"] },
  { names: ["XDG_DATA_HOME"], base: "home", segs: [".local", "share"] },
  { names: ["XDG_STATE_HOME"], base: "home", segs: [".local", "state"] },
  { names: ["XDG_CACHE_HOME"], base: "home", segs: [".cache"] },
];

const WINDOWS: readonly Var[] = [
  { names: ["USERPROFILE", "HOME"], base: "home" },
  { names: ["APPDATA"], base: "home", segs: ["AppData", "Roaming"] },
  { names: ["LOCALAPPDATA"], base: "home", segs: ["AppData", "Local"] },
  // %TEMP% is under the profile on every current Windows (`…\AppData\Local\Temp`); the table places it as temp.
  { names: ["TEMP", "TMP"], base: "home", segs: ["AppData", "Local", "Temp"] },
  { names: ["CD"], base: "cwd" },
  { names: ["SystemDrive"], base: "drive" },
  { names: ["SystemRoot", "windir"], base: "drive", segs: ["Windows"] },
  { names: ["ProgramFiles", "ProgramW6432"], base: "drive", segs: ["Program Files"] },
  { names: ["ProgramFiles(x86)"], base: "drive", segs: ["Program Files (x86)"] },
  { names: ["ProgramData", "ALLUSERSPROFILE"], base: "drive", segs: ["ProgramData"] },
  { names: ["PUBLIC"], base: "drive", segs: ["Users", "Public"] },
];

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const END = "(?=$|[\\\\/])";

interface Compiled {
  re: RegExp;
  v: Var;
  win: boolean;
}

const COMPILED: readonly Compiled[] = [
  { re: new RegExp(`^~${END}`), v: { names: ["HOME"], base: "home" }, win: false },
  // Bash's `~+` is $PWD and `~-` is $OLDPWD.
  { re: new RegExp(`^~\\+${END}`), v: { names: ["PWD"], base: "cwd" }, win: false },
  { re: new RegExp(`^~-${END}`), v: { names: ["OLDPWD"], base: "cwd" }, win: false },
  ...POSIX.map((v) => ({ re: new RegExp(`^(\\$(${v.names.map(esc).join("|")})|\\$\\{(${v.names.map(esc).join("|")})\\})${END}`), v, win: false })),
  // `%HOMEDRIVE%%HOMEPATH%` is the profile directory, spelled in two parts.
  { re: new RegExp(`^%HOMEDRIVE%%HOMEPATH%${END}`, "i"), v: { names: ["USERPROFILE"], base: "home" }, win: true },
  ...WINDOWS.map((v) => {
    const names = v.names.map(esc).join("|");
    return { re: new RegExp(`^(%(${names})%|\\$env:(${names})|\\$\\{env:(${names})\\})${END}`, "i"), v, win: true };
  }),
];

/** Is `$NAME` a POSIX variable the resolver expands (or places) by itself? */
export function isKnownVariable(name: string): boolean {
  return POSIX.some((v) => v.names.includes(name));
}

/**
 * Does the path start with the declared working directory as the walker
 * leaves it? `cd` rewrites `$PWD`/`$OLDPWD` for the rest of the text
 * (shell/launchers/builtins.ts), so one left as written is the directory the
 * text started in; `~-` the walker does not rewrite — the declared directory
 * is one of the places it may be.
 */
export function startsAtDeclaredCwd(s: string): "only" | "also" | null {
  if (/^(\$(PWD|OLDPWD)|\$\{(PWD|OLDPWD)\})(?=$|\/)/.test(s)) return "only";
  return /^~-(?=$|\/)/.test(s) ? "also" : null;
}

/** The known variable a path starts with, or null. */
export function expandPrefix(s: string): Expansion | null {
  if (s.length === 0 || (s[0] !== "~" && s[0] !== "$" && s[0] !== "%")) return null;
  for (const c of COMPILED) {
    const m = c.re.exec(s);
    if (m) return { base: c.v.base, segs: c.v.segs ?? [], win: c.win, length: m[0].length };
  }
  return null;
}

/** [text, base, components] — run by test/classify/paths.test.ts. */
export const EXPANSION_EXAMPLES: ReadonlyArray<readonly [string, ExpansionBase | null, readonly string[]]> = [
  ["~/x", "home", []], ["$HOME/x", "home", []], ["${HOME}", "home", []], ["$PWD/x", "cwd", []], ["$TMPDIR/x", "tmpdir", []],
  ["$XDG_CONFIG_HOME/systemd", "home", [".config"]], ["%USERPROFILE%\\x", "home", []], ["$env:USERPROFILE", "home", []],
  ["%appdata%\\Microsoft", "home", ["AppData", "Roaming"]], ["$env:TEMP\\x", "home", ["AppData", "Local", "Temp"]],
  ["%SystemRoot%\\System32", "drive", ["Windows"]], ["$env:windir", "drive", ["Windows"]], ["%SystemDrive%\\", "drive", []],
  ["%ProgramFiles(x86)%\\x", "drive", ["Program Files (x86)"]], ["%HOMEDRIVE%%HOMEPATH%", "home", []],
  ["~+/src", "cwd", []], ["~-", "cwd", []], ["$OLDPWD/x", "cwd", []], ["~+x", null, []],
  ["$HOMEX/y", null, []], ["$DIR/x", null, []], ["%FOO%\\x", null, []], ["~user/x", null, []],
];

/**
 * Variables whose value is part of one file name — never a `/`, never `..` — (`$$`, `$USER`, `$LOGNAME`, `$UID`,
 * `$EUID`, `$PPID`, `$BASHPID`, `$RANDOM`): the path with each replaced by `0`, or null when there is none. Below a
 * temp directory such a path names a file there (`/tmp/build.$$`, `"$TMPDIR/$USER-cache"`); anywhere else it does
 * not say which (`/home/$USER` is a home directory), so only the temp class is taken from it.
 */
const NAME_FRAGMENTS = /\$(?:\$|\{(?:USER|LOGNAME|UID|EUID|PPID|BASHPID|RANDOM)\}|(?:USER|LOGNAME|UID|EUID|PPID|BASHPID|RANDOM)(?![A-Za-z0-9_]))/g;
export const NAME_FRAGMENT_VARIABLES: ReadonlySet<string> = new Set(["$", "USER", "LOGNAME", "UID", "EUID", "PPID", "BASHPID", "RANDOM"]);

export function withNameFragments(path: string): string | null {
  const out = path.replace(NAME_FRAGMENTS, "0");
  return out === path ? null : out;
}
