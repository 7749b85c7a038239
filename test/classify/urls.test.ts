import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { classifyUrl, extractUrls, fileUrlPath, hostBoundary, parseIPv4, parseIPv6, remoteSpecUrl } from "../../src/classify/urls.js";

const b = (u: string) => classifyUrl(u)?.boundary;

describe("classifyUrl: decomposition", () => {
  const rows: Array<[string, { host: string; tld: string; scheme: string; boundary: string }]> = [
    ["https://Example.COM/path?q=1", { host: "example.com", tld: "com", scheme: "https", boundary: "external" }],
    ["http://user:pw@example.co.uk:8080/x", { host: "example.co.uk", tld: "co.uk", scheme: "http", boundary: "external" }],
    ["https://a.b.example.com.au", { host: "a.b.example.com.au", tld: "com.au", scheme: "https", boundary: "external" }],
    ["https://x.github.io/", { host: "x.github.io", tld: "io", scheme: "https", boundary: "external" }],
    ["http://[::1]:3000/", { host: "[::1]", tld: "", scheme: "http", boundary: "internal" }],
    ["http://[FE80::1%25eth0]/", { host: "[fe80::1]", tld: "", scheme: "http", boundary: "internal" }],
    ["http://127.0.0.1:8080", { host: "127.0.0.1", tld: "", scheme: "http", boundary: "internal" }],
    ["http://localhost:5173", { host: "localhost", tld: "", scheme: "http", boundary: "internal" }],
    ["http://db/", { host: "db", tld: "", scheme: "http", boundary: "internal" }],
    ["postgres://admin:secret@db.prod.internal:5432/app", { host: "db.prod.internal", tld: "internal", scheme: "postgres", boundary: "internal" }],
    ["HTTPS://EXAMPLE.org.", { host: "example.org", tld: "org", scheme: "https", boundary: "external" }],
    ["git@github.com:org/repo.git", { host: "github.com", tld: "com", scheme: "ssh", boundary: "external" }],
    ["deploy@10.0.0.5:/srv/app", { host: "10.0.0.5", tld: "", scheme: "ssh", boundary: "internal" }],
    ["s3://my-bucket/key", { host: "my-bucket", tld: "", scheme: "s3", boundary: "internal" }],
    ["file:///etc/passwd", { host: "", tld: "", scheme: "file", boundary: "internal" }],
  ];
  it.each(rows)("%s", (url, expected) => {
    expect(classifyUrl(url)).toEqual({ value: url, ...expected });
  });
  it("rejects non-URLs", () => {
    for (const t of ["C:\\x", "C:/x", "hello", "a:b", "HEAD:main", "/tmp/x", "user@host", "", "key=value", "src:dst"]) expect(classifyUrl(t)).toBeNull();
  });
  it("remote specs for scp/rsync", () => {
    expect(remoteSpecUrl("host:/tmp/x")?.host).toBe("host");
    expect(remoteSpecUrl("user@evil.example.com:/tmp/")?.boundary).toBe("external");
    expect(remoteSpecUrl("backup::module/x")?.scheme).toBe("rsync");
    expect(remoteSpecUrl("rsync://h.example.com/m")?.scheme).toBe("rsync");
    expect(remoteSpecUrl("./a:b")).toBeNull();
    expect(remoteSpecUrl("/abs/a:b")).toBeNull();
    expect(remoteSpecUrl("C:\\x")).toBeNull();
    expect(remoteSpecUrl("C:")).toBeNull();
    expect(remoteSpecUrl("report.pdf")).toBeNull();
  });
  it("extractUrls finds whole and embedded URLs, deduplicated", () => {
    const urls = extractUrls(["-X", "POST", "https://a.example.com/x", "--url=https://b.example.com", "https://a.example.com/x", "git@github.com:o/r.git", "plain"]);
    expect(urls.map((u) => u.host)).toEqual(["a.example.com", "b.example.com", "github.com"]);
  });
});

