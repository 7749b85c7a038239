// Part A — every field family of SPEC §5 (event, tool, tool.input paths,
// command.*, path.*, url.*, effect*, unknown.shape, content, agent.*, session.*,
// spend.*, fact.*), each read once where it holds and once where it does not.
import type { CaseSpec } from "../spec.js";
import { bash, bundle, event, fired, leaf, neutral, t1 } from "./helpers.js";

const FACTS = [
  { id: "git.branch", type: "string" },
  { id: "repo.production", type: "boolean" },
];

function f(name: string, when: unknown, ev: unknown, fires: boolean, extra: Record<string, unknown> = {}): CaseSpec {
  return { name, bundle: bundle([t1("r", when)], { facts: FACTS, ...extra }), event: ev, expect: fires ? fired("r") : neutral };
}

const mcp = (tool: string, input: unknown) => event(tool, input);
const fetchUrl = (url: string) => event("WebFetch", { url, prompt: "x" });

export const specs: CaseSpec[] = [
  // event.type
  f("event.type: post_tool_use is read from the event", leaf("event.type", "eq", "post_tool_use"), { ...bash("ls"), event_type: "post_tool_use", tool_result: "a b" }, true),
  f("event.type: a pre_tool_use is not post_tool_use", leaf("event.type", "eq", "post_tool_use"), bash("ls"), false),
  f("event.type: session_start events evaluate with no tool", leaf("event.type", "eq", "session_start"), { event_type: "session_start", session_id: "s1" }, true),

  // tool.name / tool.server
  f("tool.name: mcp tool name is the full mcp__server__tool", leaf("tool.name", "eq", "mcp__github__create_issue"), mcp("mcp__github__create_issue", { title: "x" }), true),
  f("tool.server: github from mcp__github__create_issue", leaf("tool.server", "eq", "github"), mcp("mcp__github__create_issue", { title: "x" }), true),
  f("tool.server: a server name with single underscores (mcp__my_srv__do_it)", leaf("tool.server", "eq", "my_srv"), mcp("mcp__my_srv__do_it", {}), true),
  f("tool.server: absent for a non-MCP tool (exists false holds)", leaf("tool.server", "exists", false), bash("ls"), true),
  f("tool.server: absent for a non-MCP tool (eq never holds)", leaf("tool.server", "eq", "Bash"), bash("ls"), false),

  // tool.input.<dotted.path>, arrays multi-valued, numeric indices
  f("tool.input: nested object path options.depth", leaf("tool.input.options.depth", "gte", 3), mcp("mcp__db__query", { options: { depth: 3 } }), true),
  f("tool.input: a missing intermediate key is absent", leaf("tool.input.options.depth", "exists"), mcp("mcp__db__query", { options: 3 }), false),
  f("tool.input: an array is multi-valued (any element)", leaf("tool.input.files", "eq", "b.txt"), mcp("mcp__fs__rm", { files: ["a.txt", "b.txt"] }), true),
  f("tool.input: an array with no matching element", leaf("tool.input.files", "eq", "c.txt"), mcp("mcp__fs__rm", { files: ["a.txt", "b.txt"] }), false),
  f("tool.input: a numeric segment indexes an array", leaf("tool.input.files.1", "eq", "b.txt"), mcp("mcp__fs__rm", { files: ["a.txt", "b.txt"] }), true),
  f("tool.input: index 0 is not the element at index 1", leaf("tool.input.files.0", "eq", "b.txt"), mcp("mcp__fs__rm", { files: ["a.txt", "b.txt"] }), false),
  f("tool.input: path through an array of objects (edits.0.old_string)", leaf("tool.input.edits.0.old_string", "contains", "TODO"), event("MultiEdit", { file_path: "a.ts", edits: [{ old_string: "// TODO x", new_string: "" }] }), true),
  f("tool.input: an empty array is absent", leaf("tool.input.files", "exists"), mcp("mcp__fs__rm", { files: [] }), false),

  // command.*
  f("command.program: basename, lowercased, .exe stripped (/usr/bin/GIT.exe)", leaf("command.program", "eq", "git"), bash("/usr/bin/GIT.exe status"), true),
  f("command.program: every simple command of a pipeline is read", leaf("command.program", "eq", "wc"), bash("cat a.txt | grep x | wc -l"), true),
  f("command.argv: excludes the program word", leaf("command.argv", "eq", "git"), bash("git status"), false),
  f("command.argv: any argument matches", leaf("command.argv", "eq", "--porcelain"), bash("git status --porcelain"), true),
  f("command.argv: arguments are unquoted", leaf("command.argv", "eq", "hello world"), bash("echo 'hello world'"), true),
  f("command.raw: the simple command as written (quotes kept)", leaf("command.raw", "contains", "'hello world'"), bash("echo 'hello world'"), true),
  f("command.*: absent for a non-shell tool", leaf("command.program", "exists"), event("Read", { file_path: "a.ts" }), false),
  f("command.simple: one {program, argv} per simple command, any matches", leaf("command.simple", "in", [{ program: "ls", argv: [] }]), bash("cd src && ls"), true),

  // path.*
  f("path.class: a Write of .env is secret_file", leaf("path.class", "eq", "secret_file"), event("Write", { file_path: ".env", content: "A=1" }), true),
  f("path.class: a Write under cwd is workspace_file", leaf("path.class", "eq", "workspace_file"), event("Write", { file_path: "/home/dev/project/src/a.ts", content: "x" }), true),
  f("path.rel: relative to env.cwd", leaf("path.rel", "eq", "src/a.ts"), event("Write", { file_path: "/home/dev/project/src/a.ts", content: "x" }), true),
  f("path.rel: absent for a path outside env.cwd", leaf("path.rel", "exists"), event("Write", { file_path: "/etc/hosts", content: "x" }), false),
  f("path.value: the path as declared", leaf("path.value", "eq", "./src/../a.ts"), event("Write", { file_path: "./src/../a.ts", content: "x" }), true),
  f("path.rel: lexically normalised (./src/../a.ts → a.ts)", leaf("path.rel", "eq", "a.ts"), event("Write", { file_path: "./src/../a.ts", content: "x" }), true),
  f("path.class: shell operands are paths too (rm /etc/x → system_path)", leaf("path.class", "eq", "system_path"), bash("rm /etc/x.conf"), true),

  // url.*
  f("url.host: lowercased, port and userinfo removed", leaf("url.host", "eq", "api.example.com"), fetchUrl("https://user:pw@API.Example.com:8443/v1"), true),
  f("url.scheme: http", leaf("url.scheme", "eq", "http"), fetchUrl("http://example.com/"), true),
  f("url.scheme: https is not http", leaf("url.scheme", "eq", "http"), fetchUrl("https://example.com/"), false),
  f("url.tld: the public suffix co.uk", leaf("url.tld", "eq", "co.uk"), fetchUrl("https://www.example.co.uk/"), true),
  f("url.boundary: 192.168.1.10 is internal", leaf("url.boundary", "eq", "internal"), fetchUrl("http://192.168.1.10/"), true),
  f("url.boundary: 172.20.0.1 is internal (inside 172.16/12)", leaf("url.boundary", "eq", "internal"), fetchUrl("http://172.20.0.1/"), true),
  f("url.boundary: 172.32.0.1 is external (outside 172.16/12)", leaf("url.boundary", "eq", "internal"), fetchUrl("http://172.32.0.1/"), false),
  f("url.boundary: 10.0.0.1.example.com is external (no string prefixes)", leaf("url.boundary", "eq", "internal"), fetchUrl("https://10.0.0.1.example.com/"), false),
  f("url.boundary: localhost is internal", leaf("url.boundary", "eq", "internal"), fetchUrl("http://localhost:3000/"), true),
  f("url.boundary: a .internal suffix is internal", leaf("url.boundary", "eq", "internal"), fetchUrl("https://grafana.corp.internal/"), true),
  f("url.boundary: a bare host with no dot is internal", leaf("url.boundary", "eq", "internal"), fetchUrl("http://buildbox/"), true),
  f("url.boundary: [::1] is internal", leaf("url.boundary", "eq", "internal"), fetchUrl("http://[::1]:8080/"), true),
  f("url.boundary: [fe80::1] is internal (fe80::/10)", leaf("url.boundary", "eq", "internal"), fetchUrl("http://[fe80::1]/"), true),
  f("url.boundary: 169.254.169.254 is metadata (SPEC §6.5), not internal", leaf("url.boundary", "eq", "metadata"), fetchUrl("http://169.254.169.254/latest/meta-data/"), true),
  f("url.boundary: example.com is external", leaf("url.boundary", "eq", "external"), fetchUrl("https://example.com/"), true),
  f("url.host: URLs named inside a shell command", leaf("url.host", "eq", "example.org"), bash("curl -s https://example.org/data.json -o data.json"), true),

  // effect / effect.verb / effect.target_class / effect.attrs.*
  f("effect.verb: Task is execute", leaf("effect.verb", "eq", "execute"), event("Task", { description: "d", prompt: "p" }), true),
  f("effect.target_class: Task is subagent", leaf("effect.target_class", "eq", "subagent"), event("Task", { description: "d", prompt: "p" }), true),
  f("effect.target_class: Read of README is not secret_file", leaf("effect.target_class", "eq", "secret_file"), event("Read", { file_path: "README.md" }), false),
  f("effect.attrs.recursive: rm -rf carries recursive true", leaf("effect.attrs.recursive", "eq", true), bash("rm -rf /tmp/x"), true),
  f("effect.attrs.force: git push --force carries force true", leaf("effect.attrs.force", "eq", true), bash("git push --force origin feat"), true),
  f("effect.attrs.branch: the pushed branch", leaf("effect.attrs.branch", "eq", "release"), bash("git push origin release"), true),
  f("effect.attrs.*: absent attr never matches", leaf("effect.attrs.branch", "exists"), event("Read", { file_path: "a.ts" }), false),
  f("effect: exists when any tuple is classified", leaf("effect", "exists"), event("Read", { file_path: "a.ts" }), true),
  f("effect: absent when nothing is classified", leaf("effect", "exists"), bash("echo hi"), false),

  // unknown.shape
  f("unknown.shape: bash -c \"$X\" is shape 3", leaf("unknown.shape", "eq", 3), bash('bash -c "$X"'), true, { on_unknown: "allow" }),
  f("unknown.shape: a clean command has no shapes", leaf("unknown.shape", "exists"), bash("ls -la"), false, { on_unknown: "allow" }),
  f("unknown.shape: perl -e is shape 6", leaf("unknown.shape", "in", [6]), bash("perl -e 'system 1'"), true, { on_unknown: "allow" }),

  // content
  f("content: the flattened tool_input, any string value", leaf("content", "contains", "DROP TABLE"), mcp("mcp__db__query", { sql: ["SELECT 1", "DROP TABLE t"] }), true),
  f("content: non-string values are not in the haystack", leaf("content", "contains", "12345"), mcp("mcp__db__query", { limit: 12345 }), false),
  f("content: JSON escapes are decoded (a real newline separates values)", leaf("content", "regex_lite", "^line one\\nline two$"), mcp("mcp__x__y", { text: "line one\nline two" }), true),

  // agent.*
  f("agent.agent_type: read from event.agent", leaf("agent.agent_type", "eq", "subagent"), bash("ls", { agent: { agent_type: "subagent", principal: "alice" } }), true),
  f("agent.principal: a different principal does not match", leaf("agent.principal", "eq", "bob"), bash("ls", { agent: { principal: "alice" } }), false),
  f("agent.environment: absent agent part is plain false (no ⊥)", leaf("agent.environment", "eq", "ci"), bash("ls"), false),

  // session.*, spend.*, fact.*
  f("session.tokens: read from event.session", leaf("session.tokens", "gt", 1000), bash("ls", { session: { tokens: 5000 } }), true),
  f("session.spend_micro_usd: below the bound does not fire", leaf("session.spend_micro_usd", "gte", 1000000), bash("ls", { session: { spend_micro_usd: 999999 } }), false),
  f("spend.tokens: read from spend_delta on post events", leaf("spend.tokens", "gt", 100), { ...bash("ls"), event_type: "post_tool_use", spend_delta: { tokens: 101, micro_usd: 5 } }, true),
  f("spend.micro_usd: read from spend_delta", leaf("spend.micro_usd", "eq", 5), { ...bash("ls"), event_type: "post_tool_use", spend_delta: { tokens: 101, micro_usd: 5 } }, true),
  f("fact.git.branch: a dotted fact id", leaf("fact.git.branch", "in", ["main", "master"]), bash("git push", { facts: { "git.branch": "main" } }), true),
  f("fact.git.branch: a different branch", leaf("fact.git.branch", "in", ["main", "master"]), bash("git push", { facts: { "git.branch": "feat/x" } }), false),
];

export default specs;
