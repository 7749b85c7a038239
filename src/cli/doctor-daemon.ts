// `gatehouse doctor` on a hook's mode and, for `--daemon auto`, the per-user
// daemon it forwards to (docs/daemon.md "The per-user daemon"): where its
// socket is, whether it runs (its pid), and whether the daemon answering there
// is the one this hook would use (engine, build and key headers).
import { existsSync, readFileSync } from "node:fs";
import { dirname, isAbsolute } from "node:path";
import { runDirRefusal, socketPathRefusal } from "../node/daemon-socket.js";
import { packageRoot } from "../node/package-root.js";
import { askSocket, foreignReply, hookWords, locateDaemon } from "../node/socket-forward.js";
import type { Finding } from "./finding.js";

const PROBE_MS = 2_000;

/** Which way the installed hook command evaluates: `daemon` is its `--daemon` value, or undefined. */
export function hookModeFinding(daemon: string | undefined, agent: string, subject: string): Finding {
  if (daemon === "auto") return { level: "info", subject, message: "mode: forwards to this user's daemon on its Unix socket, which the hook starts itself (--daemon auto, install's default)" };
  if (daemon !== undefined) return { level: "info", subject, message: `mode: forwards to the daemon at ${daemon} (--daemon URL)` };
  return { level: "info", subject, message: `mode: in-process (every call loads the engine in the hook process; gatehouse install ${agent} without --in-process forwards to a per-user daemon)` };
}

/** The per-user daemon of a `--daemon auto` hook: `args` are the hook command's words after the agent. */
export async function autoDaemonFindings(agent: string, args: readonly string[], launcher: string, project: string, env: NodeJS.ProcessEnv, subject: string): Promise<Finding[]> {
  const words = hookWords([agent, ...args]);
  if (words === null) return [];
  // The installation the hook runs (its launcher's package), whose build names the daemon.
  const root = isAbsolute(launcher) ? dirname(dirname(launcher)) : packageRoot();
  const located = locateDaemon(words, { root, env, cwd: project });
  if (located === null) return [{ level: "warn", subject, message: "per-user daemon: no state directory or an unreadable bundle, so each call is evaluated in the hook process" }];
  const { files, identity } = located;
  const key = identity.key.slice(0, 12);
  const refusal = socketPathRefusal(files.socket) ?? (existsSync(files.dir) ? runDirRefusal(files.dir, false) : null);
  if (refusal !== null) return [{ level: "warn", subject, message: `per-user daemon not used: ${refusal} — each call is evaluated in the hook process (slower)` }];
  const reply = await askSocket(files.socket, "/healthz", null, PROBE_MS);
  if (reply.kind === "absent") {
    let starting = "";
    try {
      starting = ` (a start holds ${files.pid}: pid ${readFileSync(files.pid, "utf8").trim()})`;
    } catch {
      // no start under way
    }
    return [{ level: "info", subject, message: `per-user daemon not running${starting}: socket ${files.socket} (key ${key}); the next hook call starts it and is evaluated in-process meanwhile` }];
  }
  if (reply.kind === "failed") return [{ level: "warn", subject, message: `per-user daemon on ${files.socket} ${reply.reason} — calls are evaluated in the hook process while it does not answer` }];
  const foreign = foreignReply(reply.headers, identity);
  if (foreign !== null) return [{ level: "warn", subject, message: `the daemon answering on ${files.socket} is not this hook's (${foreign}): never used, each call is evaluated in the hook process` }];
  let pid: unknown = null;
  try {
    pid = (JSON.parse(reply.body) as { pid?: unknown }).pid ?? null;
  } catch {
    // reported below as no pid
  }
  if (reply.status !== 200) return [{ level: "warn", subject, message: `per-user daemon on ${files.socket} answers /healthz with HTTP ${reply.status}` }];
  return [{ level: "ok", subject, message: `per-user daemon running: pid ${String(pid)}, key ${key} matches, socket ${files.socket}` }];
}
