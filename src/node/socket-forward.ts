// `gatehouse hook AGENT --daemon auto`: hand the call to this user's daemon
// over its Unix socket, starting the daemon when none answers (docs/daemon.md
// "The per-user daemon"). The launcher (bin/gatehouse.js) loads this file
// alone: node:net, node:fs, node:path and nothing of the engine (node:crypto
// only for a --bundle file's digest).
// The request is written by hand over node:net — node:http costs ~1.3 ms more
// to load than the whole exchange (docs/performance.md).
//
// Which daemon: the one whose key (build, bundle bytes, answer-changing
// options: src/node/daemon-socket.ts) names the socket, in `<state dir>/run/`,
// a directory checked to be this user's and 0700 before every connect. Its
// answer must carry our engine, build and key in its headers, or it is not
// used. No daemon answers → start one (src/node/daemon-start.ts, detached,
// never waited for) and evaluate this call here meanwhile. Anything else —
// a foreign daemon, a bad directory, a daemon that dies or stalls mid-call, a
// reply that is not a hook answer — is an in-process answer with one stderr
// line: never an unexamined allow.
import { connect } from "node:net";
import { readFileSync } from "node:fs";
import { isAbsolute, resolve } from "node:path";
import { isHookAgent } from "../adapters/types.js";
import { BUILD_HEADER, bundleSourceDigest, cliBuildDigest, daemonIdentity, daemonOptionWords, ENGINE_HEADER, KEY_HEADER, runDirRefusal, socketFiles, socketPathRefusal, type DaemonIdentity, type SocketFiles } from "./daemon-socket.js";
import { startDaemon } from "./daemon-start.js";
import { geminiHeadless } from "./gemini-headless.js";
import { daemonTimeoutOf, answerOf, type Forwarded } from "./hook-answer.js";

const VALUES = new Set(["bundle", "state-dir", "on-error", "ledger", "daemon", "daemon-timeout"]);
const FLAGS = new Set(["grant-allow", "twin", "ledger-events", "ledger-redact"]);

export interface HookWords {
  agent: string;
  values: Map<string, string>;
  flags: Set<string>;
}

/** The hook's argv (after `hook`) as the CLI would read it, or null when the CLI would refuse it (its usage error then). */
export function hookWords(argv: readonly string[]): HookWords | null {
  const values = new Map<string, string>();
  const flags = new Set<string>();
  const positionals: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i]!;
    if (!word.startsWith("--")) {
      positionals.push(word);
      continue;
    }
    const eq = word.indexOf("=");
    const name = word.slice(2, eq < 0 ? undefined : eq);
    if (VALUES.has(name)) {
      const value = eq < 0 ? argv[++i] : word.slice(eq + 1);
      if (value === undefined) return null;
      values.set(name, value);
    } else if (FLAGS.has(name) && eq < 0) flags.add(name);
    else return null;
  }
  return positionals.length === 1 ? { agent: positionals[0]!, values, flags } : null;
}

export interface AutoContext {
  /** The package root (the launcher's `..`). */
  root: string;
  env: NodeJS.ProcessEnv;
  cwd: string;
  readStdin: () => string;
}

/** The reply read off the socket. */
export type Reply =
  | { kind: "absent" } // no socket, or nothing listening on it
  | { kind: "failed"; reason: string }
  | { kind: "reply"; status: number; headers: Map<string, string>; body: string };

const MAX_REPLY_BYTES = 128 * 1024 * 1024;

