// The policy author's commands in-process: bundle lint (detail, --strict),
// bundle resolve, bundle schema; and a team bundle that extends the default,
// adds a rule and overrides two default rules, through check and eval.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { copyFileSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { sha256Hex } from "../../src/bundle/canonical.js";
import { main } from "../../src/cli/main.js";
import { ONE_OF_EACH } from "../support/bundles.js";
import { memoryIo } from "../support/io.js";
import { BIN } from "../support/spawn-hook.js";
import { scratchDir } from "../support/scratch.js";

const dir = scratchDir("gatehouse-bundle-cli-");
const file = (name: string, value: unknown) => {
  const path = join(dir, name);
  writeFileSync(path, typeof value === "string" ? value : JSON.stringify(value));
  return path;
};
const TEAM = join(dir, "team.json");
copyFileSync("bundles/examples/team.json", TEAM);
const run = async (...argv: string[]) => {
  const m = memoryIo();
  const code = await main(argv, m.io);
  return { code, out: m.out, err: m.err };
};

describe("gatehouse bundle lint", () => {
  it("prints each skip with its detail; exit 0, or 1 with --strict", async () => {
    const path = file("one-of-each.json", ONE_OF_EACH);
    const plain = await run("bundle", "lint", path);
    expect(plain.code).toBe(0);
    expect(plain.out).toContain('skipped t1_predicate_tree "body": body_parse_error — artifacts[4].body.verdict: expected allow|ask|hold|deny, got "maybe"');
    expect(plain.out.at(-1)).toMatch(/1 artifact\(s\) active, 15 skipped, 0 warning\(s\); digest sha256:/);
    expect((await run("bundle", "lint", "--strict", path)).code).toBe(1);
    const json = JSON.parse((await run("bundle", "lint", "--json", "--strict", path)).out[0]!);
    expect(json.skipped[0]).toEqual({ kind: "t1_predicate_tree", id: "floor", reason: "below_floor", detail: "artifacts[1].min_client_version: 99 is above this engine's capability 2" });
  });

  it("--strict fails on warnings alone (a bundle whose every rule is skipped: nothing enforces)", async () => {
    const path = file("all-skipped.json", { schema_version: "2.0", artifacts: [{ kind: "t1_predicate_tree", artifact_id: "a", body: { when: { all: [] }, verdict: "block", reason: "" } }] });
    const r = await run("bundle", "lint", "--strict", path);
    expect(r.code).toBe(1);
    expect(r.out).toContain("warning no_enforcing_artifact: artifacts: no active rule (t1/t2/t3): every event without an unknown shape is allowed");
    expect(r.out.at(-1)).toContain("(--strict: failing)");
  });

  it("the default bundle and the team example lint clean under --strict", async () => {
    expect((await run("bundle", "lint", "--strict", "gatehouse:default")).code).toBe(0);
    const team = await run("bundle", "lint", "--strict", TEAM);
    expect(team.code).toBe(0);
    const defaults = JSON.parse(readFileSync("bundles/default.json", "utf8")).artifacts.length;
    expect(team.out.at(-1)).toContain(`${defaults + 1} artifact(s) active from 2 bundles, 0 skipped, 0 warning(s)`);
  });
});

describe("gatehouse bundle resolve", () => {
  it("prints the flattened bundle; --canonical prints the bytes the digest is over", async () => {
    const r = await run("bundle", "resolve", TEAM);
    expect(r.code).toBe(0);
    const resolved = JSON.parse(r.out.join("\n"));
    expect(resolved).not.toHaveProperty("extends");
    expect(resolved).not.toHaveProperty("overrides");
    expect(resolved.artifacts.map((a: { artifact_id: string }) => a.artifact_id).at(-1)).toBe("acme.no_npm_publish");
    expect(resolved.artifacts.find((a: { artifact_id: string }) => a.artifact_id === "git.reset_hard").body.verdict).toBe("ask");
    const digest = /digest (sha256:[0-9a-f]{64})/.exec(r.err.at(-1)!)![1];
    const canonical = await run("bundle", "resolve", "--canonical", TEAM);
    expect(`sha256:${sha256Hex(canonical.out[0]!)}`).toBe(digest);
    // The resolved bundle loads on its own to the same digest.
    const again = await run("bundle", "resolve", file("resolved.json", r.out.join("\n")));
    expect(again.err.at(-1)).toContain(digest);
    const check = JSON.parse((await run("check", "--json", "--bundle", TEAM, "--", "ls")).out[0]!);
    expect(check.bundle_digest).toBe(digest);
    // As docs/bundle.md pipes it: `gatehouse bundle resolve --canonical team.json | sha256sum` is the digest.
    const stdout = execFileSync(process.execPath, [BIN, "bundle", "resolve", "--canonical", TEAM], { stdio: ["ignore", "pipe", "ignore"] });
    expect(`sha256:${createHash("sha256").update(stdout).digest("hex")}`).toBe(digest);
  });
  it("a cycle is one line, exit 1", async () => {
    file("c1.json", { schema_version: "2.0", extends: ["c2.json"] });
    file("c2.json", { schema_version: "2.0", extends: ["c1.json"] });
    const r = await run("bundle", "resolve", join(dir, "c1.json"));
    expect(r.code).toBe(1);
    expect(r.err).toHaveLength(1);
    expect(r.err[0]).toMatch(/extends cycle/);
  });
});

