// `eval` handed an agent's hook JSON: not silently evaluated as an event of
// unknown type (an allow), but refused line by line, naming the hook command.
// And the hook's git-branch fact, read from a real repository and worktree.
import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";
import { gitBranchAt, withGitBranch } from "../../src/node/git-branch.js";
import { memoryIo } from "../support/io.js";
import { claude, cursor, gemini } from "../support/hook-payloads.js";
import { scratchDir } from "../support/scratch.js";

describe("eval given hook JSON", () => {
  it("each hook line is an error naming `gatehouse hook <agent>`; one warning on stderr; exit 1", async () => {
    const lines = [claude.pre("rm -rf ~"), gemini.before("run_shell_command", { command: "ls" }), cursor.shell("ls"), { event_type: "pre_tool_use", tool_name: "Bash", tool_input: { command: "ls" } }];
    const { io, out, err } = memoryIo({ stdin: lines.map((l) => JSON.stringify(l)).join("\n") });
    expect(await main(["eval", "-"], io)).toBe(1);
    const rows = out.map((l) => JSON.parse(l));
    expect(rows[0].error.message).toMatch(/agent's hook JSON \(hook_event_name "PreToolUse", no event_type\).*`gatehouse hook claude`/);
    expect(rows[1].error.message).toMatch(/`gatehouse hook gemini`/);
    expect(rows[2].error.message).toMatch(/`gatehouse hook cursor`/);
    expect(rows[3].decision.verdict).toBe("allow");
    expect(err[0]).toMatch(/^gatehouse eval: line 1 looks like an agent's hook JSON, not a Gatehouse event; use `gatehouse hook claude`$/);
    expect(err).toHaveLength(2); // the warning, then "3 line(s) failed"
  });
});

describe("git branch fact", () => {
  const git = (cwd: string, ...args: string[]) => execFileSync("git", args, { cwd, stdio: "pipe", env: { ...process.env, GIT_AUTHOR_NAME: "t", GIT_AUTHOR_EMAIL: "t@t", GIT_COMMITTER_NAME: "t", GIT_COMMITTER_EMAIL: "t@t" } });
  it("reads HEAD of the nearest repository, following a worktree's gitdir file; detached or none → null", () => {
    const root = scratchDir("gatehouse-git-");
    const repo = join(root, "repo");
    mkdirSync(join(repo, "sub", "deeper"), { recursive: true });
    git(repo, "init", "-q", "-b", "main");
    git(repo, "commit", "-q", "--allow-empty", "-m", "init");
    expect(gitBranchAt(join(repo, "sub", "deeper"))).toBe("main");
    git(repo, "worktree", "add", "-q", "-b", "feature/x", join(root, "wt"));
    expect(gitBranchAt(join(root, "wt"))).toBe("feature/x");
    git(repo, "checkout", "-q", "--detach");
    expect(gitBranchAt(repo)).toBeNull();
    expect(gitBranchAt(join(root, "nowhere"))).toBeNull();
    expect(withGitBranch({ env: { cwd: join(root, "wt") } }).facts).toEqual({ "git.branch": "feature/x" });
    expect(withGitBranch({ env: { cwd: join(root, "wt") }, facts: { "git.branch": "given" } }).facts).toEqual({ "git.branch": "given" });
  });
});
