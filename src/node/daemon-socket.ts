// Where the per-user daemon of `hook AGENT --daemon auto` listens, and who may
// be trusted there (docs/daemon.md "The per-user daemon"). Shared by the
// forwarder (src/node/socket-forward.ts, which must stay light: node:fs,
// node:path, nothing of the engine; node:crypto only to digest a --bundle file)
// and `serve --socket`.
//
//   <state dir>/run/                       0700, owned by this user (checked before every connect)
//   <state dir>/run/<version>-<key12>.sock the daemon's Unix socket
//   <state dir>/run/<version>-<key12>.pid  the start lock (O_EXCL) and the daemon's pid while it lives
//   <state dir>/run/<version>-<key12>.log  the daemon's stdout and stderr
//
// The key names everything that changes an answer: this build of the CLI (its
// digest, so a rebuilt checkout gets a new daemon), the bundle (the embedded
// default, or the bytes of the --bundle file and of every file it extends), and
// the hook options the daemon runs with. A changed bundle therefore has a new
// socket name: the next call starts a new daemon and the old one idles out.
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";
import { closeSync, lstatSync, openSync, readFileSync, readSync, fstatSync } from "node:fs";
import { makeDirs } from "../files/make-dirs.js";
import { dirname, isAbsolute, join, resolve } from "node:path";
import { ENGINE_VERSION } from "../version.js";

/** Response headers of every daemon answer: what it evaluates with (a client refuses a daemon of another). */
export const ENGINE_HEADER = "gatehouse-engine";
export const BUILD_HEADER = "gatehouse-build";
export const BUNDLE_HEADER = "gatehouse-bundle-digest";
export const KEY_HEADER = "gatehouse-daemon-key";

/** The hook options a daemon started for the hook runs with (they change answers, so they are in the key). */
export const DAEMON_VALUE_OPTIONS = ["bundle", "on-error", "ledger"] as const;
export const DAEMON_FLAG_OPTIONS = ["grant-allow", "twin", "ledger-events", "ledger-redact"] as const;

/** A Unix socket path longer than this does not fit `sockaddr_un` (108 on Linux, 104 on macOS). */
const MAX_SOCKET_PATH = 103;
/** `extends` chains deeper than the loader's own bound fail to load anyway. */
const MAX_EXTENDS_DEPTH = 16;

export const runDirOf = (stateDir: string) => join(stateDir, "run");

/** The build digest scripts/build.mjs appends to dist/cli.cjs (its last line), or null when it has none. */
export function cliBuildDigest(packageRootDir: string): string | null {
  let fd: number;
  try {
    fd = openSync(join(packageRootDir, "dist", "cli.cjs"), "r");
  } catch {
    return null;
  }
  try {
    const size = fstatSync(fd).size;
    const tail = Buffer.alloc(Math.min(size, 120));
    readSync(fd, tail, 0, tail.length, size - tail.length);
    return /\/\/# gatehouse-build=([0-9a-f]{64})\n$/.exec(tail.toString("latin1"))?.[1] ?? null;
  } finally {
    closeSync(fd);
  }
}

/**
 * The bundle's part of the key: `gatehouse:default` (the build digest covers the embedded bundle), or
 * the SHA-256 of the file's bytes and of every file its `extends` names, recursively. Throws when a
 * file cannot be read (the caller then evaluates in-process: the error is the hook's to report).
 */
