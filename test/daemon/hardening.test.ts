// The daemon as a local service: routes, refusals (browser origins, foreign
// Host, oversize, garbage), timeouts for stalled clients, and a fuzz run over
// random bodies, headers and request lines after which it is still healthy.
import fc from "fast-check";
import { countingBundle } from "../support/hook-payloads.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AddressRefusedError } from "../../src/daemon/server.js";
import { memoryStore } from "../../src/daemon/stores.js";
import { ErrorBodySchema, HealthSchema } from "../../src/daemon/wire.js";
import type { Engine } from "../../src/engine.js";
import { loadEngine } from "../../src/node/index.js";
import { http, inParallel, postJson, raw, startTestDaemon, waitFor, type TestDaemon } from "./harness.js";

const bash = (command: string, session_id = "s1") => ({
  event_type: "pre_tool_use",
  session_id,
  tool_use_id: "t1",
  tool_name: "Bash",
  tool_input: { command },
  env: { cwd: "/home/dev/project", home: "/home/dev" },
});

let engine: Engine;
let d: TestDaemon;
let url: string;
const CAP = 64 * 1024;

beforeAll(async () => {
  engine = await loadEngine();
  d = await startTestDaemon(engine, { limits: { maxBodyBytes: CAP, headersTimeoutMs: 400, requestTimeoutMs: 800 } });
  url = d.daemon.url;
});
afterAll(async () => d.stop());

const errorCode = (body: string) => ErrorBodySchema.parse(JSON.parse(body)).error.code;

describe("routes", () => {
  it("GET /healthz reports the bundle, uptime and sessions", async () => {
    const r = await http(url, { path: "/healthz" });
    expect(r.status).toBe(200);
    const health = HealthSchema.parse(JSON.parse(r.body));
    expect(health).toMatchObject({ status: "ok", bundle_digest: engine.bundleDigest, sessions: { store: "memory", reachable: true } });
    expect(r.headers["content-type"]).toBe("application/json");
    const head = await http(url, { path: "/healthz", method: "HEAD" });
    expect([head.status, head.body]).toEqual([200, ""]);
  });

  it("POST /v1/evaluate answers the envelope the library gives", async () => {
    for (const command of ["rm -rf ~", "ls -la", "git push --force origin main", "cat .env"]) {
      const r = await postJson(url, "/v1/evaluate", bash(command, ""));
      expect(r.status).toBe(200);
      expect(r.body).toBe(JSON.stringify(engine.evaluate(bash(command, ""), null, 0)));
    }
  });

  it("unknown paths are 404 and wrong methods 405 with Allow", async () => {
    for (const path of ["/", "/v1", "/v1/evaluate/", "/healthz/x", "/v2/evaluate", "/%2e%2e/etc/passwd"]) {
      const r = await http(url, { path });
      expect([path, r.status, errorCode(r.body)]).toEqual([path, 404, "not_found"]);
    }
    const get = await http(url, { path: "/v1/evaluate" });
    expect([get.status, get.headers.allow, errorCode(get.body)]).toEqual([405, "POST", "method_not_allowed"]);
    const post = await http(url, { path: "/healthz", body: "{}" });
    expect([post.status, post.headers.allow]).toEqual([405, "GET, HEAD"]);
  });
});

describe("session state in memory", () => {
  it("carries a counter per session (the empty id is a session too, as in the stdin hook)", async () => {
    const counting = await loadEngine({ bundle: countingBundle(1_000_000) });
    const t = await startTestDaemon(counting);
    try {
      const count = async (session: string) => JSON.parse((await postJson(t.daemon.url, "/v1/evaluate", bash("ls", session))).body).state.c[0];
      expect([await count("a"), await count("a"), await count("b"), await count("a")]).toEqual([1, 2, 1, 3]);
      expect([await count(""), await count("")]).toEqual([1, 2]);
      expect(HealthSchema.parse(JSON.parse((await http(t.daemon.url, { path: "/healthz" })).body)).sessions.held).toBe(3);
    } finally {
      await t.stop();
    }
  });

  it("holds at most --max-sessions; the least recently used session comes back blank", async () => {
    const counting = await loadEngine({ bundle: countingBundle(1_000_000) });
    const t = await startTestDaemon(counting, { store: memoryStore(2) });
    try {
      const count = async (session: string) => JSON.parse((await postJson(t.daemon.url, "/v1/evaluate", bash("ls", session))).body).state.c[0];
      expect([await count("a"), await count("b"), await count("a"), await count("c")]).toEqual([1, 1, 2, 1]); // c evicts b
      expect([await count("a"), await count("b")]).toEqual([3, 1]);
      expect(HealthSchema.parse(JSON.parse((await http(t.daemon.url, { path: "/healthz" })).body)).sessions.held).toBe(2);
    } finally {
      await t.stop();
    }
  });
});

