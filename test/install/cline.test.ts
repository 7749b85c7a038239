// `gatehouse install|uninstall cline` and doctor's check of the hook file, on real files: the file is an
// executable sh script exec-ing the wrapped hook command (this checkout by absolute path); doctor runs it as
// Cline 3.0.65 does (`sh FILE`) with `ls` and `rm -rf ~`, and says when it is missing, stale or not executable.
// The file and every directory Cline reads hook files from are on the gate's footprint.
import { chmodSync, existsSync, mkdirSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { launcherPath } from "../../src/cli/install.js";
import { main } from "../../src/cli/main.js";
import { runShell } from "../../src/cli/run-shell.js";
import { hookFileCommand } from "../../src/install/hook-file.js";
import { unwrapHookWords } from "../../src/install/hook-wrapper.js";
import { readAnswer, selfTestPayload } from "../../src/install/self-test.js";
import { hostFootprint, projectFootprint } from "../../src/node/footprint.js";
import { shellQuote, shellWords } from "../../src/shell-words.js";
import { memoryIo } from "../support/io.js";
import { scratchDir } from "../support/scratch.js";

const root = realpathSync(scratchDir("gatehouse-cline-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
const fresh = () => {
  const dir = join(root, String(n++));
  mkdirSync(join(dir, "project"), { recursive: true });
  mkdirSync(join(dir, "home"), { recursive: true });
  // --in-process: no per-user daemon is started by the runs below (the forwarding default is checked by its words).
  return { project: join(dir, "project"), home: join(dir, "home"), dir, env: { HOME: join(dir, "home"), XDG_STATE_HOME: join(dir, "state"), PATH: process.env.PATH ?? "" } };
};
const cli = async (argv: string[], cwd: string, env: Record<string, string>) => {
  const m = memoryIo({ cwd, env });
  const code = await main(argv, m.io);
  return { code, out: m.out.join("\n"), err: m.err.join("\n") };
};
const FILE = ".clinerules/hooks/PreToolUse";
/** The file run as Cline runs it (its shebang's interpreter), one tool call on stdin; read as Cline reads stdout. */
const runFile = async (path: string, cwd: string, env: Record<string, string>, command: string) => {
  const r = await runShell(shellQuote(["sh", path]), JSON.stringify(selfTestPayload("cline", command, cwd)), { cwd, env, timeoutMs: 120_000 });
  return { ...r, verdict: readAnswer("cline", r) };
};

describe("gatehouse install cline", () => {
  it("writes an executable .clinerules/hooks/PreToolUse exec-ing the wrapped hook (forwarding by default); again: unchanged; uninstall removes it", async () => {
    const w = fresh();
    const first = await cli(["install", "cline", "--project", w.project], w.dir, w.env);
    expect(first.code, first.err).toBe(0);
    const path = join(w.project, FILE);
    const text = readFileSync(path, "utf8");
    expect(text.split("\n")[0]).toBe("#!/bin/sh");
    expect(statSync(path).mode & 0o111).not.toBe(0);
    expect(unwrapHookWords(shellWords(hookFileCommand(text)!))).toEqual([process.execPath, launcherPath(), "hook", "cline", "--daemon", "auto"]);
    expect((await cli(["install", "cline", "--project", w.project], w.dir, w.env)).out).toContain("already runs Gatehouse (unchanged)");
    chmodSync(path, 0o644);
    expect((await cli(["install", "cline", "--project", w.project], w.dir, w.env)).out).toContain("replacing the one written before");
    expect(statSync(path).mode & 0o111).not.toBe(0);
    const removed = await cli(["uninstall", "cline", "--project", w.project], w.dir, w.env);
    expect(removed.out).toContain(`removed ${path}`);
    expect(existsSync(path)).toBe(false);
  });

  it("the file stops rm -rf ~ (Cline's cancel with the rule's reason) and lets ls through; with Gatehouse gone it still stops the call", async () => {
    const w = fresh();
    expect((await cli(["install", "cline", "--project", w.project, "--in-process"], w.dir, w.env)).code).toBe(0);
    const path = join(w.project, FILE);
    const denied = await runFile(path, w.project, w.env, "rm -rf ~");
    expect(denied.verdict).toBe("deny");
    expect(JSON.parse(denied.stdout)).toEqual({ cancel: true, errorMessage: expect.stringContaining("fs.wipe") });
    expect((await runFile(path, w.project, w.env, "ls")).verdict).toBe("allow");
    // The launcher it names gone (a moved checkout): the wrapper answers Cline's cancel, naming the fix.
    writeFileSync(path, readFileSync(path, "utf8").replace(launcherPath(), join(w.dir, "gone", "gatehouse.js")));
    const broken = await runFile(path, w.project, w.env, "ls");
    expect(broken.verdict).toBe("deny");
    expect(JSON.parse(broken.stdout).errorMessage).toMatch(/its hook could not run .*reinstall Gatehouse/);
  });

  it("a hook file that is not Gatehouse's is never touched, by install or uninstall", async () => {
    const w = fresh();
    const path = join(w.project, FILE);
    mkdirSync(join(w.project, ".clinerules/hooks"), { recursive: true });
    writeFileSync(path, "#!/bin/sh\necho '{}'\n");
    const installed = await cli(["install", "cline", "--project", w.project], w.dir, w.env);
    expect(installed.code).toBe(1);
    expect(installed.err).toMatch(/is not Gatehouse's hook file; left untouched/);
    expect((await cli(["uninstall", "cline", "--project", w.project], w.dir, w.env)).out).toMatch(/not Gatehouse's hook file \(unchanged\)/);
    expect(readFileSync(path, "utf8")).toBe("#!/bin/sh\necho '{}'\n");
  });

  it("--user writes $CLINE_DIR/hooks/PreToolUse (default ~/.cline); --http, --managed and --touch-set are usage errors", async () => {
    const w = fresh();
    expect((await cli(["install", "cline", "--user", "--in-process"], w.dir, w.env)).code).toBe(0);
    expect(existsSync(join(w.home, ".cline/hooks/PreToolUse"))).toBe(true);
    const clineDir = join(w.dir, "cline-dir");
    expect((await cli(["install", "cline", "--user", "--in-process"], w.dir, { ...w.env, CLINE_DIR: clineDir })).code).toBe(0);
    expect(existsSync(join(clineDir, "hooks/PreToolUse"))).toBe(true);
    for (const extra of [["--http", "http://127.0.0.1:4283"], ["--managed"], ["--touch-set", "src/**"]]) {
      const r = await cli(["install", "cline", ...extra], w.project, w.env);
      expect(r.code, extra.join(" ")).toBe(64);
    }
  });

  it("through the installed file, changing Cline's hook files stops (agent.controls), reading them does not; under $CLINE_DIR too (the footprint: the install record and Cline's hook directories)", async () => {
    const w = fresh();
    const clineDir = join(w.dir, "cline-dir");
    const env = { ...w.env, CLINE_DIR: clineDir };
    expect((await cli(["install", "cline", "--project", w.project, "--in-process"], w.dir, env)).code).toBe(0);
    expect((await cli(["install", "cline", "--user", "--in-process"], w.dir, env)).code).toBe(0);
    const path = join(w.project, FILE);
    const userFile = join(clineDir, "hooks/PreToolUse");
    const call = async (name: string, input: unknown) => {
      const payload = { ...selfTestPayload("cline", "ls", w.project), taskId: `t${n++}`, tool_call: { id: "c1", name, input } };
      const r = await runShell(shellQuote(["sh", path]), JSON.stringify(payload), { cwd: w.project, env, timeoutMs: 120_000 });
      return r.stdout.trim() === "" ? "allow" : String(JSON.parse(r.stdout).errorMessage).split(":")[0];
    };
    for (const command of [`rm -f ${FILE}`, `chmod -x ${FILE}`, "mv .clinerules /tmp/x", `rm -f ${userFile}`, `echo exit 0 > ${userFile}`])
      expect(await call("run_commands", { commands: [command] }), command).toBe("agent.controls");
    expect(await call("editor", { path: userFile, new_text: "#!/bin/sh\n" })).toBe("agent.controls");
    expect(await call("editor", { path: join(w.project, ".cline/hooks/PreToolUse.sh"), new_text: "exit 0\n" })).toBe("agent.controls");
    expect(await call("run_commands", { commands: [`cat ${FILE}`] })).toBe("allow");
    expect(await call("editor", { path: join(w.project, "notes.md"), new_text: "x\n" })).toBe("allow");
  });

  it("the footprint holds Cline's hook directories: the project's (and above), the user's, $CLINE_DIR's", () => {
    const w = fresh();
    expect(projectFootprint(w.project)).toEqual(expect.arrayContaining([join(w.project, ".clinerules/hooks"), join(w.project, ".cline/hooks")]));
    const host = hostFootprint({ env: { HOME: w.home, CLINE_DIR: "/opt/cline" }, stateDir: null, bundle: null, ledger: null });
    expect(host).toEqual(expect.arrayContaining(["/opt/cline/hooks", join(w.home, "Documents/Cline/Hooks")]));
  });
});

describe("doctor and cline", () => {
  it("runs the file as Cline does: rm -rf ~ stopped, ls runs — ok; not executable, stale, another PreToolUse hook: warnings; gone after install: an error", async () => {
    const w = fresh();
    await cli(["install", "cline", "--project", w.project, "--in-process"], w.dir, w.env);
    const ok = JSON.parse((await cli(["doctor", "--project", w.project, "--json"], w.dir, w.env)).out);
    expect(ok.findings).toContainEqual(expect.objectContaining({ level: "ok", subject: "cline project", message: expect.stringMatching(/self-test: `ls` allowed, `rm -rf ~` denied/) }));
    expect(ok.installed).toContainEqual(expect.objectContaining({ agent: "cline", scope: "project", event: "PreToolUse" }));
    expect(ok.healthy).toBe(true);

    const path = join(w.project, FILE);
    chmodSync(path, 0o644);
    writeFileSync(path, readFileSync(path, "utf8").replace("0|66|70) exit $c;;", "0|66|70|1) exit $c;;"));
    writeFileSync(join(w.project, ".clinerules/hooks/PreToolUse.py"), "print('{}')\n");
    const warned = await cli(["doctor", "--project", w.project], w.dir, w.env);
    expect(warned.code, warned.out).toBe(0);
    expect(warned.out).toMatch(/^warn {3}cline project: .*PreToolUse is not executable: Cline 3\.0\.65 still runs it/m);
    expect(warned.out).toMatch(/^warn {3}cline project: stale: .* was written by another Gatehouse version/m);
    expect(warned.out).toMatch(/^warn {3}cline project: .*PreToolUse\.py runs on PreToolUse too/m);

    rmSync(path);
    const gone = await cli(["doctor", "--project", w.project], w.dir, w.env);
    expect(gone.code).toBe(1);
    expect(gone.out).toMatch(/^error  cline project: missing: Gatehouse was installed at .* and the file is gone/m);
    await cli(["uninstall", "cline", "--project", w.project], w.dir, w.env);
    expect((await cli(["doctor", "--project", w.project], w.dir, w.env)).out).toMatch(/^info {3}cline project: not installed/m);
  });

  it("a file marked as Gatehouse's that runs no gatehouse hook: an error (stale)", async () => {
    const w = fresh();
    await cli(["install", "cline", "--project", w.project, "--in-process"], w.dir, w.env);
    const path = join(w.project, FILE);
    writeFileSync(path, readFileSync(path, "utf8").replace(/^exec .*$/m, "exec true"));
    const r = await cli(["doctor", "--project", w.project], w.dir, w.env);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/^error  cline project: stale: .* runs no wrapped gatehouse hook/m);
  });
});
