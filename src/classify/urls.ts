// URL classification (SPEC §6.5). Decisions (also in docs/classifier.md):
//
// - Recognised forms: `scheme://…` (any RFC 3986 scheme) and `user@host:path`
//   remote specs (scp/git style; scheme reported as "ssh"). A bare `host:path`
//   without `user@` is only a remote spec where the caller knows it must be one
//   (scp/rsync operands: `remoteSpecUrl`). `C:\…` / `C:/…` are never URLs.
// - `host`: lowercased, userinfo and port removed, one trailing dot removed,
//   IPv6 literals kept bracketed (zone id dropped).
// - `tld`: the ICANN public suffix via tldts (`example.co.uk` → `co.uk`,
//   `a.github.io` → `io`). IP literals and single-label hosts (`localhost`,
//   `db`) have tld "".
// - `boundary`: internal by arithmetic. IPv4 is parsed inet_aton-style
//   (`127.1`, `0x7f.0.0.1`, `2130706433` are loopback too) into a 32-bit
//   integer and tested against 10/8, 172.16/12, 192.168/16, 127/8, 169.254/16
//   and 0/8 (0.0.0.0 reaches the local host); IPv6 is parsed into eight
//   hextets and tested against ::1, :: (unspecified), fc00::/7, fe80::/10 and
//   IPv4-mapped ::ffff:a.b.c.d (judged as its IPv4). Names: `localhost`, any
//   host with no dot, and the suffixes .localhost .local .internal .lan
//   .home.arpa .localdomain. Everything else is external.
// - `boundary: metadata` (before any other test) for cloud metadata
//   endpoints, in every spelling the IPv4 parser accepts (`169.254.169.254`,
//   `0xa9fea9fe`, `2852039166`, `0251.0376.0251.0376`, `0xa9.254.0251.0xfe`,
//   `169.254.43518`) and inside IPv6 (`[::ffff:169.254.169.254]`,
//   `[::ffff:a9fe:a9fe]`, NAT64 `[64:ff9b::a9fe:a9fe]`): METADATA_ENDPOINTS.
// - `file://` URLs are reported with host "" (or as written), tld "" and
//   boundary internal: they name the local machine. `fileUrlPath` gives the
//   path they name, which callers classify with the path table.
import { getPublicSuffix } from "tldts";
import { embeddedIPv4, parseIPv4, parseIPv6 } from "../net/ip.js";
import type { ClassifiedUrl, UrlBoundary } from "../model/classification.js";

export { parseIPv4, parseIPv6 };

const INTERNAL_SUFFIXES = [".localhost", ".local", ".internal", ".lan", ".home.arpa", ".localdomain"];

/** Cloud instance-metadata endpoints (credentials, user data, tokens): each with who serves it. */
export const METADATA_ENDPOINTS: ReadonlyArray<{ host: string; serves: string }> = [
  { host: "169.254.169.254", serves: "AWS, GCP, Azure, Oracle Cloud, DigitalOcean, OpenStack, Hetzner instance metadata" },
  { host: "169.254.170.2", serves: "AWS ECS task metadata and credentials" },
  { host: "fd00:ec2::254", serves: "AWS instance metadata over IPv6" },
  { host: "100.100.100.200", serves: "Alibaba Cloud instance metadata" },
  { host: "168.63.129.16", serves: "Azure WireServer (host agent, extension settings)" },
  { host: "192.0.0.192", serves: "Oracle Cloud legacy instance metadata" },
  { host: "metadata.google.internal", serves: "GCP metadata server" },
  { host: "metadata.goog", serves: "GCP metadata server" },
  { host: "metadata", serves: "GCP metadata server (short name)" },
  { host: "instance-data", serves: "AWS instance metadata (VPC DNS name)" },
  { host: "instance-data.ec2.internal", serves: "AWS instance metadata (VPC DNS name)" },
  { host: "metadata.tencentyun.com", serves: "Tencent Cloud instance metadata" },
];
const METADATA_V4 = new Set(METADATA_ENDPOINTS.map((e) => parseIPv4(e.host)).filter((n): n is number => n !== null));
const METADATA_V6 = METADATA_ENDPOINTS.map((e) => parseIPv6(e.host)).filter((h): h is number[] => h !== null);
const METADATA_NAMES = new Set(METADATA_ENDPOINTS.filter((e) => parseIPv4(e.host) === null && parseIPv6(e.host) === null).map((e) => e.host));

