// The member paths of an archive a command extracts (issue 17; SPEC §2 `host`
// files, docs/host-facts.md): `tar xf a.tar` writes whatever the archive holds,
// so the host lists it — read, never extracted, never run. Formats by their
// first bytes: ustar/GNU/pax tar (512-byte headers: name, size, typeflag,
// ustar prefix; GNU `L` long names and pax `path=` records), a gzip stream
// (node:zlib, cut at the bound) holding a tar, and zip (its central
// directory, found from the end-of-central-directory record). xz, bzip2,
// zstd and zip64 are named, not listed: their members are unknown.
//
// Bounds (HOST_BOUNDS): 1,024 members, 8 MiB of compressed input, 32 MiB of
// tar stream. Over one, what was listed is kept and `truncated` is set: the
// classifier then treats the rest as unknown.
import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import { HOST_BOUNDS } from "../model/host-bounds.js";

// node:zlib is loaded by the first gzip stream, not with this module: a hook call whose command extracts
// no archive never pays for loading it (1.4 ms of CPU at start on Node 24).
const zlib = (): typeof import("node:zlib") => process.getBuiltinModule("node:zlib");

/** `links`: the symbolic-link members (tar), member → target as stored. */
export type ArchiveListing = { members: string[]; truncated: boolean; links?: Record<string, string> } | { error: string };

const UNLISTED: ReadonlyArray<readonly [string, (b: Buffer) => boolean]> = [
  ["xz", (b) => b.length >= 6 && b.readUInt32BE(0) === 0xfd377a58 && b[4] === 0x5a && b[5] === 0],
  ["bzip2", (b) => b.length >= 3 && b.toString("latin1", 0, 3) === "BZh"],
  ["zstd", (b) => b.length >= 4 && b.readUInt32LE(0) === 0xfd2fb528],
  ["7z", (b) => b.length >= 6 && b.toString("latin1", 0, 6) === "7z\xbc\xaf\x27\x1c"],
];

const isGzip = (b: Buffer) => b.length >= 2 && b[0] === 0x1f && b[1] === 0x8b;
const isZip = (b: Buffer) => b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && (b[2] === 3 || b[2] === 5) && (b[3] === 4 || b[3] === 6);

/** A tar header block: its checksum holds (sum of the bytes with the checksum field read as spaces). */
function isTarHeader(block: Buffer): boolean {
  if (block.length < 512) return false;
  const stored = parseInt(block.toString("latin1", 148, 156).replace(/\0.*$/, "").trim(), 8);
  if (!Number.isFinite(stored)) return false;
  let sum = 0;
  for (let i = 0; i < 512; i++) sum += i >= 148 && i < 156 ? 32 : block[i]!;
  return sum === stored;
}

/** Is this file an archive the host lists (by its first bytes)? */
export function archiveKind(head: Buffer): "tar" | "gzip" | "zip" | string | null {
  if (isGzip(head)) return "gzip";
  if (isZip(head)) return "zip";
  for (const [name, test] of UNLISTED) if (test(head)) return name;
  if (head.length >= 512 && isTarHeader(head.subarray(0, 512))) return "tar";
  return null;
}

const cstr = (b: Buffer, from: number, to: number): string => {
  const s = b.subarray(from, to);
  const nul = s.indexOf(0);
  return s.toString("utf8", 0, nul < 0 ? s.length : nul);
};

function readAt(fd: number, pos: number, len: number): Buffer {
  const buf = Buffer.alloc(len);
  let n = 0;
  while (n < len) {
    const r = readSync(fd, buf, n, len - n, pos + n);
    if (r === 0) break;
    n += r;
  }
  return buf.subarray(0, n);
}

/**
 * Members of a tar stream of `size` bytes, header by header through `read(pos, len)` (a file, or a
 * decompressed buffer): contents are skipped, never read. `complete`: the stream was not cut at a bound.
 */
