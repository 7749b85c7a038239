// Coding agents started from the command line with their guards off: every
// permission prompt skipped, the sandbox removed, or hooks (Gatehouse's own
// among them) disabled. Such a child agent runs whatever it decides with
// nothing in between — the guard this process runs under does not see its
// tool calls. `execute × subagent {guards_off: true, flag}`; agent.controls
// asks. An agent started with its guards on (`claude -p 'fix the test'`,
// `codex exec --full-auto`, which keeps the workspace sandbox) is nothing
// here: its own prompts and hooks still apply (Factory Droid's `--auto high`
// too: Droid still refuses its high-risk commands). Kilo Code's `kilo run --pure` loads no plugin, Gatehouse's
// included. (`copilot` is AWS Copilot's
// name in the IaC family, so GitHub's Copilot CLI is not listed.)
import { COPILOT_CLI } from "./clis.js";
import { eff, row, type Cli, type EffectSpec, type Family, type Match } from "./rows.js";

const off = (flag: string): EffectSpec => eff("execute", "subagent", { guards_off: true, flag, target: flag });

/** A settings value (inline JSON or a file name) that turns hooks or permission prompts off. */
const SETTINGS_OFF = /"disableAllHooks"\s*:\s*true|"defaultMode"\s*:\s*"bypassPermissions"|"dangerously/;

const CLAUDE_CLI: Cli = {
  options: {
    longValue: ["settings", "permission-mode", "model", "output-format", "input-format", "allowedTools", "allowed-tools", "disallowedTools", "disallowed-tools", "mcp-config", "append-system-prompt", "system-prompt", "add-dir", "resume", "session-id", "agents", "max-turns", "fallback-model", "setting-sources", "permission-prompt-tool"],
    longBool: ["dangerously-skip-permissions", "allow-dangerously-skip-permissions", "print", "continue", "verbose", "debug", "strict-mcp-config", "ide", "version"],
    aliases: { p: "print", c: "continue", r: "resume", v: "version" },
  },
  help: { flags: ["help", "h"] },
};

/** `claude|gemini|codex mcp add …`: a new MCP server (a program it will start, tools it will call) written into the agent's own settings — `agent.controls`. */
function mcpChange(m: Match): EffectSpec | null {
  if (m.rest[0]?.value !== "mcp" || !/^(add|add-json|add-from-claude-desktop|remove|rm)$/.test(m.rest[1]?.value ?? "")) return null;
  return eff("write", "home_file", { persistence: "agent_settings", target: `${m.ctx.program} mcp ${m.rest[1]!.value}` });
}

function claude(m: Match): EffectSpec | null {
  const mcp = mcpChange(m);
  if (mcp) return mcp;
  if (m.has("dangerously-skip-permissions")) return off("--dangerously-skip-permissions");
  if (/^bypasspermissions$/i.test(m.value("permission-mode") ?? "")) return off("--permission-mode bypassPermissions");
  if (m.values("settings").some((s) => SETTINGS_OFF.test(s))) return off("--settings");
  return null;
}

const CODEX_CLI: Cli = {
  options: {
    shortValue: "masCcip",
    longValue: ["model", "ask-for-approval", "sandbox", "cd", "config", "image", "profile", "output-last-message", "color"],
    longBool: ["dangerously-bypass-approvals-and-sandbox", "yolo", "full-auto", "json", "skip-git-repo-check", "oss", "search"],
    aliases: { m: "model", a: "ask-for-approval", s: "sandbox", C: "cd", c: "config", i: "image", p: "profile" },
  },
  help: { flags: ["help", "h"] },
};

