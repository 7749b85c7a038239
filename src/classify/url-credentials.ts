// A credential written into a URL's query string (`?token=…`, `&api_key=…`,
// `&password=…`): the receiving host, every proxy on the way and the shell's
// and server's logs keep the URL — the secret leaks without any secret file.
// Judged: a parameter named as a credential whose value is a literal that
// looks like one, sent to a host outside this machine and its network
// (boundary `external`). Not judged: `?page=2`, `?q=token`, a placeholder
// (`?token=YOUR_TOKEN`, `?api_key=$KEY` — a variable is secret.send_variable's),
// loopback and private hosts, presigned-URL signatures (made to be shared).
import type { ClassifiedUrl } from "../model/classification.js";

/** Query parameters that carry a credential (lower-case, `-` read as `_`). */
const CREDENTIAL_PARAMS = new Set([
  "token", "access_token", "accesstoken", "auth_token", "authtoken", "id_token", "refresh_token", "private_token", "session_token", "bearer",
  "api_key", "apikey", "api_token", "key", "client_secret", "secret", "app_secret", "password", "passwd", "pwd", "pass",
  "aws_secret_access_key", "secret_key", "secretkey", "secret_access_key", "private_key",
]);

/** Values that stand for a credential rather than being one. */
const PLACEHOLDER = /^(?:x+|\*+|\.+|\u2026|<[^>]*>|\{[^}]*\}|\[[^\]]*\]|%[0-9a-f]{2}.*|your[_-]?\w*|my[_-]?\w*|redacted|changeme|secret|token|password|null|undefined|none|true|false|test|example|dummy|placeholder|foo|bar|abc|xxx\w*|\d{1,6})$/i;

export interface UrlCredential {
  /** The parameter as written (`access_token`); never the value. */
  param: string;
  host: string;
}

/** The first credential the URL's query string carries, or null (examples: URL_CREDENTIAL_EXAMPLES). */
export function urlCredential(url: ClassifiedUrl): UrlCredential | null {
  if (url.boundary !== "external" || (url.scheme !== "http" && url.scheme !== "https" && url.scheme !== "")) return null;
  const q = url.value.indexOf("?");
  if (q < 0) return null;
  const query = url.value.slice(q + 1).split("#")[0]!;
  for (const pair of query.split("&")) {
    const eq = pair.indexOf("=");
    if (eq <= 0) continue;
    const name = pair.slice(0, eq);
    const value = pair.slice(eq + 1);
    if (!CREDENTIAL_PARAMS.has(name.toLowerCase().replace(/-/g, "_"))) continue;
    if (value.length < 6 || PLACEHOLDER.test(value) || /[$`]/.test(value)) continue;
    return { param: name, host: url.host };
  }
  return null;
}

/** The effect attrs for a credential in a URL (`send × network_host`, read by secret.send_variable). */
export function urlCredentialAttrs(c: UrlCredential): { target: string; secret_literal: true; carrier: "url" } {
  return { target: `?${c.param}=\u2026 (${c.host})`, secret_literal: true, carrier: "url" };
}

/** `[url, credential parameter or null]`, run through classifyUrl in test/classify/url-credentials.test.ts. */
export const URL_CREDENTIAL_EXAMPLES: ReadonlyArray<readonly [string, string | null]> = [
  ["https://api.example.com/v1/items?token=9f8e7d6c5b4a", "token"],
  ["https://x.example/api?page=2&access_token=ghp_abcdefghijklmnop", "access_token"],
  ["https://maps.example.com/geo?key=AIzaSyA1b2C3d4E5f6", "key"],
  ["https://x.example/login?user=bob&password=hunter22", "password"],
  ["https://x.example/api?page=2", null],
  ["https://x.example/search?q=token", null],
  ["https://x.example/api?token=YOUR_TOKEN", null],
  ["https://x.example/api?api_key=<key>", null],
  ["http://localhost:3000/api?token=9f8e7d6c5b4a", null],
  ["http://10.0.0.5/api?token=9f8e7d6c5b4a", null],
  ["https://bucket.s3.amazonaws.com/o?X-Amz-Signature=abcdef123456", null],
];
