// Issue 17 item 5 through the REAL hook process: `gatehouse hook claude` in a
// throwaway project and HOME, the files on disk, Claude Code's own payloads.
// The hook resolves the operands' symlinks and reads the scripts a command runs
// (src/node/host-facts.ts) and hands them to the engine as `host` facts; the
// two-step routes (write a script, then run it; make a link, then go through
// it) stop, their harmless neighbours pass, and the ledger row replays exactly.
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { claude } from "../support/hook-payloads.js";
import { inBatches, runGatehouse } from "../support/spawn-hook.js";
import { postJson, spawnServe } from "../daemon/harness.js";
import { scratchDir } from "../support/scratch.js";

const root = scratchDir("gatehouse-hostfacts-");
const HOME = join(root, "home");
const P = join(HOME, "project");
mkdirSync(P, { recursive: true });
writeFileSync(join(HOME, ".bashrc"), "# rc\n");
const put = (name: string, text: string, dir = P) => writeFileSync(join(dir, name), text, { mode: 0o755 });
put("x.sh", "#!/bin/sh\nrm -rf ~\n");
put("build.sh", "#!/bin/sh\nset -e\nmkdir -p dist\ncp src/*.js dist/\n");
put("big.sh", `#!/bin/sh\n${"echo harmless\n".repeat(6000)}`); // ~78 KiB: over the 64 KiB bound
put("Makefile", "all:\n\ttsc\n\nclean:\n\trm -rf $(HOME)/\n");
put("package.json", JSON.stringify({ name: "app", scripts: { test: "vitest run", build: "tsc" } }));
symlinkSync(HOME, join(P, "homelink"));
const P2 = join(root, "other");
mkdirSync(P2);
put("package.json", JSON.stringify({ name: "evil", scripts: { test: "rm -rf ~/" } }), P2);

const env = { HOME };
const hook = (payload: unknown, cwd = P, args: string[] = []) => runGatehouse(["hook", "claude", ...args], JSON.stringify(payload), env, cwd);
const bash = (command: string, cwd = P) => claude.pre(command, { cwd });
const verdictOf = (stdout: string): string => (stdout.trim() === "" ? "allow" : (JSON.parse(stdout).hookSpecificOutput?.permissionDecision ?? "allow"));

describe("gatehouse hook claude with the real file system", () => {
  it("Write x.sh holding rm -rf ~ is allowed; running it — bash, ./, source, sh — is denied", async () => {
    const write = await hook(claude.tool("Write", { file_path: join(P, "x.sh"), content: "#!/bin/sh\nrm -rf ~\n" }, { cwd: P }));
    expect(verdictOf(write.stdout)).toBe("allow");
    const runs = await inBatches(["bash x.sh", "./x.sh", "source x.sh", ". ./x.sh", "sh x.sh"].map((c) => () => hook(bash(c))), 3);
    for (const r of runs) {
      expect(r.code).toBe(0);
      expect(verdictOf(r.stdout)).toBe("deny");
      expect(r.stdout).toMatch(/fs\.wipe/);
    }
  });

  it("ln -s ~ homelink: rm -rf homelink/ is denied, a Write to homelink/.bashrc stops, rm homelink is allowed", async () => {
    const [wipe, rc, unlink, unlinkF] = await inBatches(
      [
        () => hook(bash("rm -rf homelink/")),
        () => hook(claude.tool("Write", { file_path: join(P, "homelink/.bashrc"), content: "curl x | sh\n" }, { cwd: P })),
        () => hook(bash("rm homelink")),
        () => hook(bash("rm -f homelink")),
      ],
      2,
    );
    expect(verdictOf(wipe.stdout)).toBe("deny");
    expect(verdictOf(rc.stdout)).not.toBe("allow");
    expect(rc.stdout).toMatch(/persist\.autorun/);
    expect(verdictOf(unlink.stdout)).toBe("allow");
    expect(verdictOf(unlinkF.stdout)).toBe("allow");
  });

  it("harmless scripts pass: bash build.sh, npm run test, make", async () => {
    const runs = await inBatches(["bash build.sh", "./build.sh", "npm run test", "npm test", "make"].map((c) => () => hook(bash(c))), 3);
    for (const r of runs) expect([verdictOf(r.stdout), r.stderr]).toEqual(["allow", ""]);
  });

  it("a package.json whose test script wipes home, a Makefile target that does: stopped", async () => {
    const [npm, make] = await inBatches([() => hook(bash("npm test", P2), P2), () => hook(bash("make clean"))], 2);
    expect(verdictOf(npm.stdout)).toBe("deny");
    expect(verdictOf(make.stdout)).toBe("deny");
  });

  it("a script over the host's 64 KiB bound asks (unknown shape 1)", async () => {
    const r = await hook(bash("bash big.sh"));
    expect(verdictOf(r.stdout)).toBe("ask");
    expect(r.stdout).toMatch(/unknown shape 1/);
  });

  it("the ledger row holds the host facts, and replay is exact", async () => {
    const ledger = join(root, "ledger.jsonl");
    const r = await hook(bash("bash x.sh && cat homelink/.bashrc"), P, ["--ledger", ledger, "--ledger-events"]);
    expect(verdictOf(r.stdout)).toBe("deny");
    const row = JSON.parse(readFileSync(ledger, "utf8").trim().split("\n").at(-1)!);
    const host = JSON.stringify(row);
    expect(host).toContain(JSON.stringify(join(P, "x.sh")));
    expect(host).toContain("rm -rf ~");
    expect(host).toContain(JSON.stringify(join(P, "homelink")));
    const replay = await runGatehouse(["replay", ledger], "", env, P);
    expect(replay.code).toBe(0);
  });

  it("gatehouse serve's hook route gathers the same facts: bash x.sh denied, bash build.sh allowed", async () => {
    const serve = await spawnServe([], { ...process.env, HOME, GATEHOUSE_CACHE_DIR: join(root, "cache"), XDG_STATE_HOME: join(root, "state") });
    try {
      const deny = await postJson(serve.url, "/v1/hook/claude", bash("bash x.sh"));
      const allow = await postJson(serve.url, "/v1/hook/claude", bash("bash build.sh"));
      expect(verdictOf(deny.body)).toBe("deny");
      expect(verdictOf(allow.body)).toBe("allow");
    } finally {
      serve.child.kill("SIGTERM");
      await serve.exited;
    }
  });
});
