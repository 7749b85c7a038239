// The daemon's routes. Paths match exactly (no trailing slash, query ignored).
import type { Router } from "./server.js";
import type { DaemonService } from "./service.js";

export function daemonRouter(service: DaemonService): Router {
  const evaluate = { methods: ["POST"], handle: (body: unknown) => service.evaluate(body) };
  const health = { methods: ["GET"], handle: () => service.health() };
  return (path) => {
    if (path === "/v1/evaluate") return evaluate;
    if (path === "/healthz") return health;
    return null;
  };
}
