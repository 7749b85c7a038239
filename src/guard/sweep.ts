// The sweep: the authoritative, after-the-fact layer. The hook sees only
// write-tool calls; a write by shell redirection, a removed hook config or a
// guard that failed open leaves no block — but it leaves a change in the git
// tree. The sweep asks git itself what changed (never a hand-written index
// reader) and judges every path against the same touch set.
import { execFileSync } from "node:child_process";
import { relative, resolve, sep } from "node:path";
import { compileTouchSet } from "../model/touch-set.js";
import { resolveExistingPrefix } from "./resolve-path.js";
import type { GuardSpec } from "./spec.js";

export type ChangeKind = "modified" | "added" | "deleted" | "renamed" | "copied" | "type-changed" | "unmerged" | "untracked" | "since-base";

export interface ChangedPath {
  /** Relative to the repository's top level, as git prints it. */
  path: string;
  change: ChangeKind;
}

export interface SweepFinding {
  /** Relative to the spec's sessionCwd when inside it, else relative to the repository. */
  path: string;
  change: ChangeKind;
  reason: string;
}

export interface Sweep {
  repository: string;
  base: string | null;
  changed: number;
  findings: SweepFinding[];
}

export class SweepError extends Error {
  override readonly name = "SweepError";
}

// git reads its config from the repository the session could write, and
// `git status` runs two kinds of command from it: an fsmonitor, and the clean
// filter of any attribute-filtered file whose stat changed. Both are switched
// off, so the sweep never runs what the session configured (a filtered file
// may then read as modified: a false finding, never a missed one).
const GIT_SAFETY = ["-c", "core.fsmonitor=false", "-c", "core.quotepath=false"];

function git(cwd: string, args: string[], safety: readonly string[] = GIT_SAFETY): Buffer {
  try {
    return execFileSync("git", [...safety, "-C", cwd, ...args], { stdio: ["ignore", "pipe", "pipe"], maxBuffer: 256 * 1024 * 1024 });
  } catch (error) {
    const e = error as { code?: string; stderr?: Buffer };
    if (e.code === "ENOENT") throw new SweepError("git is not installed (not on PATH)");
    const said = e.stderr?.toString("utf8").trim().split("\n")[0] ?? String(error);
    throw new SweepError(`git ${args[0]} in ${cwd}: ${said}`);
  }
}

const nulList = (out: string) => out.split("\0").filter((p) => p !== "");

/** GIT_SAFETY plus every configured filter driver emptied (reading config runs nothing). */
function filterSafety(cwd: string): string[] {
  let names: string[] = [];
  try {
    const keys = git(cwd, ["config", "-z", "--name-only", "--get-regexp", "^filter\\."]).toString("utf8");
    names = [...new Set(nulList(keys).map((k) => k.slice("filter.".length, k.lastIndexOf("."))))];
  } catch {
    // exit 1: no filter configured
  }
  return [...GIT_SAFETY, ...names.flatMap((name) => ["-c", `filter.${name}.clean=`, "-c", `filter.${name}.process=`, "-c", `filter.${name}.required=false`])];
}

const STATUS_KIND: Record<string, ChangeKind> = { M: "modified", A: "added", D: "deleted", R: "renamed", C: "copied", T: "type-changed", U: "unmerged" };

/**
 * Parse `git status --porcelain=v1 -z`: `XY path\0`, and for a rename or copy
 * `XY new\0old\0` — both paths changed (one appeared, one went away).
 */
export function parsePorcelainStatus(out: string): ChangedPath[] {
  const fields = out.split("\0");
  const changed: ChangedPath[] = [];
  for (let i = 0; i < fields.length; i++) {
    const entry = fields[i]!;
    if (entry.length < 4) continue; // the empty tail after the last NUL
    const xy = entry.slice(0, 2);
    const path = entry.slice(3);
    if (xy === "??") {
      changed.push({ path, change: "untracked" });
      continue;
    }
    if (xy === "!!") continue;
    const letter = [...xy].find((c) => c !== " " && c !== "?") ?? "M";
    const kind = xy.includes("U") || xy === "AA" || xy === "DD" ? "unmerged" : (STATUS_KIND[letter] ?? "modified");
    changed.push({ path, change: kind });
    if (xy[0] === "R" || xy[0] === "C" || xy[1] === "R" || xy[1] === "C") {
      const from = fields[++i];
      if (from !== undefined && from !== "") changed.push({ path: from, change: kind });
    }
  }
  return changed;
}

/** Every path changed in the working tree and index, and (with `base`) since the merge base of `base` and HEAD. */
export function listChangedPaths(cwd: string, base: string | null): { repository: string; changed: ChangedPath[] } {
  const repository = git(cwd, ["rev-parse", "--show-toplevel"]).toString("utf8").trim();
  const safety = filterSafety(cwd);
  const status = git(cwd, ["status", "--porcelain=v1", "-z", "--untracked-files=all", "--no-renames"], safety).toString("utf8");
  const changed = parsePorcelainStatus(status);
  if (base !== null) {
    // Against the merge base, so commits that landed on `base` since the branch was cut are not the session's.
    const mergeBase = git(cwd, ["merge-base", base, "HEAD"]).toString("utf8").trim();
    const since = git(cwd, ["diff", "--name-only", "-z", "--no-renames", mergeBase, "--"], safety).toString("utf8");
    for (const path of nulList(since)) changed.push({ path, change: "since-base" });
  }
  // One entry per path: the working-tree state wins over "since-base".
  const seen = new Map<string, ChangedPath>();
  for (const c of changed) if (!seen.has(c.path)) seen.set(c.path, c);
  return { repository, changed: [...seen.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)) };
}

export interface SweepOptions {
  base?: string | null;
  /** The guard's own files (spec, records): never findings if they sit in the checkout. */
  ownFiles?: readonly string[];
}

export function sweep(spec: GuardSpec, options: SweepOptions = {}): Sweep {
  const base = options.base ?? null;
  const { repository, changed } = listChangedPaths(spec.sessionCwd, base);
  const root = resolveExistingPrefix(repository);
  const cwd = resolveExistingPrefix(spec.sessionCwd);
  const own = new Set((options.ownFiles ?? []).map((p) => resolveExistingPrefix(p)));
  const compiled = compileTouchSet(spec.touchSet);
  const findings: SweepFinding[] = [];
  for (const { path, change } of changed) {
    const absolute = resolve(root, path);
    if (own.has(absolute)) continue;
    const rel = relative(cwd, absolute).split(sep).join("/");
    const inside = rel !== "" && rel !== ".." && !rel.startsWith("../");
    const shown = inside ? rel : path;
    if (!inside) findings.push({ path: shown, change, reason: `${path} is outside the checkout ${spec.sessionCwd}` });
    else if (!compiled.ok) findings.push({ path: shown, change, reason: `the touch set cannot be judged: ${compiled.message}` });
    else if (!compiled.touchSet.includes(rel)) {
      const excludedBy = compiled.touchSet.decidingPattern(rel);
      findings.push({ path: shown, change, reason: `${rel} (${change}) ${excludedBy === null ? "matches none of the touch-set patterns" : `is taken out of the touch set by ${excludedBy}`}` });
    }
  }
  return { repository, base, changed: changed.length, findings };
}
