// The loopback HTTP server of `gatehouse serve`, on Node's own `http`: the
// routes, and everything that keeps one bad client from hurting the others —
// loopback binding only, browser requests refused (guard.ts), a body cap, JSON
// that must parse, header and body timeouts, and a catch around every request.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { performance } from "node:perf_hooks";
import { allowedHosts, bindRefusal, refuseByHeaders, refuseContentType, type Refusal } from "./guard.js";
import type { Logger } from "./log.js";
import { errorReply, type Reply } from "./reply.js";
import { clip, type DaemonService } from "./service.js";

export interface Limits {
  /** Largest request body accepted (bytes); more → 413. */
  maxBodyBytes: number;
  /** The request line and headers must arrive within this (ms); else 408. */
  headersTimeoutMs: number;
  /** The whole request, body included, must arrive within this (ms); else 408. */
  requestTimeoutMs: number;
  /** An idle keep-alive connection is closed after this (ms). */
  keepAliveTimeoutMs: number;
  /** Open connections at most; more are refused at accept. */
  maxConnections: number;
  /** SIGTERM waits this long for requests in flight before cutting them (ms). */
  drainTimeoutMs: number;
}

export const DEFAULT_LIMITS: Limits = {
  // An agent's Write carries the whole file: room for large ones, a bound for the rest.
  maxBodyBytes: 8 * 1024 * 1024,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  maxConnections: 1_024,
  drainTimeoutMs: 30_000,
};

export interface Route {
  /** Allowed methods (HEAD is allowed wherever GET is). */
  methods: readonly string[];
  /**
   * How a POST body reaches `handle`: parsed JSON (malformed → 400 here), or
   * the text (the hook pipeline reads it, so its error posture applies).
   */
  body: "json" | "text";
  handle: (body: unknown) => Promise<Reply>;
  /**
   * How a body this server refuses unread (over the cap, a wrong content type) is answered; absent: the
   * refusal's own HTTP error. The agents' hook routes answer it in the agent's protocol (an agent reads a
   * bare 413 as a non-blocking error: the call would go ahead under `--on-error closed`).
   */
  refused?: (refusal: Refusal) => Promise<Reply> | Reply;
}

/** Resolve a path to its route; null for an unknown path. */
export type Router = (path: string) => Route | null;

export interface DaemonOptions {
  host: string;
  port: number;
  /** Listen on this Unix socket instead of host:port (its directory checked by the caller: src/node/daemon-socket.ts). */
  socket?: string;
  /** Headers every answer carries: what this daemon evaluates with (engine version, bundle digest). */
  identity?: () => Record<string, string>;
  service: DaemonService;
  router: Router;
  log: Logger;
  limits?: Partial<Limits>;
}

export interface Daemon {
  readonly url: string;
  readonly host: string;
  readonly port: number;
  /** Stop accepting, wait for requests in flight (up to drainTimeoutMs), close every connection. */
  close(): Promise<{ drained: boolean }>;
}

export class AddressRefusedError extends Error {
  override readonly name = "AddressRefusedError";
}

const BASE_HEADERS = {
  "content-type": "application/json",
  "cache-control": "no-store",
  "x-content-type-options": "nosniff",
};

function statusLine(status: number): string {
  const text: Record<number, string> = { 400: "Bad Request", 408: "Request Timeout", 413: "Payload Too Large", 431: "Request Header Fields Too Large" };
  return `${status} ${text[status] ?? "Error"}`;
}

class BodyError extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.message);
  }
}

const utf8 = new TextDecoder("utf-8", { fatal: true });
const lenientUtf8 = new TextDecoder("utf-8");

/** Read the whole body, refusing it past the cap (without reading the rest). */
function readBody(req: IncomingMessage, cap: number): Promise<Buffer> {
  const declared = req.headers["content-length"];
  if (declared !== undefined && Number(declared) > cap)
    return Promise.reject(new BodyError({ status: 413, code: "body_too_large", message: `the body is ${declared} bytes; at most ${cap} are accepted` }));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > cap) {
        req.off("data", onData);
        req.pause();
        reject(new BodyError({ status: 413, code: "body_too_large", message: `the body is over ${cap} bytes` }));
        return;
      }
      chunks.push(chunk);
    };
    req.on("data", onData);
    req.once("end", () => resolve(Buffer.concat(chunks, size)));
    req.once("error", reject);
    req.once("aborted", () => reject(new Error("the client went away")));
  });
}

function parseJson(bytes: Buffer): unknown {
  if (bytes.length === 0) throw new BodyError({ status: 400, code: "bad_json", message: "the body is empty; a JSON object was expected" });
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    throw new BodyError({ status: 400, code: "bad_json", message: "the body is not UTF-8" });
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new BodyError({ status: 400, code: "bad_json", message: `the body is not JSON: ${error instanceof Error ? error.message : String(error)}` });
  }
}