export function isMetadataIPv4(ip: number): boolean {
  return METADATA_V4.has(ip);
}

export function isMetadataIPv6(h: readonly number[]): boolean {
  if (METADATA_V6.some((m) => m.every((x, i) => x === h[i]))) return true;
  const v4 = embeddedIPv4(h);
  return v4 !== null && isMetadataIPv4(v4);
}

export function isInternalIPv4(ip: number): boolean {
  const inNet = (net: number, bits: number): boolean => Math.floor(ip / 2 ** (32 - bits)) === Math.floor(net / 2 ** (32 - bits));
  const a = (x: number, y: number, z = 0, w = 0): number => ((x * 256 + y) * 256 + z) * 256 + w;
  return (
    inNet(a(10, 0), 8) ||
    inNet(a(172, 16), 12) ||
    inNet(a(192, 168), 16) ||
    inNet(a(127, 0), 8) ||
    inNet(a(169, 254), 16) ||
    inNet(a(0, 0), 8)
  );
}

export function isInternalIPv6(h: number[]): boolean {
  const zeroUpTo = (n: number): boolean => h.slice(0, n).every((x) => x === 0);
  if (zeroUpTo(7) && (h[7] === 1 || h[7] === 0)) return true; // ::1, ::
  if ((h[0] & 0xfe00) === 0xfc00) return true; // fc00::/7
  if ((h[0] & 0xffc0) === 0xfe80) return true; // fe80::/10
  const v4 = embeddedIPv4(h); // ::ffff:a.b.c.d, ::a.b.c.d, 64:ff9b::a.b.c.d
  return v4 !== null && isInternalIPv4(v4);
}

export function hostBoundary(host: string): UrlBoundary {
  const h = host.toLowerCase().replace(/\.$/, "");
  if (h === "") return "internal";
  const v6 = h.startsWith("[") ? parseIPv6(h.slice(1, h.endsWith("]") ? -1 : undefined)) : parseIPv6(h);
  if (h.startsWith("[") || v6) {
    if (v6 && isMetadataIPv6(v6)) return "metadata";
    return v6 && isInternalIPv6(v6) ? "internal" : "external";
  }
  const v4 = parseIPv4(h);
  if (v4 !== null) return isMetadataIPv4(v4) ? "metadata" : isInternalIPv4(v4) ? "internal" : "external";
  if (METADATA_NAMES.has(h)) return "metadata";
  const embedded = h.includes(".") ? wildcardDnsAddress(h) : null;
  if (embedded !== null) return hostBoundary(embedded);
  if (h === "localhost" || !h.includes(".")) return "internal";
  if (INTERNAL_SUFFIXES.some((s) => h.endsWith(s))) return "internal";
  return "external";
}

/**
 * Wildcard DNS services answer a name with the address written in it (`169.254.169.254.nip.io`,
 * `app-10-0-0-1.sslip.io`, `a9fea9fe.nip.io`, `--1.sslip.io`), or always with loopback (`x.localtest.me`):
 * such a name reaches that address, so it is judged as it.
 */
const WILDCARD_DNS: Readonly<Record<string, "embedded" | string>> = {
  "nip.io": "embedded", "sslip.io": "embedded", "xip.io": "embedded", "traefik.me": "embedded", "nip.direct": "embedded",
  "localtest.me": "127.0.0.1", "lvh.me": "127.0.0.1", "vcap.me": "127.0.0.1", "lacolhost.com": "127.0.0.1", "localhost.run": "embedded",
};

