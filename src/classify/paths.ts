// The path resolver (SPEC §6.4): an ordered table, first match wins, reading
// only the declared `env` strings — never the filesystem. Decisions (also in
// docs/classifier.md):
//
// - Known variables expand first (src/classify/path-vars.ts): `~`, `$HOME`,
//   `%USERPROFILE%`, `$env:USERPROFILE`, the XDG base directories, the
//   Windows folders (`%APPDATA%`, `%SystemRoot%`, `%TEMP%`, …), `$PWD`,
//   `$TMPDIR`; then the path is normalised (`$TMPDIR/../etc` is `/etc`: a
//   path climbing out of `$TMPDIR` takes it as `/tmp`). With no home
//   declared, `~`/`$HOME` are still `home_dir` and `~/x` is `home_file`.
//   `~user` (another user's home) is `unknown` and dynamic: only the host's
//   user database knows it (a delete/write operand reports shape 8).
// - Relative paths resolve against `env.cwd`. With no cwd, `.`/`./` (and `*`)
//   are still `workspace_root`; other relative paths are `unknown` unless a
//   row that needs no env (secret_file by name) places them.
// - Any other variable (`$DIR/x`, `${X}`, `%FOO%`) or a substitution leaves the
//   path `unknown` (`dynamic: true` in `resolvePathDetailed`).
// - Ancestors are guarded like what they hold: a directory that contains the
//   home directory is at least `home_dir`, one that contains the working
//   directory at least `workspace_root` (`..` from `/tmp/proj` is not
//   `temp_path`); a glob enumerating such a directory, or naming the child
//   on the way down to it (`/tmp/p*`), counts too.
// - Lexical normalisation: `.`, `..` (never above a root), repeated `/`;
//   Windows forms (`C:\x`, `C:/x`, `\\server\share`, `\\?\C:\x`, `.\x`, and
//   any `\` when env.cwd is a Windows path) use `\` as a separator and compare
//   case-insensitively. `C:` alone, or `C:x`, is relative to the working
//   directory when that is on drive C, else to the drive's root. `\\.\NAME`
//   (a device) is judged as `/dev/NAME`.
// - A trailing glob component that enumerates a directory (`*`, `.*`, `*.*`,
//   `**`, `?`) takes the class of that directory; a partial glob (`*.log`,
//   `*.pem`) is a file in that directory, and its pattern is tested against
//   the secret names (`*.pem` is a secret_file, `.env*` too).
// - `names: true` resolves a path whose names or metadata are touched, not its
//   contents (`ls ~/.ssh`, `chmod 600 key`): the secret row does not apply.
// - `external_path` needs `env.cwd` (otherwise an unplaced absolute path might be
//   the workspace: it is `unknown`); `system_path` needs an env object (SPEC:
//   with no env the workspace_*, system_path and home_* rows do not fire).
// - `rel` is the path relative to `env.cwd` (forward slashes, "" for the cwd
//   itself) when it lies under it; with no cwd, a relative path that does not
//   climb with `..` is its own `rel`.
// - `persistence` names what the path's contents run or control
//   (src/classify/persistence.ts), whatever its class. A path at or under an
//   entry of the gate's own footprint (`host.gate`, SPEC §6.8; gate.ts) is
//   `gatehouse` when no row names it otherwise; one that holds such an entry
//   (an ancestor: `rm -rf ~/src` over the checkout the hook runs) says so in
//   `holdsGate` — deleting or moving it takes the footprint with it.
import type { EventEnv } from "../model/event.js";
import type { TargetClass } from "../model/classification.js";
import type { Abstract, BaseKind } from "./abstract-path.js";
import { gateRelation, parseGatePaths } from "./gate.js";
import { envDeclared, hostOf, wantsOf } from "./host-env.js";
import { HOST_BOUNDS } from "../model/host-bounds.js";
import { expandPrefix } from "./path-vars.js";
import { conventionalHome, persistenceOf, type Persistence } from "./persistence.js";
import { isProviderPath, keyFacts, parseProviderKey } from "./registry.js";
import { isSecretPath } from "./secrets.js";

export interface ResolvedPath {
  class: TargetClass;
  normalized: string;
  rel: string | null;
}