describe("refusals", () => {
  it("refuses any Origin header, a cross-site Sec-Fetch-Site and a foreign Host with 403", async () => {
    const event = JSON.stringify(bash("ls"));
    const cases: [Record<string, string>, string | null, string][] = [
      [{ origin: "https://evil.example" }, null, "origin_refused"],
      [{ origin: "null" }, null, "origin_refused"],
      [{ origin: url }, null, "origin_refused"],
      [{ "sec-fetch-site": "cross-site" }, null, "browser_refused"],
      [{ "sec-fetch-site": "same-origin" }, null, "browser_refused"],
      [{}, `evil.example:${d.daemon.port}`, "host_refused"],
      [{}, "127.0.0.1", "host_refused"],
      [{}, `127.0.0.1:${d.daemon.port + 1}`, "host_refused"],
      [{}, `127.0.0.2:${d.daemon.port}`, "host_refused"],
      [{}, `localhost.evil.example:${d.daemon.port}`, "host_refused"],
    ];
    for (const [headers, host, code] of cases) {
      for (const path of ["/v1/evaluate", "/healthz"]) {
        const r = await http(url, { path, method: path === "/healthz" ? "GET" : "POST", body: path === "/healthz" ? undefined : event, headers, host: host ?? undefined });
        expect([JSON.stringify(headers), host, path, r.status, errorCode(r.body)]).toEqual([JSON.stringify(headers), host, path, 403, code]);
      }
    }
  });

  it("accepts its own loopback names, and Node fetch's Sec-Fetch-Mode alone", async () => {
    for (const host of [`127.0.0.1:${d.daemon.port}`, `localhost:${d.daemon.port}`, `LOCALHOST:${d.daemon.port}`]) {
      expect((await http(url, { path: "/healthz", host })).status).toBe(200);
    }
    const r = await fetch(`${url}/v1/evaluate`, { method: "POST", body: JSON.stringify(bash("ls")), headers: { "content-type": "application/json" } });
    expect(r.status).toBe(200);
    expect((await http(url, { path: "/healthz", headers: { "sec-fetch-site": "none" } })).status).toBe(200);
  });

  it("refuses a body that is not declared JSON with 415", async () => {
    for (const type of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"]) {
      const r = await http(url, { path: "/v1/evaluate", body: "{}", headers: { "content-type": type } });
      expect([type, r.status, errorCode(r.body)]).toEqual([type, 415, "unsupported_media_type"]);
    }
    expect((await http(url, { path: "/v1/evaluate", body: "{}", headers: { "content-type": "application/json; charset=utf-8" } })).status).toBe(200);
  });

  it("caps the body: 413 whether the length is declared or streamed", async () => {
    const big = JSON.stringify({ ...bash("ls"), pad: "x".repeat(CAP) });
    const declared = await http(url, { path: "/v1/evaluate", body: big, keepAlive: false });
    expect([declared.status, errorCode(declared.body)]).toEqual([413, "body_too_large"]);
    const streamed = await raw(
      d.daemon.port,
      `POST /v1/evaluate HTTP/1.1\r\nHost: 127.0.0.1:${d.daemon.port}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n${(CAP + 10).toString(16)}\r\n${"x".repeat(CAP + 10)}\r\n0\r\n\r\n`,
    );
    expect(streamed).toMatch(/^HTTP\/1\.1 413 /);
    expect(streamed).toContain('"body_too_large"');
    // Expect: 100-continue (curl's default over 1 MiB): an oversized or refused request gets its answer, not a 100 Continue.
    const head = (headers: string) => `POST /v1/evaluate HTTP/1.1\r\nHost: 127.0.0.1:${d.daemon.port}\r\nContent-Type: application/json\r\nExpect: 100-continue\r\n${headers}\r\n`;
    expect(await raw(d.daemon.port, head(`Content-Length: ${CAP + 1}\r\n`))).toMatch(/^HTTP\/1\.1 413 [^]*"body_too_large"/);
    expect(await raw(d.daemon.port, head(`Content-Length: 10\r\nOrigin: https://evil.example\r\n`))).toMatch(/^HTTP\/1\.1 403 [^]*"origin_refused"/);
    const small = JSON.stringify(bash("ls"));
    expect(await raw(d.daemon.port, head(`Content-Length: ${small.length}\r\nConnection: close\r\n`), /\r\n\r\n/)).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\n/);
    const fits = JSON.stringify({ ...bash("ls"), pad: "" });
    const atCap = fits.slice(0, -1) + " ".repeat(CAP - Buffer.byteLength(fits)) + "}";
    expect(Buffer.byteLength(atCap)).toBe(CAP);
    expect((await http(url, { path: "/v1/evaluate", body: atCap })).status).toBe(200);
  });

  it("answers malformed JSON, an empty body, bad UTF-8 and non-objects with a 400 JSON error", async () => {
    const bodies: [string | Buffer, string][] = [
      ["{bad", "bad_json"],
      ["", "bad_json"],
      ['{"a":1}{"b":2}', "bad_json"],
      [Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]), "bad_json"],
      ["[]", "bad_event"],
      ["42", "bad_event"],
      ["null", "bad_event"],
      ['"rm -rf ~"', "bad_event"],
    ];
    for (const [body, code] of bodies) {
      const r = await http(url, { path: "/v1/evaluate", body });
      expect([String(body), r.status, errorCode(r.body)]).toEqual([String(body), 400, code]);
    }
  });

  it("answers garbage on the wire with a 400 JSON error and closes that connection", async () => {
    const answer = await raw(d.daemon.port, "garbage\r\n\r\n");
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(errorCode(answer.slice(answer.indexOf("\r\n\r\n") + 4))).toBe("bad_request");
    const huge = await raw(d.daemon.port, `GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:${d.daemon.port}\r\nX-Big: ${"a".repeat(64 * 1024)}\r\n\r\n`);
    expect(huge).toMatch(/^HTTP\/1\.1 431 /);
    // No Host, or an empty one (issue 22 item 6: Node's own check answered an empty 400): a 400 in JSON like every answer.
    for (const head of ["GET /healthz HTTP/1.1\r\n\r\n", "GET /healthz HTTP/1.1\r\nHost:\r\n\r\n", "POST /v1/evaluate HTTP/1.1\r\nHost: \r\nContent-Length: 2\r\n\r\n{}"]) {
      const answer = await raw(d.daemon.port, head);
      expect(answer, head).toMatch(/^HTTP\/1\.1 400 [^]*\r\ncontent-type: application\/json/i);
      const body = JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4));
      expect(body, head).toEqual({ error: { code: "host_missing", message: `a request needs a Host header naming this daemon (127.0.0.1:${d.daemon.port})` } });
    }
  });

  it("serves on ::1 too, answering its own bracketed Host", async () => {
    let v6: TestDaemon;
    try {
      v6 = await startTestDaemon(engine, { host: "::1" });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "EADDRNOTAVAIL") return; // a machine without IPv6 loopback
      throw error;
    }
    try {
      expect(v6.daemon.url).toBe(`http://[::1]:${v6.daemon.port}`);
      expect((await http(v6.daemon.url, { path: "/healthz" })).status).toBe(200);
      expect((await http(v6.daemon.url, { path: "/healthz", host: `127.0.0.1:${v6.daemon.port}` })).status).toBe(403);
    } finally {
      await v6.stop();
    }
  });

  it("refuses to bind anything but a loopback address", async () => {
    for (const host of ["0.0.0.0", "::", "192.168.1.10", "10.0.0.1", "localhost", "example.com", "::ffff:127.0.0.1"]) {
      await expect(startTestDaemon(engine, { host })).rejects.toThrow(AddressRefusedError);
    }
  });
});