describe("boundary: IPv4 arithmetic", () => {
  const sixteen = Array.from({ length: 16 }, (_, i) => 16 + i);
  it.each(sixteen)("172.%i.x.y is internal (all sixteen 172.16/12 blocks)", (n) => {
    expect(b(`http://172.${n}.0.1/`)).toBe("internal");
    expect(b(`http://172.${n}.255.254/`)).toBe("internal");
  });
  it.each([15, 32, 0, 255])("172.%i.0.1 is external", (n) => {
    expect(b(`http://172.${n}.0.1/`)).toBe("external");
  });
  const rows: Array<[string, string]> = [
    ["10.0.0.1", "internal"],
    ["10.255.255.255", "internal"],
    ["11.0.0.1", "external"],
    ["9.255.255.255", "external"],
    ["192.168.1.1", "internal"],
    ["192.169.0.1", "external"],
    ["192.167.255.255", "external"],
    ["127.0.0.1", "internal"],
    ["127.255.1.2", "internal"],
    ["128.0.0.1", "external"],
    ["169.254.169.254", "metadata"],
    ["169.253.0.1", "external"],
    ["169.255.0.1", "external"],
    ["0.0.0.0", "internal"],
    ["8.8.8.8", "external"],
    ["1.1.1.1", "external"],
    ["127.1", "internal"],
    ["2130706433", "internal"],
    ["0x7f.0.0.1", "internal"],
    ["0x7f000001", "internal"],
    ["0177.0.0.1", "internal"],
    ["10.1", "internal"],
  ];
  it.each(rows)("%s → %s", (host, expected) => {
    expect(b(`http://${host}/`)).toBe(expected);
  });
  it("parseIPv4 rejects out-of-range and non-numeric", () => {
    expect(parseIPv4("256.0.0.1")).toBeNull();
    expect(parseIPv4("1.2.3.4.5")).toBeNull();
    expect(parseIPv4("cafe.babe")).toBeNull();
    expect(parseIPv4("1..2")).toBeNull();
    expect(parseIPv4("1.2.3.256")).toBeNull();
    expect(parseIPv4("1.2.3.4")).toBe(16909060);
  });
});

describe("boundary: IPv6 arithmetic", () => {
  const rows: Array<[string, string]> = [
    ["[::1]", "internal"],
    ["[::]", "internal"],
    ["[0:0:0:0:0:0:0:1]", "internal"],
    ["[fc00::1]", "internal"],
    ["[fd12:3456:789a::1]", "internal"],
    ["[fbff::1]", "external"],
    ["[fe00::1]", "external"],
    ["[fe80::1]", "internal"],
    ["[febf:ffff::1]", "internal"],
    ["[fec0::1]", "external"],
    ["[::ffff:127.0.0.1]", "internal"],
    ["[::ffff:7f00:1]", "internal"],
    ["[::ffff:10.1.2.3]", "internal"],
    ["[::ffff:8.8.8.8]", "external"],
    ["[2001:db8::1]", "external"],
    ["[2606:4700:4700::1111]", "external"],
    ["[::2]", "external"],
  ];
  it.each(rows)("%s → %s", (host, expected) => {
    expect(b(`http://${host}/`)).toBe(expected);
  });
  it("parseIPv6", () => {
    expect(parseIPv6("::1")).toEqual([0, 0, 0, 0, 0, 0, 0, 1]);
    expect(parseIPv6("1:2:3:4:5:6:7:8")).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(parseIPv6("1::2::3")).toBeNull();
    expect(parseIPv6("1:2:3:4:5:6:7:8:9")).toBeNull();
    expect(parseIPv6("12345::")).toBeNull();
  });
});

