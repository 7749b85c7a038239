// `gatehouse playground [--port P]`: serve the browser page (dist/web, built by
// scripts/build.mjs) as static files on 127.0.0.1. The page needs no server
// code: this is a plain file server, and any other static server works too.
import { existsSync, readFileSync, statSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, normalize, sep } from "node:path";
import { allowedHosts, refuseHost } from "../daemon/guard.js";
import { packageRoot } from "../node/package-root.js";
import { UsageError, type ParsedArgs } from "./args.js";
import { CliError } from "./engine-options.js";
import { EXIT } from "../model/exit-codes.js";
import type { Io } from "./io.js";

export const DEFAULT_PLAYGROUND_PORT = 7431;

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".jsonl": "application/x-ndjson; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  // instantiateStreaming / compileStreaming need this exact type.
  ".wasm": "application/wasm",
  ".png": "image/png",
  ".svg": "image/svg+xml",
};

export interface StaticServer {
  url: string;
  server: Server;
  close(): Promise<void>;
}

/** The file a request path names inside `root`, or null (outside it, or not a file). */
function fileFor(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes("\0")) return null;
  const path = normalize(join(root, decoded.endsWith("/") ? `${decoded}index.html` : decoded));
  if (path !== root && !path.startsWith(root.endsWith(sep) ? root : root + sep)) return null;
  try {
    return statSync(path).isFile() ? path : null;
  } catch {
    return null;
  }
}

/** Serve `root` read-only on 127.0.0.1:`port` (0: any free port). */
export async function startStaticServer(root: string, port: number): Promise<StaticServer> {
  let hosts: ReadonlySet<string> = new Set();
  const server = createServer({ requireHostHeader: false }, (req, res) => {
    // The daemon's DNS-rebinding rule (src/daemon/guard.ts): a page on another name rebound to 127.0.0.1 gets nothing.
    const refused = refuseHost(req.headers.host, hosts, "playground");
    if (refused !== null) {
      res.writeHead(refused.status, { "content-type": "text/plain; charset=utf-8" }).end(`${refused.message}\n`);
      return;
    }
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405, { allow: "GET, HEAD" }).end();
      return;
    }
    const path = fileFor(root, new URL(req.url ?? "/", "http://127.0.0.1").pathname);
    if (path === null) {
      res.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("not found\n");
      return;
    }
    const body = readFileSync(path);
    res.writeHead(200, {
      "content-type": CONTENT_TYPES[extname(path)] ?? "application/octet-stream",
      "content-length": body.length,
      "cache-control": "no-cache",
      "x-content-type-options": "nosniff",
    });
    res.end(req.method === "HEAD" ? undefined : body);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const address = server.address() as AddressInfo;
  hosts = allowedHosts("127.0.0.1", address.port);
  return {
    url: `http://127.0.0.1:${address.port}/`,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** dist/web of this installation. */
export function webRoot(): string {
  return join(packageRoot(), "dist", "web");
}

export async function playgroundCommand(args: ParsedArgs, io: Io): Promise<number> {
  const portText = args.values.get("port") ?? String(DEFAULT_PLAYGROUND_PORT);
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port > 65535) throw new UsageError(`--port needs a port number 0–65535, got ${JSON.stringify(portText)}`);
  const root = webRoot();
  if (!existsSync(join(root, "index.html"))) throw new CliError(`${root}/index.html is missing: run \`npm run build\` first`, EXIT.NO_INPUT);
  let served: StaticServer;
  try {
    served = await startStaticServer(root, port);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new CliError(`cannot listen on 127.0.0.1:${port} (${code})${code === "EADDRINUSE" ? ": pass --port P, or --port 0 for any free port" : ""}`, EXIT.FAILURE);
  }
  io.out(`gatehouse playground: ${served.url} (serving ${root}; Ctrl-C to stop)`);
  await new Promise<void>((resolve) => {
    const stop = () => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      void served.close().then(resolve);
    };
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  });
  return EXIT.OK;
}
