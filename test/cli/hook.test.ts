// `gatehouse hook <agent>` as a real child process, fed each agent's own
// payloads (../shared/hooks.md): deny, ask, hold, allow, post events,
// non-gated events, garbage and a broken bundle in both error postures — each
// answer byte for byte in that agent's protocol; Tier 2 state carried across
// processes through --state-dir.
import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { leaf, t1 } from "../support/engine.js";
import { acp, claude, codex, countingBundle, cursor, gemini, PERMISSION_OPTIONS } from "../support/hook-payloads.js";
import { inBatches, runGatehouse, type Run } from "../support/spawn-hook.js";
import { scratchDir } from "../support/scratch.js";

const dir = scratchDir("gatehouse-hook-");
const write = (name: string, value: unknown) => {
  const path = join(dir, name);
  writeFileSync(path, typeof value === "string" ? value : JSON.stringify(value));
  return path;
};

const BUNDLE = write("hook-test.json", {
  schema_version: "2.0",
  bundle_id: "hook-test",
  artifacts: [
    t1("test.rm", leaf("command.program", "eq", "rm"), "deny", { body: { reason: "test.rm: no rm here" } }),
    t1("test.curl", leaf("command.program", "eq", "curl"), "ask", { body: { reason: "test.curl: downloads need a person" } }),
    { kind: "t3_hold", artifact_id: "test.deploy", body: { when: leaf("command.program", "eq", "deploy"), reason: "test.deploy: a deploy waits for a person", resolve: "ask_human" } },
    t1("test.key-out", { all: [leaf("event.type", "eq", "post_tool_use"), leaf("content", "keyword", "PRIVATE KEY")] }, "deny", { body: { reason: "test.key-out: a private key appeared" } }),
    t1("test.env", leaf("path.value", "suffix", ".env"), "ask", { body: { reason: "test.env: an env file needs a person" } }),
    t1("test.drop", leaf("tool.input.query", "contains", "DROP"), "deny", { body: { reason: "test.drop: no DROP" } }),
  ],
});
const BROKEN = write("broken.json", "{ not json");
// Loads, but protects less than it reads as: one rule skipped (a typo'd verdict); none enforcing at all.
const PARTLY_SKIPPED = write("partly-skipped.json", {
  schema_version: "2.0",
  bundle_id: "partly",
  artifacts: [t1("test.rm", leaf("command.program", "eq", "rm"), "deny", { body: { reason: "test.rm: no rm here" } }), t1("test.curl", leaf("command.program", "eq", "curl"), "block")],
});
const NOTHING_ENFORCED = write("nothing-enforced.json", { schema_version: "2.0", bundle_id: "nothing", artifacts: [] });
const KEY = "-----BEGIN RSA PRIVATE KEY-----";

const HOLD = "test.deploy: a deploy waits for a person [Gatehouse: this rule holds the action for resolution by ask_human; a hook has no resolver, so you are asked instead]";
const MUST = "[Gatehouse: a person must approve this action. Codex hooks cannot ask, so it is denied; if it is wanted, a person can run it themselves]";
const claudePre = (decision: string, reason: string) =>
  `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"${decision}","permissionDecisionReason":${JSON.stringify(reason)}}}\n`;
const cursorFull = (permission: string, message: string) => `{"permission":"${permission}","user_message":${JSON.stringify(message)},"agent_message":${JSON.stringify(message)}}\n`;

interface Case {
  name: string;
  agent: string;
  stdin: unknown;
  args?: string[];
  stdout: string | RegExp;
  code: number;
  /** stderr: "" (nothing), a pattern of its single line, or undefined (not checked). */
  stderr?: "" | RegExp;
}