describe("slow and stalled clients", () => {
  it("times out headers that never finish and a body that stalls (408), and keeps serving others", async () => {
    // The client never closes and waits for the daemon (a hang guard only): an answer or a close at all is the daemon's timeout at work.
    const closed = () => false;
    const [silent, headersStalled, bodyStalled, healthy] = await Promise.all([
      raw(d.daemon.port, "", closed),
      raw(d.daemon.port, `POST /v1/evaluate HTTP/1.1\r\nHost: 127.0.0.1:${d.daemon.port}\r\n`, closed),
      raw(d.daemon.port, `POST /v1/evaluate HTTP/1.1\r\nHost: 127.0.0.1:${d.daemon.port}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"event_type"`, closed),
      http(url, { path: "/healthz" }),
    ]);
    expect(silent).toMatch(/^(HTTP\/1\.1 408 |$)/); // a connection that never sends a byte is closed too
    expect(headersStalled).toMatch(/^HTTP\/1\.1 408 /);
    expect(bodyStalled).toMatch(/^HTTP\/1\.1 408 /);
    expect(healthy.status).toBe(200);
  });
});

describe("fuzz", () => {
  const statuses = new Set([200, 400, 403, 404, 405, 408, 413, 415, 431]);
  const token = fc.stringMatching(/^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,20}$/);
  const headerValue = fc.string({ maxLength: 60 }).map((s) => s.replace(/[\r\n\0]/g, " "));

  it("answers random bodies, headers and paths with a documented status and a JSON body; stays healthy", async () => {
    const events = fc.oneof(
      fc.jsonValue({ maxDepth: 6 }).map((v) => JSON.stringify(v)),
      fc.record({ event_type: fc.constantFrom("pre_tool_use", "post_tool_use", "x"), session_id: fc.string(), tool_name: fc.string(), tool_input: fc.jsonValue() }).map((v) => JSON.stringify(v)),
      fc.string({ maxLength: 200 }),
      fc.uint8Array({ maxLength: 200 }).map((b) => Buffer.from(b).toString("latin1")),
      fc.nat({ max: 3000 }).map((n) => "[".repeat(n) + "]".repeat(n)),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("GET", "POST", "PUT", "DELETE", "HEAD", "OPTIONS", "PATCH"),
        fc.constantFrom("/v1/evaluate", "/healthz", "/v1/hook/claude", "/x", "/v1/evaluate?x=1", "//", "/%00"),
        fc.array(fc.tuple(token, headerValue), { maxLength: 6 }),
        events,
        async (method, path, extra, body) => {
          const headerLines = extra
            .filter(([name]) => !["host", "content-length", "transfer-encoding", "connection"].includes(name.toLowerCase()))
            .map(([n, v]) => `${n}: ${v}\r\n`)
            .join("");
          const bytes = Buffer.from(body, "latin1");
          const request = `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1:${d.daemon.port}\r\n${headerLines}Content-Length: ${bytes.length}\r\nConnection: close\r\n\r\n`;
          const answer = await raw(d.daemon.port, Buffer.concat([Buffer.from(request, "latin1"), bytes]));
          const status = Number(/^HTTP\/1\.1 (\d{3}) /.exec(answer)?.[1]);
          expect(statuses.has(status), answer.slice(0, 200)).toBe(true);
          const payload = answer.slice(answer.indexOf("\r\n\r\n") + 4);
          if (method !== "HEAD") expect(() => JSON.parse(payload), answer.slice(0, 300)).not.toThrow();
        },
      ),
      { numRuns: 150 },
    );
    const health = await http(url, { path: "/healthz" });
    expect(health.status).toBe(200);
    expect(d.logs.filter((l) => l.includes('"level":"error"'))).toEqual([]);
  });

  it("serves good requests correctly while bad ones arrive on other connections", async () => {
    const good = bash("rm -rf ~", "");
    const expected = JSON.stringify(engine.evaluate(good, null, 0));
    const answers = await inParallel(120, 16, async (i) => {
      if (i % 3 === 0) return (await postJson(url, "/v1/evaluate", good)).body === expected;
      if (i % 3 === 1) return (await raw(d.daemon.port, "POST /v1/evaluate HTTP/1.1\r\nHost: nope\r\nContent-Length: 4\r\n\r\n{{{{")).includes("403");
      return (await http(url, { path: "/v1/evaluate", body: "{" + "x".repeat(i) })).status === 400;
    });
    expect(answers.every(Boolean)).toBe(true);
  });
});