export interface ResolvedPathDetailed extends ResolvedPath {
  /** The path holds a variable or substitution the resolver cannot expand. */
  dynamic: boolean;
  /** What the path's contents run or control, when they do (src/classify/persistence.ts; `gatehouse` for the footprint in `host.gate`). */
  persistence: Persistence | null;
  /** The path holds an entry of the gate's footprint below it (`host.gate`): a delete or move of it takes that too. */
  holdsGate: boolean;
  /** The path is at or under an entry of the gate's footprint (`host.gate`). */
  inGate: boolean;
}

export interface ResolveOptions {
  /** Take the text as a file name, with no expansion (a quoted `"~"`). */
  literal?: boolean;
  /** Only names or metadata are touched (listing, permissions): the secret row does not apply. */
  names?: boolean;
}


const SYSTEM_ROOTS = ["usr", "bin", "sbin", "etc", "lib", "lib32", "lib64", "libx32", "boot", "sys", "proc", "dev", "opt"];
const WIN_SYSTEM_ROOTS = ["windows", "program files", "program files (x86)", "programdata"];
// /dev/shm: the shared-memory tmpfs, a scratch directory like /tmp (not a device).
const TEMP_ROOTS = [["tmp"], ["var", "tmp"], ["private", "tmp"], ["private", "var", "tmp"], ["dev", "shm"]];
const DATA_ROOTS = [["data"], ["mnt"], ["srv"], ["var", "lib"]];