function codex(m: Match): EffectSpec | null {
  const mcp = mcpChange(m);
  if (mcp) return mcp;
  if (m.has("dangerously-bypass-approvals-and-sandbox")) return off("--dangerously-bypass-approvals-and-sandbox");
  if (m.has("yolo")) return off("--yolo");
  if (m.value("sandbox") === "danger-full-access") return off("--sandbox danger-full-access");
  if (m.values("config").some((c) => /^sandbox_mode\s*=\s*["']?danger-full-access/.test(c))) return off("-c sandbox_mode=danger-full-access");
  return null;
}

const GEMINI_CLI: Cli = {
  options: {
    shortValue: "mps",
    longValue: ["model", "prompt", "approval-mode", "allowed-tools", "allowed-mcp-server-names", "extensions", "include-directories", "output-format", "telemetry-target"],
    longBool: ["yolo", "sandbox", "debug", "all-files", "checkpointing", "experimental-acp", "screen-reader", "version"],
    aliases: { y: "yolo", m: "model", p: "prompt", s: "sandbox", d: "debug", a: "all-files", c: "checkpointing", e: "extensions" },
  },
  help: { flags: ["help", "h"] },
};

const gemini = (m: Match): EffectSpec | null => mcpChange(m) ?? (m.has("yolo") ? off("--yolo") : /^yolo$/i.test(m.value("approval-mode") ?? "") ? off("--approval-mode yolo") : null);

// Pi's `--no-extensions` / `-ne` (one word: its own parser, not a cluster) skips every extension Pi
// would discover, Gatehouse's `.pi/extensions/gatehouse.js` among them.
const PI_CLI: Cli = {
  options: {
    longValue: ["provider", "model", "models", "mode", "tools", "extension", "api-key", "system-prompt", "append-system-prompt", "session", "thinking"],
    longBool: ["print", "no-extensions", "no-session", "continue", "resume", "no-tools", "offline", "version"],
    aliases: { p: "print", c: "continue", r: "resume", v: "version" },
  },
  help: { flags: ["help", "h"] },
};

/** Factory Droid's `droid exec` (its --help, 0.225.2). `--auto high` keeps Droid's own checks of risky commands; --skip-permissions-unsafe drops them all. */
const DROID_CLI: Cli = {
  options: {
    shortValue: "ofsmr",
    longValue: ["output-format", "input-format", "file", "auto", "session-id", "fork", "model", "reasoning-effort", "spec-model", "spec-reasoning-effort", "only-tools", "add-tools", "remove-tools", "cwd", "settings", "tag", "log-group-id", "append-system-prompt", "append-system-prompt-file"],
    longBool: ["skip-permissions-unsafe", "disable-builtin-skills", "use-spec", "mission", "list-tools"],
    aliases: { o: "output-format", f: "file", s: "session-id", m: "model", r: "reasoning-effort" },
  },
  help: { flags: ["help", "h"] },
};

/** Kilo Code CLI's `kilo run` (its --help, 7.7.7). `--pure` loads no external plugin — Gatehouse's plugin file among them (its plugin loader, read in the binary); `--auto` approves every permission not explicitly denied. */
const KILO_CLI: Cli = {
  options: {
    shortValue: "msfpu",
    longValue: ["model", "agent", "session", "format", "file", "title", "attach", "password", "username", "dir", "port", "variant", "command", "log-level"],
    longBool: ["pure", "auto", "print-logs", "continue", "fork", "cloud-fork", "share", "thinking", "interactive"],
    aliases: { m: "model", s: "session", f: "file", p: "password", u: "username", c: "continue", i: "interactive" },
  },
  help: { flags: ["help", "h"] },
};

function kilo(m: Match): EffectSpec | null {
  if (m.has("pure")) return off("--pure");
  if (m.has("auto")) return off("--auto");
  return null;
}

function pi(m: Match): EffectSpec | null {
  if (m.has("no-extensions")) return off("--no-extensions");
  const n = m.flags.find((f) => f.name === "n");
  return n !== undefined && m.flags.some((f) => f.name === "e" && f.index === n.index) ? off("-ne") : null;
}

function droid(m: Match): EffectSpec | null {
  if (m.has("skip-permissions-unsafe")) return off("--skip-permissions-unsafe");
  if (m.values("settings").some((s) => /"hooksDisabled"\s*:\s*true/.test(s))) return off("--settings");
  return null;
}

const AGENT = (names: string[], service: string, cli: Cli, judge: (m: Match) => EffectSpec | null, examples: ReadonlyArray<readonly [string, string]>) => ({ names, service, cli, rows: [row("", judge, examples)] });

export const AGENTS: Family = {
  name: "agents",
  programs: [
    AGENT(["claude"], "claude-code", CLAUDE_CLI, claude, [
      ["claude --dangerously-skip-permissions -p 'clean up'", "execute subagent guards_off flag=--dangerously-skip-permissions"],
      ["claude -p x --permission-mode bypassPermissions", "execute subagent guards_off"],
      ["claude --settings '{\"disableAllHooks\": true}' -p x", "execute subagent guards_off flag=--settings"],
      ["claude -p 'fix the failing test'", ""],
      ["claude --permission-mode plan", ""],
      ["claude mcp add fetcher -- npx -y some-mcp-server", "write home_file persistence=agent_settings"],
      ["claude mcp list", ""],
    ]),
    AGENT(["codex"], "codex", CODEX_CLI, codex, [
      ["codex exec --dangerously-bypass-approvals-and-sandbox 'do it'", "execute subagent guards_off"],
      ["codex --yolo", "execute subagent guards_off flag=--yolo"],
      ["codex exec -s danger-full-access 'x'", "execute subagent guards_off"],
      ["codex -c sandbox_mode=danger-full-access", "execute subagent guards_off"],
      ["codex exec --full-auto 'run the tests'", ""],
    ]),
    AGENT(["gemini", "qwen"], "gemini-cli", GEMINI_CLI, gemini, [
      ["gemini --yolo -p 'x'", "execute subagent guards_off flag=--yolo"],
      ["gemini -y -p x", "execute subagent guards_off"],
      ["qwen --approval-mode yolo -p x", "execute subagent guards_off"],
      ["gemini -p 'summarise README.md'", ""],
    ]),
    AGENT(["cursor-agent"], "cursor", { options: { shortValue: "m", longValue: ["model", "output-format", "api-key", "resume"], longBool: ["force", "print"], aliases: { f: "force", p: "print" } }, help: { flags: ["help", "h"] } }, (m) => (m.has("force") ? off("--force") : null), [
      ["cursor-agent -p --force 'refactor'", "execute subagent guards_off"],
      ["cursor-agent -p 'explain'", ""],
    ]),
    AGENT(["aider"], "aider", { options: { longValue: ["model", "message", "file", "read"], longBool: ["yes-always", "yes", "auto-commits"] }, help: { flags: ["help", "h"] } }, (m) => (m.has("yes-always") ? off("--yes-always") : null), [
      ["aider --yes-always --message 'x'", "execute subagent guards_off"],
      ["aider --message 'x' src/app.py", ""],
    ]),
    AGENT(["copilot"], "copilot-cli", COPILOT_CLI, (m) => {
      const flag = ["allow-all-tools", "allow-all-paths", "allow-all", "yolo"].find((f) => m.has(f));
      if (flag) return off(`--${flag}`);
      return m.values("allow-tool").some((t) => /^(shell|bash)$/i.test(t)) ? off("--allow-tool shell") : null;
    }, [
      ["copilot --allow-all-tools -p 'clean up'", "execute subagent guards_off flag=--allow-all-tools"],
      ["copilot -p 'fix it' --allow-tool shell", "execute subagent guards_off"],
      ["copilot -p 'explain' --allow-tool 'shell(git status)'", ""],
    ]),
    AGENT(["kilo", "kilocode"], "kilo-code", KILO_CLI, kilo, [
      ["kilo run --pure 'clean up'", "execute subagent guards_off flag=--pure"],
      ["kilo run --auto -m e2e/x 'fix it'", "execute subagent guards_off flag=--auto"],
      ["kilocode run --pure x", "execute subagent guards_off"],
      ["kilo run 'fix the failing test'", ""],
      ["kilo run --format json -m anthropic/claude 'explain'", ""],
    ]),
    AGENT(["pi"], "pi", PI_CLI, pi, [
      ["pi --no-extensions -p 'clean up'", "execute subagent guards_off flag=--no-extensions"],
      ["pi -ne -p x", "execute subagent guards_off flag=-ne"],
      ["pi -p 'fix the failing test'", ""],
      ["pi -p --no-session --model sonnet 'explain'", ""],
    ]),
    AGENT(["droid"], "factory-droid", DROID_CLI, droid, [
      ["droid exec --skip-permissions-unsafe 'clean up'", "execute subagent guards_off flag=--skip-permissions-unsafe"],
      ["droid exec -m custom:local --skip-permissions-unsafe -o json 'x'", "execute subagent guards_off"],
      ["droid exec --auto high 'run the tests'", ""],
      ["droid exec 'summarise README.md'", ""],
    ]),
    AGENT(["amp"], "amp", { options: { shortValue: "x", longValue: ["execute", "settings-file"], longBool: ["dangerously-allow-all"], aliases: { x: "execute" } }, help: { flags: ["help", "h"] } }, (m) => (m.has("dangerously-allow-all") ? off("--dangerously-allow-all") : null), [
      ["amp --dangerously-allow-all -x 'x'", "execute subagent guards_off"],
    ]),
  ],
};
