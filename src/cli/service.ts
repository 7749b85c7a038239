// `gatehouse service install|uninstall|status`: the supervised daemon behind
// `install claude --http` (src/install/service-unit.ts). Install writes the
// unit (systemd user unit, launchd agent) running this installation's
// `serve`, then asks the service manager to start it; where no user service
// manager answers (a container, an SSH session without a user bus), the file
// is still written and the line says so, with the commands to run later.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, unlinkSync } from "node:fs";
import { makeDirs } from "../files/make-dirs.js";
import { dirname, join, resolve } from "node:path";
import { writeFileAtomic } from "../files/durable-file.js";
import { defaultStateDir } from "../node/state-dir.js";
import { launchdPlist, LAUNCHD_LABEL, serviceFile, servicePlatform, servicePort, SERVICE_NAME, systemdUnit, type ServicePlatform } from "../install/service-unit.js";
import { UsageError, type ParsedArgs } from "./args.js";
import { CliError, engineFromArgs } from "./engine-options.js";
import { EXIT } from "../model/exit-codes.js";
import { launcherPath } from "./install.js";
import type { Io } from "./io.js";
import { DEFAULT_PORT } from "./serve.js";

interface Manager {
  kind: ServicePlatform;
  file: string;
}

function managerOf(io: Io): Manager {
  const kind = servicePlatform();
  if (kind === null) throw new UsageError(`no user service manager is known on ${process.platform} (systemd on Linux, launchd on macOS)`);
  const file = serviceFile(kind, io.env);
  if (file === null) throw new UsageError("needs $HOME (or $XDG_CONFIG_HOME) to place the unit file");
  return { kind, file };
}

/** Run the service manager; null when it cannot be run or does not answer (no user bus). */
function ask(kind: ServicePlatform, args: string[], io: Io): { ok: boolean; output: string } | null {
  const program = kind === "systemd" ? "systemctl" : "launchctl";
  const r = spawnSync(program, kind === "systemd" ? ["--user", ...args] : args, { env: io.env as NodeJS.ProcessEnv, encoding: "utf8", timeout: 20_000 });
  if (r.error !== undefined) return null;
  const output = `${r.stdout ?? ""}${r.stderr ?? ""}`.trim();
  // systemctl without a user manager: "Failed to connect to bus" (exit 1).
  if (kind === "systemd" && /Failed to connect to (the )?bus|No medium found|\$DBUS_SESSION_BUS_ADDRESS/i.test(output)) return null;
  return { ok: r.status === 0, output };
}

const uid = () => process.getuid?.() ?? 0;
const later = (m: Manager) =>
  m.kind === "systemd" ? `systemctl --user daemon-reload && systemctl --user enable --now ${SERVICE_NAME}` : `launchctl bootstrap gui/${uid()} ${m.file}`;