export function bundleSourceDigest(bundlePath: string | null): string {
  if (bundlePath === null || bundlePath.startsWith("gatehouse:")) return bundlePath ?? "gatehouse:default";
  // Loaded here, for a bundle file only: node:crypto's ~20 modules cost a forwarding hook ~12 M instructions.
  const hash = process.getBuiltinModule("node:crypto").createHash("sha256");
  const seen = new Set<string>();
  const visit = (file: string, depth: number) => {
    if (seen.has(file) || depth > MAX_EXTENDS_DEPTH) return;
    seen.add(file);
    const bytes = readFileSync(file);
    hash.update(`${file}\0${bytes.length}\0`).update(bytes);
    let value: unknown;
    try {
      value = JSON.parse(bytes.toString("utf8"));
    } catch {
      return; // the loader reports it
    }
    const ext = (value as { extends?: unknown } | null)?.extends;
    const names = typeof ext === "string" ? [ext] : Array.isArray(ext) ? ext : [];
    for (const name of names) if (typeof name === "string" && !name.startsWith("gatehouse:")) visit(resolve(dirname(file), name), depth + 1);
  };
  visit(resolve(bundlePath), 0);
  return `sha256:${hash.digest("hex")}`;
}

export interface DaemonIdentity {
  /** `gatehouse/0.1.0`. */
  engine: string;
  /** The CLI's build digest (null: not built by scripts/build.mjs). */
  build: string | null;
  /** The key, hex: what the socket is named by and what the daemon answers in `gatehouse-daemon-key`. */
  key: string;
}

/** The identity of a daemon for these options: `options` are the daemon-relevant hook words, in a canonical order. */
export function daemonIdentity(build: string | null, bundleSource: string, options: readonly string[]): DaemonIdentity {
  // A few hundred bytes: noble's SHA-256 (already in the build) spares the forwarder node:crypto.
  const key = bytesToHex(sha256(utf8ToBytes(JSON.stringify([ENGINE_VERSION, build, bundleSource, options]))));
  return { engine: ENGINE_VERSION, build, key };
}

/** The canonical daemon-relevant options out of parsed values and flags (absolute paths already). */
export function daemonOptionWords(values: ReadonlyMap<string, string>, flags: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (const name of DAEMON_VALUE_OPTIONS) {
    const v = values.get(name);
    if (v !== undefined) out.push(`--${name}`, v);
  }
  for (const name of DAEMON_FLAG_OPTIONS) if (flags.has(name)) out.push(`--${name}`);
  return out;
}

export interface SocketFiles {
  dir: string;
  socket: string;
  pid: string;
  log: string;
}

/** The files of the daemon with this key under `stateDir`. */
export function socketFiles(stateDir: string, identity: DaemonIdentity): SocketFiles {
  const dir = runDirOf(stateDir);
  const version = identity.engine.replace(/^gatehouse\//, "");
  const base = join(dir, `${version}-${identity.key.slice(0, 12)}`);
  return { dir, socket: `${base}.sock`, pid: `${base}.pid`, log: `${base}.log` };
}

/** Why a socket path cannot be used (too long for a Unix socket), or null. */
export function socketPathRefusal(path: string): string | null {
  return Buffer.byteLength(path) > MAX_SOCKET_PATH ? `socket path ${path} is longer than ${MAX_SOCKET_PATH} bytes (a Unix socket's limit); pass a shorter --state-dir` : null;
}

/**
 * Why the socket directory must not be trusted, or null: it must be a real directory (not a link),
 * owned by this user, with no permission for group or others — another local user must not be able
 * to plant a socket there, or read one. `create`: make it (0700) when it is missing.
 */
export function runDirRefusal(dir: string, create: boolean): string | null {
  if (!isAbsolute(dir)) return `socket directory ${dir} is not an absolute path`;
  if (create) {
    try {
      makeDirs(dir, 0o700);
    } catch (error) {
      return `socket directory ${dir}: cannot create (${(error as NodeJS.ErrnoException).code ?? String(error)})`;
    }
  }
  let st;
  try {
    st = lstatSync(dir);
  } catch (error) {
    return `socket directory ${dir}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`;
  }
  if (!st.isDirectory()) return `socket directory ${dir} is not a directory`;
  const uid = process.getuid?.();
  if (uid !== undefined && st.uid !== uid) return `socket directory ${dir} is owned by uid ${st.uid}, not this user (${uid})`;
  if ((st.mode & 0o077) !== 0) return `socket directory ${dir} is mode 0${(st.mode & 0o777).toString(8)}; it must be 0700`;
  return null;
}
