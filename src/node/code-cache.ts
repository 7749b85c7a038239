// Load a CommonJS file through V8's code cache: the bytecode of the functions
// a previous run compiled, read back instead of parsing and compiling the
// source again. Node 20 has no compile cache for ES modules
// (`module.enableCompileCache` arrived in Node 22), so the CLI is built as one
// CommonJS file (scripts/build.mjs) and bin/gatehouse.js loads it with this:
// the ~2 MB bundle then costs a cache read instead of a ~30 ms parse, and the
// functions a hook call runs are not compiled again (docs/performance.md
// "Hook process start").
//
// Never a wrong answer from a bad cache, and never one someone else made.
// V8 checks little: a cache made for *another source of the same length*,
// under the same flags, is accepted and its bytecode runs — so whoever can
// write the cache directory could make the hook answer anything
// (test/node/code-cache.test.ts forges one). Each cache file is therefore run
// only when its SHA-256 matches a digest that the run which wrote it kept in
// the *state* directory (`<state dir>/code-cache/<cache file>.sha256`, 0600 in
// a 0700 directory): changing what runs takes writes in two places, both part
// of the gate's own footprint (SPEC §6.8). A cache without a matching digest —
// flipped, truncated, copied in, forged — is ignored (compiled from source as
// if absent) and rewritten. The file name still keys the cache by the
// source's build digest, the Node version, architecture and options, and the
// launcher runs with `--verify-snapshot-checksum`, so V8 refuses data whose
// bytes changed by accident too. A refused, unreadable or unwritable cache
// only costs the compilation it would have saved.
import { createHash } from "node:crypto";
import { readFileSync, renameSync, unlinkSync, writeFileSync } from "node:fs";
import { makeDirs } from "../files/make-dirs.js";
import { createRequire } from "node:module";
import { basename, dirname, isAbsolute, join } from "node:path";
import { Script } from "node:vm";

/**
 * What the run found: `hit` (V8 took the cache), `miss` (none yet), `untrusted` (a cache whose digest is missing or
 * does not match: never handed to V8), `rejected` (V8 refused it), `off` (no cache or no digest directory).
 */
export type CodeCacheStatus = "hit" | "miss" | "untrusted" | "rejected" | "off";

export interface LoadedWithCache<T> {
  exports: T;
  status: CodeCacheStatus;
  /** The cache file used (null when off). */
  cacheFile: string | null;
  /**
   * After the run: write the cache when it was missing or refused, so it holds
   * every function the run compiled. Best effort — a failure is swallowed.
   */
  save(): void;
}

export interface CodeCacheOptions {
  /** Where cache files live; null: no cache. */
  dir: string | null;
  /** Names the cache within `dir`: the source's build digest and what the run is (e.g. the command). */
  key: string;
  /** Where the digests that vouch for the cache files live (the state directory's `code-cache/`); null: no cache. */
  digestDir: string | null;
}

/** The flags a launcher sets before the first compile, every run alike (V8 keys its cache data by the flag set). */
export const CODE_CACHE_FLAGS = ["--verify-snapshot-checksum"] as const;

/**
 * The cache directory: `$GATEHOUSE_CACHE_DIR` (empty or `off`: no cache),
 * else `$XDG_CACHE_HOME/gatehouse`, else `~/.cache/gatehouse`; null when none
 * can be named.
 */
export function codeCacheDir(env: Record<string, string | undefined>): string | null {
  const own = env.GATEHOUSE_CACHE_DIR;
  if (own !== undefined) return own === "" || own === "off" || !isAbsolute(own) ? null : own;
  const xdg = env.XDG_CACHE_HOME;
  if (xdg && isAbsolute(xdg)) return join(xdg, "gatehouse");
  const home = env.HOME;
  return home && isAbsolute(home) ? join(home, ".cache", "gatehouse") : null;
}

/**
 * Where the cache's digests live: `code-cache/` in the hook's state directory — `--state-dir D` when the
 * command line names an absolute one, else `$XDG_STATE_HOME/gatehouse`, else `~/.local/state/gatehouse`
 * (the hook's own default, src/node/state-dir.ts); null when none can be named.
 */
export function codeCacheDigestDir(env: Record<string, string | undefined>, argv: readonly string[]): string | null {
  let stateDir: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i]!;
    if (word === "--") break;
    if (word === "--state-dir") stateDir = argv[i + 1];
    else if (word.startsWith("--state-dir=")) stateDir = word.slice("--state-dir=".length);
  }
  if (stateDir === undefined) {
    const xdg = env.XDG_STATE_HOME;
    const home = env.HOME;
    stateDir = xdg && isAbsolute(xdg) ? join(xdg, "gatehouse") : home && isAbsolute(home) ? join(home, ".local", "state", "gatehouse") : undefined;
  }
  return stateDir !== undefined && isAbsolute(stateDir) ? join(stateDir, "code-cache") : null;
}