/** [host, the address it resolves to] — run by test/classify/urls-wildcard.test.ts. */
export const WILDCARD_DNS_EXAMPLES: ReadonlyArray<readonly [string, string | null]> = [
  ["169.254.169.254.nip.io", "169.254.169.254"], ["app.10.0.0.1.nip.io", "10.0.0.1"], ["app-169-254-169-254.sslip.io", "169.254.169.254"],
  ["a9fea9fe.nip.io", "169.254.169.254"], ["--1.sslip.io", "::1"], ["x.localtest.me", "127.0.0.1"], ["nip.io", null],
  ["example.com", null], ["app.nip.io", null],
];

/** The address a wildcard-DNS name resolves to, or null (not such a service, or no address in the name). */
export function wildcardDnsAddress(host: string): string | null {
  // Each service is a registrable domain of the public suffix list (`nip.io` under `io`): a suffix match is its domain.
  const domain = Object.keys(WILDCARD_DNS).find((d) => host.endsWith(`.${d}`));
  if (domain === undefined) return null;
  const service = WILDCARD_DNS[domain]!;
  if (service !== "embedded") return service;
  const labels = host.slice(0, -(domain.length + 1)).split(".").filter((l) => l !== "");
  if (labels.length === 0) return null;
  if (labels.length >= 4) {
    const dotted = labels.slice(-4).join(".");
    if (/^\d{1,3}(\.\d{1,3}){3}$/.test(dotted) && parseIPv4(dotted) !== null) return dotted;
  }
  const last = labels[labels.length - 1]!;
  const dashed = /(?:^|-)(\d{1,3}-\d{1,3}-\d{1,3}-\d{1,3})$/.exec(last);
  if (dashed) return dashed[1]!.replace(/-/g, ".");
  const hex = /(?:^|-)([0-9a-f]{8})$/.exec(last);
  if (hex) return [0, 2, 4, 6].map((i) => parseInt(hex[1]!.slice(i, i + 2), 16)).join(".");
  if (last.includes("--") || /^[0-9a-f-]+$/.test(last)) {
    const v6 = last.replace(/-/g, ":");
    if (parseIPv6(v6)) return v6;
  }
  return null;
}

function tldOf(host: string): string {
  if (host === "" || host.startsWith("[") || parseIPv4(host) !== null || parseIPv6(host) !== null) return "";
  if (!host.includes(".")) return "";
  try {
    return getPublicSuffix(host) ?? "";
  } catch {
    return "";
  }
}

