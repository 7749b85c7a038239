// The git branch checked out at a directory, read the cheap way — the `HEAD`
// file of the nearest `.git` above it (a `.git` *file* is a worktree or
// submodule: `gitdir: <path>` names the real git directory) — so hook
// adapters can supply `facts["git.branch"]` without running git. I/O at the
// edge: the adapters stay pure, the hook command calls this.
import { readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import type { EventInput } from "../model/event.js";

/** The branch name, or null: no repository, a detached HEAD, or anything unreadable. */
export function gitBranchAt(cwd: string, maxLevels = 64): string | null {
  try {
    let dir = resolve(cwd);
    for (let level = 0; level < maxLevels; level++) {
      const dotGit = join(dir, ".git");
      let isFile: boolean | null = null;
      try {
        // No exception for the common miss: the daemon walks this on every call, and a thrown ENOENT costs ~5x the stat.
        isFile = statSync(dotGit, { throwIfNoEntry: false })?.isFile() ?? null;
      } catch {
        isFile = null;
      }
      if (isFile !== null) {
        let gitDir = dotGit;
        if (isFile) {
          const m = /^gitdir:\s*(.+?)\s*$/m.exec(readFileSync(dotGit, "utf8"));
          if (m === null) return null;
          gitDir = resolve(dir, m[1]!);
        }
        const head = readFileSync(join(gitDir, "HEAD"), "utf8").trim();
        const ref = /^ref:\s*refs\/heads\/(.+)$/.exec(head);
        return ref === null ? null : ref[1]!;
      }
      const parent = dirname(dir);
      if (parent === dir) return null;
      dir = parent;
    }
    return null;
  } catch {
    return null;
  }
}

/** The event with `facts["git.branch"]` added from its `env.cwd` (a fact the caller already set wins). */
export function withGitBranch(event: EventInput): EventInput {
  const cwd = event.env?.cwd;
  if (typeof cwd !== "string" || cwd === "") return event;
  const facts = event.facts ?? {};
  if (Object.prototype.hasOwnProperty.call(facts, "git.branch")) return event;
  const branch = gitBranchAt(cwd);
  return branch === null ? event : { ...event, facts: { ...facts, "git.branch": branch } };
}
