// A real redis-server for tests (Debian's package; .ci/run installs it): on a
// free loopback port, with no persistence, in its own temp dir. Never a mock.
import { spawn, type ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import { createServer } from "node:net";
import { scratchDir } from "./scratch.js";

export const REDIS_SERVER = "/usr/bin/redis-server";

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address !== null ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

export interface RedisServer {
  port: number;
  url: (db?: number) => string;
  /** Stop it (SIGTERM; SIGKILL after 5 s). */
  stop(): Promise<void>;
  /** Kill it at once, as an outage would. */
  kill(): Promise<void>;
  /** Start it again on the same port (after stop or kill). */
  restart(): Promise<void>;
}

/** Start redis-server; resolves once it logs that it accepts connections (a "notice" line). */
function launch(port: number, dir: string): Promise<ChildProcess> {
  const child = spawn(REDIS_SERVER, ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", dir, "--daemonize", "no", "--loglevel", "notice"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  return new Promise((resolve, reject) => {
    let output = "";
    let ready = false;
    // Both pipes stay drained for the server's whole life, or a chatty server would block on a full pipe.
    const onData = (chunk: Buffer) => {
      if (ready) return;
      output += chunk.toString();
      if (output.includes("Ready to accept connections")) {
        ready = true;
        resolve(child);
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`redis-server exited (${code}) before it was ready: ${output.trim()}`)));
  });
}

function exited(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill(signal);
  });
}

export async function startRedis(): Promise<RedisServer> {
  const dir = scratchDir("gatehouse-redis-");
  let port = 0;
  let child: ChildProcess | null = null;
  for (let attempt = 0; child === null; attempt++) {
    port = await freePort();
    try {
      child = await launch(port, dir);
    } catch (error) {
      if (attempt >= 4) throw error; // the free port was taken between probe and bind: try another
    }
  }
  return {
    port,
    url: (db = 0) => `redis://127.0.0.1:${port}/${db}`,
    async stop() {
      if (child !== null) await exited(child, "SIGTERM");
      child = null;
      rmSync(dir, { recursive: true, force: true });
    },
    async kill() {
      if (child !== null) await exited(child, "SIGKILL");
      child = null;
    },
    async restart() {
      if (child !== null) await exited(child, "SIGTERM");
      child = await launch(port, dir);
    },
  };
}
