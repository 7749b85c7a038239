// Issue 17 (SPEC §6.8): the gate's own footprint is a protected target. Events
// carry `host.gate` as the hook fills it after a real install (the project's
// and the user's agent directories, a checkout the hook runs, the state
// directory and ledger, the code cache, a daemon's endpoint and pid); every
// way of switching the gate off asks (agent.controls), through every tool, and
// the harmless lookalikes stay allowed. Also the rows that hold without
// `host` (whole agent directories, README's ledger name) and Codex's own
// reading of apply_patch and MCP inputs nested in objects.
import type { CaseSpec } from "../spec.js";
import { bash, event, fired, neutral } from "./helpers.js";

const DEFAULT = "bundles/default.json";
const HOST = {
  gate: [
    "/home/dev/project/.claude", "/home/dev/project/.claude/settings.json", "/home/dev/.claude", "/home/dev/src/gatehouse", "/home/dev/src/gatehouse/bin/gatehouse.js",
    "/home/dev/src/gatehouse/dist", "/home/dev/src/gatehouse/bundles", "/home/dev/src/gatehouse/node_modules", "/usr/bin/node",
    "/home/dev/.local/state/gatehouse", "/home/dev/project/audit/decisions.log.jsonl", "/home/dev/.cache/gatehouse",
    "http://127.0.0.1:4283", "pid:31337",
  ],
  links: {},
  files: {},
};
const controls = fired("agent.controls", "ask");
const allow = { ...neutral, unknown: [] };

const c = (name: string, command: string, expect: Record<string, unknown>, host: unknown = HOST): CaseSpec => ({ name, bundle: DEFAULT, event: bash(command, host === null ? {} : { host }), expect });
const tool = (name: string, tool_name: string, input: unknown, expect: Record<string, unknown>, host: unknown = HOST): CaseSpec => ({ name, bundle: DEFAULT, event: event(tool_name, input, host === null ? {} : { host }), expect });
const stops = (name: string, command: string) => c(name, command, { undecided: false });

