// The host's side of SPEC §2 `host` links and files (docs/host-facts.md): I/O
// at the edge, never in the pure engine. In ROUNDS: the engine says what it
// wants (`Engine.hostWants`: the absolute paths it resolved, the files a
// command runs or feeds); the host resolves the symlinks on those paths
// (lstat of each path and its parents, realpath of each link) and reads the
// files, puts them into `event.host.links` / `host.files`, and asks again —
// a read script can name more scripts — up to 4 levels. A round that finds
// nothing ends it; when no round found anything the event object is handed
// back unchanged, so `evaluate` reuses the classification hostWants made (the
// common case costs one classification, as before).
//
// Bounds (HOST_BOUNDS, src/model/host-bounds.ts): 16 files, 64 KiB a file,
// 256 KiB a call, 4 script levels, 1,024 operand paths, 64 links. Over a bound
// or unreadable is an unknown shape (→ on_unknown, ask by default), never a
// silent allow: a file over 64 KiB is kept `truncated` (shape 1), one past the
// file or byte bound, or unreadable, is `{text: null, error}` (shape 3), and
// operands, links or levels left unlooked-at are named in `host.incomplete`
// (shape 1). A file that does not exist gets no entry: the command fails to
// run it, and the event is judged as the pure engine judges it.
import { closeSync, fstatSync, lstatSync, openSync, readdirSync, readSync, realpathSync } from "node:fs";
import type { EventInput, HostFacts, HostFile } from "../model/event.js";
import { HOST_BOUNDS } from "../model/host-bounds.js";
import { listArchive } from "./archive-members.js";

/** What the gatherer needs of the engine. */
export interface WantsSource {
  hostWants(event: unknown): { paths: string[]; files: string[] };
}

/** The file-system calls the gatherer makes (tests may count or fail them). */
export interface HostFs {
  isSymlink(path: string): boolean | null; // null: does not exist / cannot be looked at
  realpath(path: string): string | null;
  /** null: no such file. An archive (tar, gzip'd tar, zip) is listed, not read: its member paths (archive-members.ts). */
  read(path: string, max: number): { text: string; size: number } | { members: string[]; truncated: boolean; links?: Record<string, string> } | { error: string } | null;
  /** A regular file with more than one name: its identity (`dev:ino`); null otherwise. */
  hardLinkId?(path: string): string | null;
  /** The names in a directory (null: not a directory). */
  list?(dir: string): string[] | null;
}

export const NODE_HOST_FS: HostFs = {
  isSymlink(path) {
    try {
      // No exception for the common miss (an operand about to be created): a thrown ENOENT costs several times the lstat.
      return lstatSync(path, { throwIfNoEntry: false })?.isSymbolicLink() ?? null;
    } catch {
      return null;
    }
  },
  realpath(path) {
    try {
      return realpathSync.native(path);
    } catch {
      return null;
    }
  },
  hardLinkId(path) {
    try {
      const st = lstatSync(path, { throwIfNoEntry: false });
      return st !== undefined && st.isFile() && st.nlink > 1 ? `${st.dev}:${st.ino}` : null;
    } catch {
      return null;
    }
  },
  list(dir) {
    try {
      return readdirSync(dir);
    } catch {
      return null;
    }
  },
  read(path, max) {
    let fd: number;
    try {
      fd = openSync(path, "r");
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? "error";
      return code === "ENOENT" || code === "ENOTDIR" ? null : { error: code };
    }
    try {
      const st = fstatSync(fd);
      if (!st.isFile()) return { error: "not a regular file" };
      const head = Buffer.alloc(Math.min(st.size, 512));
      readSync(fd, head, 0, head.length, 0);
      const listing = listArchive(fd, head);
      if (listing !== null) return listing;
      const want = Math.min(st.size, max + 1);
      const buf = Buffer.alloc(Math.max(0, want));
      let n = 0;
      while (n < want) {
        const r = readSync(fd, buf, n, want - n, n);
        if (r === 0) break;
        n += r;
      }
      return { text: buf.subarray(0, Math.min(n, max)).toString("utf8"), size: Math.max(st.size, n) };
    } catch (error) {
      return { error: (error as NodeJS.ErrnoException).code ?? "error" };
    } finally {
      closeSync(fd);
    }
  },
};

/** What one gathering did (for the doc's cost figures and the tests). */
export interface GatherStats {
  rounds: number;
  files: number;
  bytes: number;
  links: number;
  operands: number;
}

