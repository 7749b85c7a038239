// Paths whose contents run later or decide what the agent may do — writing
// them is persistence, or tampering with the agent's own controls. The path
// resolver (src/classify/paths.ts) names the kind (`persistence` on the
// resolved path); the effect table and the file tools put it on write and
// delete effects as `attrs.persistence`, and the default bundle asks
// (`persist.autorun`, `agent.controls`). Matched case-insensitively.
//
// | kind | what runs or changes |
// |---|---|
// | `shell_startup` | a login or interactive shell sources it (`~/.bashrc`, `~/.zshenv`, fish config, the PowerShell profile, `/etc/profile.d/*`) |
// | `scheduler` | cron and at run it on a schedule (`/etc/cron.d/*`, `/var/spool/cron/*`; the `crontab` program) |
// | `service` | an init system or desktop session starts it (systemd units, launchd agents, XDG autostart, the Windows Startup folder) |
// | `ssh_access` | it lets someone log in, or runs on ssh (`authorized_keys`, `~/.ssh/rc`, `~/.ssh/config`, `sshd_config`) |
// | `git_hooks` | git runs it, or a command it names, on git commands (`.git/hooks/*`, `.git/config`, `~/.gitconfig`, husky's `.husky/pre-commit`…) |
// | `program_startup` | an interpreter or editor runs it each time it starts (a Python `.pth`/`sitecustomize.py` in site-packages, `~/.irbrc`, `~/.Rprofile`, `~/.vimrc`, `~/.tmux.conf`, direnv's own rc, VS Code's `.vscode/tasks.json`) |
// | `ci_pipeline` | a CI/CD service runs it, with the repository's secrets and deploy rights, on the next push (`.github/workflows/*`, `.gitlab-ci.yml`, `Jenkinsfile`, `.circleci/`, Azure/Bitbucket/Buildkite/Drone/Travis/Woodpecker files) |
// | `agent_settings` | a coding agent's permissions, hooks, commands, subagents and MCP servers: its whole directory at every scope (`.claude/`, `~/.claude/`, `.codex/`, `.gemini/`, `.cursor/`, `.opencode/`, `.github/hooks/`, `.github/copilot/`, `~/.copilot/`, `.qwen/`, and those of Factory Droid, Kilo Code, Cline's hooks (`.clinerules/hooks/`, `.cline/hooks/`, `~/.cline/`, `~/Documents/Cline/`), Augment, Pi (its extensions run in-process), Windsurf, Kiro, Roo, Continue, Zed, Amp and OpenClaw; the managed `/etc/claude-code/`, `/etc/gemini-cli/`, `/etc/codex/`, `/etc/cursor/`, `/etc/factory/` and their macOS/Windows places), `.mcp.json`, `.vscode/settings.json` |
// | `gatehouse` | Gatehouse's own state, configuration, code cache, ledger and installed package (and, from `host.gate`, whatever else the host says it is made of: gate.ts) |
//
// A glob as the last component matches a row the way the shell would expand
// it (`rm -rf .c*` takes `.claude`; `*` skips dot files).

import { GLOB, globRegExp } from "./gate.js";

export type Persistence = "shell_startup" | "scheduler" | "service" | "ssh_access" | "git_hooks" | "program_startup" | "ci_pipeline" | "agent_settings" | "gatehouse";

/**
 * `at`: `home` — relative to a home directory (the declared one, `~`, or one
 * that looks like a home: `/root`, `/home/x`, `/Users/x`, `C:\Users\x`);
 * `root` — from the filesystem root (a Windows drive's root too); `anywhere` —
 * at any depth. `path`: `/`-separated components, `*` within a component,
 * a final `**` for everything under a directory.
 */
interface Row {
  kind: Persistence;
  at: "home" | "root" | "anywhere";
  path: string;
}

const R = (kind: Persistence, at: Row["at"], ...paths: string[]): Row[] => paths.map((path) => ({ kind, at, path }));

