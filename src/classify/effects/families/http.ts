// The API rows of the families: an HTTP request (curl, wget, httpie, xh) to an
// endpoint a family knows — an Elasticsearch index, a Kong admin API, the
// Mailgun domains API — gets that endpoint's effect, beside the request's own
// `fetch × network_host`. Rows are tried in order; the first that matches a
// URL and has an effect for the request gives its effects.
import { attrs, targetText, type Ctx } from "../common.js";
import { httpRequest, maySend, type HttpRequest, type RequestUrl } from "./http-request.js";
import type { ApiMatch, ApiRow, EffectSpec } from "./rows.js";

function decodeSegments(url: URL): string[] {
  return url.pathname
    .split("/")
    .filter(Boolean)
    .map((s) => {
      try {
        return decodeURIComponent(s);
      } catch {
        return s;
      }
    });
}

function urlPort(url: URL): number {
  if (url.port !== "") return Number(url.port);
  return url.protocol === "https:" ? 443 : 80;
}

/** What the rows test of one URL, worked out once. */
interface Target {
  u: RequestUrl;
  port: number;
  /** Path and query, percent-decoded where that is valid. */
  path: string;
}

function target(u: RequestUrl): Target {
  if (!u.url) return { u, port: 0, path: "" };
  let path = u.url.pathname + u.url.search;
  try {
    path = decodeURIComponent(path);
  } catch {
    /* keep it encoded */
  }
  return { u, port: urlPort(u.url), path };
}

function endpointMatches(row: ApiRow, t: Target): boolean {
  if (!row.host && !row.ports) return true;
  if (!t.u.url) return row.dynamicUrl === true;
  return (row.host ? row.host.test(t.u.url.hostname) : false) || (row.ports ? row.ports.includes(t.port) : false);
}

function rowMatches(row: ApiRow, req: HttpRequest, t: Target): boolean {
  if (!row.methods.includes(req.method) && !row.methods.includes("*")) return false;
  if (!endpointMatches(row, t)) return false;
  if (row.path && !(t.u.url && row.path.test(t.path))) return false;
  if (row.body && !(req.body !== null && row.body.test(req.body))) return false;
  return true;
}

const asList = (x: EffectSpec | readonly EffectSpec[] | null): readonly EffectSpec[] => (x === null ? [] : Array.isArray(x) ? x : [x as EffectSpec]);

/** Effects of the request this command makes on the endpoints `rows` know. */
export function apiEffects(ctx: Ctx, rows: readonly ApiRow[]): void {
  // Every API row is about a method that sends or a body (a GraphQL mutation).
  if (!maySend(ctx.program, ctx.args)) return;
  const req = httpRequest(ctx.program, ctx.args);
  if (!req) return;
  // A request whose URL is only known at run time can still be judged by rows that need no endpoint (a GraphQL body).
  const urls: RequestUrl[] = req.urls.length ? req.urls : [{ text: "", url: null }];
  for (const u of urls) {
    const t = target(u);
    const m: ApiMatch = { ctx, method: req.method, url: u.url ?? new URL("http://unknown.invalid/"), segments: u.url ? decodeSegments(u.url) : [], body: req.body };
    for (const row of rows) {
      if (!rowMatches(row, req, t)) continue;
      const specs = asList(typeof row.effect === "function" ? row.effect(m) : row.effect);
      if (specs.length === 0) continue;
      const operation = row.operation ?? `${req.method} ${u.url ? u.url.pathname : u.text}`;
      for (const s of specs) {
        ctx.out.effect(s.verb, s.target, attrs(ctx, { service: row.service, operation, method: req.method, ...(u.text ? { target: targetText(u.text) } : {}), ...s.attrs }));
      }
      break;
    }
  }
}