/** Every proper prefix of an absolute POSIX path and the path itself (`/a/b` → `/a`, `/a/b`). */
function prefixes(path: string): string[] {
  const segs = path.split("/").filter((s) => s !== "");
  const out: string[] = [];
  let cur = "";
  for (const s of segs) {
    if (/[*?[]/.test(s)) break; // a glob: what it matches is not one path
    cur += `/${s}`;
    out.push(cur);
  }
  return out;
}

/** Footprint entries looked at for hard links, at most (a directory's own names count; node_modules is not listed). */
const MAX_GATE_FILES = 256;

/**
 * The footprint's files that have other names (`ln .claude/settings.json x`, a tar hard-link member, `cp -l`):
 * identity → footprint path. Each entry, and the names directly in each footprint directory, are looked at once
 * per call, and only when an operand is such a file: a write to the other name writes the footprint file.
 */
function gateHardLinks(fs: HostFs, gate: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  let looked = 0;
  const see = (path: string) => {
    const id = fs.hardLinkId!(path);
    if (id !== null && !out.has(id)) out.set(id, path);
  };
  for (const g of gate) {
    if (!g.startsWith("/") || looked >= MAX_GATE_FILES) continue;
    looked++;
    see(g);
    if (/\/node_modules$/.test(g)) continue;
    for (const name of fs.list?.(g) ?? []) {
      if (++looked > MAX_GATE_FILES) break;
      see(`${g}/${name}`);
    }
  }
  return out;
}

/**
 * The event with the host's links and files added (the same object when
 * nothing was found). `stats`, when given, is filled in.
 */
export function gatherHostFacts(engine: WantsSource, event: EventInput, fs: HostFs = NODE_HOST_FS, stats?: GatherStats): EventInput {
  const given = event.host ?? null;
  const links: Record<string, string> = { ...(given?.links ?? {}) };
  const files = { ...(given?.files ?? {}) } as Record<string, HostFile>;
  const incomplete: string[] = [...(given?.incomplete ?? [])];
  const looked = new Set<string>(); // prefixes lstat'ed
  const operands = new Set<string>();
  const read = new Set<string>(Object.keys(files));
  let linkCount = Object.keys(links).length;
  let fileCount = 0;
  let bytes = 0;
  let current = event;
  let rounds = 0;
  let hardLinks: Map<string, string> | null = null;
  /** Name what was left unlooked-at; true the first time (a new fact). */
  const over = (what: string): boolean => {
    if (incomplete.includes(what)) return false;
    incomplete.push(what);
    return true;
  };

  for (let level = 0; level <= HOST_BOUNDS.levels; level++) {
    const wants = engine.hostWants(current);
    rounds++;
    let found = false;
    const newFiles = wants.files.filter((f) => !read.has(f));
    if (level === HOST_BOUNDS.levels) {
      // One past the last level: anything still wanted was not read.
      if (newFiles.length > 0) {
        found = over(`scripts nested deeper than ${HOST_BOUNDS.levels} levels`);
      }
    } else {
      for (const p of wants.paths) {
        if (operands.has(p)) continue;
        if (operands.size >= HOST_BOUNDS.operands) {
          found = over(`more than ${HOST_BOUNDS.operands} operand paths: symlinks not resolved beyond them`) || found;
          break;
        }
        operands.add(p);
        let absent = false;
        for (const q of prefixes(p)) {
          if (looked.has(q)) continue;
          looked.add(q);
          const link = fs.isSymlink(q);
          if (link === null) {
            absent = true; // nothing there: nothing below it either
            break;
          }
          if (!link || Object.prototype.hasOwnProperty.call(links, q)) continue;
          if (linkCount >= HOST_BOUNDS.links) {
            found = over(`more than ${HOST_BOUNDS.links} symlinks in the operands: the rest not resolved`) || found;
            break;
          }
          const real = fs.realpath(q);
          // A dangling link: what it would reach does not exist yet — judged as written.
          if (real === null || real === q) continue;
          links[q] = real;
          linkCount++;
          found = true;
        }
        // A hard link to a footprint file is recorded as a link to it: no symlink shows it. (An operand with
        // a prefix just found missing is no file: not looked at again — the common write of a new file.)
        const id = absent ? null : (fs.hardLinkId?.(p) ?? null);
        if (id !== null && !Object.prototype.hasOwnProperty.call(links, p) && linkCount < HOST_BOUNDS.links) {
          hardLinks ??= gateHardLinks(fs, given?.gate ?? []);
          const g = hardLinks.get(id);
          if (g !== undefined && g !== p) {
            links[p] = g;
            linkCount++;
            found = true;
          }
        }
      }
      for (const f of newFiles) {
        read.add(f);
        if (fileCount >= HOST_BOUNDS.files) {
          files[f] = { text: null, truncated: false, error: `over the host's bound of ${HOST_BOUNDS.files} files per call` };
          found = true;
          continue;
        }
        const room = HOST_BOUNDS.callBytes - bytes;
        if (room <= 0) {
          files[f] = { text: null, truncated: false, error: `over the host's bound of ${HOST_BOUNDS.callBytes / 1024} KiB read per call` };
          found = true;
          continue;
        }
        const r = fs.read(f, Math.min(HOST_BOUNDS.fileBytes, room));
        if (r === null) continue;
        fileCount++;
        found = true;
        if ("error" in r) {
          files[f] = { text: null, truncated: false, error: r.error };
          continue;
        }
        if ("members" in r) {
          bytes += r.members.reduce((n, m) => n + Buffer.byteLength(m), 0);
          files[f] = { text: null, truncated: r.truncated, members: r.members, ...(r.links ? { links: r.links } : {}) };
          continue;
        }
        bytes += Buffer.byteLength(r.text);
        const truncated = r.size > Math.min(HOST_BOUNDS.fileBytes, room);
        files[f] = truncated ? { text: r.text, truncated: true, error: r.size > HOST_BOUNDS.fileBytes ? `over ${HOST_BOUNDS.fileBytes / 1024} KiB` : `over the host's bound of ${HOST_BOUNDS.callBytes / 1024} KiB read per call` } : { text: r.text, truncated: false };
      }
    }
    if (!found) break;
    const host: HostFacts = { gate: given?.gate ?? [], links: { ...links }, files: { ...files }, ...(incomplete.length > 0 ? { incomplete: [...incomplete] } : {}) };
    current = { ...current, host };
    if (level === HOST_BOUNDS.levels) break;
  }
  if (stats) Object.assign(stats, { rounds, files: fileCount, bytes, links: linkCount, operands: operands.size });
  return current;
}
