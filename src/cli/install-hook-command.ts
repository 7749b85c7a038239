// What an install's hook command runs and the record of it, shared by the settings-file installs (install.ts)
// and the hook-file installs (install-hook-file.ts): this installation's launcher, the options passed on to
// `gatehouse hook AGENT`, and the install record every hook hands the classifier as its footprint.
import { join, resolve } from "node:path";
import type { HookCommandRequest } from "../install/entries.js";
import { daemonEndpoint } from "../node/hook-forward.js";
import { updateInstallRecord } from "../node/install-record.js";
import { packageRoot } from "../node/package-root.js";
import { defaultStateDir } from "../node/state-dir.js";
import { UsageError, type ParsedArgs } from "./args.js";
import { engineFromArgs } from "./engine-options.js";
import type { Io } from "./io.js";
import { ledgerTargetOf } from "./ledger-flags.js";

/** The absolute path of this installation's launcher: what the hook command runs. */
export function launcherPath(): string {
  return join(packageRoot(), "bin", "gatehouse.js");
}

/** The options passed on to `gatehouse hook`, paths made absolute (the agent runs the hook from anywhere). */
export async function hookOptions(args: ParsedArgs, io: Io): Promise<string[]> {
  const out: string[] = [];
  const bundle = args.values.get("bundle");
  if (bundle !== undefined) {
    const path = resolve(io.cwd, bundle);
    await engineFromArgs(path); // a hook pointing at a bundle that does not load would protect nobody
    out.push("--bundle", path);
  }
  const stateDir = args.values.get("state-dir");
  if (stateDir !== undefined) out.push("--state-dir", resolve(io.cwd, stateDir));
  const onError = args.values.get("on-error");
  if (onError !== undefined) out.push("--on-error", onError);
  const ledger = ledgerTargetOf(args);
  if (ledger !== null) {
    out.push("--ledger", resolve(io.cwd, ledger.path));
    if (ledger.events) out.push("--ledger-events");
    if (ledger.redact) out.push("--ledger-redact");
  }
  const daemon = args.values.get("daemon");
  // The default is the fast path: the hook forwards to this user's daemon, which it starts itself (docs/daemon.md
  // "The per-user daemon"); `--in-process` keeps the pure in-process hook.
  if (daemon === "auto" || (daemon === undefined && !args.flags.has("in-process"))) out.push("--daemon", "auto");
  else if (daemon !== undefined) {
    // The hook process forwards to the daemon and evaluates in-process only when it does not answer (docs/daemon.md).
    const endpoint = daemonEndpoint(daemon);
    if (typeof endpoint === "string") throw new UsageError(endpoint);
    out.push("--daemon", endpoint.origin);
  }
  return out;
}

/** What an install wrote: the agent, the scope and the file (a settings file, or a hook file). */
export interface Recorded {
  agent: string;
  scope: string;
  path: string;
}

/** The state directory an install names (`--state-dir`, else the hook's default); null when none can be named. */
function recordDir(args: ParsedArgs, io: Io): string | null {
  const option = args.values.get("state-dir");
  if (option !== undefined) return resolve(io.cwd, option);
  try {
    return defaultStateDir(io.env);
  } catch {
    return null;
  }
}

/**
 * Keep what this install wrote and what its hook runs in the state directory's
 * install record (src/node/install-record.ts): the footprint every hook hands
 * the classifier. A record that cannot be written costs only the entries the
 * hook cannot see of itself — said, not fatal (the hook is installed).
 */
export function recordInstall(args: ParsedArgs, io: Io, target: Recorded, request: HookCommandRequest & { http?: string | null }): void {
  const dir = recordDir(args, io);
  if (dir === null) return;
  const option = (name: string) => {
    const i = request.hookOptions.indexOf(name);
    return i < 0 ? null : request.hookOptions[i + 1]!;
  };
  try {
    updateInstallRecord(dir, target.path, {
      agent: target.agent,
      scope: target.scope,
      settings: target.path,
      runs: request.http == null ? [request.node, request.cli] : [],
      bundle: option("--bundle"),
      stateDir: option("--state-dir"),
      ledger: option("--ledger"),
      daemon: request.http ?? (option("--daemon") === "auto" ? null : option("--daemon")), // `auto`: its socket is under the state directory
    });
  } catch (error) {
    io.err(`gatehouse install: warning: ${dir}: cannot record the install (${(error as NodeJS.ErrnoException).code ?? String(error)}); the hook protects its own files but not this install's other ones`);
  }
}

/** Remove the install record's entry for `path` (uninstall). */
export function forgetInstall(args: ParsedArgs, io: Io, path: string): void {
  const dir = recordDir(args, io);
  if (dir === null) return;
  try {
    updateInstallRecord(dir, path, null);
  } catch {
    // no record to update: nothing recorded there
  }
}
