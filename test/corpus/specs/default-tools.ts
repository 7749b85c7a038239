// Part B — the default bundle on non-shell tools (Write, Edit, Read, Grep,
// WebFetch, Task, MCP), on other agents' shell tools, on post events, and on
// events that carry no env (paths the resolver cannot place are `unknown`).
import type { CaseSpec } from "../spec.js";
import { ENV, event } from "./helpers.js";

const DEFAULT = "bundles/default.json";
const allow = { verdict: "allow", artifact_id: null, undecided: true };
const rule = (verdict: string, artifact_id: string) => ({ verdict, artifact_id });

const noEnv = (command: string) => ({ event_type: "pre_tool_use", session_id: "s1", tool_use_id: "u1", tool_name: "Bash", tool_input: { command } });
const c = (name: string, ev: unknown, expect: Record<string, unknown>): CaseSpec => ({ name, bundle: DEFAULT, event: ev, expect });

export const specs: CaseSpec[] = [
  // file tools
  c("Write .env asks (secret.write)", event("Write", { file_path: ".env", content: "A=1" }), rule("ask", "secret.write")),
  c("Write .env.local by absolute path asks (secret.write)", event("Write", { file_path: "/home/dev/project/.env.local", content: "x" }), rule("ask", "secret.write")),
  c("Write of a workspace source file is allowed", event("Write", { file_path: "/home/dev/project/src/a.ts", content: "x" }), allow),
  c("Write of .env.example is a template, not a secret (SPEC §6.4)", event("Write", { file_path: ".env.example", content: "A=" }), allow),
  c("Edit of /etc/hosts asks (fs.system_write)", event("Edit", { file_path: "/etc/hosts", old_string: "a", new_string: "b" }), rule("ask", "fs.system_write")),
  c("Edit of a relative workspace file is allowed", event("Edit", { file_path: "src/a.ts", old_string: "a", new_string: "b" }), allow),
  c("MultiEdit of a key file asks (secret.write)", event("MultiEdit", { file_path: "certs/server.key", edits: [{ old_string: "a", new_string: "b" }] }), rule("ask", "secret.write")),
  c("NotebookEdit in the workspace is allowed", event("NotebookEdit", { notebook_path: "/home/dev/project/a.ipynb", new_source: "x" }), allow),
  c("Read ~/.ssh/id_rsa asks (secret.read)", event("Read", { file_path: "~/.ssh/id_rsa" }), rule("ask", "secret.read")),
  c("Read of the absolute ssh key asks (secret.read)", event("Read", { file_path: "/home/dev/.ssh/id_rsa" }), rule("ask", "secret.read")),
  c("Read of a .pub key is not a secret", event("Read", { file_path: "/home/dev/.ssh/id_rsa.pub" }), allow),
  c("Read of README is allowed", event("Read", { file_path: "README.md" }), allow),
  c("Grep inside aws credentials asks (secret.read)", event("Grep", { pattern: "key", path: "/home/dev/.aws/credentials" }), rule("ask", "secret.read")),
  c("Glob with no path reads the workspace, allowed", event("Glob", { pattern: "**/*.ts" }), allow),

  // web, sub-agents, MCP
  c("WebFetch of a public URL is allowed", event("WebFetch", { url: "https://example.com/docs", prompt: "summarise" }), allow),
  c("WebSearch is allowed", event("WebSearch", { query: "vitest config" }), allow),
  c("Task: a sub-agent whose prompt mentions rm -rf / is allowed (the prompt is not a command)", event("Task", { description: "cleanup", prompt: "please run rm -rf /" }), allow),
  c("MCP tool with no effect class in the default bundle is allowed", event("mcp__github__create_issue", { title: "rm -rf /", body: "x" }), { ...allow, effects: [] }),

  c("Write of a file over the haystack bound is a warning, never a gap", event("Write", { file_path: "big.txt", content: "x".repeat(270 * 1024) }), { ...allow, unknown: [] }),

  // other agents' shell tools
  c("Codex shell with an argv array", event("shell", { command: ["rm", "-rf", "/"] }), rule("deny", "fs.wipe")),
  c("Codex shell bash -lc wrapper", event("shell", { command: ["bash", "-lc", "git push -f origin main"] }), rule("deny", "git.force_push_protected")),
  c("Gemini run_shell_command", event("run_shell_command", { command: "rm -rf ~" }), rule("deny", "fs.wipe")),
  c("any tool with a string command is shell-bearing", event("execute_command", { command: "terraform destroy" }), rule("deny", "infra.destroy")),

  // post events
  c("post_tool_use of rm -rf / is still classified and denied", { ...event("Bash", { command: "rm -rf /" }), event_type: "post_tool_use", tool_result: "" }, rule("deny", "fs.wipe")),
  c("post_tool_use with a gap does not ask", { ...event("Bash", { command: 'bash -c "$X"' }), event_type: "post_tool_use", tool_result: "" }, { ...allow, unknown: [3] }),

  // no env: workspace/home/system rows do not fire; unplaced absolute paths are unknown.
  // `~` and `.` still name the home directory / the working directory whatever they are
  // (the resolver's documented reading of SPEC §6.4 — flagged in the corpus report).
  c("no env: rm -rf / is still the filesystem root", noEnv("rm -rf /"), rule("deny", "fs.wipe")),
  c("no env: rm -rf ~ is still the home directory", noEnv("rm -rf ~"), rule("deny", "fs.wipe")),
  c("no env: rm -rf . is still the workspace root", noEnv("rm -rf ."), rule("deny", "fs.wipe")),
  // A recursive delete of what nothing can place is not silently allowed (issue 7c: fs.delete_unknown asks).
  c("no env: an absolute path is unknown, never a guessed workspace_file; its recursive delete asks", noEnv("rm -rf /home/dev/project"), rule("ask", "fs.delete_unknown")),
  c("no env: /usr is not placed as system_path (that row needs an env); its recursive delete asks", noEnv("rm -rf /usr"), rule("ask", "fs.delete_unknown")),
  c("no env: secret basenames still resolve (cat .env)", noEnv("cat .env"), rule("ask", "secret.read")),
  c("no env: force push to main needs no env", noEnv("git push --force origin main"), rule("deny", "git.force_push_protected")),
  c(
    "additional_dirs: rm -rf inside a declared extra dir is a workspace file",
    event("Bash", { command: "rm -rf /srv/shared/cache" }, { env: { ...ENV, additional_dirs: ["/srv/shared"] } }),
    allow,
  ),
  c("Windows cwd: rm -rf of the drive-qualified workspace is the workspace root", event("Bash", { command: "rm -rf 'C:\\repo\\gate4agent'" }, { env: { cwd: "C:\\repo\\gate4agent", home: "C:\\Users\\dev", path_dirs: [], additional_dirs: [] } }), rule("deny", "fs.wipe")),
];

export default specs;
