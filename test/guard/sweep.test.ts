// The sweep on real git repositories (real `git init` in a temp dir): what the
// hook cannot see — a write by shell redirection — is found after the fact,
// with a record per finding. Renames, deletions, odd file names, --base and a
// checkout below the repository root.
import { execFileSync, execSync } from "node:child_process";
import { mkdirSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { foldRecords } from "../../src/guard/fold.js";
import { parsePorcelainStatus, sweep } from "../../src/guard/sweep.js";
import type { GuardSpec } from "../../src/guard/spec.js";
import { runGatehouse } from "../support/bin.js";
import { scratchDir } from "../support/scratch.js";

const base = realpathSync(scratchDir("gatehouse-sweep-"));
let n = 0;

function repo(files: Record<string, string> = { "src/a.ts": "a\n", "docs/guide.md": "g\n", "README.md": "r\n" }): string {
  const dir = join(base, `repo${n++}`);
  mkdirSync(dir);
  const git = (...args: string[]) => execFileSync("git", args, { cwd: dir, stdio: "pipe" });
  git("init", "-q", "-b", "main");
  git("config", "user.email", "dev@example.com");
  git("config", "user.name", "dev");
  git("config", "commit.gpgsign", "false");
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, ".."), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  git("add", "-A");
  git("commit", "-qm", "base");
  return dir;
}
const gitIn = (dir: string, ...args: string[]) => execFileSync("git", args, { cwd: dir, stdio: "pipe" }).toString();

const specFor = (cwd: string, touchSet: string[], recordFile = join(cwd, "..", `${n}-records.jsonl`)): GuardSpec => ({
  version: 1,
  gate: "out_of_contract_write",
  sessionCwd: cwd,
  touchSet,
  recordFile,
});

const gatehouse = (args: string[]) => runGatehouse(args);

