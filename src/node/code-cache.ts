// Load a CommonJS file through V8's code cache: the bytecode of the functions
// a previous run compiled, read back instead of parsing and compiling the
// source again. Node 20 has no compile cache for ES modules
// (`module.enableCompileCache` arrived in Node 22), so the CLI is built as one
// CommonJS file (scripts/build.mjs) and bin/gatehouse.js loads it with this:
// the ~2 MB bundle then costs a cache read instead of a ~30 ms parse, and the
// functions a hook call runs are not compiled again (docs/performance.md
// "Hook process start").
//
// Never a wrong answer from a bad cache: the cache file is named by the
// source's build digest, the Node version, architecture and options, so
// another build or another Node never reads it; V8 itself refuses data made by another V8,
// with other flags, or for a source of another length; and the launcher runs
// with `--verify-snapshot-checksum`, under which V8 checksums the cache when
// it makes it and refuses one whose bytes changed (without that flag a
// flipped byte can crash the process or change what a function does —
// test/node/code-cache.test.ts). A refused, unreadable or unwritable cache
// only costs the compilation it would have saved.
import { mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, isAbsolute, join } from "node:path";
import { Script } from "node:vm";

/** What the run found: `hit` (V8 took the cache), `miss` (none yet), `rejected` (V8 refused it), `off` (no cache directory). */
export type CodeCacheStatus = "hit" | "miss" | "rejected" | "off";

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
  const cacheFile = options.dir === null ? null : join(options.dir, `${safe(options.key)}-${safe(process.version)}-${process.arch}${optionsKey()}.v8cache`);
  let cachedData: Buffer | undefined;
  if (cacheFile !== null) {
    try {
      cachedData = readFileSync(cacheFile);
    } catch {
      cachedData = undefined;
    }
  }
  // The wrapper CommonJS gives every module; the file name keeps stack traces pointing at the real file.
  const wrapper = `(function (exports, require, module, __filename, __dirname) {${source}\n})`;
  const script = new Script(wrapper, { filename: file, cachedData });
  const status: CodeCacheStatus = cacheFile === null ? "off" : cachedData === undefined ? "miss" : script.cachedDataRejected === true ? "rejected" : "hit";
  const module = { exports: {} as T };
  const run = script.runInThisContext() as (exports: T, require: NodeJS.Require, module: { exports: T }, filename: string, dirname: string) => void;
  run.call(module.exports, module.exports, createRequire(file), module, file, dirname(file));
  return {
    exports: module.exports,
    status,
    cacheFile,
    save() {
      if (cacheFile === null || status === "hit") return;
      const tmp = `${cacheFile}.${process.pid}.tmp`;
      try {
        mkdirSync(dirname(cacheFile), { recursive: true, mode: 0o700 });
        writeFileSync(tmp, script.createCachedData(), { mode: 0o600 });
        renameSync(tmp, cacheFile); // atomic: a concurrent reader sees the old file or the new one
      } catch {
        try {
          unlinkSync(tmp);
        } catch {
          // nothing was written
        }
      }
    },
  };
}
