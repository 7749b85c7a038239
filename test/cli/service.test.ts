// `gatehouse service install|status|uninstall`: the supervised daemon behind
// `install claude --http`. The generated systemd unit and launchd plist are
// checked as text; the unit's own ExecStart words are run and answer
// /healthz, and exit 0 on SIGTERM (why the unit says Restart=always). This
// machine has no user service manager (systemctl --user: "Failed to connect
// to bus"), and the tests make sure of that on any machine by pointing the
// user bus at nothing, so they never start a real service: install writes the
// unit and says it could not start it. Then install --http warns, and doctor
// flags an http hook whose daemon is not supervised.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";
import { launchdPlist, servicePort, systemdUnit } from "../../src/install/service-unit.js";
import { memoryIo } from "../support/io.js";
import { scratchDir } from "../support/scratch.js";

const scratch = realpathSync(scratchDir("gatehouse-service-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** systemd's command-line unquoting, for the words this module writes (double-quoted, \\ \" %% $$). */
function execStartWords(unit: string): string[] {
  const line = /^ExecStart=(.*)$/m.exec(unit)![1]!;
  return [...line.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1]!.replace(/\\(.)/g, "$1").replace(/%%/g, "%").replace(/\$\$/g, "$"));
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });

describe("the unit files", () => {
  const spec = { argv: ["/opt/node 20/bin/node", "/srv/gate%house/bin/gatehouse.js", "serve", "--port", "4283", "--state-dir", '/home/u/st"$ate'], logFile: "/home/u/Library/LaunchAgents/gatehouse-serve.log" };

  it("systemd: Restart=always (a clean SIGTERM exit is restarted too), reload by SIGHUP, every word quoted for systemd", () => {
    const unit = systemdUnit(spec);
    expect(unit).toMatch(/^Restart=always$/m);
    expect(unit).toMatch(/^RestartSec=1$/m);
    expect(unit).toMatch(/^StartLimitIntervalSec=0$/m);
    expect(unit).toMatch(/^ExecReload=\/bin\/kill -HUP \$MAINPID$/m);
    expect(unit).toMatch(/^WantedBy=default\.target$/m);
    expect(unit).toContain('ExecStart="/opt/node 20/bin/node" "/srv/gate%%house/bin/gatehouse.js" "serve" "--port" "4283" "--state-dir" "/home/u/st\\"$$ate"');
    expect(execStartWords(unit)).toEqual(spec.argv);
    expect(servicePort(unit, 1)).toBe(4283);
  });

  it("launchd: KeepAlive and RunAtLoad, the argv as strings (XML-escaped), the log file", () => {
    const plist = launchdPlist({ ...spec, argv: [...spec.argv, "--bundle", "/b&<x>.json"] });
    expect(plist).toContain("<key>KeepAlive</key>\n  <true/>");
    expect(plist).toContain("<key>RunAtLoad</key>\n  <true/>");
    expect(plist).toContain("<string>/b&amp;&lt;x&gt;.json</string>");
    expect(plist).toContain("<string>dev.gatehouse.serve</string>");
    expect(servicePort(plist, 1)).toBe(4283);
    expect(servicePort(launchdPlist({ ...spec, argv: ["/n", "/g", "serve"] }), 4283)).toBe(4283);
    expect(servicePort("[Service]\nExecStart=/bin/true\n", 4283)).toBeNull();
  });
});

