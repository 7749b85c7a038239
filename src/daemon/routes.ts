// The daemon's routes. Paths match exactly (no trailing slash, query ignored).
import { isHookAgent } from "../adapters/index.js";
import type { Route, Router } from "./server.js";
import type { DaemonService } from "./service.js";

const HOOK_PREFIX = "/v1/hook/";

export function daemonRouter(service: DaemonService): Router {
  const evaluate: Route = { methods: ["POST"], body: "json", handle: (body) => service.evaluate(body) };
  const health: Route = { methods: ["GET"], body: "json", handle: () => service.health() };
  const hooks = new Map<string, Route>();
  return (path) => {
    if (path === "/v1/evaluate") return evaluate;
    if (path === "/healthz") return health;
    if (path.startsWith(HOOK_PREFIX)) {
      const agent = path.slice(HOOK_PREFIX.length);
      if (!isHookAgent(agent)) return null;
      let route = hooks.get(agent);
      if (route === undefined) hooks.set(agent, (route = { methods: ["POST"], body: "text", handle: (text) => service.hook(agent, text as string) }));
      return route;
    }
    return null;
  };
}
