// Environment variables whose value a program runs as a command: git's
// `GIT_SSH_COMMAND`, `GIT_PAGER`, `GIT_EDITOR`, …, the `EDITOR`/`VISUAL`/`PAGER`
// every tool reads, `LESSOPEN`. Setting one (`GIT_SSH_COMMAND='…' git fetch`,
// `export GIT_PAGER=…`) plants a command that runs later: the walker parses its
// value as shell text (src/classify/shell/analyzer.ts, `assigned`).
import { isCommandSetting } from "./git.js";

export interface CommandVariable {
  /** Who runs it (for the docs). */
  readers: string;
  /**
   * What the value is: shell text run as a command (the default), a script
   * file the reader sources (`BASH_ENV`), a library loaded into every program
   * (`LD_PRELOAD`), or a search path that decides which file a program name
   * runs (`PATH`).
   */
  kind?: "command" | "script" | "library" | "search-path";
  /** The shell text the value amounts to, or null when it runs nothing. */
  command(value: string): string | null;
}

const shellText = (value: string): string | null => (value.trim() === "" ? null : value);

/** `LESSOPEN='| cmd %s'` / `'||cmd %s'`: the input preprocessor less runs. */
const lessPipe = (value: string): string | null => shellText(value.replace(/^\s*\|{1,2}-?/, "").replace(/%s/g, "f"));

const row = (readers: string, command: CommandVariable["command"] = shellText): CommandVariable => ({ readers, command });
const fileRow = (kind: "script" | "library" | "search-path", readers: string): CommandVariable => ({ readers, kind, command: shellText });

/** Exact names. */
export const COMMAND_VARIABLES: Readonly<Record<string, CommandVariable>> = {
  GIT_SSH_COMMAND: row("git, for every network operation over ssh"),
  GIT_SSH: row("git (a program run instead of ssh)"),
  GIT_EDITOR: row("git commit, rebase -i, tag -a, …"),
  GIT_SEQUENCE_EDITOR: row("git rebase -i"),
  GIT_PAGER: row("git log, diff, show, …"),
  GIT_EXTERNAL_DIFF: row("git diff"),
  GIT_ASKPASS: row("git, when it needs a password"),
  SSH_ASKPASS: row("ssh, when it needs a password"),
  SUDO_ASKPASS: row("sudo -A"),
  GIT_PROXY_COMMAND: row("git, for git:// connections"),
  EDITOR: row("git, crontab -e, visudo, less v, …"),
  VISUAL: row("the same, preferred over EDITOR"),
  PAGER: row("man, git, psql, …"),
  MANPAGER: row("man"),
  SYSTEMD_PAGER: row("systemctl, journalctl"),
  LESSOPEN: row("less (input preprocessor)", lessPipe),
  LESSCLOSE: row("less (input postprocessor)", lessPipe),
  RSYNC_RSH: row("rsync (the remote shell program)"),
  CVS_RSH: row("cvs"),
  FCEDIT: row("fc"),
  PROMPT_COMMAND: row("interactive bash, before every prompt"),
  GIT_CONFIG_PARAMETERS: row("git: `-c` settings in the environment", gitConfigParameters),
  // Not a command but arguments: what they make the next `apply` do is judged as that apply (`-destroy` tears down).
  TF_CLI_ARGS: row("terraform, tofu, terragrunt: arguments added to every command", terraformApply),
  TF_CLI_ARGS_apply: row("terraform, tofu, terragrunt: arguments added to `apply`", terraformApply),
  BASH_ENV: fileRow("script", "non-interactive bash sources the file before it runs anything"),
  ENV: fileRow("script", "sh/dash and bash in POSIX mode source the file when interactive"),
  ZDOTDIR: fileRow("search-path", "zsh reads its startup files from this directory"),
  LD_PRELOAD: fileRow("library", "the dynamic loader, into every program started"),
  LD_AUDIT: fileRow("library", "the dynamic loader (audit libraries)"),
  LD_LIBRARY_PATH: fileRow("search-path", "the dynamic loader: where libraries are looked up first"),
  DYLD_INSERT_LIBRARIES: fileRow("library", "the macOS loader, into every program started"),
  PATH: fileRow("search-path", "the shell and every exec: which file a program name runs"),
  GIT_EXEC_PATH: fileRow("search-path", "git: where it finds its subcommands (`git-status`, …)"),
  GIT_TEMPLATE_DIR: fileRow("search-path", "git init/clone: a template copied into the new repository, hooks included"),
  PYTHONPATH: fileRow("search-path", "python: modules imported from there first"),
  NODE_PATH: fileRow("search-path", "node: modules required from there"),
  PERL5LIB: fileRow("search-path", "perl: modules used from there first"),
  RUBYLIB: fileRow("search-path", "ruby: libraries required from there first"),
};