describe("gatehouse service and install --http", () => {
  const home = join(scratch, "home");
  const config = join(scratch, "config");
  const project = join(scratch, "project");
  for (const d of [home, config, project]) mkdirSync(d, { recursive: true });
  // No user bus: systemctl --user cannot reach a manager, on this machine or any other.
  const env = { HOME: home, XDG_CONFIG_HOME: config, XDG_STATE_HOME: join(scratch, "state"), XDG_RUNTIME_DIR: join(scratch, "run"), DBUS_SESSION_BUS_ADDRESS: `unix:path=${join(scratch, "no-bus")}`, PATH: process.env.PATH ?? "" };
  const run = async (...args: string[]) => {
    const m = memoryIo({ cwd: project, env });
    const code = await main(args, m.io);
    return { code, out: m.out.join("\n"), err: m.err.join("\n") };
  };
  const unitFile = join(config, "systemd", "user", "gatehouse.service");

  it.runIf(process.platform === "linux")(
    "install writes the unit (the manager does not answer here: said so, with the command to start it); its ExecStart serves; status and uninstall",
    async () => {
      const port = await freePort();
      const r = await run("service", "install", "--port", String(port));
      expect(r.code, r.err).toBe(0);
      expect(r.out).toContain(`service: wrote ${unitFile}`);
      expect(r.err).toMatch(/systemctl --user does not answer here .*the unit is written but not started — run `systemctl --user daemon-reload && systemctl --user enable --now gatehouse\.service`/);
      const unit = readFileSync(unitFile, "utf8");
      const argv = execStartWords(unit);
      expect(argv.slice(0, 5)).toEqual([process.execPath, join(import.meta.dirname, "..", "..", "bin", "gatehouse.js"), "serve", "--port", String(port)]);
      expect(argv.slice(5)).toEqual(["--state-dir", join(scratch, "state", "gatehouse")]);
      expect((await run("service", "install", "--port", String(port))).out).toContain("(unchanged)");

      // What systemd would start: it serves, and a plain SIGTERM ends it with exit 0 (so only Restart=always restarts it).
      const child = spawn(argv[0]!, argv.slice(1), { env: { ...env, GATEHOUSE_CACHE_DIR: "off" }, stdio: ["ignore", "pipe", "pipe"] });
      const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
      await new Promise<void>((resolve, reject) => {
        child.stdout.on("data", (b: Buffer) => b.toString().includes("listening on") && resolve());
        child.on("exit", () => reject(new Error("serve exited before listening")));
      });
      const status = await run("service", "status", "--json");
      expect(JSON.parse(status.out)).toEqual({ file: unitFile, installed: true, port, manager: "systemd", active: null, answers: true });
      expect(status.code).toBe(0);

      // doctor: an http hook on this port is supervised; on another port it is not.
      await run("install", "claude", "--http", `http://127.0.0.1:${port}`);
      let doctor = JSON.parse((await run("doctor", "--json")).out);
      expect(doctor.findings.map((f: { level: string; message: string }) => `${f.level} ${f.message}`)).toContainEqual(`ok the daemon on port ${port} is supervised (${unitFile}: restarted whenever it stops)`);
      child.kill("SIGTERM");
      expect(await exited).toBe(0);
      expect(JSON.parse((await run("service", "status", "--json")).out).answers).toBe(false);

      const u = await run("service", "uninstall");
      expect(u.code).toBe(0);
      expect(existsSync(unitFile)).toBe(false);
      doctor = JSON.parse((await run("doctor", "--json")).out);
      expect(doctor.findings).toContainEqual(
        expect.objectContaining({ level: "warn", message: expect.stringMatching(new RegExp(`^no supervised daemon \\(${unitFile}\\): while nothing answers at http://127\\.0\\.0\\.1:${port}/v1/hook/claude, Claude Code lets every call through unchecked — gatehouse service install --port ${port}$`)) }),
      );
      expect((await run("service", "status")).out).toContain("not installed");
    },
    120_000,
  );

  it("install claude --http warns that Claude Code fails open while the daemon is down, and names service install", async () => {
    const r = await run("install", "claude", "--http", "http://127.0.0.1:4999");
    expect(r.code).toBe(0);
    expect(r.err).toMatch(/warning: --http: while nothing answers at http:\/\/127\.0\.0\.1:4999\/, Claude Code lets every tool call through unchecked .*gatehouse service install --port 4999/);
  });

  it("a bad port or a bundle that does not load is refused before anything is written", async () => {
    rmSync(unitFile, { force: true });
    expect((await run("service", "install", "--port", "99999")).code).toBe(64);
    const bad = join(scratch, "bad.json");
    writeFileSync(bad, '{"format":"nope"}');
    expect((await run("service", "install", "--bundle", bad)).code).toBe(1);
    expect(existsSync(unitFile)).toBe(false);
  });
});