const GLOB_CHARS = /[*?[]/;

function isRooted(base: BaseKind): boolean {
  return base === "posix" || base === "win" || base === "unc";
}

function isWindowsForm(s: string): boolean {
  return /^[A-Za-z]:([\\/]|$)/.test(s) || s.startsWith("\\\\");
}

function stripQuotes(s: string): string {
  if (s.length >= 2 && ((s[0] === '"' && s.endsWith('"')) || (s[0] === "'" && s.endsWith("'")))) return s.slice(1, -1);
  return s;
}

/** Does the text still hold an expansion we cannot resolve? */
export function hasUnresolvedExpansion(s: string): boolean {
  return /\$[A-Za-z_{(0-9@*#?!$-]/.test(s) || s.includes("`") || /%[A-Za-z_][A-Za-z0-9_]*%/.test(s) || /\$env:/i.test(s);
}

interface Parsed {
  abs: Abstract | null; // null → unplaceable (dynamic or ~user)
  dynamic: boolean;
}

const WIN_DRIVE = /^[A-Za-z]:/;

function parseAbstract(input: string, winHint: boolean, literal: boolean): Parsed {
  let s = literal ? input : stripQuotes(input);
  let base: BaseKind | null = null;
  let drive = "";
  let win = winHint;
  let pre: readonly string[] = [];
  // cmd.exe expands `%VAR%` however Bash quoted the word: a literal (to Bash) `%USERPROFILE%` is still the profile.
  const x = !literal || s.startsWith("%") ? expandPrefix(s) : null;
  if (x) {
    base = x.base === "home" ? "home" : x.base === "cwd" ? "rel" : x.base === "tmpdir" ? "tmpdir" : "win";
    if (x.base === "drive") drive = "C";
    pre = x.segs;
    win ||= x.win;
    s = s.slice(x.length);
  }
  if (literal) {
    if (x === null && /^%[A-Za-z_][A-Za-z0-9_()]*%/.test(s)) return { abs: null, dynamic: true };
  } else {
    if (x === null && /^~[^\\/]/.test(s)) {
      // Another user's home: its value lives in the user database, which the resolver never reads.
      return { abs: null, dynamic: true };
    }
    if (hasUnresolvedExpansion(s)) return { abs: null, dynamic: true };
  }
  if (base === null) {
    // Win32 namespace prefixes: `\\?\C:\x` is `C:\x`, `\\?\UNC\srv\share` is `\\srv\share`, `\\.\PhysicalDrive0` a device.
    const ns = /^\\\\[?.]\\/.exec(s);
    if (ns) {
      const rest = s.slice(ns[0].length);
      if (WIN_DRIVE.test(rest)) s = rest;
      else if (/^unc[\\/]/i.test(rest)) s = "\\\\" + rest.slice(4);
      else if (s[2] === ".") return { abs: normalizeSegs({ base: "posix", drive: "", segs: ["dev"], up: 0 }, rest.split(/[\\/]/)), dynamic: false };
    }
    if (WIN_DRIVE.test(s)) {
      base = "win";
      drive = s[0].toUpperCase();
      win = true;
      s = s.slice(2);
      // `C:` / `C:x` without a separator: relative to drive C's current directory (a `rel` with a drive; resolveInner).
      if (!/^[\\/]/.test(s)) return { abs: normalizeSegs({ base: "rel", drive, segs: [], up: 0 }, s.split(/[\\/]/)), dynamic: false };
    } else if (s.startsWith("\\\\")) {
      base = "unc";
      win = true;
      s = s.slice(2);
    } else if (s.startsWith("/")) {
      base = "posix";
    } else {
      base = "rel";
      if (s.startsWith(".\\") || s.startsWith("..\\")) win = true;
    }
  } else if (s.startsWith("\\")) {
    win = true;
  }
  if (win) s = s.replace(/\\/g, "/");
  let abs = normalizeSegs({ base, drive, segs: [...pre], up: 0 }, s.split("/"));
  // Climbing out of `$TMPDIR` leaves a temp directory whose value is unknown: take the usual `/tmp`.
  if (abs.base === "tmpdir" && abs.up > 0) abs = normalizeSegs({ base: "posix", drive: "", segs: ["tmp"], up: 0 }, [...Array(abs.up).fill(".."), ...abs.segs]);
  return { abs, dynamic: false };
}

function normalizeSegs(start: Abstract, raw: string[]): Abstract {
  const out: Abstract = { base: start.base, drive: start.drive, segs: [...start.segs], up: start.up };
  // Under a Windows base, `\` separates too (a `~\x` or relative `a\b` joined onto `C:\…`).
  const parts = start.base === "win" || start.base === "unc" ? raw.flatMap((r) => r.split("\\")) : raw;
  for (const seg of parts) {
    if (seg === "" || seg === ".") continue;
    if (seg === "..") {
      if (out.segs.length > 0) out.segs.pop();
      else if (!isRooted(out.base)) out.up++;
      continue;
    }
    out.segs.push(seg);
  }
  return out;
}

interface EnvPaths {
  hasEnv: boolean;
  /** The gate's footprint (`host.gate` paths), absolute. */
  gate: Abstract[];
  home: Abstract | null;
  cwd: Abstract | null;
  pathDirs: Abstract[];
  additional: Abstract[];
  winCwd: boolean;
}

export function absoluteFromEnv(s: string | undefined): Abstract | null {
  if (!s) return null;
  const p = parseAbstract(s, isWindowsForm(s), true);
  if (!p.abs || !isRooted(p.abs.base)) return null;
  return p.abs;
}

/** Parsed env paths, per env object (the resolver is called many times per event with the same env; env is never mutated). */
const ENV_CACHE = new WeakMap<EventEnv, EnvPaths>();
const NO_ENV: EnvPaths = { hasEnv: false, gate: [], home: null, cwd: null, pathDirs: [], additional: [], winCwd: false };

function envPaths(env: EventEnv | null): EnvPaths {
  if (!env) return NO_ENV;
  let e = ENV_CACHE.get(env);
  if (e === undefined) {
    e = parseEnvPaths(env);
    ENV_CACHE.set(env, e);
  }
  return e;
}

function parseEnvPaths(env: EventEnv): EnvPaths {
  const gate = parseGatePaths(hostOf(env), absoluteFromEnv);
  if (!envDeclared(env)) return { ...NO_ENV, gate };
  return {
    hasEnv: true,
    gate,
    home: absoluteFromEnv(env.home),
    cwd: absoluteFromEnv(env.cwd),
    pathDirs: (env.path_dirs ?? []).map(absoluteFromEnv).filter((p): p is Abstract => p !== null),
    additional: (env.additional_dirs ?? []).map(absoluteFromEnv).filter((p): p is Abstract => p !== null),
    winCwd: !!env.cwd && isWindowsForm(env.cwd),
  };
}

function caseless(a: Abstract): boolean {
  return a.base === "win" || a.base === "unc";
}

function segEq(a: string, b: string, ci: boolean): boolean {
  return ci ? a.toLowerCase() === b.toLowerCase() : a === b;
}

/** Is `p` equal to (`strict` false) or strictly under `dir`? Both rooted. */
function under(p: Abstract, dir: Abstract, strict: boolean): boolean {
  if (p.base !== dir.base || p.up !== 0 || dir.up !== 0) return false;
  if (p.base === "win" && p.drive !== dir.drive) return false;
  if (p.segs.length < dir.segs.length + (strict ? 1 : 0)) return false;
  const ci = caseless(p);
  for (let i = 0; i < dir.segs.length; i++) if (!segEq(p.segs[i], dir.segs[i], ci)) return false;
  return true;
}

function underRoots(p: Abstract, roots: string[][]): boolean {
  if (p.base !== "posix") return false;
  return roots.some((r) => r.length <= p.segs.length && r.every((s, i) => p.segs[i] === s));
}

function globToRegExp(pattern: string): RegExp {
  let re = "";
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === "*") re += ".*";
    else if (c === "?") re += ".";
    else if (c === "[") {
      const close = pattern.indexOf("]", i + 2);
      if (close < 0) re += "\\[";
      else {
        let body = pattern.slice(i + 1, close);
        if (body.startsWith("!")) body = "^" + body.slice(1);
        re += "[" + body.replace(/\\/g, "\\\\") + "]";
        i = close;
      }
    } else re += c.replace(/[.+^${}()|\\\]]/g, "\\$&");
  }
  return new RegExp(`^${re}$`, "i");
}

function isSecret(p: Abstract, pattern: string | null, lower: readonly string[]): boolean {
  let re: RegExp | null = null;
  if (pattern !== null) {
    try {
      re = globToRegExp(pattern);
    } catch {
      return false;
    }
  }
  return isSecretPath(lower, p.base === "posix" || p.base === "win", re);
}

function render(a: Abstract): string {
  const ups = "../".repeat(a.up);
  switch (a.base) {
    case "posix":
      return "/" + a.segs.join("/");
    case "win":
      return `${a.drive}:\\` + a.segs.join("\\");
    case "unc":
      return "\\\\" + a.segs.join("\\");
    case "home":
      return a.up === 0 && a.segs.length === 0 ? "~" : "~/" + ups + a.segs.join("/");
    case "tmpdir":
      return a.up === 0 && a.segs.length === 0 ? "$TMPDIR" : "$TMPDIR/" + ups + a.segs.join("/");
    case "rel": {
      const body = ups + a.segs.join("/");
      if (body === "") return ".";
      const trimmed = body.endsWith("/") ? body.slice(0, -1) : body;
      // Keep a first segment that would re-parse as something else (`~x`, `C:`, `\\x`, a quoted-looking `"…"`) relative.
      return /^(~|[A-Za-z]:|\\|\$|%|\.\.?\\|["'])/.test(trimmed) ? "./" + trimmed : trimmed;
    }
  }
}

/**
 * Does the resolved path name the declared working directory in its entirety —
 * the directory itself (`.`, `./`, its absolute path) or a glob enumerating it
 * (`*`, `./*`, `.*`)? Seed 003's "the working directory in its entirety",
 * whatever class the table gives it (a workspace under /tmp is temp_path).
 */
export function isWholeWorkingDirectory(r: ResolvedPath): boolean {
  if (r.rel === null) return false;
  if (r.rel === "") return true;
  return !/[\\/]/.test(r.rel) && GLOB_CHARS.test(r.rel) && isEnumerator(r.rel);
}

/**
 * Does the resolved path name a repository's metadata directory (`.git`, or a
 * glob enumerating it)? Deleting it loses every commit, branch and stash that
 * exists only there. Files inside it (`.git/index.lock`) do not count.
 */
export function isGitMetadataDir(r: ResolvedPath): boolean {
  const segs = r.normalized.split(/[\\/]+/).filter((s) => s !== "");
  let last = segs[segs.length - 1];
  if (last !== undefined && GLOB_CHARS.test(last) && isEnumerator(last)) last = segs[segs.length - 2];
  return last !== undefined && last.toLowerCase() === ".git";
}

function isEnumerator(seg: string): boolean {
  // `*`, `.*`, `*.*`, `**`, `?*`: after removing wildcards nothing but dots is left.
  const rest = seg.replace(/\[[^\]]*\]/g, "").replace(/[*?]/g, "");
  return /^\.?$/.test(rest) || rest === "..";
}

/** SPEC §6.4, with `dynamic` reporting an unresolved variable/substitution. Never throws. */
export function resolvePathDetailed(path: string, env: EventEnv | null, opts: ResolveOptions = {}): ResolvedPathDetailed {
  try {
    return resolveInner(path, env, opts);
  } catch {
    return { class: "unknown", normalized: path, rel: null, dynamic: false, persistence: null, holdsGate: false, inGate: false };
  }
}

/**
 * The `persistence` attr a write or delete of the path carries: what its
 * contents run or control, or `gatehouse` for a delete (or, with `tree`, a
 * recursive permission change) of a directory holding part of the gate's
 * footprint. Null for reads and for paths apart from both.
 */
export function mutatedPersistence(r: Pick<ResolvedPathDetailed, "persistence" | "holdsGate">, verb: string, tree = false): Persistence | null {
  if (verb !== "write" && verb !== "delete") return null;
  if (r.persistence !== null) return r.persistence;
  return r.holdsGate && (verb === "delete" || tree) ? "gatehouse" : null;
}

export function resolvePathClass(path: string, env: EventEnv | null): ResolvedPath {
  const r = resolvePathDetailed(path, env);
  return { class: r.class, normalized: r.normalized, rel: r.rel };
}

function climb(a: Abstract): string[] {
  return [...Array(a.up).fill(".."), ...a.segs];
}

function resolveInner(path: string, env: EventEnv | null, opts: ResolveOptions): ResolvedPathDetailed {
  const e = envPaths(env);
  if (path === "") return { class: "unknown", normalized: "", rel: null, dynamic: false, persistence: null, holdsGate: false, inGate: false };
  // A PowerShell registry path (`HKCU:\Software`, `Registry::HKEY_LOCAL_MACHINE\…`) names a key, never a file (src/classify/registry.ts).
  if (isProviderPath(path)) {
    const text = opts.literal === true ? path : stripQuotes(path);
    if (opts.literal !== true && hasUnresolvedExpansion(text)) return { class: "unknown", normalized: path, rel: null, dynamic: true, persistence: null, holdsGate: false, inGate: false };
    const key = parseProviderKey(text);
    if (key) return { class: "windows_registry", normalized: key.normalized, rel: null, dynamic: false, persistence: keyFacts(key).persistence, holdsGate: false, inGate: false };
  }
  const parsed = parseAbstract(path, e.winCwd && path.includes("\\") && !path.includes("/"), opts.literal === true);
  if (!parsed.abs) return { class: "unknown", normalized: path, rel: null, dynamic: parsed.dynamic, persistence: null, holdsGate: false, inGate: false };
  let a = parsed.abs;
  // Expand symbolic bases the env can place, then re-normalise.
  if (a.base === "home" && e.home) a = normalizeSegs({ ...e.home, up: 0 }, climb(a));
  else if (a.base === "rel" && a.drive !== "") {
    // `C:x`: under the working directory when it is on drive C, else under the drive's root.
    const onDrive = e.cwd && e.cwd.base === "win" && e.cwd.drive === a.drive;
    a = normalizeSegs(onDrive && e.cwd ? { ...e.cwd, up: 0 } : { base: "win", drive: a.drive, segs: [], up: 0 }, climb(a));
  } else if (a.base === "rel" && e.cwd) a = normalizeSegs({ ...e.cwd, up: 0 }, climb(a));

  const normalized = render(a);
  // Asked what the host should look at (Engine.hostWants): every absolute path resolved, for its symlinks.
  const wants = a.base === "posix" ? wantsOf(env) : null;
  if (wants !== null && wants.paths.size <= HOST_BOUNDS.operands) wants.paths.add(normalized);
  let rel: string | null = null;
  if (e.cwd && under(a, e.cwd, false)) rel = a.segs.slice(e.cwd.segs.length).join("/");
  else if (!e.cwd && a.base === "rel" && a.up === 0) rel = a.segs.join("/");

  // Trailing glob: an enumerator takes its directory's class; a partial glob is a file in it.
  let target = a;
  let pattern: string | null = null;
  const last = a.segs[a.segs.length - 1];
  if (last !== undefined && GLOB_CHARS.test(last)) {
    if (isEnumerator(last)) target = { ...a, segs: a.segs.slice(0, -1) };
    else pattern = last;
  }
  const lower = a.segs.map((x) => x.toLowerCase());
  const gate = e.gate.length > 0 && a.up === 0 ? gateRelation(a, e.gate) : null;
  const persistence = persistenceOfPath(a, e, lower) ?? (gate === "in" ? "gatehouse" : null);
  return { class: classify(target, pattern, e, opts.names === true, lower), normalized, rel, dynamic: false, persistence, holdsGate: gate === "holds", inGate: gate === "in" };
}

function persistenceOfPath(a: Abstract, e: EnvPaths, segs: readonly string[]): Persistence | null {
  if (a.up !== 0) return null;
  const rooted = a.base === "posix" || a.base === "win";
  let home = -1;
  if (e.home && under(a, e.home, false)) home = e.home.segs.length;
  else if (a.base === "home") home = 0;
  else if (rooted) home = conventionalHome(segs, a.base === "win");
  return persistenceOf(segs, rooted, home);
}

/**
 * Does `p` hold `dir` — is `dir` equal to or under it? With a partial-glob
 * last component (`pattern`, also `p`'s last segment), the glob lists `p`'s
 * parent: it holds `dir` when it matches the child on the way down to `dir`
 * (`/tmp/p*` holds `/tmp/proj`).
 */
function holds(p: Abstract, pattern: string | null, dir: Abstract): boolean {
  if (pattern === null) return under(dir, p, false);
  // `p` ends with the glob: its parent is the directory listed.
  const parent = { ...p, segs: p.segs.slice(0, -1) };
  if (!under(dir, parent, true)) return false;
  try {
    return globToRegExp(pattern).test(dir.segs[parent.segs.length]);
  } catch {
    return false;
  }
}

/** Windows' temp directories: `<profile>\AppData\Local\Temp` (what %TEMP% is) and `C:\Windows\Temp`. */
function isWindowsTemp(p: Abstract, e: EnvPaths): boolean {
  const low = p.segs.map((s) => s.toLowerCase());
  const tempAt = (i: number) => low[i] === "appdata" && low[i + 1] === "local" && low[i + 2] === "temp";
  if (p.base === "home" && p.up === 0) return tempAt(0);
  if (p.base !== "win") return false;
  if (low[0] === "windows" && low[1] === "temp") return true;
  if (e.home && e.home.base === "win" && under(p, e.home, true)) return tempAt(e.home.segs.length);
  return low[0] === "users" && low.length > 1 && tempAt(2);
}

/** `lower`: the path's components lowercased (those of `p`, plus a trailing enumerator glob `p` dropped). */
function classify(p: Abstract, pattern: string | null, e: EnvPaths, names: boolean, lower: readonly string[]): TargetClass {
  const rooted = isRooted(p.base);
  const isDir = pattern === null;
  // 1. filesystem_root
  if (isDir && (p.base === "posix" || p.base === "win") && p.segs.length === 0) return "filesystem_root";
  // 2. home_dir: the home directory, or a directory that holds it (`~/..`, `/home`)
  if (isDir && p.base === "home" && p.segs.length === 0) return "home_dir";
  if (e.home && rooted && holds(p, pattern, e.home)) return "home_dir";
  // 3. secret_file (not when only names or metadata are touched)
  if (!names && isSecret(p, pattern, lower.length === p.segs.length ? lower : lower.slice(0, p.segs.length))) return "secret_file";
  // 4. workspace_root: the working directory, or a directory that holds it (`..` from /tmp/proj) — temp never outranks it
  if (isDir && p.base === "rel" && p.segs.length === 0) return "workspace_root";
  if (e.cwd && rooted && holds(p, pattern, e.cwd)) return "workspace_root";
  // 5. workspace_file
  if (e.cwd && (pattern !== null ? under(p, e.cwd, false) : under(p, e.cwd, true))) return "workspace_file";
  if (e.additional.some((d) => under(p, d, false))) return "workspace_file";
  // 6. temp_path
  if (p.base === "tmpdir" && p.up === 0) return "temp_path";
  if (underRoots(p, TEMP_ROOTS) || isWindowsTemp(p, e)) return "temp_path";
  // 7. system_path
  if (e.hasEnv && rooted) {
    if (p.base === "posix" && p.segs.length > 0 && SYSTEM_ROOTS.includes(p.segs[0])) return "system_path";
    if (p.base === "win" && p.segs.length > 0 && WIN_SYSTEM_ROOTS.includes(p.segs[0].toLowerCase())) return "system_path";
    if (e.pathDirs.some((d) => under(p, d, false))) return "system_path";
  }
  // 8. home_file
  if (p.base === "home" && p.up === 0) return "home_file";
  if (e.home && (pattern !== null ? under(p, e.home, false) : under(p, e.home, true))) return "home_file";
  // 9. data_store
  if (underRoots(p, DATA_ROOTS)) return "data_store";
  // 10. external_path
  if (rooted && e.cwd) return "external_path";
  // 11. unknown
  return "unknown";
}