const ROWS: readonly Row[] = [
  ...R("shell_startup", "home", ".bashrc", ".bash_profile", ".bash_login", ".bash_logout", ".bash_aliases", ".profile", ".zshrc",
    ".zshenv", ".zprofile", ".zlogin", ".zlogout", ".kshrc", ".mkshrc", ".cshrc", ".tcshrc", ".login", ".logout", ".xprofile",
    ".xinitrc", ".xsession", ".xsessionrc", ".pam_environment", ".config/fish/config.fish", ".config/fish/conf.d/**",
    ".config/fish/functions/**", ".config/environment.d/**", ".bashrc.d/**", ".zshrc.d/**", ".profile.d/**", ".oh-my-zsh/custom/**", ".config/powershell/*profile.ps1",
    "documents/powershell/*profile.ps1", "documents/windowspowershell/*profile.ps1"),
  ...R("shell_startup", "root", "etc/profile", "etc/profile.d/**", "etc/bash.bashrc", "etc/bashrc", "etc/zshrc", "etc/zshenv",
    "etc/zprofile", "etc/zlogin", "etc/zsh/**", "etc/environment", "etc/fish/**", "etc/csh.cshrc", "etc/csh.login"),
  ...R("scheduler", "root", "etc/crontab", "etc/cron.d/**", "etc/cron.hourly/**", "etc/cron.daily/**", "etc/cron.weekly/**",
    "etc/cron.monthly/**", "etc/anacrontab", "var/spool/cron/**", "var/spool/at/**", "var/at/**", "usr/lib/cron/tabs/**"),
  ...R("service", "home", ".config/systemd/user/**", ".local/share/systemd/user/**", ".config/autostart/**", "library/launchagents/**",
    "appdata/roaming/microsoft/windows/start menu/programs/startup/**"),
  ...R("service", "root", "etc/systemd/system/**", "etc/systemd/user/**", "lib/systemd/system/**", "usr/lib/systemd/system/**",
    "usr/lib/systemd/user/**", "etc/init.d/**", "etc/init/**", "etc/rc.local", "etc/xdg/autostart/**", "library/launchagents/**",
    "library/launchdaemons/**", "programdata/microsoft/windows/start menu/programs/startup/**"),
  ...R("ssh_access", "anywhere", ".ssh/authorized_keys", ".ssh/authorized_keys2", ".ssh/rc"),
  ...R("ssh_access", "home", ".ssh/config"),
  ...R("ssh_access", "root", "etc/ssh/sshd_config", "etc/ssh/sshd_config.d/**", "etc/ssh/sshrc"),
  // husky points core.hooksPath at `.husky/`: its hook files run on every commit/push (`_/` holds its own shims).
  ...R("git_hooks", "anywhere", ".git/hooks/**", ".git/config", ".husky/pre-*", ".husky/post-*", ".husky/commit-msg", ".husky/prepare-commit-msg", ".husky/_/**"),
  ...R("git_hooks", "home", ".gitconfig", ".config/git/config"),
  ...R("git_hooks", "root", "etc/gitconfig"),
  // Python runs every `import` line of a site-packages `.pth` file, and sitecustomize/usercustomize, at each start (a venv's too).
  ...R("program_startup", "anywhere", "site-packages/*.pth", "dist-packages/*.pth", "site-packages/sitecustomize.py", "site-packages/usercustomize.py",
    "dist-packages/sitecustomize.py", "dist-packages/usercustomize.py"),
  ...R("program_startup", "home", ".irbrc", ".pryrc", ".rprofile", ".vimrc", ".vim/plugin/**", ".config/nvim/init.vim", ".config/nvim/init.lua",
    ".config/nvim/plugin/**", ".tmux.conf", ".config/tmux/tmux.conf", ".screenrc", ".direnvrc", ".config/direnv/direnvrc", ".config/direnv/lib/**",
    ".ipython/profile_default/startup/**", ".pythonrc", ".pythonrc.py", ".node_repl.js"),
  // VS Code runs a task marked `runOn: folderOpen` when the folder opens.
  ...R("program_startup", "anywhere", ".vscode/tasks.json"),
  // Pipeline definitions: CI runs them on the next push with the repository's secrets (a composite action runs inside them).
  ...R("ci_pipeline", "anywhere", ".github/workflows/**", ".github/actions/**", ".gitea/workflows/**", ".forgejo/workflows/**", ".gitlab-ci.yml",
    ".gitlab-ci.yaml", ".gitlab/ci/**", "jenkinsfile", ".circleci/**", "azure-pipelines.yml", "azure-pipelines.yaml", ".azure-pipelines/**",
    "bitbucket-pipelines.yml", ".buildkite/**", ".drone.yml", ".travis.yml", ".woodpecker.yml", ".woodpecker/**", "appveyor.yml", "cloudbuild.yaml"),
  // The whole directory: settings, hooks and the scripts they run, slash commands and subagents (their frontmatter grants tools).
  ...R("agent_settings", "anywhere", ".claude/**", ".codex/**", ".gemini/**", ".cursor/**", ".github/hooks/**", ".github/copilot/**", ".qwen/**",
    ".mcp.json", ".vscode/settings.json", ".opencode/**", "opencode.json", "opencode.jsonc"),
  // The other agents users run, each directory where it reads hooks, plugins, extensions or permissions:
  // Factory Droid, Kilo Code (CLI and extension), Cline's hooks, Augment, Pi, Windsurf, Kiro, Roo Code, Continue, Zed, Amp.
  ...R("agent_settings", "anywhere", ".factory/**", ".kilocode/**", ".kilo/**", "kilo.json", "kilo.jsonc", ".clinerules/hooks/**", ".cline/hooks/**", ".augment/**", ".pi/**",
    ".windsurf/**", ".kiro/**", ".roo/**", ".continue/**", ".zed/settings.json", ".amp/**"),
  ...R("agent_settings", "home", ".claude.json", ".config/claude/**", ".config/opencode/**", ".copilot/**", ".config/kilo/**", ".cline/**",
    "documents/cline/**", ".codeium/windsurf/**", ".config/zed/settings.json", ".config/amp/**", ".openclaw/**"),
  // Managed (system) scope: what neither the project nor the user may override (hooks.md).
  ...R("agent_settings", "root", "etc/claude-code/**", "library/application support/claudecode/**", "program files/claudecode/**",
    "programdata/claudecode/**", "etc/gemini-cli/**", "etc/qwen-code/**", "etc/factory/**", "library/application support/factory/**", "library/application support/geminicli/**", "programdata/gemini-cli/**", "etc/codex/**",
    "etc/cursor/**", "library/application support/cursor/**", "programdata/cursor/**"),
  ...R("gatehouse", "home", ".local/state/gatehouse/**", ".config/gatehouse/**", ".cache/gatehouse/**"),
  // README's own ledger name, and any `*ledger*.jsonl`; the ledgers actually in use come from host.gate.
  ...R("gatehouse", "anywhere", "node_modules/gatehouse/**", "node_modules/gatehouse-guard/**", "node_modules/.bin/gatehouse", ".gatehouse/**", "*ledger*.jsonl", "decisions.jsonl"),
];

