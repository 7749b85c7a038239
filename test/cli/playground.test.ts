// `gatehouse playground` as a real process: it serves dist/web read-only on
// 127.0.0.1, with the types a browser needs, refuses anything outside dist/web,
// and exits 0 on SIGTERM. Needs `npm run build` (npm test does it).
import { spawn } from "node:child_process";
import { request } from "node:http";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";
import { memoryIo } from "../support/io.js";

const root = join(import.meta.dirname, "../..");

/** A raw GET (fetch would normalise `..` away before sending it). */
function get(url: string, path: string, method = "GET", headers: Record<string, string> = {}): Promise<{ status: number; type: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    const u = new URL(url);
    const req = request({ host: u.hostname, port: u.port, path, method, headers, setHost: headers.host === undefined }, (res) => {
      let body = "";
      res.on("data", (c) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode!, type: res.headers["content-type"], body }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("gatehouse playground", () => {
  it("serves the page, its scripts and .wasm; nothing else; exits 0 on SIGTERM", async () => {
    const child = spawn(process.execPath, [join(root, "bin/gatehouse.js"), "playground", "--port", "0"], { stdio: ["ignore", "pipe", "pipe"] });
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    const url = await new Promise<string>((resolve, reject) => {
      let out = "";
      child.stdout.on("data", (c) => {
        out += c;
        const m = /(http:\/\/127\.0\.0\.1:\d+\/)/.exec(out);
        if (m) resolve(m[1]!);
      });
      child.on("exit", (code) => reject(new Error(`playground exited ${code} before listening`)));
    });
    const index = await get(url, "/");
    expect([index.status, index.type]).toEqual([200, "text/html; charset=utf-8"]);
    expect(index.body).toContain('data-testid="bundle-input"');
    expect((await get(url, "/worker.js")).type).toBe("text/javascript; charset=utf-8");
    for (const wasm of ["/gatehouse.wasm", "/tree-sitter.wasm", "/tree-sitter-bash.wasm"]) expect((await get(url, wasm)).type, wasm).toBe("application/wasm");
    expect((await get(url, "/bundle.schema.json")).status).toBe(200);
    expect((await get(url, "/../package.json")).status).toBe(404);
    expect((await get(url, "/%2e%2e/package.json")).status).toBe(404);
    expect((await get(url, "/nope.js")).status).toBe(404);
    expect((await get(url, "/", "POST")).status).toBe(405);
    // DNS rebinding (the daemon's rule, src/daemon/guard.ts): only this server's own names.
    expect((await get(url, "/", "GET", { host: `localhost:${new URL(url).port}` })).status).toBe(200);
    expect(await get(url, "/", "GET", { host: "evil.com" })).toEqual({ status: 403, type: "text/plain; charset=utf-8", body: 'Host "evil.com" is not this playground\'s loopback address\n' });
    expect(await get(url, "/index.html", "GET", { host: `evil.com:${new URL(url).port}` })).toMatchObject({ status: 403 });
    expect(await get(url, "/", "GET", { host: "" })).toMatchObject({ status: 400, type: "text/plain; charset=utf-8", body: expect.stringMatching(/^a request needs a Host header naming this playground \(127\.0\.0\.1:\d+\)\n$/) });
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
  });

  it("a bad --port is a usage error", async () => {
    const { io, err } = memoryIo();
    expect(await main(["playground", "--port", "http"], io)).toBe(64);
    expect(err[0]).toContain("--port");
  });
});