export function startDaemon(options: DaemonOptions): Promise<Daemon> {
  const limits: Limits = { ...DEFAULT_LIMITS, ...options.limits };
  const { service, router, log } = options;
  const refusal = options.socket === undefined ? bindRefusal(options.host) : null;
  if (refusal !== null) return Promise.reject(new AddressRefusedError(refusal));

  let hosts: ReadonlySet<string> = new Set();
  const server: Server = createServer({
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    // Timeouts are checked this often: a fraction of the shortest one.
    connectionsCheckingInterval: Math.max(50, Math.min(1_000, Math.floor(limits.headersTimeoutMs / 4))),
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    // Ours, not Node's: Node answers a missing or empty Host with an empty 400; refuseHost answers it in JSON.
    requireHostHeader: false,
  });
  server.maxConnections = limits.maxConnections;

  const send = (req: IncomingMessage, res: ServerResponse, reply: Reply, close = false) => {
    if (res.headersSent || res.destroyed) return;
    const headers: Record<string, string | number> = { ...BASE_HEADERS, "content-length": Buffer.byteLength(reply.body) };
    // A request whose body was not read to its end cannot share the connection with the next.
    if (close || !req.complete) headers.connection = "close";
    if (reply.status === 405 && reply.note?.allow !== undefined) headers.allow = String(reply.note.allow);
    if (reply.headers !== undefined) Object.assign(headers, reply.headers);
    if (options.identity !== undefined) Object.assign(headers, options.identity());
    res.writeHead(reply.status, headers);
    res.end(req.method === "HEAD" ? undefined : reply.body);
  };

  const answer = async (req: IncomingMessage, res: ServerResponse): Promise<Reply> => {
    const refused = refuseByHeaders(req.headers, hosts);
    if (refused !== null) return errorReply(refused.status, refused.code, refused.message);
    const rawUrl = req.url ?? "/";
    const path = rawUrl.split("?", 1)[0]!;
    const route = router(path);
    if (route === null) return errorReply(404, "not_found", `no route ${clip(path)}`);
    const method = req.method ?? "";
    const allowed = route.methods.includes("GET") ? [...route.methods, "HEAD"] : route.methods;
    if (!allowed.includes(method)) {
      const reply = errorReply(405, "method_not_allowed", `${clip(method)} is not allowed on ${path}; use ${allowed.join(" or ")}`);
      return { ...reply, note: { ...reply.note, allow: allowed.join(", ") } };
    }
    let body: unknown = null;
    if (method === "POST") {
      const refuse = (r: Refusal) => (route.refused !== undefined ? route.refused(r) : errorReply(r.status, r.code, r.message));
      const typeRefused = refuseContentType(req.headers["content-type"]);
      if (typeRefused !== null) return refuse(typeRefused);
      try {
        const bytes = await readBody(req, limits.maxBodyBytes);
        body = route.body === "json" ? parseJson(bytes) : lenientUtf8.decode(bytes);
      } catch (error) {
        if (error instanceof BodyError) return refuse(error.refusal);
        throw error;
      }
    }
    return route.handle(body);
  };

  // `Expect: 100-continue` (curl sends it for bodies over 1 MiB): continue only a request that will be
  // read. One refused by its headers or by its declared size is answered at once, its body never sent.
  server.on("checkContinue", (req: IncomingMessage, res: ServerResponse) => {
    const declared = Number(req.headers["content-length"]);
    if (refuseByHeaders(req.headers, hosts) === null && !(declared > limits.maxBodyBytes)) res.writeContinue();
    server.emit("request", req, res);
  });

  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    const started = performance.now();
    service.inFlight++;
    service.countArrived();
    let reply: Reply | null = null;
    res.once("close", () => {
      service.inFlight--;
      service.countServed();
      if (log.enabled("debug"))
        log.log("debug", "request", {
          method: clip(req.method ?? "", 16),
          path: clip((req.url ?? "").split("?", 1)[0]!),
          status: res.statusCode,
          ms: Math.round((performance.now() - started) * 1000) / 1000,
          ...reply?.note,
        });
    });
    answer(req, res)
      .then((r) => {
        reply = r;
        send(req, res, r);
      })
      .catch((error: unknown) => {
        if (req.destroyed && !res.headersSent) return; // the client went away mid-body
        const message = error instanceof Error ? error.message : String(error);
        log.log("error", "internal error", { path: clip(req.url ?? ""), message: clip(message, 400) });
        reply = errorReply(500, "internal", `internal error: ${clip(message, 400)}`);
        send(req, res, reply, true);
      });
  });

  // Requests the HTTP parser rejects (garbage, oversized headers, timeouts) never reach "request".
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Socket) => {
    if (!socket.writable || error.code === "ECONNRESET") {
      socket.destroy();
      return;
    }
    const status = error.code === "ERR_HTTP_REQUEST_TIMEOUT" ? 408 : error.code === "HPE_HEADER_OVERFLOW" ? 431 : 400;
    const body = JSON.stringify({ error: { code: status === 408 ? "timeout" : status === 431 ? "headers_too_large" : "bad_request", message: clip(error.message, 200) } });
    socket.end(`HTTP/1.1 ${statusLine(status)}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
  });

  return new Promise((resolve, reject) => {
    server.once("error", reject);
    const ready = () => {
      server.off("error", reject);
      server.on("error", (error) => log.log("error", "server error", { message: error.message }));
      if (options.socket !== undefined) {
        // No browser reaches a Unix socket; an HTTP client names it `localhost` (node:http's default).
        hosts = new Set(["localhost", "gatehouse"]);
        resolve({ url: `unix:${options.socket}`, host: options.socket, port: 0, close: () => drain(server, service, limits.drainTimeoutMs) });
        return;
      }
      const address = server.address();
      const port = typeof address === "object" && address !== null ? address.port : options.port;
      hosts = allowedHosts(options.host, port);
      const literal = options.host.includes(":") ? `[${options.host}]` : options.host;
      const url = `http://${literal}:${port}`;
      resolve({
        url,
        host: options.host,
        port,
        close: () => drain(server, service, limits.drainTimeoutMs),
      });
    };
    if (options.socket !== undefined) server.listen(options.socket, ready);
    else server.listen(options.port, options.host, ready);
  });
}

async function drain(server: Server, service: DaemonService, timeoutMs: number): Promise<{ drained: boolean }> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const deadline = Date.now() + timeoutMs;
  while (service.inFlight > 0 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 10));
    server.closeIdleConnections();
  }
  const drained = service.inFlight === 0;
  server.closeAllConnections();
  await closed;
  return { drained };
}
