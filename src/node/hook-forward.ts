// `gatehouse hook AGENT --daemon URL`: hand the hook call to a running
// `gatehouse serve` instead of loading the engine in this process. The
// launcher (bin/gatehouse.js) loads this file alone — node:http and nothing of
// the engine — so a forwarded call costs a Node start and one loopback round
// trip (docs/daemon.md "Hook processes that forward"). The daemon answers with
// the hook's own stdout, stderr and exit code (`POST /v1/hook-answer/AGENT`),
// so the agent sees exactly what the in-process hook would print. When the
// daemon cannot answer — refused, timed out, any non-200 or a reply that is
// not that JSON — the caller evaluates in-process as if `--daemon` were not
// given: forwarding never turns into an unexamined allow.
import { request } from "node:http";
import { readFileSync } from "node:fs";
import { isHookAgent } from "../adapters/types.js";
import { isLoopbackAddress } from "./loopback.js";
import { geminiHeadless } from "./gemini-headless.js";
import { answerOf, daemonTimeoutOf, type Forwarded } from "./hook-answer.js";

export { answerOf, DEFAULT_DAEMON_TIMEOUT_MS, type Forwarded, type HookAnswer } from "./hook-answer.js";

/** The `--daemon URL` and `--daemon-timeout MS` values of a hook argv (after `hook`), either spelling (`--daemon=URL`). */
export function daemonOptions(argv: readonly string[]): { url: string | null; timeout: string | null } {
  const value = (name: string): string | null => {
    for (let i = 0; i < argv.length; i++) {
      if (argv[i] === "--") break;
      if (argv[i] === name) return argv[i + 1] ?? "";
      if (argv[i]!.startsWith(`${name}=`)) return argv[i]!.slice(name.length + 1);
    }
    return null;
  };
  return { url: value("--daemon"), timeout: value("--daemon-timeout") };
}

/**
 * The one rule for a URL that names the daemon, `hook --daemon` and `install --daemon|--http` alike:
 * `http://` on a loopback address — the daemon listens on nothing else, and every tool call (file
 * contents included) is sent there. The URL, or why not (a usage error, exit 64, at every flag).
 */
export function loopbackDaemonUrl(flag: string, text: string): URL | string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return `${flag} must be a URL like http://127.0.0.1:4283, got ${JSON.stringify(text)}`;
  }
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const loopback = host === "localhost" || isLoopbackAddress(host);
  if (url.protocol !== "http:" || !loopback) return `${flag} must be an http:// URL on a loopback address (the daemon listens on nothing else), got ${JSON.stringify(text)}`;
  return url;
}

/** A daemon URL the hook may send a call to: the loopback rule above, and no path. */
export function daemonEndpoint(text: string): URL | string {
  const url = loopbackDaemonUrl("--daemon", text);
  if (typeof url === "string") return url;
  if ((url.pathname !== "/" && url.pathname !== "") || url.search !== "" || url.username !== "") return `--daemon takes the daemon's base URL (no path, query or credentials), got ${JSON.stringify(text)}`;
  return url;
}

/**
 * Forward one hook call: `argv` is what follows `hook` (the agent first), `readStdin` gives the
 * agent's JSON. Never throws and never rejects.
 */
export function forwardHook(argv: readonly string[], readStdin: () => string = () => readFileSync(0, "utf8")): Promise<Forwarded> {
  const agent = argv[0] ?? "";
  const options = daemonOptions(argv);
  const endpoint = daemonEndpoint(options.url ?? "");
  if (typeof endpoint === "string") return Promise.resolve({ kind: "usage", message: endpoint });
  const timeoutMs = daemonTimeoutOf(options.timeout);
  if (typeof timeoutMs === "string") return Promise.resolve({ kind: "usage", message: timeoutMs });
  let stdin: string;
  try {
    stdin = readStdin();
  } catch (error) {
    // The in-process hook reads stdin again and answers the failure under its posture.
    return Promise.resolve({ kind: "fallback", why: `stdin: cannot read (${(error as NodeJS.ErrnoException).code ?? String(error)})`, stdin: "" });
  }
  // An agent the daemon has no route for is the in-process hook's usage error, with its own message.
  if (!isHookAgent(agent)) return Promise.resolve({ kind: "fallback", why: "", stdin });
  const where = `${endpoint.origin}`;
  return new Promise((resolve) => {
    let settled = false;
    const done = (result: Forwarded) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const fallback = (reason: string) => done({ kind: "fallback", why: `daemon ${where} ${reason}; evaluated in this process`, stdin });
    const body = Buffer.from(stdin, "utf8");
    const req = request(
      {
        host: endpoint.hostname.replace(/^\[|\]$/g, ""),
        port: endpoint.port === "" ? 80 : Number(endpoint.port),
        method: "POST",
        // A headless Gemini CLI run has nobody to answer an ask: the daemon answers it as a deny (docs/adapters.md).
        path: `/v1/hook-answer/${agent}${agent === "gemini" && geminiHeadless({ env: process.env, pid: process.pid }) === true ? "/no-person" : ""}`,
        headers: { "content-type": "application/json", "content-length": body.length },
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("error", () => fallback("broke off its reply"));
        res.on("end", () => {
          if (res.statusCode !== 200) return fallback(`answered HTTP ${res.statusCode}`);
          const answer = answerOf(Buffer.concat(chunks).toString("utf8"));
          if (answer === null) return fallback("sent a reply that is not a hook answer");
          done({ kind: "answered", answer });
        });
      },
    );
    const timer = setTimeout(() => {
      fallback(`did not answer within ${timeoutMs} ms`);
      req.destroy();
    }, timeoutMs);
    req.on("error", (error: NodeJS.ErrnoException) => fallback(`unreachable (${error.code ?? error.message})`));
    req.end(body);
  });
}