interface Compiled {
  kind: Persistence;
  segs: RegExp[];
  /** The components as written (a glob in the path is tested against these). */
  lits: string[];
  /** Ends in `**`: the directory and everything under it. */
  under: boolean;
}

function segRegExp(seg: string): RegExp {
  return new RegExp(`^${seg.replace(/[.+^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*")}$`);
}

/** Rows by where they apply, keyed by their first component when it is a literal (`*` first: under ""). */
type Index = Map<string, Compiled[]>;
const INDEX: Record<Row["at"], Index> = { home: new Map(), root: new Map(), anywhere: new Map() };
for (const r of ROWS) {
  const parts = r.path.split("/");
  const under = parts[parts.length - 1] === "**";
  const segs = under ? parts.slice(0, -1) : parts;
  const key = segs[0].includes("*") ? "" : segs[0];
  const list = INDEX[r.at].get(key) ?? [];
  list.push({ kind: r.kind, segs: segs.map(segRegExp), lits: segs, under });
  INDEX[r.at].set(key, list);
}

function matchAt(segs: readonly string[], i: number, row: Compiled): boolean {
  const n = row.segs.length;
  const last = segs.length - 1;
  // A glob aimed at a dot name as the last component names what it expands to: the row's last component
  // (`.c*` → `.claude`, `.m*.json` → `.mcp.json`). Other globs (`*`, `*.json`) are the directory's listing, judged by its class.
  if (last >= i && last - i < n && isDotGlob(segs[last]!)) {
    if (last - i !== n - 1) return false;
    for (let k = 0; k < n - 1; k++) if (!row.segs[k].test(segs[i + k])) return false;
    const lit = row.lits[n - 1]!;
    return !lit.includes("*") && (globRegExp(segs[last]!)?.test(lit) ?? false);
  }
  // `dir/**` is the directory and what it holds (a copy into it lands there).
  if (row.under ? segs.length - i < n : segs.length - i !== n) return false;
  for (let k = 0; k < n; k++) if (!row.segs[k].test(segs[i + k])) return false;
  return true;
}

const rank = (k: Persistence | null): number => (k === null ? 3 : k === "gatehouse" ? 0 : k === "agent_settings" ? 1 : 2);