/** One HTTP/1.1 exchange over a Unix socket: a POST of `body` (null: a GET) with `Connection: close`, the reply read by its Content-Length. */
export function askSocket(socketPath: string, path: string, body: Buffer | null, timeoutMs: number): Promise<Reply> {
  return new Promise((done) => {
    const socket = connect(socketPath);
    let connected = false;
    let settled = false;
    const chunks: Buffer[] = [];
    let size = 0;
    let head: { status: number; headers: Map<string, string>; start: number; length: number | null } | null = null;
    const finish = (reply: Reply) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      done(reply);
    };
    const timer = setTimeout(() => finish({ kind: "failed", reason: `did not answer within ${timeoutMs} ms` }), timeoutMs);
    const complete = (all: Buffer) => finish({ kind: "reply", status: head!.status, headers: head!.headers, body: all.subarray(head!.start, head!.length === null ? undefined : head!.start + head!.length).toString("utf8") });
    socket.on("connect", () => (connected = true));
    socket.on("data", (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size > MAX_REPLY_BYTES) return finish({ kind: "failed", reason: "sent a reply too large to be a hook answer" });
      const all = chunks.length === 1 ? chunk : Buffer.concat(chunks);
      if (head === null) {
        const end = all.indexOf("\r\n\r\n");
        if (end < 0) return;
        const lines = all.subarray(0, end).toString("latin1").split("\r\n");
        const status = /^HTTP\/1\.[01] (\d{3})/.exec(lines[0]!);
        if (status === null) return finish({ kind: "failed", reason: "sent a reply that is not HTTP" });
        const headers = new Map<string, string>();
        for (const line of lines.slice(1)) {
          const colon = line.indexOf(":");
          if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
        }
        const declared = headers.get("content-length");
        head = { status: Number(status[1]), headers, start: end + 4, length: declared !== undefined && /^\d+$/.test(declared) ? Number(declared) : null };
      }
      if (head.length !== null && all.length >= head.start + head.length) complete(all);
    });
    socket.on("end", () => {
      if (head !== null && head.length === null) complete(Buffer.concat(chunks));
      else finish({ kind: "failed", reason: "broke off its reply" });
    });
    socket.on("close", () => finish({ kind: "failed", reason: "broke off its reply" }));
    socket.on("error", (error: NodeJS.ErrnoException) => {
      if (!connected && (error.code === "ENOENT" || error.code === "ECONNREFUSED")) finish({ kind: "absent" });
      else finish({ kind: "failed", reason: connected ? `broke off its reply (${error.code ?? error.message})` : `unreachable (${error.code ?? error.message})` });
    });
    if (body === null) socket.write(`GET ${path} HTTP/1.1\r\nHost: gatehouse\r\nConnection: close\r\n\r\n`);
    else {
      socket.write(`POST ${path} HTTP/1.1\r\nHost: gatehouse\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`);
      socket.write(body);
    }
  });
}

/** Why the reply is not from our daemon (another engine, build or key), or null. */
export function foreignReply(headers: ReadonlyMap<string, string>, identity: DaemonIdentity): string | null {
  const want: [string, string][] = [
    [ENGINE_HEADER, identity.engine],
    [BUILD_HEADER, identity.build ?? "none"],
    [KEY_HEADER, identity.key],
  ];
  for (const [name, value] of want) if (headers.get(name) !== value) return `${name} ${JSON.stringify(headers.get(name) ?? null)}, not ${JSON.stringify(value)}`;
  return null;
}

/** `$XDG_STATE_HOME/gatehouse`, else `~/.local/state/gatehouse` (src/node/state-dir.ts, without its store's imports). */
function stateDirOf(words: HookWords, ctx: Pick<AutoContext, "env" | "cwd">): string | null {
  const given = words.values.get("state-dir");
  if (given !== undefined) return resolve(ctx.cwd, given);
  const xdg = ctx.env.XDG_STATE_HOME;
  if (xdg && isAbsolute(xdg)) return resolve(xdg, "gatehouse");
  return ctx.env.HOME ? resolve(ctx.env.HOME, ".local", "state", "gatehouse") : null;
}

export interface LocatedDaemon {
  identity: DaemonIdentity;
  files: SocketFiles;
  stateDir: string;
  /** The daemon-relevant options it is started with (its key is made of them). */
  optionWords: string[];
}

