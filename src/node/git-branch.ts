// The git branch checked out at a directory, read the cheap way — the `HEAD`
// file of the nearest `.git` above it (a `.git` *file* is a worktree or
// submodule: `gitdir: <path>` names the real git directory) — so hook
// adapters can supply `facts["git.branch"]` without running git. I/O at the
// edge: the adapters stay pure, the hook command calls this.
//
// A long-lived process (the daemon) reads it for every call, so a reader can
// remember, per cwd, at which level the `.git` was found and what it was — a
// hint of where to look, never an answer: every call still checks each level
// below it for a nearer `.git` (one `stat` each, ~1 µs on a miss), reads the
// remembered one directly (its `HEAD`, or the `.git` file, is opened as it is
// now; any surprise falls back to the full walk), and re-reads `HEAD`. What a
// remembered level saves is the `stat` of the `.git` found (and a worktree's
// `.git` file is still read each time); no answer can be stale: the branch
// decides push-to-main rules, and a stale "feature" while HEAD is main is a
// wrong allow.
import { closeSync, openSync, readSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import type { EventInput } from "../model/event.js";

/** Where a cwd's `.git` was found: how many levels up, and whether it was a directory or a `.git` file. */
interface Found {
  level: number;
  kind: "dir" | "file";
}

/** HEAD and a `.git` file are a line or two: anything longer is not one. */
const MAX_SMALL_FILE = 4096;
const buffer = Buffer.allocUnsafe(MAX_SMALL_FILE);

/** A small file's text, or null when it cannot be opened or read (missing, a directory, unreadable). */
function readSmall(path: string): string | null {
  let fd: number;
  try {
    fd = openSync(path, "r");
  } catch {
    return null;
  }
  try {
    const n = readSync(fd, buffer, 0, MAX_SMALL_FILE, 0);
    return buffer.toString("utf8", 0, n);
  } catch {
    return null; // EISDIR: a directory where a file was expected
  } finally {
    closeSync(fd);
  }
}

/** The branch a HEAD names (null: detached, or not a HEAD). */
function branchOf(head: string): string | null {
  const ref = /^ref:\s*refs\/heads\/(.+)$/.exec(head.trim());
  return ref === null ? null : ref[1]!;
}

/** The `.git` at `dir`: a directory, a file, or none (no exception for the common miss: a thrown ENOENT costs ~5x the stat). */
function dotGitAt(dir: string): "dir" | "file" | null {
  try {
    const stat = statSync(join(dir, ".git"), { throwIfNoEntry: false });
    return stat === undefined ? null : stat.isFile() ? "file" : "dir";
  } catch {
    return null;
  }
}

/** The branch of the `.git` (a directory or a file) at `dir`; undefined when it is not what `kind` says. */
function branchAtDotGit(dir: string, kind: "dir" | "file"): string | null | undefined {
  let gitDir = join(dir, ".git");
  if (kind === "file") {
    const text = readSmall(gitDir);
    if (text === null) return undefined;
    const m = /^gitdir:\s*(.+?)\s*$/m.exec(text);
    if (m === null) return null;
    gitDir = resolve(dir, m[1]!);
  }
  const head = readSmall(join(gitDir, "HEAD"));
  // A `.git` directory without a HEAD is not what was remembered (or not a repository): walk again.
  if (head === null) return kind === "dir" ? undefined : null;
  return branchOf(head);
}

export class GitBranchReader {
  private readonly found = new Map<string, Found>();

  /** `remember`: how many cwds to keep a hint for (least recently used dropped); 0 keeps none. */
  constructor(
    private readonly remember = 256,
    private readonly maxLevels = 64,
  ) {}

  /** The branch name, or null: no repository, a detached HEAD, or anything unreadable. */
  branchAt(cwd: string): string | null {
    try {
      const start = resolve(cwd);
      const hint = this.found.get(start);
      if (hint !== undefined) {
        this.found.delete(start); // re-inserted below when still right: most recently used last
        const branch = this.fromHint(start, hint);
        if (branch !== undefined) {
          this.keep(start, hint);
          return branch;
        }
      }
      return this.walk(start);
    } catch {
      return null;
    }
  }

  /** Every level below the hint has no `.git`, and the hint's `.git` reads as remembered: its branch; else undefined. */
  private fromHint(start: string, hint: Found): string | null | undefined {
    let dir = start;
    for (let level = 0; level < hint.level; level++) {
      if (dotGitAt(dir) !== null) return undefined; // a nearer `.git` appeared
      const parent = dirname(dir);
      if (parent === dir) return undefined;
      dir = parent;
    }
    return branchAtDotGit(dir, hint.kind);
  }

  private walk(start: string): string | null {
    let dir = start;
    for (let level = 0; level < this.maxLevels; level++) {
      const kind = dotGitAt(dir);
      if (kind !== null) {
        const branch = branchAtDotGit(dir, kind);
        if (branch === undefined) return null; // a `.git` directory with no HEAD
        this.keep(start, { level, kind });
        return branch;
      }
      const parent = dirname(dir);
      if (parent === dir) return null;
      dir = parent;
    }
    return null;
  }

  private keep(start: string, found: Found): void {
    if (this.remember === 0) return;
    this.found.set(start, found);
    if (this.found.size > this.remember) this.found.delete(this.found.keys().next().value!);
  }

  /** The event with `facts["git.branch"]` added from its `env.cwd` (a fact the caller already set wins). */
  enrich = (event: EventInput): EventInput => {
    const cwd = event.env?.cwd;
    if (typeof cwd !== "string" || cwd === "") return event;
    const facts = event.facts ?? {};
    if (Object.prototype.hasOwnProperty.call(facts, "git.branch")) return event;
    const branch = this.branchAt(cwd);
    return branch === null ? event : { ...event, facts: { ...facts, "git.branch": branch } };
  };
}

/** The branch name, or null: no repository, a detached HEAD, or anything unreadable. One walk, nothing remembered. */
export function gitBranchAt(cwd: string, maxLevels = 64): string | null {
  return new GitBranchReader(0, maxLevels).branchAt(cwd);
}

const once = new GitBranchReader(0);

/** The event with `facts["git.branch"]` added from its `env.cwd` (a fact the caller already set wins). One walk, nothing remembered. */
export function withGitBranch(event: EventInput): EventInput {
  return once.enrich(event);
}