const closedLine = /^gatehouse hook \w+: .+\n$/;
const acpDenied = (rejectOption: string) => `${JSON.stringify({ jsonrpc: "2.0", id: 7, error: { code: -32001, message: "test.rm: no rm here", data: { verdict: "deny", reject_option: rejectOption } } })}\n`;
const CASES: Case[] = [
  // Claude Code
  { name: "claude deny", agent: "claude", stdin: claude.pre("rm -rf build/cache"), stdout: claudePre("deny", "test.rm: no rm here"), code: 0, stderr: "" },
  { name: "claude ask", agent: "claude", stdin: claude.pre("curl https://example.com"), stdout: claudePre("ask", "test.curl: downloads need a person"), code: 0 },
  { name: "claude hold → ask", agent: "claude", stdin: claude.pre("deploy prod"), stdout: claudePre("ask", HOLD), code: 0 },
  { name: "claude allow is silence", agent: "claude", stdin: claude.pre("ls -la"), stdout: "", code: 0, stderr: "" },
  { name: "claude allow with --grant-allow", agent: "claude", args: ["--grant-allow"], stdin: claude.pre("ls"), stdout: claudePre("allow", "Gatehouse: no rule objects to this action"), code: 0 },
  { name: "claude post deny", agent: "claude", stdin: claude.post("Bash", { command: "cat id_rsa" }, { stdout: KEY, stderr: "", interrupted: false }), stdout: '{"decision":"block","reason":"test.key-out: a private key appeared"}\n', code: 0 },
  { name: "claude post allow", agent: "claude", stdin: claude.post("Bash", { command: "ls" }, { stdout: "a", stderr: "" }), stdout: "", code: 0 },
  { name: "claude SessionStart", agent: "claude", stdin: claude.sessionStart, stdout: "", code: 0, stderr: "" },
  { name: "claude Stop with a broken bundle, closed: still silent", agent: "claude", args: ["--bundle", BROKEN, "--on-error", "closed"], stdin: claude.stop, stdout: "", code: 0, stderr: "" },
  { name: "claude garbage, open", agent: "claude", stdin: "{not json", stdout: "", code: 66, stderr: /^gatehouse hook claude: stdin is not JSON: .+\n$/ },
  { name: "claude garbage, closed", agent: "claude", args: ["--on-error", "closed"], stdin: "{not json", stdout: "", code: 2, stderr: /^gatehouse hook claude: Gatehouse could not evaluate this action and --on-error closed denies it: stdin is not JSON/ },
  { name: "claude empty stdin, closed", agent: "claude", args: ["--on-error", "closed"], stdin: "", stdout: "", code: 2, stderr: closedLine },
  { name: "claude broken bundle, open", agent: "claude", args: ["--bundle", BROKEN], stdin: claude.pre("rm -rf x"), stdout: "", code: 1, stderr: /^gatehouse hook claude: .*broken\.json: bundle is not JSON/ },
  { name: "claude broken bundle, closed", agent: "claude", args: ["--bundle", BROKEN, "--on-error", "closed"], stdin: claude.pre("ls"), stdout: "", code: 2, stderr: closedLine },
  { name: "claude missing bundle, open: unreadable input (66), as for every command", agent: "claude", args: ["--bundle", join(dir, "nope.json")], stdin: claude.pre("ls"), stdout: "", code: 66, stderr: /nope\.json: cannot read bundle \(ENOENT\)/ },
  // Codex
  { name: "codex deny", agent: "codex", stdin: codex.pre("Bash", { command: "rm -rf x" }), stdout: claudePre("deny", "test.rm: no rm here"), code: 0 },
  { name: "codex ask → deny", agent: "codex", stdin: codex.pre("Bash", { command: "curl x" }), stdout: claudePre("deny", `test.curl: downloads need a person ${MUST}`), code: 0 },
  { name: "codex apply_patch naming .env → must approve", agent: "codex", stdin: codex.pre("apply_patch", { command: "*** Begin Patch\n*** Add File: config/.env\n+A=1\n*** End Patch" }), stdout: claudePre("deny", `test.env: an env file needs a person ${MUST}`), code: 0 },
  { name: "codex allow, even with --grant-allow", agent: "codex", args: ["--grant-allow"], stdin: codex.pre("Bash", { command: "ls" }), stdout: "", code: 0 },
  { name: "codex post deny", agent: "codex", stdin: codex.post("Bash", { command: "cat k" }, KEY), stdout: '{"decision":"block","reason":"test.key-out: a private key appeared"}\n', code: 0 },
  { name: "codex SessionStart", agent: "codex", stdin: codex.sessionStart, stdout: "", code: 0 },
  { name: "codex garbage, closed", agent: "codex", args: ["--on-error", "closed"], stdin: "[]", stdout: "", code: 2, stderr: /the hook input is not a JSON object/ },
  { name: "codex garbage, open", agent: "codex", stdin: "[]", stdout: "", code: 66, stderr: closedLine },
  // Gemini CLI
  { name: "gemini deny", agent: "gemini", stdin: gemini.before("run_shell_command", { command: "rm -rf x" }), stdout: '{"decision":"deny","reason":"test.rm: no rm here"}\n', code: 0 },
  { name: "gemini ask", agent: "gemini", stdin: gemini.before("run_shell_command", { command: "curl x" }), stdout: '{"decision":"ask","reason":"test.curl: downloads need a person","systemMessage":"Gatehouse: test.curl: downloads need a person"}\n', code: 0 },
  { name: "gemini allow", agent: "gemini", stdin: gemini.before("read_file", { file_path: "src/a.ts" }), stdout: "", code: 0 },
  { name: "gemini read of .env → ask", agent: "gemini", stdin: gemini.before("read_file", { file_path: "/home/dev/project/.env" }), stdout: '{"decision":"ask","reason":"test.env: an env file needs a person","systemMessage":"Gatehouse: test.env: an env file needs a person"}\n', code: 0 },
  { name: "gemini AfterTool deny hides the output", agent: "gemini", stdin: gemini.after("run_shell_command", { command: "cat k" }, { llmContent: KEY }), stdout: '{"decision":"deny","reason":"test.key-out: a private key appeared"}\n', code: 0 },
  { name: "gemini SessionStart", agent: "gemini", stdin: gemini.sessionStart, stdout: "", code: 0 },
  { name: "gemini garbage, closed", agent: "gemini", args: ["--on-error", "closed"], stdin: "\u0000\u0001", stdout: "", code: 2, stderr: closedLine },
  { name: "gemini garbage, open", agent: "gemini", stdin: "nope", stdout: "", code: 66, stderr: closedLine },
  // Cursor
  { name: "cursor shell deny", agent: "cursor", stdin: cursor.shell("rm -rf x"), stdout: cursorFull("deny", "test.rm: no rm here"), code: 0 },
  { name: "cursor shell ask", agent: "cursor", stdin: cursor.shell("curl x"), stdout: cursorFull("ask", "test.curl: downloads need a person"), code: 0 },
  { name: "cursor shell allow", agent: "cursor", stdin: cursor.shell("ls"), stdout: "", code: 0 },
  { name: "cursor MCP deny", agent: "cursor", stdin: cursor.mcp("database_query", { query: "DROP TABLE users" }), stdout: cursorFull("deny", "test.drop: no DROP"), code: 0 },
  { name: "cursor read of .env: ask → {permission: deny}", agent: "cursor", stdin: cursor.read("/home/dev/project/.env"), stdout: '{"permission":"deny"}\n', code: 0 },
  { name: "cursor afterShellExecution", agent: "cursor", stdin: cursor.afterShell("cat k", KEY), stdout: "", code: 0 },
  { name: "cursor beforeSubmitPrompt", agent: "cursor", stdin: cursor.prompt, stdout: "", code: 0 },
  { name: "cursor garbage, closed: a deny on stdout", agent: "cursor", args: ["--on-error", "closed"], stdin: "garbage", stdout: /^\{"permission":"deny","user_message":"Gatehouse could not evaluate this action and --on-error closed denies it: stdin is not JSON: .*\}\n$/, code: 0, stderr: closedLine },
  { name: "cursor garbage, open", agent: "cursor", stdin: "garbage", stdout: "", code: 66, stderr: closedLine },
  // ACP
  { name: "acp permission deny: the reason as a JSON-RPC error, and on stderr", agent: "acp", stdin: acp.permission({ command: "rm", args: ["-rf", "build"] }), stdout: acpDenied("reject-1"), code: 2, stderr: /^gatehouse hook acp: deny: test\.rm: no rm here\n$/ },
  { name: "acp permission deny, shell string, no reject_once", agent: "acp", stdin: acp.permission("rm -rf build", PERMISSION_OPTIONS.filter((o) => o.kind !== "reject_once")), stdout: acpDenied("reject-all"), code: 2 },
  { name: "acp permission as claude-code-acp sends it (no kind): judged from rawInput", agent: "acp", stdin: acp.permission({ command: "rm -rf build", description: "x" }, PERMISSION_OPTIONS, null), stdout: acpDenied("reject-1"), code: 2 },
  { name: "acp permission with no kind and nothing to place: asked, never skipped", agent: "acp", stdin: acp.permission({ description: "x" }, PERMISSION_OPTIONS, null), stdout: "", code: 3, stderr: /^gatehouse hook acp: ask: .*unknown shape 2/ },
  { name: "acp permission ask prints nothing", agent: "acp", stdin: acp.permission({ command: "curl", args: ["x"] }), stdout: "", code: 3, stderr: /^gatehouse hook acp: ask: test\.curl: downloads need a person\n$/ },
  { name: "acp permission allow prints nothing", agent: "acp", stdin: acp.permission({ command: "ls" }), stdout: "", code: 0, stderr: "" },
  { name: "acp terminal/create deny", agent: "acp", stdin: acp.terminal("rm", ["-rf", "x"]), stdout: '{"jsonrpc":"2.0","id":8,"error":{"code":-32001,"message":"test.rm: no rm here"}}\n', code: 2 },
  { name: "acp session/update", agent: "acp", stdin: acp.update, stdout: "", code: 0 },
  { name: "acp garbage, closed: a parse error", agent: "acp", args: ["--on-error", "closed"], stdin: "{", stdout: /^\{"jsonrpc":"2\.0","id":null,"error":\{"code":-32700,"message":"Gatehouse could not evaluate/, code: 2 },
  { name: "acp broken bundle, closed: a refusal", agent: "acp", args: ["--bundle", BROKEN, "--on-error", "closed"], stdin: acp.permission({ command: "ls" }), stdout: /^\{"jsonrpc":"2\.0","id":7,"error":\{"code":-32001,"message":"Gatehouse could not evaluate.*"reject_option":"reject-1"\}\}\}\n$/, code: 2 },
  { name: "acp garbage, open", agent: "acp", stdin: "{", stdout: "", code: 66, stderr: closedLine },
  // A bundle that loads with a skipped artifact, or with no enforcing rule: answered as usual, with one warning line.
  { name: "a skipped artifact is one stderr line; the rest still decides", agent: "claude", args: ["--bundle", PARTLY_SKIPPED], stdin: claude.pre("rm -rf x"), stdout: claudePre("deny", "test.rm: no rm here"), code: 0, stderr: /^gatehouse hook claude: warning: bundle .*partly-skipped\.json: 1 artifact\(s\) skipped \(test\.curl: body_parse_error\) — gatehouse bundle lint .* says why\n$/ },
  { name: "a bundle with no enforcing rule says so", agent: "gemini", args: ["--bundle", NOTHING_ENFORCED], stdin: gemini.before("run_shell_command", { command: "rm -rf ~" }), stdout: "", code: 0, stderr: /no enforcing rule, so every call without an unknown shape passes/ },
  { name: "an event the hook does not gate loads no bundle and says nothing", agent: "claude", args: ["--bundle", NOTHING_ENFORCED], stdin: claude.sessionStart, stdout: "", code: 0, stderr: "" },
];

let results: Run[] = [];
beforeAll(async () => {
  results = await inBatches(
    CASES.map((c) => () => runGatehouse(["hook", c.agent, ...(c.args?.includes("--bundle") ? [] : ["--bundle", BUNDLE]), ...(c.args ?? [])], typeof c.stdin === "string" ? c.stdin : JSON.stringify(c.stdin))),
  );
});

describe("gatehouse hook, one real process per call", () => {
  CASES.forEach((c, i) => {
    it(c.name, () => {
      const r = results[i]!;
      if (typeof c.stdout === "string") expect(r.stdout).toBe(c.stdout);
      else expect(r.stdout).toMatch(c.stdout);
      expect(r.code).toBe(c.code);
      if (c.stderr === "") expect(r.stderr).toBe("");
      else if (c.stderr !== undefined) expect(r.stderr).toMatch(c.stderr);
      expect(r.stderr).not.toMatch(/\n\s+at /); // never a stack trace
    });
  });
});

describe("Tier 2 state across hook processes (--state-dir)", () => {
  it("a counting program counts across separate processes and fires at the third call", async () => {
    const stateDir = join(dir, "state-count");
    const counting = write("counting.json", countingBundle(3));
    const call = () => runGatehouse(["hook", "claude", "--bundle", counting, "--state-dir", stateDir], JSON.stringify(claude.pre("ls")));
    const first = await call();
    const second = await call();
    const third = await call();
    expect([first.stdout, second.stdout]).toEqual(["", ""]);
    expect(third.stdout).toBe(claudePre("ask", "bash.count: 3 or more shell commands in this session"));
    const files = readdirSync(join(stateDir, "sessions"));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^[0-9a-f]{64}\.json$/);
    const record = JSON.parse(readFileSync(join(stateDir, "sessions", files[0]!), "utf8"));
    expect(record).toMatchObject({ format: "gatehouse.session-state/1", layout: { c: 1, f: 0, t: 0, a: 0, run: false }, state: { c: [3] } });
    // Another session starts at zero.
    const other = await runGatehouse(["hook", "claude", "--bundle", counting, "--state-dir", stateDir], JSON.stringify({ ...claude.pre("ls"), session_id: "other" }));
    expect(other.stdout).toBe("");
    expect(readdirSync(join(stateDir, "sessions"))).toHaveLength(2);
  });

  it("a bundle with another layout restarts the session blank with one warning; a corrupt file is kept aside and the session's state is unknown, not reset", async () => {
    const stateDir = join(dir, "state-layout");
    const counting = write("counting-1.json", countingBundle(2));
    const wider = write("counting-2.json", { ...countingBundle(2), artifacts: [{ ...countingBundle(2).artifacts[0], body: { ...countingBundle(2).artifacts[0]!.body, registers: { c: 2 } } }] });
    const payload = JSON.stringify(claude.pre("ls"));
    await runGatehouse(["hook", "claude", "--bundle", counting, "--state-dir", stateDir], payload);
    const changed = await runGatehouse(["hook", "claude", "--bundle", wider, "--state-dir", stateDir], payload);
    expect(changed.stdout).toBe(""); // blank again: the count is 1, below 2
    expect(changed.stderr).toMatch(/^gatehouse: session state .+ restarts blank: it was written for layout c=1 .+ needs c=2 .+\n$/);
    const [file] = readdirSync(join(stateDir, "sessions")).filter((f) => f.endsWith(".json"));
    writeFileSync(join(stateDir, "sessions", file!), "{torn");
    const corrupt = await runGatehouse(["hook", "claude", "--bundle", wider, "--state-dir", stateDir], payload);
    expect(corrupt.code).toBe(0);
    // The count below 2 would allow; the rule cannot read the state, so it answers on_unknown (ask), and says so.
    expect(JSON.parse(corrupt.stdout).hookSpecificOutput).toMatchObject({ permissionDecision: "ask" });
    expect(JSON.parse(corrupt.stdout).hookSpecificOutput.permissionDecisionReason).toContain("this session's Tier 2 state is unknown");
    expect(corrupt.stderr).toMatch(/is corrupt \(not JSON .*\); kept as .+\.corrupt-\d+-\d+; the session's state is unknown from now on/);
    const aside = readdirSync(join(stateDir, "sessions")).filter((f) => f.includes(".corrupt-"));
    expect(aside).toHaveLength(1);
    expect(readFileSync(join(stateDir, "sessions", aside[0]!), "utf8")).toBe("{torn"); // nothing lost
    // Later calls stay unknown (never a restart from zero), without another warning.
    const later = await runGatehouse(["hook", "claude", "--bundle", wider, "--state-dir", stateDir], payload);
    expect(JSON.parse(later.stdout).hookSpecificOutput).toMatchObject({ permissionDecision: "ask" });
    expect(later.stderr).toBe("");
  });

  it("an unwritable state dir: open still evaluates (the state unknown, never blank) and says so; closed denies", async () => {
    const blocker = write("not-a-dir", "x");
    const counting = write("counting-3.json", countingBundle(1));
    const stateDir = join(blocker, "state");
    const open = await runGatehouse(["hook", "claude", "--bundle", counting, "--state-dir", stateDir], JSON.stringify(claude.pre("ls")));
    expect(JSON.parse(open.stdout).hookSpecificOutput).toMatchObject({ permissionDecision: "ask" });
    expect(JSON.parse(open.stdout).hookSpecificOutput.permissionDecisionReason).toMatch(/^bash\.count: 1 or more shell commands in this session — not checked: this session's Tier 2 state is unknown \(the state store failed: .*ENOTDIR/);
    expect(open.code).toBe(0);
    expect(open.stderr).toMatch(/cannot create the state directory \(ENOTDIR\); evaluated with the session's state unknown, so its Tier 2 rules answer on_unknown/);
    const closed = await runGatehouse(["hook", "claude", "--bundle", counting, "--state-dir", stateDir, "--on-error", "closed"], JSON.stringify(claude.pre("ls")));
    expect(closed).toMatchObject({ stdout: "", code: 2 });
    expect(closed.stderr).toMatch(/closed denies it: .*cannot create the state directory/);
  });

  it("a session record that cannot be read (a directory in its place): its Tier 2 rule answers on_unknown, never a blank count; closed denies; restored, the count goes on", async () => {
    const stateDir = join(dir, "state-unreadable");
    const counting = write("counting-4.json", countingBundle(2));
    const payload = JSON.stringify(claude.pre("ls"));
    const args = ["hook", "claude", "--bundle", counting, "--state-dir", stateDir];
    expect(await runGatehouse(args, payload)).toMatchObject({ stdout: "", code: 0 }); // count 1: below the rule
    const [name] = readdirSync(join(stateDir, "sessions")).filter((f) => f.endsWith(".json"));
    const record = join(stateDir, "sessions", name!);
    const kept = readFileSync(record, "utf8");
    rmSync(record);
    mkdirSync(record); // readable by nobody as a record, root included
    // A blank state would count 1 again and allow silently; the rule cannot read the state, so it asks.
    const open = await runGatehouse(args, payload);
    expect(open.code).toBe(0);
    expect(JSON.parse(open.stdout).hookSpecificOutput).toMatchObject({ permissionDecision: "ask" });
    expect(JSON.parse(open.stdout).hookSpecificOutput.permissionDecisionReason).toMatch(/this session's Tier 2 state is unknown \(the state store failed: .*cannot read session state \(EISDIR\)/);
    expect(open.stderr).toMatch(/cannot read session state \(EISDIR\); evaluated with the session's state unknown/);
    const closed = await runGatehouse([...args, "--on-error", "closed"], payload);
    expect(closed).toMatchObject({ stdout: "", code: 2 });
    rmSync(record, { recursive: true });
    writeFileSync(record, kept);
    // Nothing was reset or counted while it could not be read: the next call is the session's second.
    const next = await runGatehouse(args, payload);
    expect(JSON.parse(next.stdout).hookSpecificOutput).toMatchObject({ permissionDecision: "ask", permissionDecisionReason: "bash.count: 2 or more shell commands in this session" });
    expect(JSON.parse(readFileSync(record, "utf8")).state.c).toEqual([2]);
  });
});

describe("facts the hook supplies", () => {
  it("facts.git.branch from the payload's cwd, so a rule can tell which branch a bare `git push` pushes", async () => {
    const repo = join(dir, "repo");
    execFileSync("git", ["init", "-q", "-b", "main", repo]);
    const bundle = write("branch.json", {
      schema_version: "2.0",
      facts: [{ id: "git.branch", type: "string" }],
      artifacts: [t1("push.main", { all: [leaf("command.argv", "eq", "push"), leaf("fact.git.branch", "eq", "main")] }, "deny", { body: { reason: "push.main: pushing main" } })],
    });
    const r = await runGatehouse(["hook", "claude", "--bundle", bundle], JSON.stringify(claude.pre("git push --force", { cwd: repo })));
    expect(r.stdout).toBe(claudePre("deny", "push.main: pushing main"));
    const elsewhere = await runGatehouse(["hook", "claude", "--bundle", bundle], JSON.stringify(claude.pre("git push --force", { cwd: dir })));
    expect(elsewhere.stdout).toBe("");
  });
});