/** serve's options from install's: paths absolute; the state dir defaults to the hook processes' own, so counters stay one. */
async function serveArgv(args: ParsedArgs, io: Io): Promise<string[]> {
  const port = args.values.get("port") ?? String(DEFAULT_PORT);
  if (!/^\d+$/.test(port) || Number(port) < 1 || Number(port) > 65535) throw new UsageError(`--port must be 1–65535 (got ${JSON.stringify(port)})`);
  const out = [process.execPath, launcherPath(), "serve", "--port", port];
  const bundle = args.values.get("bundle");
  if (bundle !== undefined) {
    const path = resolve(io.cwd, bundle);
    await engineFromArgs(path); // a daemon that cannot start would restart forever
    out.push("--bundle", path);
  }
  let stateDir: string;
  try {
    stateDir = resolve(io.cwd, args.values.get("state-dir") ?? defaultStateDir(io.env));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  out.push("--state-dir", stateDir);
  const ledger = args.values.get("ledger");
  if (ledger !== undefined) out.push("--ledger", resolve(io.cwd, ledger));
  const onError = args.values.get("on-error");
  if (onError !== undefined) out.push("--on-error", onError);
  return out;
}

export async function serviceInstallCommand(args: ParsedArgs, io: Io): Promise<number> {
  const m = managerOf(io);
  const argv = await serveArgv(args, io);
  const logFile = join(dirname(m.file), "gatehouse-serve.log");
  const text = m.kind === "systemd" ? systemdUnit({ argv, logFile }) : launchdPlist({ argv, logFile });
  const before = existsSync(m.file) ? readFileSync(m.file, "utf8") : null;
  if (before !== text) {
    try {
      makeDirs(dirname(m.file));
      writeFileAtomic(m.file, text, 0o644);
    } catch (error) {
      throw new CliError(`${m.file}: cannot write (${(error as NodeJS.ErrnoException).code ?? String(error)})`, EXIT.FAILURE);
    }
    io.out(`service: wrote ${m.file}`);
  } else io.out(`service: ${m.file} is already this unit (unchanged)`);
  io.out(`  runs: ${argv.join(" ")}`);
  io.out(`  restarts whenever it stops (${m.kind === "systemd" ? "Restart=always" : "KeepAlive"}), a plain SIGTERM included`);
  const steps = m.kind === "systemd" ? [["daemon-reload"], ["enable", "--now", SERVICE_NAME], ...(before !== null && before !== text ? [["restart", SERVICE_NAME]] : [])] : [["bootout", `gui/${uid()}/${LAUNCHD_LABEL}`], ["bootstrap", `gui/${uid()}`, m.file]];
  for (const step of steps) {
    const r = ask(m.kind, step, io);
    if (r === null) {
      io.err(`gatehouse service: warning: ${m.kind === "systemd" ? "systemctl --user" : "launchctl"} does not answer here (no user service manager in this session); the unit is written but not started — run \`${later(m)}\` in a login session`);
      return EXIT.OK;
    }
    // launchd's bootout of an agent that is not loaded fails; nothing to undo.
    if (!r.ok && !(m.kind === "launchd" && step[0] === "bootout")) throw new CliError(`${m.kind === "systemd" ? "systemctl --user" : "launchctl"} ${step.join(" ")} failed: ${r.output.split("\n")[0] ?? ""}`, EXIT.FAILURE);
  }
  io.out(`  started: http://127.0.0.1:${argv[argv.indexOf("--port") + 1]} (install claude --http with that URL to use it)`);
  return EXIT.OK;
}

export async function serviceUninstallCommand(_args: ParsedArgs, io: Io): Promise<number> {
  const m = managerOf(io);
  if (!existsSync(m.file)) {
    io.out(`service: ${m.file} does not exist (nothing to remove)`);
    return EXIT.OK;
  }
  const stop = m.kind === "systemd" ? ask(m.kind, ["disable", "--now", SERVICE_NAME], io) : ask(m.kind, ["bootout", `gui/${uid()}/${LAUNCHD_LABEL}`], io);
  if (stop === null) io.err(`gatehouse service: warning: ${m.kind === "systemd" ? "systemctl --user" : "launchctl"} does not answer here; removing the file only (a daemon it started keeps running until the session ends)`);
  unlinkSync(m.file);
  if (m.kind === "systemd" && stop !== null) ask(m.kind, ["daemon-reload"], io);
  io.out(`service: removed ${m.file}`);
  return EXIT.OK;
}

export async function serviceStatusCommand(args: ParsedArgs, io: Io): Promise<number> {
  const m = managerOf(io);
  const text = existsSync(m.file) ? readFileSync(m.file, "utf8") : null;
  const port = text === null ? null : servicePort(text, DEFAULT_PORT);
  const report = {
    file: m.file,
    installed: text !== null,
    port,
    manager: m.kind,
    active: null as boolean | null,
    answers: null as boolean | null,
  };
  if (text !== null) {
    const r = m.kind === "systemd" ? ask(m.kind, ["is-active", SERVICE_NAME], io) : ask(m.kind, ["print", `gui/${uid()}/${LAUNCHD_LABEL}`], io);
    report.active = r === null ? null : r.ok;
    if (port !== null) {
      try {
        report.answers = (await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(5_000) })).ok;
      } catch {
        report.answers = false;
      }
    }
  }
  if (args.flags.has("json")) io.out(JSON.stringify(report));
  else if (text === null) io.out(`service: not installed (${m.file} does not exist) — gatehouse service install`);
  else {
    const active = report.active === null ? `${m.kind === "systemd" ? "systemctl --user" : "launchctl"} does not answer here` : report.active ? "active" : "not active";
    io.out(`service: ${m.file} (port ${port}): ${active}; http://127.0.0.1:${port}/healthz ${report.answers ? "answers" : "does not answer"}`);
  }
  return text !== null && report.answers === true ? EXIT.OK : EXIT.FAILURE;
}