/** The daemon these hook words forward to, or null when the hook would not forward (no state directory, an unreadable bundle: the hook reports it). */
export function locateDaemon(words: HookWords, ctx: Pick<AutoContext, "root" | "env" | "cwd">): LocatedDaemon | null {
  const stateDir = stateDirOf(words, ctx);
  if (stateDir === null) return null;
  // The options the daemon is started with, as absolute paths; `--on-error open` is the default.
  const values = new Map<string, string>();
  for (const name of ["bundle", "ledger"]) {
    const v = words.values.get(name);
    if (v !== undefined) values.set(name, name === "bundle" && v.startsWith("gatehouse:") ? v : resolve(ctx.cwd, v));
  }
  if (words.values.get("on-error") === "closed") values.set("on-error", "closed");
  const optionWords = daemonOptionWords(values, words.flags);
  let bundleSource: string;
  try {
    bundleSource = bundleSourceDigest(values.get("bundle") ?? null);
  } catch {
    return null;
  }
  const identity = daemonIdentity(cliBuildDigest(ctx.root), bundleSource, optionWords);
  return { identity, files: socketFiles(stateDir, identity), stateDir, optionWords };
}

/**
 * Forward one hook call to the per-user daemon: `argv` is what follows `hook` (the agent first).
 * Never throws and never rejects.
 */
export async function forwardAuto(argv: readonly string[], ctx: AutoContext): Promise<Forwarded> {
  const words = hookWords(argv);
  const timeoutMs = daemonTimeoutOf(words?.values.get("daemon-timeout") ?? null);
  if (typeof timeoutMs === "string") return { kind: "usage", message: timeoutMs };
  let stdin: string;
  try {
    stdin = ctx.readStdin();
  } catch (error) {
    return { kind: "fallback", why: `stdin: cannot read (${(error as NodeJS.ErrnoException).code ?? String(error)})`, stdin: "" };
  }
  // What the CLI would refuse (an unknown agent or option, a bad posture) is its usage error, with its own message.
  if (words === null || !isHookAgent(words.agent) || !["open", "closed", undefined].includes(words.values.get("on-error"))) return { kind: "fallback", why: "", stdin };
  const here = (why: string): Forwarded => ({ kind: "fallback", why: why === "" ? "" : `${why}; evaluated in this process`, stdin });
  try {
    const daemon = locateDaemon(words, ctx);
    if (daemon === null) return here(""); // the hook reports the missing state directory or the unreadable bundle
    const { identity, files } = daemon;
    const refusal = socketPathRefusal(files.socket) ?? runDirRefusal(files.dir, true);
    if (refusal !== null) return here(`daemon not used: ${refusal}`);
    const path = `/v1/hook-answer/${words.agent}${words.agent === "gemini" && geminiHeadless({ env: ctx.env, pid: process.pid }) === true ? "/no-person" : ""}`;
    const reply = await askSocket(files.socket, path, Buffer.from(stdin, "utf8"), timeoutMs);
    const where = `daemon unix:${files.socket}`;
    if (reply.kind === "absent") {
      await startDaemon({ files, root: ctx.root, stateDir: daemon.stateDir, words: daemon.optionWords, cwd: ctx.cwd, env: ctx.env });
      return here(""); // starting (or being started): this call is evaluated here, silently
    }
    if (reply.kind === "failed") return here(`${where} ${reply.reason}`);
    const foreign = foreignReply(reply.headers, identity);
    if (foreign !== null) return here(`${where} is not this build's daemon (${foreign}), not used`);
    if (reply.status !== 200) return here(`${where} answered HTTP ${reply.status}`);
    const answer = answerOf(reply.body);
    if (answer === null) return here(`${where} sent a reply that is not a hook answer`);
    return { kind: "answered", answer };
  } catch (error) {
    return here(`daemon not used (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
}

/** The launcher's entry: the real stdin, environment and working directory. */
export function forwardAutoHook(argv: readonly string[], root: string): Promise<Forwarded> {
  return forwardAuto(argv, { root, env: process.env, cwd: process.cwd(), readStdin: () => readFileSync(0, "utf8") });
}
