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
// - `file://` URLs are reported with host "" (or as written), tld "" and
//   boundary internal: they name the local machine.
import { getPublicSuffix } from "tldts";
import { parseIPv4, parseIPv6 } from "../net/ip.js";
import type { ClassifiedUrl, UrlBoundary } from "../model/classification.js";

export { parseIPv4, parseIPv6 };

const INTERNAL_SUFFIXES = [".localhost", ".local", ".internal", ".lan", ".home.arpa", ".localdomain"];

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
  if (zeroUpTo(5) && h[5] === 0xffff) return isInternalIPv4(h[6] * 65536 + h[7]); // ::ffff:a.b.c.d
  return false;
}

export function hostBoundary(host: string): UrlBoundary {
  const h = host.toLowerCase();
  if (h === "") return "internal";
  if (h.startsWith("[")) {
    const v6 = parseIPv6(h.slice(1, h.endsWith("]") ? -1 : undefined));
    return v6 && isInternalIPv6(v6) ? "internal" : "external";
  }
  const v4 = parseIPv4(h);
  if (v4 !== null) return isInternalIPv4(v4) ? "internal" : "external";
  const v6 = parseIPv6(h);
  if (v6) return isInternalIPv6(v6) ? "internal" : "external";
  if (h === "localhost" || !h.includes(".")) return "internal";
  if (INTERNAL_SUFFIXES.some((s) => h.endsWith(s))) return "internal";
  return "external";
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