/** `TF_CLI_ARGS_apply="-destroy -auto-approve"`: the apply those arguments make, each word quoted (they are arguments, never shell text). */
function terraformApply(value: string): string | null {
  const words = value.trim().split(/\s+/).filter((w) => w !== "");
  return words.length ? `terraform apply ${words.map((w) => `'${w.replace(/'/g, "'\\''")}'`).join(" ")}` : null;
}

/** `GIT_CONFIG_PARAMETERS="'core.pager'='cmd'"`: the command settings among them, as shell text. */
function gitConfigParameters(value: string): string | null {
  const cmds: string[] = [];
  for (const m of value.matchAll(/'([^']*)'(?:='((?:[^']|'\\'')*)')?/g)) {
    const key = m[1].toLowerCase();
    const v = (m[2] ?? "").replace(/'\\''/g, "'");
    if (isCommandSetting(key, v)) cmds.push(v.replace(/^!/, ""));
  }
  return cmds.length ? cmds.join("\n") : null;
}

/** `GIT_CONFIG_KEY_<n>` / `GIT_CONFIG_VALUE_<n>`: a `-c` setting by number (with `GIT_CONFIG_COUNT`). */
const GIT_CONFIG_VALUE = /^GIT_CONFIG_VALUE_(\d+)$/;

/**
 * The command variable `name` is, if any. `lookup` gives the other variables
 * set alongside (for `GIT_CONFIG_VALUE_<n>`, whose key names the setting).
 */
export function commandVariable(name: string, lookup: (name: string) => string | null): CommandVariable | null {
  const exact = Object.prototype.hasOwnProperty.call(COMMAND_VARIABLES, name) ? COMMAND_VARIABLES[name] : undefined;
  if (exact) return exact;
  const m = GIT_CONFIG_VALUE.exec(name);
  if (!m) return null;
  const key = lookup(`GIT_CONFIG_KEY_${m[1]}`);
  if (key === null) return null;
  return row("git: a numbered `-c` setting", (value) => (isCommandSetting(key.toLowerCase(), value) ? shellText(value.replace(/^!/, "")) : null));
}

/**
 * Directories anyone may write to, where a planted file is the usual way in:
 * a search path or a script there makes the next command run what someone put
 * there. A search path through the project (`$PWD/node_modules/.bin`), the
 * home tool dirs or the system dirs is the ordinary way to find tools.
 */
const WORLD_WRITABLE = /^((\/private)?\/(tmp|var\/tmp|dev\/shm|var\/crash|run\/user\/\d+)|\$\{?TMPDIR\}?)(\/|$)/;

/** A path entry or script path that puts files anyone may write into play (`/tmp/evil`, `/dev/shm/x.so`). */
export function isPlantedPath(path: string): boolean {
  return WORLD_WRITABLE.test(path.trim());
}

/** The entries of a search path (`a:b:$PATH`) that someone could have planted files in: temp dirs, `.`, an empty entry (the current dir). */
export function plantedSearchEntries(value: string): string[] {
  const entries = value.split(":");
  // A leading, trailing or doubled `:` is an empty entry: the current directory.
  return entries.filter((e, k) => isPlantedPath(e) || e === "." || (e === "" && entries.length > 1 && (k === 0 || k === entries.length - 1)));
}

/** [variable, value, the shell text it amounts to] — run by test/classify/programs/. */
export const COMMAND_VARIABLE_EXAMPLES: ReadonlyArray<readonly [string, string, string | null]> = [
  ["GIT_SSH_COMMAND", "ssh -i key", "ssh -i key"],
  ["LESSOPEN", "| rm -rf ~ %s", " rm -rf ~ f"],
  ["GIT_CONFIG_PARAMETERS", "'core.pager'='rm -rf ~' 'user.name'='x'", "rm -rf ~"],
  ["GIT_CONFIG_PARAMETERS", "'color.ui'='true'", null],
  ["EDITOR", "", null],
  ["TF_CLI_ARGS_apply", "-destroy -auto-approve", "terraform apply '-destroy' '-auto-approve'"],
  ["TF_CLI_ARGS", " ", null],
  ["BASH_ENV", "/tmp/evil.sh", "/tmp/evil.sh"],
  ["LD_PRELOAD", "/tmp/evil.so", "/tmp/evil.so"],
];

/** [search path, the entries someone could have planted files in] — run by test/classify/programs/. */
export const PLANTED_SEARCH_EXAMPLES: ReadonlyArray<readonly [string, readonly string[]]> = [
  ["/tmp/evil:/usr/bin", ["/tmp/evil"]],
  ["/home/dev/project/node_modules/.bin:/usr/local/bin:/usr/bin", []],
  [".:/usr/bin", ["."]],
  ["/usr/bin:", [""]],
  ["/dev/shm/x:/var/tmp/y", ["/dev/shm/x", "/var/tmp/y"]],
];