describe("gatehouse bundle schema", () => {
  it("prints the JSON Schema", async () => {
    const r = await run("bundle", "schema");
    expect(r.code).toBe(0);
    const schema = JSON.parse(r.out.join("\n"));
    expect(schema.$schema).toBe("https://json-schema.org/draft/2020-12/schema");
    expect(schema.properties).toHaveProperty("extends");
    expect((await run("bundle", "schema", "extra")).code).toBe(64);
    expect((await run("bundle", "frobnicate")).code).toBe(64);
  });
});

describe("a team bundle that extends the default, adds a rule and overrides two", () => {
  const verdictOf = async (command: string) => {
    const r = await run("check", "--json", "--bundle", TEAM, "--cwd", "/home/dev/p", "--command", command);
    const d = JSON.parse(r.out[0]!).decision;
    return { code: r.code, verdict: d.verdict, rule: d.artifact_id };
  };
  it("check: the added rule denies, the two overrides apply, the rest of the default still holds", async () => {
    expect(await verdictOf("npm publish")).toEqual({ code: 2, verdict: "deny", rule: "acme.no_npm_publish" });
    expect(await verdictOf("git reset --hard")).toEqual({ code: 3, verdict: "ask", rule: "git.reset_hard" });
    expect(await verdictOf('psql -c "DROP TABLE users"')).toEqual({ code: 2, verdict: "deny", rule: "db.drop" });
    expect(await verdictOf("git checkout -- .")).toEqual({ code: 3, verdict: "ask", rule: "git.discard_worktree" });
    expect(await verdictOf("rm -rf ~")).toEqual({ code: 2, verdict: "deny", rule: "fs.wipe" });
    expect(await verdictOf("ls -la")).toEqual({ code: 0, verdict: "allow", rule: null });
    const text = await run("check", "--bundle", TEAM, "--", "git", "reset", "--hard");
    expect(text.out.join("\n")).toContain("acme: `git reset --hard` discards uncommitted work");
  });
  it("eval: the same decisions, line by line", async () => {
    const ev = (command: string) => JSON.stringify({ event_type: "pre_tool_use", session_id: "s", tool_name: "Bash", tool_input: { command }, env: { cwd: "/home/dev/p", home: "/home/dev" } });
    const input = file("team-events.jsonl", ["npm publish", "git reset --hard", "dropdb prod", "ls"].map(ev).join("\n"));
    const r = await run("eval", "--bundle", TEAM, input);
    expect(r.code).toBe(0);
    expect(r.out.map((l) => JSON.parse(l).decision).map((d) => [d.verdict, d.artifact_id])).toEqual([
      ["deny", "acme.no_npm_publish"],
      ["ask", "git.reset_hard"],
      ["deny", "db.drop"],
      ["allow", null],
    ]);
    expect(readFileSync(TEAM, "utf8")).toContain("gatehouse:default");
  });
  it("the hooks: Claude Code and Gemini CLI answer from the composed bundle", async () => {
    const stateDir = scratchDir("gatehouse-team-state-");
    const claude = async (command: string) => {
      const m = memoryIo({ stdin: JSON.stringify({ session_id: "s1", cwd: "/home/dev/p", hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command } }) });
      const code = await main(["hook", "claude", "--bundle", TEAM, "--state-dir", stateDir], m.io);
      return { code, answer: m.out.length === 0 ? null : JSON.parse(m.out[0]!).hookSpecificOutput };
    };
    const publish = await claude("npm publish");
    expect(publish.code).toBe(0);
    expect(publish.answer).toMatchObject({ permissionDecision: "deny", permissionDecisionReason: expect.stringContaining("acme.no_npm_publish") });
    expect((await claude("git reset --hard")).answer).toMatchObject({ permissionDecision: "ask", permissionDecisionReason: expect.stringContaining("acme: `git reset --hard`") });
    expect((await claude("dropdb prod")).answer).toMatchObject({ permissionDecision: "deny", permissionDecisionReason: expect.stringContaining("acme: dropping a database") });
    expect((await claude("ls")).answer).toBeNull();
    const gemini = memoryIo({ stdin: JSON.stringify({ session_id: "s1", cwd: "/home/dev/p", hook_event_name: "BeforeTool", tool_name: "run_shell_command", tool_input: { command: "npm publish" } }) });
    await main(["hook", "gemini", "--bundle", TEAM, "--state-dir", stateDir], gemini.io);
    expect(JSON.parse(gemini.out[0]!)).toMatchObject({ decision: "deny", reason: expect.stringContaining("acme.no_npm_publish") });
  });
});