describe("boundary: cloud metadata endpoints (SPEC §6.5)", () => {
  const rows: Array<[string, string]> = [
    ["169.254.169.254", "metadata"],
    ["0xa9fea9fe", "metadata"],
    ["0XA9FEA9FE", "metadata"],
    ["2852039166", "metadata"],
    ["0251.0376.0251.0376", "metadata"],
    ["0xa9.254.0251.0xfe", "metadata"],
    ["169.254.43518", "metadata"],
    ["169.16689662", "metadata"],
    ["[fd00:ec2::254]", "metadata"],
    ["[FD00:EC2:0:0:0:0:0:254]", "metadata"],
    ["[::ffff:169.254.169.254]", "metadata"],
    ["[::ffff:a9fe:a9fe]", "metadata"],
    ["[::a9fe:a9fe]", "metadata"],
    ["[64:ff9b::a9fe:a9fe]", "metadata"],
    ["metadata.google.internal", "metadata"],
    ["metadata.google.internal.", "metadata"],
    ["METADATA.GOOGLE.INTERNAL", "metadata"],
    ["metadata.goog", "metadata"],
    ["metadata", "metadata"],
    ["100.100.100.200", "metadata"],
    ["168.63.129.16", "metadata"],
    ["169.254.170.2", "metadata"],
    ["instance-data.ec2.internal", "metadata"],
    ["169.254.169.253", "internal"],
    ["169.254.1.1", "internal"],
    ["[fd00:ec2::253]", "internal"],
    ["100.100.100.201", "external"],
    ["metadata.example.com", "external"],
    ["google.internal", "internal"],
  ];
  it.each(rows)("%s → %s", (host, expected) => {
    expect(hostBoundary(host)).toBe(expected);
  });
  it("URLs carry it, whatever the userinfo, port or path", () => {
    expect(classifyUrl("http://user:pw@0xa9fea9fe:80/latest/meta-data/")?.boundary).toBe("metadata");
    expect(classifyUrl("http://[::ffff:169.254.169.254]:8080/")?.boundary).toBe("metadata");
  });
});

describe("file: URLs name a path", () => {
  it.each([
    ["file:///etc/passwd", "/etc/passwd"],
    ["file://localhost/etc/hosts", "/etc/hosts"],
    ["FILE:///home/u/%2Essh/id_rsa", "/home/u/.ssh/id_rsa"],
    ["file:/tmp/x", "/tmp/x"],
    ["file:///C:/Users/dev/.aws/credentials", "C:/Users/dev/.aws/credentials"],
    ["file://server/share/x", "\\\\server\\share\\x"],
    ["file:///a%ZZb", "/a%ZZb"],
    ["https://example.com/", null],
  ])("%s → %s", (url, path) => {
    expect(fileUrlPath(url)).toBe(path);
  });
});

describe("boundary: names", () => {
  const rows: Array<[string, string]> = [
    ["localhost", "internal"],
    ["LOCALHOST", "internal"],
    ["app.localhost", "internal"],
    ["printer.local", "internal"],
    ["api.internal", "internal"],
    ["nas.lan", "internal"],
    ["router.home.arpa", "internal"],
    ["box.localdomain", "internal"],
    ["intranet", "internal"],
    ["example.com", "external"],
    ["local.example.com", "external"],
    ["internal.example.com", "external"],
    ["mylan", "internal"],
    ["evil-localhost.com", "external"],
    // Wildcard DNS names resolve to the address they embed (urls.ts WILDCARD_DNS).
    ["10.0.0.1.nip.io", "internal"],
    ["169.254.169.254.nip.io", "metadata"],
    ["app-169-254-169-254.sslip.io", "metadata"],
    ["8.8.8.8.nip.io", "external"],
    ["x.localtest.me", "internal"],
    ["nip.io.example.com", "external"],
  ];
  it.each(rows)("%s → %s", (host, expected) => {
    expect(hostBoundary(host)).toBe(expected);
  });
});