describe("request log", () => {
  it("writes one structured line per request at --log-level debug, none at info", async () => {
    const quiet = await startTestDaemon(engine, { level: "info" });
    const loud = await startTestDaemon(engine, { level: "debug" });
    try {
      for (const t of [quiet, loud]) {
        await postJson(t.daemon.url, "/v1/evaluate", bash("rm -rf ~", "log-session"));
        await http(t.daemon.url, { path: "/nope" });
        await http(t.daemon.url, { path: "/healthz", headers: { origin: "https://evil.example" } });
      }
      await waitFor(() => loud.logs.length >= 3, "three request lines");
      expect(quiet.logs).toEqual([]);
      const lines = loud.logs.map((l) => JSON.parse(l));
      expect(lines.map((l) => [l.level, l.msg, l.method, l.path, l.status])).toEqual([
        ["debug", "request", "POST", "/v1/evaluate", 200],
        ["debug", "request", "GET", "/nope", 404],
        ["debug", "request", "GET", "/healthz", 403],
      ]);
      expect(lines[0]).toMatchObject({ verdict: "deny" });
      expect(lines[2]).toMatchObject({ error: "origin_refused" });
      expect(typeof lines[0].ms).toBe("number");
    } finally {
      await Promise.all([quiet.stop(), loud.stop()]);
    }
  });
});