describe("guard sweep", () => {
  it("reports a file written by `echo x > docs/oops.md` (exit 2, a record per finding) and passes in-contract changes", async () => {
    const dir = repo();
    execSync("echo x > docs/oops.md && echo y >> src/a.ts && echo z > src/new.ts", { cwd: dir, shell: "/bin/sh" });
    const recordFile = join(base, `oops-${n}.jsonl`);
    const specFile = join(base, `oops-${n}.json`);
    writeFileSync(specFile, JSON.stringify(specFor(dir, ["src/**"], recordFile)));

    const r = await gatehouse(["guard", "sweep", "--config", specFile]);
    expect(r.status).toBe(2);
    expect(r.stdout).toContain("docs/oops.md  untracked");
    expect(r.stdout).toContain("1 of 3 changed paths is outside the touch set");
    const records = foldRecords(recordFile).records;
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ hookEvent: "sweep", tool: "untracked", subject: "docs/oops.md", verdict: "finding" });

    const json = JSON.parse((await gatehouse(["guard", "sweep", "--config", specFile, "--json"])).stdout);
    expect(json).toMatchObject({ repository: dir, base: null, changed: 3, findings: [{ path: "docs/oops.md", change: "untracked" }] });

    rmSync(join(dir, "docs/oops.md"));
    const clean = await gatehouse(["guard", "sweep", "--config", specFile]);
    expect(clean.status).toBe(0);
    expect(clean.stdout).toContain("0 of 2 changed paths are outside the touch set");
  });

  it("sees staged, unstaged, deleted and untracked files in untracked directories", () => {
    const dir = repo();
    writeFileSync(join(dir, "README.md"), "changed\n");
    rmSync(join(dir, "docs/guide.md"));
    mkdirSync(join(dir, "new/deep"), { recursive: true });
    writeFileSync(join(dir, "new/deep/file.txt"), "x");
    writeFileSync(join(dir, "staged.txt"), "x");
    gitIn(dir, "add", "staged.txt");
    const found = sweep(specFor(dir, ["src/**"])).findings.map((f) => [f.path, f.change]);
    expect(found).toEqual([
      ["README.md", "modified"],
      ["docs/guide.md", "deleted"],
      ["new/deep/file.txt", "untracked"],
      ["staged.txt", "added"],
    ]);
  });

  it("a rename touches both paths: moving docs/guide.md into src/ is a finding for the old path", () => {
    const dir = repo();
    gitIn(dir, "mv", "docs/guide.md", "src/guide.md");
    const s = sweep(specFor(dir, ["src/**"]));
    expect(s.findings.map((f) => f.path)).toEqual(["docs/guide.md"]);
    expect(s.changed).toBe(2);
  });

  it("porcelain rename and copy entries carry two paths", () => {
    expect(parsePorcelainStatus("R  new.md\0old.md\0?? x\0 M y\0C  c2\0c1\0UU m\0")).toEqual([
      { path: "new.md", change: "renamed" },
      { path: "old.md", change: "renamed" },
      { path: "x", change: "untracked" },
      { path: "y", change: "modified" },
      { path: "c2", change: "copied" },
      { path: "c1", change: "copied" },
      { path: "m", change: "unmerged" },
    ]);
  });

  it("file names with spaces, quotes, unicode and a newline arrive whole (-z)", () => {
    const dir = repo();
    for (const name of ["docs/a b.md", 'docs/"q".md', "docs/ünï.md", "docs/new\nline.md"]) writeFileSync(join(dir, name), "x");
    expect(sweep(specFor(dir, ["src/**"])).findings.map((f) => f.path)).toEqual(['docs/"q".md', "docs/a b.md", "docs/new\nline.md", "docs/ünï.md"]);
  });

  it("--base: commits since the merge base are judged; commits that landed on the base since are not", () => {
    const dir = repo();
    gitIn(dir, "checkout", "-q", "-b", "task");
    writeFileSync(join(dir, "docs/committed.md"), "x");
    writeFileSync(join(dir, "src/ok.ts"), "x");
    gitIn(dir, "add", "-A");
    gitIn(dir, "commit", "-qm", "task work");
    gitIn(dir, "checkout", "-q", "main");
    writeFileSync(join(dir, "docs/upstream.md"), "x");
    gitIn(dir, "add", "-A");
    gitIn(dir, "commit", "-qm", "upstream work");
    gitIn(dir, "checkout", "-q", "task");

    const spec = specFor(dir, ["src/**"]);
    expect(sweep(spec).findings).toEqual([]); // a clean tree, without --base
    const s = sweep(spec, { base: "main" });
    expect(s.findings).toEqual([{ path: "docs/committed.md", change: "since-base", reason: expect.stringContaining("matches none") }]);
  });

  it("a checkout below the repository root: paths are judged relative to it, and changes above it are outside", () => {
    const dir = repo({ "pkg/app/src/a.ts": "a", "pkg/app/notes.md": "n", "top.md": "t" });
    const cwd = join(dir, "pkg/app");
    writeFileSync(join(cwd, "src/b.ts"), "x");
    writeFileSync(join(cwd, "notes.md"), "changed");
    writeFileSync(join(dir, "top.md"), "changed");
    const found = sweep(specFor(cwd, ["src/**"])).findings;
    expect(found.map((f) => [f.path, f.reason.includes("outside the checkout")])).toEqual([
      ["notes.md", false],
      ["top.md", true],
    ]);
  });

  it("the guard's own files in the checkout are not findings", () => {
    const dir = repo();
    const spec = specFor(dir, ["src/**"], join(dir, ".gatehouse/records.jsonl"));
    mkdirSync(join(dir, ".gatehouse"));
    writeFileSync(join(dir, ".gatehouse/spec.json"), JSON.stringify(spec));
    writeFileSync(spec.recordFile, "");
    writeFileSync(join(dir, "docs/oops.md"), "x");
    const s = sweep(spec, { ownFiles: [join(dir, ".gatehouse/spec.json"), spec.recordFile] });
    expect(s.findings.map((f) => f.path)).toEqual(["docs/oops.md"]);
  });

  it("a broken glob makes every changed path a finding (fail closed)", () => {
    const dir = repo();
    writeFileSync(join(dir, "src/new.ts"), "x");
    const s = sweep(specFor(dir, ["src/**", "[broken"]));
    expect(s.findings).toHaveLength(1);
    expect(s.findings[0]!.reason).toContain("cannot be judged");
  });

  it("ignores a repository's fsmonitor: the sweep never runs a command the session configured", () => {
    const dir = repo();
    const marker = join(base, `fsmonitor-ran-${n}`);
    gitIn(dir, "config", "core.fsmonitor", `touch ${marker}; false`);
    writeFileSync(join(dir, "docs/oops.md"), "x");
    expect(sweep(specFor(dir, ["src/**"])).findings).toHaveLength(1);
    expect(() => execFileSync("test", ["-e", marker])).toThrow();
  });

  it("ignores a repository's clean filters: git status would run them on a stat-dirty file", () => {
    const dir = repo({ ".gitattributes": "*.txt filter=evil\n", "docs/a.txt": "a\n" });
    const marker = join(base, `filter-ran-${n}`);
    gitIn(dir, "config", "filter.evil.clean", `touch ${marker}; cat`);
    gitIn(dir, "config", "filter.evil.required", "true");
    writeFileSync(join(dir, "docs/a.txt"), "b\n");
    expect(sweep(specFor(dir, ["src/**"])).findings.map((f) => f.path)).toEqual(["docs/a.txt"]);
    expect(() => execFileSync("test", ["-e", marker])).toThrow();
  });

  it("outside a repository, an unknown --base and an unreadable spec are one-line errors", async () => {
    const notRepo = join(base, "not-a-repo");
    mkdirSync(notRepo);
    const specFile = join(base, "not-a-repo.json");
    writeFileSync(specFile, JSON.stringify(specFor(notRepo, ["src/**"])));
    const r = await gatehouse(["guard", "sweep", "--config", specFile]);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^gatehouse guard sweep: git rev-parse in .*not-a-repo: fatal: not a git repository/);
    expect(r.stderr.trim().split("\n")).toHaveLength(1);

    const dir = repo();
    const ok = join(base, `ok-${n}.json`);
    writeFileSync(ok, JSON.stringify(specFor(dir, ["src/**"])));
    const badBase = await gatehouse(["guard", "sweep", "--config", ok, "--base", "no-such-ref"]);
    expect(badBase.status).toBe(1);
    expect(badBase.stderr).toContain("git merge-base");

    const missing = await gatehouse(["guard", "sweep", "--config", join(base, "none.json")]);
    expect(missing.status).toBe(66);
    expect(missing.stderr).toContain("cannot read spec (ENOENT)");
  });
});