/** The digest that vouches for a cache file's bytes, bound to its name (a cache is never good under another name). */
function cacheDigest(name: string, bytes: Uint8Array): string {
  return createHash("sha256").update(`gatehouse.code-cache/1\n${name}\n`).update(bytes).digest("hex");
}

/** Write `bytes` to `file` atomically (temp file, rename), the directory 0700 and the file 0600; false on failure. */
function writePrivate(file: string, bytes: string | Uint8Array): boolean {
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    makeDirs(dirname(file), 0o700);
    writeFileSync(tmp, bytes, { mode: 0o600 });
    renameSync(tmp, file); // atomic: a concurrent reader sees the old file or the new one
    return true;
  } catch {
    try {
      unlinkSync(tmp);
    } catch {
      // nothing was written
    }
    return false;
  }
}

const readOrNull = (file: string): Buffer | null => {
  try {
    return readFileSync(file);
  } catch {
    return null;
  }
};

const safe = (s: string) => s.replace(/[^A-Za-z0-9._-]/g, "_");

/** FNV-1a, 32 bits, as 8 hex digits: names a set of Node options in a file name (not a security boundary). */
function fnv1a(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16).padStart(8, "0");
}

/**
 * V8 refuses cache data made under other flags, so a run with other Node
 * options (`node --max-old-space-size=… bin/gatehouse.js`, NODE_OPTIONS) gets
 * a file of its own instead of rewriting the usual one on every alternation.
 */
function optionsKey(): string {
  const options = `${process.execArgv.join(" ")}\u0000${process.env.NODE_OPTIONS ?? ""}`;
  return options === "\u0000" ? "" : `-o${fnv1a(options)}`;
}

/**
 * Which of `proc.stdout` / `proc.stderr` the run opened (each is a lazy getter
 * that builds a stream — for a pipe, Node's `net` and `stream` modules — on
 * first use): the launcher flushes those before it exits and leaves the others
 * unopened. Call before the run; `opened()` after it.
 */
export function watchStdio(proc: NodeJS.Process): { opened(): NodeJS.WriteStream[] } {
  const opened: NodeJS.WriteStream[] = [];
  for (const name of ["stdout", "stderr"] as const) {
    const own = Object.getOwnPropertyDescriptor(proc, name);
    if (own?.get === undefined || own.configurable !== true) {
      opened.push(proc[name]); // not a lazy getter here: flush it as before
      continue;
    }
    const getter = own.get;
    let stream: NodeJS.WriteStream | null = null;
    Object.defineProperty(proc, name, {
      configurable: true,
      enumerable: own.enumerable ?? false,
      get() {
        if (stream === null) {
          stream = getter.call(proc) as NodeJS.WriteStream;
          opened.push(stream);
        }
        return stream;
      },
    });
  }
  return { opened: () => [...opened] };
}

/** Compile and run a CommonJS file (`module.exports` returned) with a code cache in `options.dir`. */
export function requireWithCodeCache<T>(file: string, options: CodeCacheOptions, source = readFileSync(file, "utf8")): LoadedWithCache<T> {
  const cacheFile =
    options.dir === null || options.digestDir === null ? null : join(options.dir, `${safe(options.key)}-${safe(process.version)}-${process.arch}${optionsKey()}.v8cache`);
  const name = cacheFile === null ? "" : basename(cacheFile);
  const digestFile = cacheFile === null ? null : join(options.digestDir!, `${name}.sha256`);
  let cachedData: Buffer | undefined;
  let untrusted = false;
  if (cacheFile !== null) {
    const bytes = readOrNull(cacheFile);
    if (bytes !== null) {
      // Only bytes this user's own runs vouched for reach V8.
      const vouched = readOrNull(digestFile!)?.toString("latin1").trim();
      if (vouched !== undefined && vouched === cacheDigest(name, bytes)) cachedData = bytes;
      else untrusted = true;
    }
  }
  // The wrapper CommonJS gives every module; the file name keeps stack traces pointing at the real file.
  const wrapper = `(function (exports, require, module, __filename, __dirname) {${source}\n})`;
  const script = new Script(wrapper, { filename: file, cachedData });
  const status: CodeCacheStatus =
    cacheFile === null ? "off" : untrusted ? "untrusted" : cachedData === undefined ? "miss" : script.cachedDataRejected === true ? "rejected" : "hit";
  const module = { exports: {} as T };
  const run = script.runInThisContext() as (exports: T, require: NodeJS.Require, module: { exports: T }, filename: string, dirname: string) => void;
  run.call(module.exports, module.exports, createRequire(file), module, file, dirname(file));
  return {
    exports: module.exports,
    status,
    cacheFile,
    save() {
      if (cacheFile === null || status === "hit") return;
      const data = script.createCachedData();
      // The digest first: a reader between the two renames sees a mismatch (a recompile), never an unvouched cache run.
      if (writePrivate(digestFile!, `${cacheDigest(name, data)}\n`)) writePrivate(cacheFile, data);
    },
  };
}
