// The daemon's routes. Paths match exactly (no trailing slash, query ignored).
import { isHookAgent } from "../adapters/index.js";
import type { Refusal } from "./guard.js";
import type { Route, Router } from "./server.js";
import type { DaemonService } from "./service.js";

const HOOK_PREFIX = "/v1/hook/";
/** `gatehouse hook AGENT --daemon URL` (src/node/hook-forward.ts): the hook's stdout, stderr and exit code as JSON. */
const HOOK_ANSWER_PREFIX = "/v1/hook-answer/";
/** `/v1/hook-answer/AGENT/no-person`: the forwarding hook found nobody to answer an ask (a headless Gemini CLI run). */
export const NO_PERSON_SUFFIX = "/no-person";

export function daemonRouter(service: DaemonService): Router {
  const evaluate: Route = { methods: ["POST"], body: "json", handle: (body) => service.evaluate(body) };
  const health: Route = { methods: ["GET"], body: "json", handle: () => service.health() };
  const hooks = new Map<string, Route>();
  const hookRoute = (prefix: string, path: string, answer: "http" | "raw"): Route | null => {
    const rest = path.slice(prefix.length);
    const noPerson = answer === "raw" && rest.endsWith(NO_PERSON_SUFFIX);
    const agent = noPerson ? rest.slice(0, -NO_PERSON_SUFFIX.length) : rest;
    if (!isHookAgent(agent)) return null;
    const key = `${answer} ${agent}${noPerson ? NO_PERSON_SUFFIX : ""}`;
    let route = hooks.get(key);
    // The agent's own route answers a refused body in its protocol; a forwarding hook process (raw) keeps the
    // HTTP error, so it evaluates the call itself (it reads up to 64 MiB).
    const refused = answer === "http" ? (refusal: Refusal) => service.hookRefused(agent, refusal) : undefined;
    if (route === undefined) hooks.set(key, (route = { methods: ["POST"], body: "text", handle: (text) => service.hook(agent, text as string, answer, noPerson), refused }));
    return route;
  };
  return (path) => {
    if (path === "/v1/evaluate") return evaluate;
    if (path === "/healthz") return health;
    if (path.startsWith(HOOK_PREFIX)) return hookRoute(HOOK_PREFIX, path, "http");
    if (path.startsWith(HOOK_ANSWER_PREFIX)) return hookRoute(HOOK_ANSWER_PREFIX, path, "raw");
    return null;
  };
}
