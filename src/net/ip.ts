// IP address arithmetic: parse literals into integers so ranges are compared
// numerically, never by string prefix (SPEC §6.5: `172.16/12` is sixteen blocks).

/** IPv4 dotted quad → unsigned 32-bit integer, or null. */
export function parseIPv4(text: string): number | null {
  const parts = text.split(".");
  if (parts.length !== 4) return null;
  let value = 0;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part)) return null;
    const octet = Number(part);
    if (octet > 255) return null;
    value = value * 256 + octet;
  }
  return value;
}

/** IPv6 literal (optionally bracketed, optionally with an embedded IPv4 tail) → 128-bit bigint, or null. */
export function parseIPv6(text: string): bigint | null {
  let s = text.startsWith("[") && text.endsWith("]") ? text.slice(1, -1) : text;
  const zone = s.indexOf("%");
  if (zone >= 0) s = s.slice(0, zone);
  if (!s.includes(":")) return null;
  // An embedded IPv4 tail (`::ffff:127.0.0.1`) is two hextets written in dotted form.
  const lastColon = s.lastIndexOf(":");
  const maybeV4 = s.slice(lastColon + 1);
  if (maybeV4.includes(".")) {
    const v4 = parseIPv4(maybeV4);
    if (v4 === null) return null;
    s = `${s.slice(0, lastColon + 1)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const halves = s.split("::");
  if (halves.length > 2) return null;
  const parseGroups = (part: string): number[] | null => {
    if (part === "") return [];
    const groups = part.split(":");
    const out: number[] = [];
    for (const g of groups) {
      if (!/^[0-9a-fA-F]{1,4}$/.test(g)) return null;
      out.push(parseInt(g, 16));
    }
    return out;
  };
  const head = parseGroups(halves[0]!);
  const rest = halves.length === 2 ? parseGroups(halves[1]!) : [];
  if (head === null || rest === null) return null;
  const explicit = head.length + rest.length;
  let groups: number[];
  if (halves.length === 2) {
    if (explicit > 7) return null;
    groups = [...head, ...new Array<number>(8 - explicit).fill(0), ...rest];
  } else {
    if (explicit !== 8) return null;
    groups = head;
  }
  let value = 0n;
  for (const g of groups) value = (value << 16n) | BigInt(g);
  return value;
}

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
  const v6 = parseIPv6(addr);
  if (v6 !== null) {
    const prefix = prefixText === null ? 128 : Number(prefixText);
    return prefix <= 128 ? { version: 6, base: v6, prefix } : null;
  }
  return null;
}

/** Whether an address literal lies inside a CIDR block of the same family. */
export function inCidr(address: string, cidr: Cidr): boolean {
  let value: bigint | null;
  let bits: number;
  if (cidr.version === 4) {
    const v4 = parseIPv4(address);
    value = v4 === null ? null : BigInt(v4);
    bits = 32;
  } else {
    value = parseIPv6(address);
    bits = 128;
  }
  if (value === null) return false;
  const shift = BigInt(bits - cidr.prefix);
  return value >> shift === cidr.base >> shift;
}