export const specs: CaseSpec[] = [
  // ── the checkout the hook runs ──────────────────────────────────────────
  stops("deleting the checkout's dist/", "rm -rf ~/src/gatehouse/dist"),
  c("overwriting the launcher", "echo 'process.exit(0)' > /home/dev/src/gatehouse/bin/gatehouse.js", controls),
  c("chmod 000 of the launcher", "chmod 000 ~/src/gatehouse/bin/gatehouse.js", controls),
  stops("deleting the directory that holds the checkout", "rm -rf ~/src"),
  c("moving the checkout away", "mv ~/src/gatehouse ~/src/gatehouse.old", { undecided: false }),
  c("a recursive chmod of a directory holding the checkout", "chmod -R 000 ~/src", controls),
  tool("a Write to the default bundle", "Write", { file_path: "/home/dev/src/gatehouse/bundles/default.json", content: "{}" }, controls),
  tool("an Edit of dist/cli.cjs", "Edit", { file_path: "/home/dev/src/gatehouse/dist/cli.cjs", old_string: "a", new_string: "b" }, controls),
  c("reading the checkout is fine", "cat ~/src/gatehouse/bin/gatehouse.js", allow),
  c("copying a file next to the checkout is fine", "cp notes.txt ~/src/", { verdict: "allow" }),
  // ── agent directories, state, ledger, code cache ────────────────────────
  c("rm -rf .claude", "rm -rf .claude", controls),
  c("rm -rf \"$PWD/.claude\"", "rm -rf \"$PWD/.claude\"", controls),
  c("tar --remove-files of .claude", "tar czf /tmp/a.tgz .claude --remove-files", controls),
  c("find -delete of the settings file", "find . -name settings.json -delete", controls),
  c("find -exec rm of JSON files takes the settings", "find . -name '*.json' -exec rm {} +", controls),
  c("find -delete of .pyc files is fine", "find . -name '*.pyc' -delete", allow),
  c("truncating the ledger in use", ": > audit/decisions.log.jsonl", controls),
  c("a write into the code cache", "cp /tmp/x ~/.cache/gatehouse/cli-abc.cache", controls),
  stops("deleting the state directory", "rm -rf ~/.local/state/gatehouse"),
  c("ls .claude is fine", "ls -la .claude", allow),
  c("reading the settings is fine", "cat .claude/settings.json", allow),
  c("rm -rf build is fine", "rm -rf build", allow),
  // ── without host facts: the fixed rows ──────────────────────────────────
  c("without host: rm -rf .claude still asks", "rm -rf .claude", controls, null),
  c("without host: rm -rf .c* asks", "rm -rf .c*", { undecided: false }, null),
  c("without host: truncating README's ledger name asks", ": > decisions.jsonl", controls, null),
  // Factory Droid's directory (its hooks live in .factory/settings.json) and its system layer.
  c("without host: rm -rf .factory asks", "rm -rf .factory", controls, null),
  c("without host: truncating ~/.factory/settings.json asks", ": > ~/.factory/settings.json", controls, null),
  c("without host: writing /etc/factory asks", "sudo tee /etc/factory/settings.json < x.json", { undecided: false }, null),
  c("without host: reading .factory/settings.json is fine", "cat .factory/settings.json", allow, null),
  c("without host: rm -rf factory (no dot) is fine", "rm -rf factory", allow, null),
  tool("without host: Droid's ApplyPatch (as apply_patch {input}) deleting its settings", "apply_patch", { input: "*** Begin Patch\n*** Delete File: .factory/settings.json\n*** End Patch" }, controls, null),
  tool("without host: a Write of .factory/settings.json", "Write", { file_path: ".factory/settings.json", content: "{}" }, controls, null),
  tool("without host: a Write of factory/settings.json is fine", "Write", { file_path: "factory/settings.json", content: "{}" }, allow, null),
  c("without host: writing /etc/claude-code asks", "sudo tee /etc/claude-code/managed-settings.json < x.json", { undecided: false }, null),
  // The other agents' directories (hooks, plugins, extensions, permissions), without host facts.
  c("without host: rm -rf .factory asks (Factory Droid's hooks)", "rm -rf .factory", controls, null),
  tool("without host: a Write to Pi's extension directory asks", "Write", { file_path: "/home/dev/.pi/agent/extensions/gate.ts", content: "export default () => {}" }, controls, null),
  c("without host: emptying Cline's PreToolUse hook asks", ": > .clinerules/hooks/PreToolUse", controls, null),
  c("without host: moving Augment's settings away asks", "mv ~/.augment/settings.json /tmp/", controls, null),
  c("without host: deleting Kilo Code's config asks", "rm -rf ~/.config/kilo", { verdict: "ask" }, null),
  c("without host: Cline's rules (not hooks) are ordinary files", "rm .clinerules/style.md", allow, null),
  c("without host: a docs/pi folder is no agent's", "rm -rf docs/pi", allow, null),
  // ── the CLI, the daemon, the variables ──────────────────────────────────
  c("uninstall through the launcher", "node ~/src/gatehouse/bin/gatehouse.js uninstall claude --user", controls),
  c("uninstall through npx", "npx gatehouse uninstall claude", controls),
  c("install with a permissive bundle", "gatehouse install claude --bundle /tmp/allow.json", controls),
  c("gatehouse explain is fine", "gatehouse explain -- rm -rf /", allow),
  c("gatehouse doctor is fine", "npx gatehouse doctor", { verdict: "allow" }),
  c("pkill -f 'gatehouse serve'", "pkill -f 'gatehouse serve'", controls),
  c("killall node", "killall node", controls),
  c("fuser -k on the daemon's port", "fuser -k 4283/tcp", controls),
  c("kill of the daemon's pid", "kill -9 31337", controls),
  c("kill of what pgrep finds", "kill $(pgrep -f gatehouse)", controls),
  c("kill of another pid is fine", "kill 4242", allow),
  c("GATEHOUSE_BUNDLE for later commands", "GATEHOUSE_BUNDLE=/tmp/allow.json", controls),
  // ── other tools ─────────────────────────────────────────────────────────
  tool("apply_patch with an indented Delete header", "apply_patch", { patch: "*** Begin Patch\n *** Delete File: ~/.bashrc\n*** End Patch\n" }, fired("persist.autorun", "ask")),
  tool("apply_patch with a tab before Add File", "apply_patch", { patch: "*** Begin Patch\n\t*** Add File: .claude/settings.json\n+{}\n*** End Patch\n" }, controls),
  tool("apply_patch moving the settings away", "apply_patch", { patch: "*** Begin Patch\n*** Update File: .claude/settings.json\n*** Move to: old.json\n@@\n-a\n+b\n*** End Patch" }, controls),
  tool("apply_patch of an ordinary file is fine", "apply_patch", { patch: "*** Begin Patch\n*** Update File: src/a.ts\n@@\n-a\n+b\n*** End Patch" }, allow),
  tool("Codex's apply_patch in command form", "apply_patch", { command: "*** Begin Patch\n*** Delete File: .claude/settings.json\n*** End Patch" }, controls),
  c("apply_patch from the shell with a heredoc", "apply_patch <<'EOF'\n*** Begin Patch\n*** Delete File: .codex/hooks.json\n*** End Patch\nEOF", controls),
  tool("an MCP command one object down", "mcp__term__run", { input: { command: "rm -rf ~" } }, fired("fs.wipe", "deny")),
  tool("an MCP move of .claude", "mcp__filesystem__move_file", { source: "/home/dev/project/.claude", destination: "/tmp/x" }, controls),
  tool("an MCP batch deleting the checkout", "mcp__fs__batch", { ops: [{ op: "delete", path: "/home/dev/src/gatehouse/dist" }] }, controls),
  tool("an MCP copy onto the settings", "mcp__filesystem__copy_file", { source: "/tmp/allow.json", destination: ".claude/settings.json" }, controls),
  tool("an MCP read of the settings is fine", "mcp__filesystem__read_file", { path: ".claude/settings.json" }, allow),
  c("inline Python deleting the checkout", "python3 -c 'import shutil; shutil.rmtree(\"/home/dev/src/gatehouse\")'", { undecided: false }),
  c("inline node truncating the launcher", "node -e 'require(\"fs\").writeFileSync(\"/home/dev/src/gatehouse/bin/gatehouse.js\", \"\")'", controls),
];

export default specs;