function tarMembers(read: (pos: number, len: number) => Buffer, size: number, complete: boolean): { members: string[]; truncated: boolean; links?: Record<string, string> } {
  const members: string[] = [];
  const links: Record<string, string> = {};
  let linkCount = 0;
  let longLink: string | null = null;
  const done = (truncated: boolean) => (linkCount > 0 ? { members, truncated, links } : { members, truncated });
  let off = 0;
  let longName: string | null = null;
  let paxPath: string | null = null;
  while (off + 512 <= size) {
    const h = read(off, 512);
    if (h.length < 512) break;
    if (h.every((x) => x === 0)) return done(false);
    if (!isTarHeader(h)) return done(true); // no header where one must be: the rest is unknown
    const len = parseInt(cstr(h, 124, 136).trim() || "0", 8) || 0;
    const type = String.fromCharCode(h[156]!);
    const body = off + 512;
    off = body + Math.ceil(len / 512) * 512;
    if (type === "L" || type === "x" || type === "K") {
      const text = read(body, Math.min(len, 64 * 1024));
      if (type === "L") longName = cstr(text, 0, text.length);
      else if (type === "K") longLink = cstr(text, 0, text.length);
      else {
        const t = text.toString("utf8");
        paxPath = /(?:^|\n)\d+ path=([^\n]*)\n/.exec(t)?.[1] ?? null;
        longLink = /(?:^|\n)\d+ linkpath=([^\n]*)\n/.exec(t)?.[1] ?? longLink;
      }
    } else if (type !== "g") {
      // ustar splits a long name into prefix (345..500) and name (0..100).
      const prefix = h.toString("latin1", 257, 262) === "ustar" ? cstr(h, 345, 500) : "";
      const name = paxPath ?? longName ?? (prefix ? `${prefix}/${cstr(h, 0, 100)}` : cstr(h, 0, 100));
      members.push(name);
      // A symbolic link (type 2): a later member under its name is written where it points (GNU tar follows a
      // relative link that stays inside the extraction directory).
      if (type === "2") {
        links[name] = longLink ?? cstr(h, 157, 257);
        linkCount++;
      }
      longName = paxPath = longLink = null;
      if (members.length > HOST_BOUNDS.archiveMembers) {
        members.length = HOST_BOUNDS.archiveMembers;
        return done(true);
      }
    }
  }
  return done(!complete || off < size);
}

/** Members of a zip file, from its central directory. */
function zipFile(fd: number, size: number): ArchiveListing {
  const tailLen = Math.min(size, 65_557);
  const tail = readAt(fd, size - tailLen, tailLen);
  let eocd = -1;
  for (let i = tail.length - 22; i >= 0; i--) if (tail.readUInt32LE(i) === 0x06054b50) {
    eocd = i;
    break;
  }
  if (eocd < 0) return { error: "zip without an end-of-central-directory record" };
  const count = tail.readUInt16LE(eocd + 10);
  const cdSize = tail.readUInt32LE(eocd + 12);
  const cdOffset = tail.readUInt32LE(eocd + 16);
  if (count === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) return { error: "zip64: members not listed" };
  const cd = readAt(fd, cdOffset, Math.min(cdSize, HOST_BOUNDS.archiveBytes));
  const members: string[] = [];
  let off = 0;
  while (off + 46 <= cd.length && cd.readUInt32LE(off) === 0x02014b50) {
    const n = cd.readUInt16LE(off + 28);
    const extra = cd.readUInt16LE(off + 30);
    const comment = cd.readUInt16LE(off + 32);
    members.push(cd.toString("utf8", off + 46, Math.min(off + 46 + n, cd.length)));
    off += 46 + n + extra + comment;
    if (members.length >= HOST_BOUNDS.archiveMembers) break;
  }
  return { members, truncated: members.length < count };
}

/**
 * The members of the archive open at `fd` whose first bytes are `head`, or null when it is no archive
 * (the caller reads it as text). Errors are listings that could not be made: the members are unknown.
 */
export function listArchive(fd: number, head: Buffer): ArchiveListing | null {
  const kind = archiveKind(head);
  if (kind === null) return null;
  const size = fstatSync(fd).size;
  if (kind === "tar") return tarMembers((pos, len) => readAt(fd, pos, len), size, true);
  if (kind === "zip") return zipFile(fd, size);
  if (kind === "gzip") {
    const input = readAt(fd, 0, Math.min(size, HOST_BOUNDS.archiveBytes));
    let data: Buffer;
    try {
      const { constants, gunzipSync } = zlib();
      data = gunzipSync(input, { finishFlush: constants.Z_SYNC_FLUSH, maxOutputLength: HOST_BOUNDS.archiveBytes * 4 });
    } catch (error) {
      return { error: `gzip: ${(error as Error).message}` };
    }
    const complete = size <= HOST_BOUNDS.archiveBytes && data.length < HOST_BOUNDS.archiveBytes * 4;
    if (data.length >= 512 && isTarHeader(data.subarray(0, 512))) return tarMembers((pos, len) => data.subarray(pos, pos + len), data.length, complete);
    // A gzip of one file (`gunzip`-style): no member paths to write.
    return { error: "gzip stream that holds no tar archive" };
  }
  return { error: `${kind}-compressed: members not listed` };
}

/** The same, by path (tests; closes what it opens). */
export function listArchiveFile(path: string): ArchiveListing | null {
  const fd = openSync(path, "r");
  try {
    return listArchive(fd, readAt(fd, 0, 512));
  } finally {
    closeSync(fd);
  }
}
