// IP address arithmetic: literals parsed into integers so ranges are compared
// numerically, never by string prefix (SPEC §6.5: `172.16/12` is sixteen blocks).

/** inet_aton-style IPv4 parse: 1–4 parts, decimal / 0-octal / 0x-hex. Null when not an IPv4 literal. */
export function parseIPv4(host: string): number | null {
  if (!/^[0-9a-fA-Fx.]+$/.test(host) || host.length === 0) return null;
  const parts = host.split(".");
  if (parts.length > 4 || parts.some((p) => p === "")) return null;
  const nums: number[] = [];
  for (const p of parts) {
    let n: number;
    if (/^0[xX][0-9a-fA-F]*$/.test(p)) n = p.length === 2 ? 0 : parseInt(p.slice(2), 16);
    else if (/^0[0-7]+$/.test(p)) n = parseInt(p.slice(1), 8);
    else if (/^(0|[1-9][0-9]*)$/.test(p)) n = parseInt(p, 10);
    else return null;
    if (!Number.isFinite(n)) return null;
    nums.push(n);
  }
  const last = nums[nums.length - 1];
  const head = nums.slice(0, -1);
  if (head.some((n) => n > 255)) return null;
  const lastMax = 2 ** (8 * (5 - nums.length)) - 1;
  if (last > lastMax) return null;
  let value = 0;
  head.forEach((n, i) => {
    value += n * 2 ** (8 * (3 - i));
  });
  return value + last;
}

/** Parse an IPv6 literal (no brackets) into eight 16-bit hextets; null when not one. */
export function parseIPv6(text: string): number[] | null {
  let s = text;
  const zone = s.indexOf("%");
  if (zone >= 0) s = s.slice(0, zone);
  if (!s.includes(":")) return null;
  let tail: number[] = [];
  const lastColon = s.lastIndexOf(":");
  const lastPart = s.slice(lastColon + 1);
  if (lastPart.includes(".")) {
    if (!/^\d{1,3}(\.\d{1,3}){3}$/.test(lastPart)) return null;
    const octets = lastPart.split(".").map(Number);
    if (octets.some((o) => o > 255)) return null;
    tail = [(octets[0] << 8) | octets[1], (octets[2] << 8) | octets[3]];
    s = s.slice(0, lastColon + 1) + "0:0"; // two placeholder hextets, replaced below
  }
  const dbl = s.split("::");
  if (dbl.length > 2) return null;
  const parseGroup = (g: string): number[] | null => {
    if (g === "") return [];
    const out: number[] = [];
    for (const h of g.split(":")) {
      if (!/^[0-9a-fA-F]{1,4}$/.test(h)) return null;
      out.push(parseInt(h, 16));
    }
    return out;
  };
  const left = parseGroup(dbl[0]);
  const right = dbl.length === 2 ? parseGroup(dbl[1]) : [];
  if (!left || !right) return null;
  let hextets: number[];
  if (dbl.length === 2) {
    const fill = 8 - left.length - right.length;
    if (fill < 1) return null;
    hextets = [...left, ...Array(fill).fill(0), ...right];
  } else {
    if (left.length !== 8) return null;
    hextets = left;
  }
  if (tail.length === 2) hextets.splice(6, 2, tail[0], tail[1]);
  return hextets;
}

/**
 * The IPv4 address an IPv6 address carries, judged as that IPv4 by the
 * boundary arithmetic: IPv4-mapped `::ffff:a.b.c.d`, IPv4-compatible
 * `::a.b.c.d` (deprecated, still routed by some stacks) and NAT64
 * `64:ff9b::a.b.c.d`. Null for any other address (and for `::`, `::1`).
 */
export function embeddedIPv4(h: readonly number[]): number | null {
  const v4 = h[6]! * 65536 + h[7]!;
  const zeros = (n: number) => h.slice(0, n).every((x) => x === 0);
  if (zeros(5) && h[5] === 0xffff) return v4;
  if (zeros(6) && h[6] !== 0) return v4;
  if (h[0] === 0x64 && h[1] === 0xff9b && h.slice(2, 6).every((x) => x === 0)) return v4;
  return null;
}

/** 128-bit value of eight hextets. */
function hextetsValue(h: number[]): bigint {
  let value = 0n;
  for (const g of h) value = (value << 16n) | BigInt(g);
  return value;
}

const unbracket = (text: string) => (text.startsWith("[") && text.endsWith("]") ? text.slice(1, -1) : text);

export interface Cidr {
  version: 4 | 6;
  base: bigint;
  prefix: number;
}

/** `10.0.0.0/8`, `fc00::/7`, or a bare address (a /32 or /128). */
export function parseCidr(text: string): Cidr | null {
  const slash = text.indexOf("/");
  const addr = slash >= 0 ? text.slice(0, slash) : text;
  const prefixText = slash >= 0 ? text.slice(slash + 1) : null;
  if (prefixText !== null && !/^\d{1,3}$/.test(prefixText)) return null;
  const v4 = parseIPv4(addr);
  if (v4 !== null) {
    const prefix = prefixText === null ? 32 : Number(prefixText);
    return prefix <= 32 ? { version: 4, base: BigInt(v4), prefix } : null;
  }
  const v6 = parseIPv6(unbracket(addr));
  if (v6 !== null) {
    const prefix = prefixText === null ? 128 : Number(prefixText);
    return prefix <= 128 ? { version: 6, base: hextetsValue(v6), prefix } : null;
  }
  return null;
}

/** Whether an address literal (IPv6 may be bracketed) lies inside a CIDR block of the same family. */
export function inCidr(address: string, cidr: Cidr): boolean {
  let value: bigint | null;
  let bits: number;
  if (cidr.version === 4) {
    const v4 = parseIPv4(address);
    value = v4 === null ? null : BigInt(v4);
    bits = 32;
  } else {
    const v6 = parseIPv6(unbracket(address));
    value = v6 === null ? null : hextetsValue(v6);
    bits = 128;
  }
  if (value === null) return false;
  const shift = BigInt(bits - cidr.prefix);
  return value >> shift === cidr.base >> shift;
}
