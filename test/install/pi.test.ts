// `gatehouse install|uninstall pi` and doctor's Pi check, on real files: the extension file imports this
// checkout's dist/pi.js by absolute path; doctor imports it in a real Node process, calls its default
// export with Pi's `on(event, handler)` and puts `rm -rf ~` to its tool_call handler.
import { existsSync, mkdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { pluginModulePath } from "../../src/cli/install-plugin.js";
import { main } from "../../src/cli/main.js";
import { memoryIo } from "../support/io.js";
import { scratchDir } from "../support/scratch.js";

const root = realpathSync(scratchDir("gatehouse-pi-install-"));
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

describe("gatehouse install pi", () => {
  it("writes .pi/extensions/gatehouse.js whose default export is this installation's extension; again: unchanged; uninstall removes it", async () => {
    const w = fresh();
    const env = { HOME: w.home };
    const first = await cli(["install", "pi", "--project", w.project, "--on-error", "closed"], w.dir, env);
    expect(first.code, first.err).toBe(0);
    const path = join(w.project, ".pi/extensions/gatehouse.js");
    const text = readFileSync(path, "utf8");
    expect(text).toContain(`import { createGatehousePiExtension } from ${JSON.stringify(pathToFileURL(pluginModulePath("pi")).href)};`);
    expect(text).toContain(`export default createGatehousePiExtension({"onError":"closed"});`);
    const second = await cli(["install", "pi", "--project", w.project, "--on-error", "closed"], w.dir, env);
    expect(second.out).toContain("already loads Gatehouse (unchanged)");
    const removed = await cli(["uninstall", "pi", "--project", w.project], w.dir, env);
    expect(removed.out).toContain(`removed ${path}`);
    expect(existsSync(path)).toBe(false);
  });

  it("an extension file there that is not Gatehouse's is never touched", async () => {
    const w = fresh();
    const path = join(w.project, ".pi/extensions/gatehouse.js");
    mkdirSync(join(w.project, ".pi/extensions"), { recursive: true });
    writeFileSync(path, "export default () => {};\n");
    const installed = await cli(["install", "pi", "--project", w.project], w.dir, { HOME: w.home });
    expect(installed.code).toBe(1);
    expect(installed.err).toMatch(/is not Gatehouse's plugin file; left untouched/);
    expect((await cli(["uninstall", "pi", "--project", w.project], w.dir, { HOME: w.home })).out).toMatch(/not Gatehouse's plugin file \(unchanged\)/);
    expect(readFileSync(path, "utf8")).toBe("export default () => {};\n");
  });

  it("--user writes into $PI_CODING_AGENT_DIR/extensions (default ~/.pi/agent); --daemon, --http and --managed are usage errors", async () => {
    const w = fresh();
    expect((await cli(["install", "pi", "--user"], w.dir, { HOME: w.home })).code).toBe(0);
    expect(existsSync(join(w.home, ".pi/agent/extensions/gatehouse.js"))).toBe(true);
    const agentDir = join(w.dir, "pi-agent");
    expect((await cli(["install", "pi", "--user"], w.dir, { HOME: w.home, PI_CODING_AGENT_DIR: agentDir })).code).toBe(0);
    expect(existsSync(join(agentDir, "extensions/gatehouse.js"))).toBe(true);
    for (const extra of [["--daemon", "http://127.0.0.1:4283"], ["--http", "http://127.0.0.1:4283"], ["--managed"]]) {
      const r = await cli(["install", "pi", ...extra], w.project, { HOME: w.home });
      expect(r.code, extra.join(" ")).toBe(64);
    }
  });
});

describe("doctor and Pi", () => {
  it("imports the extension in Node: rm -rf ~ blocked, ls runs — ok; a file naming a missing module or a gate that blocks nothing: an error", async () => {
    const w = fresh();
    const env = { HOME: w.home };
    await cli(["install", "pi", "--project", w.project], w.dir, env);
    const ok = JSON.parse((await cli(["doctor", "--project", w.project, "--json"], w.dir, env)).out);
    expect(ok.findings).toContainEqual(expect.objectContaining({ level: "ok", subject: "pi project", message: expect.stringContaining("self-test: rm -rf ~ blocked, ls runs") }));
    expect(ok.installed).toContainEqual(expect.objectContaining({ agent: "pi", scope: "project", event: "tool_call" }));
    expect(ok.healthy).toBe(true);

    const path = join(w.project, ".pi/extensions/gatehouse.js");
    const text = readFileSync(path, "utf8");
    writeFileSync(path, text.replace(/from "file:[^"]+"/, `from ${JSON.stringify(pathToFileURL(join(w.dir, "gone/pi.js")).href)}`));
    const gone = await cli(["doctor", "--project", w.project], w.dir, env);
    expect(gone.code).toBe(1);
    expect(gone.out).toMatch(/^error  pi project: .* which does not exist \(Gatehouse moved\?\): run gatehouse install pi again$/m);

    const lax = join(w.dir, "lax.mjs");
    writeFileSync(lax, "export const createGatehousePiExtension = () => (pi) => { pi.on('tool_call', async () => undefined); };\n");
    writeFileSync(path, text.replace(/from "file:[^"]+"/, `from ${JSON.stringify(pathToFileURL(lax).href)}`));
    const through = await cli(["doctor", "--project", w.project], w.dir, env);
    expect(through.code).toBe(1);
    expect(through.out).toMatch(/^error  pi project: .* loads but let rm -rf ~ through \(ran\)$/m);
  });
});