function normalizeHost(raw: string): string | null {
  let h = raw;
  const at = h.lastIndexOf("@");
  if (at >= 0) h = h.slice(at + 1);
  if (h.startsWith("[")) {
    const close = h.indexOf("]");
    if (close < 0) return null;
    let inner = h.slice(1, close).toLowerCase();
    const zone = inner.search(/%/);
    if (zone >= 0) inner = inner.slice(0, zone);
    return `[${inner}]`;
  }
  const colon = h.indexOf(":");
  if (colon >= 0) h = h.slice(0, colon);
  h = h.toLowerCase();
  if (h.endsWith(".")) h = h.slice(0, -1);
  if (!/^[a-z0-9._~%!$&'()*+,;=-]*$/.test(h)) return null;
  return h;
}

function build(value: string, scheme: string, host: string): ClassifiedUrl {
  return { value, host, tld: tldOf(host), scheme: scheme.toLowerCase(), boundary: hostBoundary(host) };
}

const SCHEME_URL = /^([A-Za-z][A-Za-z0-9+.-]*):\/\/([^/?#]*)/;
const REMOTE_SPEC = /^[^\s@/:]+@(\[[0-9A-Fa-f:.%a-zA-Z]+\]|[A-Za-z0-9][A-Za-z0-9.-]*):(?!\/\/)/;
const BARE_REMOTE = /^(\[[0-9A-Fa-f:.%a-zA-Z]+\]|[A-Za-z0-9][A-Za-z0-9._-]*):/;

/** Classify one token that is entirely a URL or `user@host:path` remote spec; null otherwise. */
export function classifyUrl(text: string): ClassifiedUrl | null {
  const t = text.trim();
  if (t === "" || /^[A-Za-z]:[\\/]/.test(t)) return null;
  const m = SCHEME_URL.exec(t);
  if (m) {
    const host = normalizeHost(m[2]);
    if (host === null) return null;
    return build(t, m[1], host);
  }
  const r = REMOTE_SPEC.exec(t);
  if (r) {
    const host = normalizeHost(r[1]);
    if (host === null) return null;
    return build(t, "ssh", host);
  }
  return null;
}

/**
 * A scp/rsync operand that names a remote: `[user@]host:path`, `host::module`,
 * or a `scheme://` URL. A path with a `/` before the colon, or `C:\…`, is local.
 */
export function remoteSpecUrl(token: string): ClassifiedUrl | null {
  const url = classifyUrl(token);
  if (url) return url;
  if (/^[A-Za-z]:([\\/]|$)/.test(token)) return null;
  const m = BARE_REMOTE.exec(token);
  if (!m) return null;
  const host = normalizeHost(m[1]);
  if (host === null || host === "") return null;
  return build(token, token.slice(m[0].length).startsWith(":") ? "rsync" : "ssh", host);
}

const SCHEME_CHAR = /[A-Za-z0-9+.-]/;
const URL_END = /[\s'"<>`)]/;

/**
 * `scheme://…` runs embedded in a word, found from each `://` outwards — a
 * linear scan. (The equivalent global regex backtracks quadratically on a long
 * word without `://`: 16 KiB of letters took ~0.4 s.)
 */
function embeddedUrls(word: string): string[] {
  const found: string[] = [];
  let from = 0;
  for (;;) {
    const at = word.indexOf("://", from);
    if (at < 0) return found;
    let start = at;
    while (start > from && SCHEME_CHAR.test(word[start - 1]!)) start--;
    while (start < at && !/[A-Za-z]/.test(word[start]!)) start++;
    if (start === at) {
      from = at + 1; // no scheme before this `://`: look again from just after it
      continue;
    }
    let end = at + 3;
    while (end < word.length && !URL_END.test(word[end]!)) end++;
    if (end > at + 3) found.push(word.slice(start, end));
    from = end;
  }
}

/** Every URL inside the words: whole-word URLs/remote specs and `scheme://` tokens embedded in a word. */
export function extractUrls(words: readonly string[]): ClassifiedUrl[] {
  const out: ClassifiedUrl[] = [];
  const seen = new Set<string>();
  const push = (u: ClassifiedUrl | null): void => {
    if (u && !seen.has(u.value)) {
      seen.add(u.value);
      out.push(u);
    }
  };
  for (const w of words) {
    const whole = classifyUrl(w);
    if (whole) {
      push(whole);
      continue;
    }
    for (const u of embeddedUrls(w)) push(classifyUrl(u));
  }
  return out;
}

/**
 * The local path a `file:` URL names (`file:///etc/passwd` → `/etc/passwd`,
 * `file://localhost/x` → `/x`, `file:///C:/x` → `C:/x`, `file:/x` → `/x`),
 * percent-decoded; null for any other URL or a file URL on another host
 * (`file://server/share` is a UNC path: `\\server\share`).
 */
export function fileUrlPath(text: string): string | null {
  const m = /^file:(\/\/([^/?#]*))?([^?#]*)/i.exec(text.trim());
  if (!m) return null;
  const host = (m[2] ?? "").toLowerCase();
  let path = m[3] ?? "";
  try {
    path = decodeURIComponent(path);
  } catch {
    // a stray % stays as written
  }
  if (/^\/[A-Za-z]:([\\/]|$)/.test(path)) path = path.slice(1);
  if (host !== "" && host !== "localhost") return host === "~" ? `~${path}` : `\\\\${host}${path.replace(/\//g, "\\")}`;
  return path === "" ? "/" : path;
}