/** `.c*`, `.cl?ude`, `.[ab]*`: a partial glob that only hidden names match (the shell never matches a leading dot otherwise). */
function isDotGlob(seg: string): boolean {
  return seg.startsWith(".") && GLOB.test(seg) && !/^\.?$/.test(seg.replace(/\[[^\]]*\]/g, "").replace(/[*?]/g, ""));
}

function matchIndex(index: Index, segs: readonly string[], i: number): Persistence | null {
  // A dot glob as the last component may stand for any row's first component: try them all, the guards' own first
  // (`.c*` expands to `.claude` and to `.circleci`: the agent's controls are what it is after).
  if (i === segs.length - 1 && isDotGlob(segs[i] ?? "")) {
    let found: Persistence | null = null;
    for (const rows of index.values()) for (const row of rows) if (matchAt(segs, i, row) && rank(row.kind) < rank(found)) found = row.kind;
    return found;
  }
  for (const key of [segs[i], ""]) {
    const rows = key === undefined ? undefined : index.get(key);
    if (rows) for (const row of rows) if (matchAt(segs, i, row)) return row.kind;
  }
  return null;
}

/**
 * The persistence kind of a path, or null. `segs` are its normalised
 * components, lowercased; `rooted` says they start at a filesystem root;
 * `home` is the number of leading components that make up a home directory
 * it lies in (`/home/u/x` → 2), or -1.
 */
export function persistenceOf(segs: readonly string[], rooted: boolean, home: number): Persistence | null {
  if (segs.length === 0) return null;
  const found = (rooted ? matchIndex(INDEX.root, segs, 0) : null) ?? (home >= 0 && home < segs.length ? matchIndex(INDEX.home, segs, home) : null);
  if (found) return found;
  for (let i = 0; i < segs.length; i++) {
    const k = matchIndex(INDEX.anywhere, segs, i);
    if (k) return k;
  }
  return null;
}

/** How many leading components of a rooted path name a home directory by convention (`/root`, `/home/x`, `/Users/x`, `C:\Users\x`), or -1. */
export function conventionalHome(segs: readonly string[], windows: boolean): number {
  if (windows) return segs[0] === "users" && segs.length > 1 ? 2 : -1;
  if (segs[0] === "root" || (segs[0] === "var" && segs[1] === "root")) return segs[0] === "root" ? 1 : 2;
  if ((segs[0] === "home" || segs[0] === "users") && segs.length > 1) return 2;
  return -1;
}

