// `gatehouse install|uninstall opencode` and doctor's OpenCode check, on real files: the plugin
// file imports this checkout's dist/opencode.js by absolute path, doctor imports it in a real Node
// process and puts `rm -rf ~` to it.
import { existsSync, mkdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { openCodeModulePath } from "../../src/cli/install-plugin.js";
import { main } from "../../src/cli/main.js";
import { memoryIo } from "../support/io.js";
import { scratchDir } from "../support/scratch.js";

const root = realpathSync(scratchDir("gatehouse-opencode-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
const fresh = () => {
  const dir = join(root, String(n++));
  mkdirSync(join(dir, "project"), { recursive: true });
  mkdirSync(join(dir, "home"), { recursive: true });
  return { project: join(dir, "project"), home: join(dir, "home"), dir };
};
const cli = async (argv: string[], cwd: string, env: Record<string, string>) => {
  const m = memoryIo({ cwd, env });
  const code = await main(argv, m.io);
  return { code, out: m.out.join("\n"), err: m.err.join("\n") };
};

describe("gatehouse install opencode", () => {
  it("writes .opencode/plugins/gatehouse.js importing this installation by absolute path; again: unchanged; uninstall removes it", async () => {
    const w = fresh();
    const env = { HOME: w.home };
    const first = await cli(["install", "opencode", "--project", w.project, "--on-error", "closed"], w.dir, env);
    expect(first.code, first.err).toBe(0);
    const path = join(w.project, ".opencode/plugins/gatehouse.js");
    const text = readFileSync(path, "utf8");
    expect(text).toContain(`from ${JSON.stringify(pathToFileURL(openCodeModulePath()).href)}`);
    expect(text).toContain(`createGatehousePlugin({"onError":"closed"})`);
    expect(text).not.toMatch(/from "gatehouse/);
    const second = await cli(["install", "opencode", "--project", w.project, "--on-error", "closed"], w.dir, env);
    expect(second.out).toContain("already loads Gatehouse (unchanged)");
    const removed = await cli(["uninstall", "opencode", "--project", w.project], w.dir, env);
    expect(removed.out).toContain(`removed ${path}`);
    expect(existsSync(path)).toBe(false);
  });

  it("a plugin file that is not Gatehouse's is never touched, by install or uninstall", async () => {
    const w = fresh();
    const path = join(w.project, ".opencode/plugins/gatehouse.js");
    mkdirSync(join(w.project, ".opencode/plugins"), { recursive: true });
    writeFileSync(path, "export const Mine = async () => ({});\n");
    const installed = await cli(["install", "opencode", "--project", w.project], w.dir, { HOME: w.home });
    expect(installed.code).toBe(1);
    expect(installed.err).toMatch(/is not Gatehouse's plugin file; left untouched/);
    expect((await cli(["uninstall", "opencode", "--project", w.project], w.dir, { HOME: w.home })).out).toMatch(/not Gatehouse's plugin file \(unchanged\)/);
    expect(readFileSync(path, "utf8")).toBe("export const Mine = async () => ({});\n");
  });

  it("--user writes into $XDG_CONFIG_HOME/opencode/plugins (default ~/.config); --daemon, --http and --managed are usage errors", async () => {
    const w = fresh();
    expect((await cli(["install", "opencode", "--user"], w.dir, { HOME: w.home })).code).toBe(0);
    expect(existsSync(join(w.home, ".config/opencode/plugins/gatehouse.js"))).toBe(true);
    const xdg = join(w.dir, "xdg");
    expect((await cli(["install", "opencode", "--user"], w.dir, { HOME: w.home, XDG_CONFIG_HOME: xdg })).code).toBe(0);
    expect(existsSync(join(xdg, "opencode/plugins/gatehouse.js"))).toBe(true);
    for (const extra of [["--daemon", "http://127.0.0.1:4283"], ["--http", "http://127.0.0.1:4283"], ["--managed"]]) {
      const r = await cli(["install", "opencode", ...extra], w.project, { HOME: w.home });
      expect(r.code, extra.join(" ")).toBe(64);
    }
  });
});

describe("doctor and OpenCode", () => {
  it("imports the plugin file in Node: rm -rf ~ blocked, ls runs — ok; a file naming a missing module or a gate that lets everything through: an error", async () => {
    const w = fresh();
    const env = { HOME: w.home };
    await cli(["install", "opencode", "--project", w.project], w.dir, env);
    const ok = JSON.parse((await cli(["doctor", "--project", w.project, "--json"], w.dir, env)).out);
    expect(ok.findings).toContainEqual(expect.objectContaining({ level: "ok", subject: "opencode project", message: expect.stringContaining("self-test: rm -rf ~ blocked, ls runs") }));
    expect(ok.installed).toContainEqual(expect.objectContaining({ agent: "opencode", scope: "project" }));
    expect(ok.healthy).toBe(true);

    const path = join(w.project, ".opencode/plugins/gatehouse.js");
    const text = readFileSync(path, "utf8");
    writeFileSync(path, text.replace(/from "file:[^"]+"/, `from ${JSON.stringify(pathToFileURL(join(w.dir, "gone/opencode.js")).href)}`));
    const gone = await cli(["doctor", "--project", w.project], w.dir, env);
    expect(gone.code).toBe(1);
    expect(gone.out).toMatch(/^error  opencode project: .* which does not exist \(Gatehouse moved\?\): run gatehouse install opencode again$/m);

    const lax = join(w.dir, "lax.mjs");
    writeFileSync(lax, "export const createGatehousePlugin = () => async () => ({ 'tool.execute.before': async () => {} });\n");
    writeFileSync(path, text.replace(/from "file:[^"]+"/, `from ${JSON.stringify(pathToFileURL(lax).href)}`));
    const through = await cli(["doctor", "--project", w.project], w.dir, env);
    expect(through.code).toBe(1);
    expect(through.out).toMatch(/^error  opencode project: .* loads but let rm -rf ~ through \(ran\)$/m);
  });
});