describe("property: boundary agrees with a CIDR oracle on random IPv4s", () => {
  const CIDRS: Array<[number, number, number, number, number]> = [
    [10, 0, 0, 0, 8],
    [172, 16, 0, 0, 12],
    [192, 168, 0, 0, 16],
    [127, 0, 0, 0, 8],
    [169, 254, 0, 0, 16],
    [0, 0, 0, 0, 8],
  ];
  const oracle = (o: number[]): boolean =>
    CIDRS.some(([a, b2, c, d, bits]) => {
      const ip = ((o[0] << 24) | (o[1] << 16) | (o[2] << 8) | o[3]) >>> 0;
      const net = ((a << 24) | (b2 << 16) | (c << 8) | d) >>> 0;
      const mask = bits === 0 ? 0 : (~0 << (32 - bits)) >>> 0;
      return (ip & mask) >>> 0 === (net & mask) >>> 0;
    });
  const METADATA = ["169.254.169.254", "169.254.170.2", "100.100.100.200", "168.63.129.16", "192.0.0.192"];
  const boundaryOracle = (o: number[]): string => (METADATA.includes(o.join(".")) ? "metadata" : oracle(o) ? "internal" : "external");
  const octet = fc.integer({ min: 0, max: 255 });
  // Bias towards the interesting first octets so every range is exercised.
  const first = fc.oneof(octet, fc.constantFrom(0, 10, 127, 169, 172, 192));
  const second = fc.oneof(octet, fc.constantFrom(15, 16, 31, 32, 168, 254));
  it("the metadata addresses themselves, in every spelling", () => {
    for (const m of METADATA) {
      const o = m.split(".").map(Number);
      const n = ((o[0]! << 24) | (o[1]! << 16) | (o[2]! << 8) | o[3]!) >>> 0;
      for (const h of [m, String(n), `0x${n.toString(16)}`, o.map((x) => `0${x.toString(8)}`).join("."), `${o[0]}.${o[1]}.${o[2]! * 256 + o[3]!}`, `[::ffff:${m}]`]) expect(hostBoundary(h), h).toBe("metadata");
    }
  });
  it("dotted quads", () => {
    fc.assert(
      fc.property(first, second, octet, octet, (a, b2, c, d) => {
        const expected = boundaryOracle([a, b2, c, d]);
        expect(classifyUrl(`http://${a}.${b2}.${c}.${d}/`)?.boundary).toBe(expected);
        expect(classifyUrl(`https://[::ffff:${a}.${b2}.${c}.${d}]/`)?.boundary).toBe(expected);
      }),
      { numRuns: 5000 },
    );
  });
  it("the same address as one 32-bit integer", () => {
    fc.assert(
      fc.property(first, second, octet, octet, (a, b2, c, d) => {
        const n = ((a << 24) | (b2 << 16) | (c << 8) | d) >>> 0;
        expect(hostBoundary(String(n))).toBe(boundaryOracle([a, b2, c, d]));
        // …and in every other spelling inet_aton accepts: hex integer, octal and hex dotted, mixed, short forms.
        const spellings = [`0x${n.toString(16)}`, [a, b2, c, d].map((o) => `0${o.toString(8)}`).join("."), [a, b2, c, d].map((o) => `0x${o.toString(16)}`).join("."), `${a}.${b2}.${c * 256 + d}`, `${a}.${(b2 << 16) + (c << 8) + d}`, `0x${a.toString(16)}.${b2}.0${c.toString(8)}.${d}`];
        for (const h of spellings) expect(hostBoundary(h), h).toBe(boundaryOracle([a, b2, c, d]));
      }),
      { numRuns: 2000 },
    );
  });
});

describe("embedded URLs: the linear scan finds what the obvious regex finds", () => {
  const OBVIOUS = /[A-Za-z][A-Za-z0-9+.-]*:\/\/[^\s'"<>`)]+/g;
  it("agrees on random words built from URL-ish pieces", () => {
    const piece = fc.constantFrom("a", "Z", "9", "+", ".", "-", ":", "/", "://", "http", "s3", "'", ")", "x@y", "é");
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 24 }).map((ps) => ps.join("")), (word) => {
        const expected = [...new Set([...word.matchAll(OBVIOUS)].map((m) => m[0]))].flatMap((u) => (classifyUrl(u) ? [classifyUrl(u)!.value] : []));
        const whole = classifyUrl(word);
        const got = extractUrls([word]).map((u) => u.value);
        expect(got).toEqual(whole ? [whole.value] : expected);
      }),
      { numRuns: 2000 },
    );
  });
});
