// The daemon's git-branch reader (src/node/git-branch.ts): what it remembers
// per cwd is a hint, never an answer. Real git, real directories: every change
// that moves the answer — HEAD switched, a nearer repository created, `.git`
// turned into a worktree's file or removed — shows on the very next call, and
// over random sequences of such changes the reader always agrees with a fresh walk.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GitBranchReader, gitBranchAt } from "../../src/node/git-branch.js";
import { scratchDir } from "../support/scratch.js";

const git = (cwd: string, ...args: string[]) =>
  execFileSync("git", args, { cwd, stdio: "pipe", env: { ...process.env, GIT_AUTHOR_NAME: "t", GIT_AUTHOR_EMAIL: "t@t", GIT_COMMITTER_NAME: "t", GIT_COMMITTER_EMAIL: "t@t" } });

let root: string;
beforeAll(() => {
  root = scratchDir("gatehouse-git-reader-");
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("GitBranchReader", () => {
  it("answers the next call after each change as a fresh walk does", () => {
    const repo = join(root, "repo");
    const deep = join(repo, "pkg", "src");
    mkdirSync(deep, { recursive: true });
    git(repo, "init", "-q", "-b", "feature");
    git(repo, "commit", "-q", "--allow-empty", "-m", "init");
    const reader = new GitBranchReader();
    expect(reader.branchAt(deep)).toBe("feature");
    expect(reader.branchAt(deep)).toBe("feature"); // from the hint

    git(repo, "checkout", "-q", "-b", "main"); // HEAD switched
    expect(reader.branchAt(deep)).toBe("main");

    git(join(repo, "pkg"), "init", "-q", "-b", "nested"); // a nearer repository
    expect(reader.branchAt(deep)).toBe("nested");
    rmSync(join(repo, "pkg", ".git"), { recursive: true });
    expect(reader.branchAt(deep)).toBe("main");

    git(repo, "worktree", "add", "-q", "-b", "wt-branch", join(root, "wt"));
    const wt = join(root, "wt");
    expect(reader.branchAt(wt)).toBe("wt-branch"); // a `.git` file
    git(wt, "checkout", "-q", "-b", "wt-main");
    expect(reader.branchAt(wt)).toBe("wt-main");
    writeFileSync(join(wt, ".git"), "not a gitdir line\n");
    expect(reader.branchAt(wt)).toBeNull();

    git(repo, "checkout", "-q", "--detach");
    expect(reader.branchAt(deep)).toBeNull();
    rmSync(join(repo, ".git"), { recursive: true });
    expect(reader.branchAt(deep)).toBeNull();
    expect(reader.branchAt(join(root, "nowhere", "at", "all"))).toBeNull();
  });

  it("agrees with a fresh walk over random sequences of changes (a `.git` dir, a `.git` file, none, at any level; HEAD rewritten)", () => {
    const base = mkdtempSync(join(root, "seq-"));
    const levels = [base, join(base, "a"), join(base, "a", "b"), join(base, "a", "b", "c")];
    mkdirSync(levels[3]!, { recursive: true });
    // Real git directories to point `.git` files at, each on its own branch.
    const gitDirs = ["one", "two"].map((name) => {
      const dir = join(root, `store-${name}-${Math.random().toString(36).slice(2)}`);
      mkdirSync(dir);
      git(dir, "init", "-q", "-b", name);
      return join(dir, ".git");
    });
    const op = fc.record({
      level: fc.nat(3),
      what: fc.constantFrom("dir", "file", "none", "head", "detach"),
      branch: fc.constantFrom("main", "feature", "x/y"),
      at: fc.nat(3), // which cwd is asked
      store: fc.nat(1),
    });
    fc.assert(
      fc.property(fc.array(op, { minLength: 1, maxLength: 20 }), (ops) => {
        for (const dir of levels) rmSync(join(dir, ".git"), { recursive: true, force: true });
        const reader = new GitBranchReader();
        for (const o of ops) {
          const dotGit = join(levels[o.level]!, ".git");
          rmSync(dotGit, { recursive: true, force: true });
          if (o.what === "dir" || o.what === "head" || o.what === "detach") {
            mkdirSync(dotGit);
            writeFileSync(join(dotGit, "HEAD"), o.what === "detach" ? "0123456789abcdef0123456789abcdef01234567\n" : `ref: refs/heads/${o.branch}\n`);
          } else if (o.what === "file") writeFileSync(dotGit, `gitdir: ${gitDirs[o.store]}\n`);
          for (const cwd of [levels[o.at]!, levels[3]!]) expect(reader.branchAt(cwd)).toBe(gitBranchAt(cwd));
        }
      }),
      { numRuns: 40 },
    );
  });

  it("keeps at most `remember` hints, and none with 0", () => {
    const reader = new GitBranchReader(2);
    const dirs = ["p", "q", "r"].map((name) => {
      const dir = join(root, `many-${name}`);
      mkdirSync(dir, { recursive: true });
      git(dir, "init", "-q", "-b", name);
      return dir;
    });
    for (const dir of dirs) reader.branchAt(dir);
    expect((reader as unknown as { found: Map<string, unknown> }).found.size).toBe(2);
    const none = new GitBranchReader(0);
    expect(none.branchAt(dirs[0]!)).toBe("p");
    expect((none as unknown as { found: Map<string, unknown> }).found.size).toBe(0);
  });

  it("enrich adds the fact and keeps one the caller set", () => {
    const dir = join(root, "many-p");
    const reader = new GitBranchReader();
    expect(reader.enrich({ env: { cwd: dir } }).facts).toEqual({ "git.branch": "p" });
    expect(reader.enrich({ env: { cwd: dir }, facts: { "git.branch": "given" } }).facts).toEqual({ "git.branch": "given" });
    expect(reader.enrich({ tool_name: "Bash" })).toEqual({ tool_name: "Bash" });
  });
});