/** [path, kind or null] — run by test/classify/paths.test.ts with the env of that file (home `/home/u`, cwd `/home/u/proj`). */
export const PERSISTENCE_EXAMPLES: ReadonlyArray<readonly [string, Persistence | null]> = [
  ["~/.bashrc", "shell_startup"], ["~/.bashrc.d/10-path.sh", "shell_startup"], ["/home/u/.zshenv", "shell_startup"], ["/root/.profile", "shell_startup"],
  ["~/.config/fish/config.fish", "shell_startup"], ["~/.config/fish/conf.d/x.fish", "shell_startup"],
  ["~/Documents/PowerShell/Microsoft.PowerShell_profile.ps1", "shell_startup"], ["/etc/profile.d/x.sh", "shell_startup"],
  ["dotfiles/.bashrc", null], [".profile", null],
  ["/etc/cron.d/job", "scheduler"], ["/etc/crontab", "scheduler"], ["/var/spool/cron/crontabs/u", "scheduler"],
  ["~/.config/systemd/user/x.service", "service"], ["/etc/systemd/system/x.service", "service"],
  ["~/Library/LaunchAgents/com.x.plist", "service"], ["/Library/LaunchDaemons/com.x.plist", "service"],
  ["~/.ssh/authorized_keys", "ssh_access"], ["/root/.ssh/authorized_keys", "ssh_access"], ["~/.ssh/config", "ssh_access"],
  ["~/.ssh/known_hosts", null],
  [".git/hooks/pre-commit", "git_hooks"], ["sub/.git/hooks/post-checkout", "git_hooks"], [".git/config", "git_hooks"],
  ["~/.gitconfig", "git_hooks"], [".git/HEAD", null], [".githooks/pre-commit", null],
  [".husky/pre-commit", "git_hooks"], ["web/.husky/pre-push", "git_hooks"], [".husky/README.md", null],
  ["~/.local/lib/python3.12/site-packages/zz.pth", "program_startup"], [".venv/lib/python3.11/site-packages/sitecustomize.py", "program_startup"],
  ["/usr/lib/python3/dist-packages/x.pth", "program_startup"], [".venv/lib/python3.11/site-packages/requests/api.py", null],
  ["~/.vimrc", "program_startup"], ["~/.config/nvim/init.lua", "program_startup"], ["~/.tmux.conf", "program_startup"], ["~/.irbrc", "program_startup"],
  ["docs/.vimrc", null], ["src/site.pth.md", null],
  [".claude/settings.json", "agent_settings"], [".claude/settings.local.json", "agent_settings"], [".claude/commands/x.md", "agent_settings"],
  [".claude", "agent_settings"], ["./.claude/hooks/check.sh", "agent_settings"], [".github/hooks/hooks.json", "agent_settings"], [".github/copilot-instructions.md", null],
  [".c*", "agent_settings"], [".cl?ude", "agent_settings"], ["*", null], ["build/*", null], ["*.json", null], [".*", null], ["sub/.co*", "agent_settings"], [".m*.json", "agent_settings"],
  ["/etc/claude-code/managed-settings.json", "agent_settings"], ["/etc/gemini-cli/settings.json", "agent_settings"], ["/etc/codex", "agent_settings"],
  ["/Library/Application Support/ClaudeCode/managed-settings.json", "agent_settings"], ["C:\\Program Files\\ClaudeCode\\managed-settings.json", "agent_settings"],
  ["~/.cache/gatehouse/cli-x.cache", "gatehouse"], ["decisions.jsonl", "gatehouse"], ["logs/decisions.jsonl", "gatehouse"], ["node_modules/.bin/gatehouse", "gatehouse"],
  ["~/.claude/settings.json", "agent_settings"], ["~/.claude/agents/x.md", "agent_settings"], [".codex/config.toml", "agent_settings"],
  ["~/.gemini/settings.json", "agent_settings"], [".cursor/mcp.json", "agent_settings"], [".mcp.json", "agent_settings"],
  [".vscode/settings.json", "agent_settings"], [".vscode/launch.json", null], [".vscode/tasks.json", "program_startup"],
  ["~/.config/claude/settings.json", "agent_settings"], ["~/.copilot/config.json", "agent_settings"], ["~/.copilot/hooks/gatehouse.json", "agent_settings"],
  [".github/copilot/settings.json", "agent_settings"], [".qwen/settings.json", "agent_settings"], ["~/.qwen/settings.json", "agent_settings"],
  [".factory/settings.json", "agent_settings"], ["~/.factory/hooks/x.sh", "agent_settings"], [".kilocode/rules/x.md", "agent_settings"],
  ["~/.config/kilo/kilo.json", "agent_settings"], [".clinerules/hooks/PreToolUse", "agent_settings"], [".clinerules/style.md", null],
  ["app/.cline/hooks/PreToolUse.sh", "agent_settings"], [".cline/notes.md", null],
  ["~/Documents/Cline/Hooks/PreToolUse", "agent_settings"], [".augment/settings.json", "agent_settings"], ["~/.augment/settings.json", "agent_settings"],
  [".pi/extensions/gate.ts", "agent_settings"], ["~/.pi/agent/extensions/gate.ts", "agent_settings"], [".windsurf/hooks.json", "agent_settings"],
  [".kiro/hooks/x.kiro.hook", "agent_settings"], ["~/.openclaw/openclaw.json", "agent_settings"], ["docs/pi/notes.md", null],
  ["~/.factory/settings.json", "agent_settings"], [".factory/droids/reviewer.md", "agent_settings"], ["/etc/factory/settings.json", "agent_settings"],
  [".github/workflows/ci.yml", "ci_pipeline"], ["svc/.github/actions/setup/action.yml", "ci_pipeline"], [".gitlab-ci.yml", "ci_pipeline"],
  ["Jenkinsfile", "ci_pipeline"], [".circleci/config.yml", "ci_pipeline"], ["bitbucket-pipelines.yml", "ci_pipeline"],
  [".github/CODEOWNERS", null], [".github/dependabot.yml", null], ["docs/ci.md", null],
  ["~/.local/state/gatehouse/sessions/x.json", "gatehouse"], ["node_modules/gatehouse/bundles/default.json", "gatehouse"], ["node_modules/gatehouse-guard/dist/cli.cjs", "gatehouse"],
  ["/var/log/gatehouse-ledger.jsonl", "gatehouse"], ["src/index.ts", null],
];
