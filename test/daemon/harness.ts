// Test harness for the daemon: an in-process daemon on a free loopback port,
// a plain HTTP client (node:http, so the test controls every header), raw
// socket writes for what no client library would send, and the CLI as a real
// child process.
import { spawn, type ChildProcess } from "node:child_process";
import { Agent, request } from "node:http";
import { connect } from "node:net";
import type { ErrorPosture } from "../../src/adapters/types.js";
import type { Engine } from "../../src/engine.js";
import { createLogger, type LogLevel } from "../../src/daemon/log.js";
import { daemonRouter } from "../../src/daemon/routes.js";
import { startDaemon, type Daemon, type Limits } from "../../src/daemon/server.js";
import { DaemonService } from "../../src/daemon/service.js";
import { memoryStore, type DaemonStore } from "../../src/daemon/stores.js";
import { BIN, inBatches } from "../support/spawn-hook.js";

export { BIN };

export interface TestDaemon {
  daemon: Daemon;
  service: DaemonService;
  logs: string[];
  stop(): Promise<void>;
}

export async function startTestDaemon(
  engine: Engine,
  options: { store?: DaemonStore; limits?: Partial<Limits>; level?: LogLevel; host?: string; posture?: ErrorPosture } = {},
): Promise<TestDaemon> {
  const logs: string[] = [];
  const log = createLogger(options.level ?? "info", (line) => logs.push(line));
  const store = options.store ?? memoryStore();
  const service = new DaemonService(engine, {
    store,
    log,
    now: Date.now,
    startedMs: Date.now(),
    posture: options.posture ?? "open",
    grantAllow: false,
    host: { cwd: "/home/dev/project", home: "/home/dev", pathDirs: [], mode: "http" },
  });
  const daemon = await startDaemon({ host: options.host ?? "127.0.0.1", port: 0, service, router: daemonRouter(service), log, limits: options.limits });
  return {
    daemon,
    service,
    logs,
    async stop() {
      await daemon.close();
      await store.close();
    },
  };
}

export interface HttpAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

const agent = new Agent({ keepAlive: true, maxSockets: 64 });

/** One request with exactly the headers given (plus Host, unless `host` is null). */
export function http(
  url: string,
  options: { method?: string; path?: string; body?: string | Buffer; headers?: Record<string, string>; host?: string | null; keepAlive?: boolean } = {},
): Promise<HttpAnswer> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.body !== undefined && headers["content-type"] === undefined) headers["content-type"] = "application/json";
    const req = request(
      {
        host: u.hostname.replace(/^\[|\]$/g, ""),
        port: u.port,
        method: options.method ?? (options.body === undefined ? "GET" : "POST"),
        path: options.path ?? "/",
        headers,
        agent: options.keepAlive === false ? false : agent,
        setHost: options.host === undefined,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }));
        res.on("error", reject);
      },
    );
    if (options.host !== undefined && options.host !== null) req.setHeader("host", options.host);
    req.on("error", reject);
    req.end(options.body);
  });
}

export const postJson = (url: string, path: string, value: unknown, headers: Record<string, string> = {}) =>
  http(url, { path, body: JSON.stringify(value), headers });

/** Write raw bytes on a fresh connection; resolves with everything the server sent before closing (or after `waitMs`). */
/** Has `text` a whole final HTTP response (head, then a Content-Length or chunked body)? 1xx heads are skipped. */
export function wholeResponse(text: string): boolean {
  let at = 0;
  for (;;) {
    const end = text.indexOf("\r\n\r\n", at);
    if (end < 0) return false;
    const head = text.slice(at, end);
    if (/^HTTP\/1\.[01] 1\d\d /.test(head)) {
      at = end + 4;
      continue;
    }
    const body = text.slice(end + 4);
    const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
    if (length) return Buffer.byteLength(body) >= Number(length[1]);
    if (/\r\ntransfer-encoding:\s*chunked/i.test(head)) return /(^|\r\n)0\r\n\r\n$/.test(body);
    return false; // ends when the daemon closes
  }
}

/**
 * Write raw bytes, then read until the daemon closes the connection or what was read satisfies `until`
 * (default: a whole final response). `waitMs` is a hang guard only, never a limit a loaded machine may
 * trip: a test that needs the daemon to close a connection asserts on what came back, not on how long
 * it took.
 */
export function raw(port: number, bytes: string | Buffer, until: RegExp | ((text: string) => boolean) = wholeResponse, waitMs = 300_000): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => socket.destroy(), waitMs);
    socket.on("data", (c: Buffer) => {
      chunks.push(c);
      const text = Buffer.concat(chunks).toString("utf8");
      if (typeof until === "function" ? until(text) : until.test(text)) socket.destroy();
    });
    socket.on("error", () => {});
    socket.on("close", () => {
      clearTimeout(timer);
      resolve(Buffer.concat(chunks).toString("utf8"));
    });
    socket.write(bytes);
  });
}

/** `count` calls of `run(i)` with at most `inFlight` at once, answers in order. */
export const inParallel = <T>(count: number, inFlight: number, run: (i: number) => Promise<T>): Promise<T[]> =>
  inBatches(Array.from({ length: count }, (_, i) => () => run(i)), inFlight);

export interface ServeProcess {
  child: ChildProcess;
  url: string;
  stderr: () => string;
  exited: Promise<number | null>;
}

/** `gatehouse serve …` as a child process; resolves once it prints its URL. */
export function spawnServe(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<ServeProcess> {
  const child = spawn(process.execPath, [BIN, "serve", "--port", "0", ...args], { stdio: ["ignore", "pipe", "pipe"], env });
  let stdout = "";
  let stderr = "";
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  child.stderr!.on("data", (c: Buffer) => (stderr += c.toString()));
  return new Promise((resolve, reject) => {
    child.stdout!.on("data", (c: Buffer) => {
      stdout += c.toString();
      const m = /listening on (http:\/\/\S+)/.exec(stdout);
      if (m) resolve({ child, url: m[1]!, stderr: () => stderr, exited });
    });
    void exited.then((code) => reject(new Error(`serve exited (${code}) before it was ready: ${stderr.trim()}`)));
  });
}

export async function waitFor(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 300_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
