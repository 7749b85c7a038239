// `gatehouse install|uninstall opencode|kilo` and doctor's check of those plugin files (OpenCode, and
// Kilo Code, its fork with the same plugin API), on real files: the plugin file imports this checkout's
// dist/<agent>.js by absolute path, doctor imports it in a real Node process and puts `rm -rf ~` to it.
import { existsSync, mkdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { PLUGIN_FILES } from "../../src/install/plugin-file.js";
import { pluginModulePath } from "../../src/cli/install-plugin.js";
import { main } from "../../src/cli/main.js";
import { memoryIo } from "../support/io.js";
import { scratchDir } from "../support/scratch.js";

const root = realpathSync(scratchDir("gatehouse-opencode-"));
// Each agent: its project directory, its user directory under $XDG_CONFIG_HOME, the variable that skips the project's.
const AGENTS = [
  { agent: "opencode", dir: ".opencode", config: "opencode", skip: "OPENCODE_DISABLE_PROJECT_CONFIG" },
  { agent: "kilo", dir: ".kilo", config: "kilo", skip: "KILO_DISABLE_PROJECT_CONFIG" },
] as const;
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

describe.each(AGENTS)("gatehouse install $agent", ({ agent, dir, config }) => {
  it(`writes ${dir}/plugins/gatehouse.js importing this installation by absolute path; again: unchanged; uninstall removes it`, async () => {
    const w = fresh();
    const env = { HOME: w.home };
    const first = await cli(["install", agent, "--project", w.project, "--on-error", "closed"], w.dir, env);
    expect(first.code, first.err).toBe(0);
    const path = join(w.project, dir, "plugins/gatehouse.js");
    const text = readFileSync(path, "utf8");
    expect(text).toContain(`from ${JSON.stringify(pathToFileURL(pluginModulePath(agent)).href)}`);
    expect(text).toContain(`${PLUGIN_FILES[agent].factory}({"onError":"closed"})`);
    expect(text).not.toMatch(/from "gatehouse/);
    const second = await cli(["install", agent, "--project", w.project, "--on-error", "closed"], w.dir, env);
    expect(second.out).toContain("already loads Gatehouse (unchanged)");
    const removed = await cli(["uninstall", agent, "--project", w.project], w.dir, env);
    expect(removed.out).toContain(`removed ${path}`);
    expect(existsSync(path)).toBe(false);
  });

  it("a plugin file that is not Gatehouse's is never touched, by install or uninstall", async () => {
    const w = fresh();
    const path = join(w.project, dir, "plugins/gatehouse.js");
    mkdirSync(join(w.project, dir, "plugins"), { recursive: true });
    writeFileSync(path, "export const Mine = async () => ({});\n");
    const installed = await cli(["install", agent, "--project", w.project], w.dir, { HOME: w.home });
    expect(installed.code).toBe(1);
    expect(installed.err).toMatch(/is not Gatehouse's plugin file; left untouched/);
    expect((await cli(["uninstall", agent, "--project", w.project], w.dir, { HOME: w.home })).out).toMatch(/not Gatehouse's plugin file \(unchanged\)/);
    expect(readFileSync(path, "utf8")).toBe("export const Mine = async () => ({});\n");
  });

  it(`--user writes into $XDG_CONFIG_HOME/${config}/plugins (default ~/.config); --daemon, --http and --managed are usage errors`, async () => {
    const w = fresh();
    expect((await cli(["install", agent, "--user"], w.dir, { HOME: w.home })).code).toBe(0);
    expect(existsSync(join(w.home, ".config", config, "plugins/gatehouse.js"))).toBe(true);
    const xdg = join(w.dir, "xdg");
    expect((await cli(["install", agent, "--user"], w.dir, { HOME: w.home, XDG_CONFIG_HOME: xdg })).code).toBe(0);
    expect(existsSync(join(xdg, config, "plugins/gatehouse.js"))).toBe(true);
    for (const extra of [["--daemon", "http://127.0.0.1:4283"], ["--http", "http://127.0.0.1:4283"], ["--managed"]]) {
      const r = await cli(["install", agent, ...extra], w.project, { HOME: w.home });
      expect(r.code, extra.join(" ")).toBe(64);
    }
  });
});

describe.each(AGENTS)("doctor and $agent", ({ agent, dir, skip }) => {
  it("imports the plugin file in Node: rm -rf ~ blocked, ls runs — ok; a file naming a missing module or a gate that lets everything through: an error", async () => {
    const w = fresh();
    const env = { HOME: w.home };
    await cli(["install", agent, "--project", w.project], w.dir, env);
    const ok = JSON.parse((await cli(["doctor", "--project", w.project, "--json"], w.dir, env)).out);
    expect(ok.findings).toContainEqual(expect.objectContaining({ level: "ok", subject: `${agent} project`, message: expect.stringContaining("self-test: rm -rf ~ blocked, ls runs") }));
    expect(ok.installed).toContainEqual(expect.objectContaining({ agent, scope: "project" }));
    expect(ok.healthy).toBe(true);
    const skipped = JSON.parse((await cli(["doctor", "--project", w.project, "--json"], w.dir, { ...env, [skip]: "1" })).out);
    expect(skipped.findings).toContainEqual(expect.objectContaining({ level: "warn", subject: `${agent} project`, message: expect.stringContaining(`${skip} is set here`) }));

    const path = join(w.project, dir, "plugins/gatehouse.js");
    const text = readFileSync(path, "utf8");
    writeFileSync(path, text.replace(/from "file:[^"]+"/, `from ${JSON.stringify(pathToFileURL(join(w.dir, `gone/${agent}.js`)).href)}`));
    const gone = await cli(["doctor", "--project", w.project], w.dir, env);
    expect(gone.code).toBe(1);
    expect(gone.out).toMatch(new RegExp(`^error  ${agent} project: .* which does not exist \\(Gatehouse moved\\?\\): run gatehouse install ${agent} again$`, "m"));

    const lax = join(w.dir, "lax.mjs");
    writeFileSync(lax, `export const ${PLUGIN_FILES[agent].factory} = () => async () => ({ 'tool.execute.before': async () => {} });\n`);
    writeFileSync(path, text.replace(/from "file:[^"]+"/, `from ${JSON.stringify(pathToFileURL(lax).href)}`));
    const through = await cli(["doctor", "--project", w.project], w.dir, env);
    expect(through.code).toBe(1);
    expect(through.out).toMatch(new RegExp(`^error  ${agent} project: .* loads but let rm -rf ~ through \\(ran\\)$`, "m"));
  });
});
