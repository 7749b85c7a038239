// What keeps a web page from reaching the loopback daemon. A page can make the
// browser send requests to 127.0.0.1 (CSRF) or, through a DNS name it rebinds
// to 127.0.0.1, read the answers (DNS rebinding). Browsers mark both: every
// cross-origin or POST request carries `Origin`, modern ones add
// `Sec-Fetch-Site: cross-site|same-site|same-origin`, and a rebound request
// carries the attacker's name in `Host`. Agents' hook clients send none of
// these, so each is refused. (`Sec-Fetch-Mode` alone is not: Node's own fetch
// sends it; `Sec-Fetch-Site: none` is a person typing the URL.)
import type { IncomingHttpHeaders } from "node:http";
import { isLoopbackAddress } from "../node/loopback.js";


/** Why the daemon will not bind `host`, or null for a loopback address. */
export function bindRefusal(host: string): string | null {
  return isLoopbackAddress(host) ? null : `${host} is not a loopback address; the daemon binds 127.0.0.1 or ::1 only`;
}

/** The Host header values that name this daemon: its own address or `localhost`, with its port. */
export function allowedHosts(address: string, port: number): Set<string> {
  const literal = address.includes(":") ? `[${address}]` : address;
  const names = [literal, "localhost"];
  const hosts = new Set<string>();
  for (const name of names) {
    hosts.add(`${name}:${port}`);
    if (port === 80) hosts.add(name);
  }
  return hosts;
}

export interface Refusal {
  status: number;
  code: string;
  message: string;
}

/** Why a request must be refused before it is read, or null. */
export function refuseByHeaders(headers: IncomingHttpHeaders, hosts: ReadonlySet<string>): Refusal | null {
  if (headers.origin !== undefined) return { status: 403, code: "origin_refused", message: "requests carrying an Origin header are refused (browser pages may not call the daemon)" };
  const site = headers["sec-fetch-site"];
  if (site !== undefined && site !== "none")
    return { status: 403, code: "browser_refused", message: `requests from a web page (Sec-Fetch-Site: ${clipHeader(site)}) are refused` };
  return refuseHost(headers.host, hosts);
}

/**
 * The DNS-rebinding rule, shared by the daemon and the playground's file
 * server: the Host header must name this server's loopback address. None or
 * an empty one is a malformed HTTP/1.1 request (400, RFC 9112 §3.2); another
 * name is what a rebound page sends (403).
 */
export function refuseHost(host: string | undefined, hosts: ReadonlySet<string>, server = "daemon"): Refusal | null {
  if (host === undefined || host.trim() === "")
    return { status: 400, code: "host_missing", message: `a request needs a Host header naming this ${server} (${[...hosts][0] ?? "its loopback address"})` };
  if (!hosts.has(host.toLowerCase())) return { status: 403, code: "host_refused", message: `Host ${JSON.stringify(host)} is not this ${server}'s loopback address` };
  return null;
}

const clipHeader = (value: string | string[]) => String(value).slice(0, 40);

/** POST bodies must be JSON (or untyped); a form or text body is what a page's simple request sends. */
export function refuseContentType(contentType: string | undefined): Refusal | null {
  if (contentType === undefined) return null;
  const type = contentType.split(";")[0]!.trim().toLowerCase();
  if (type === "application/json" || (type.startsWith("application/") && type.endsWith("+json"))) return null;
  return { status: 415, code: "unsupported_media_type", message: `Content-Type ${JSON.stringify(contentType)} is not application/json` };
}
