// `mkdir -p` that reports what the system said and always returns. Node's
// `mkdirSync(p, { recursive: true })` does neither everywhere: on a read-only
// file system it reports the ENOENT of the deepest missing level instead of
// the EROFS of the first one it could not create, and under /proc or /sys,
// where a plain mkdir answers ENOENT below an existing directory, it retries
// parent and child forever (the guard's hook spun at ~80 % CPU until the
// agent's timeout let the write through). Here: walk up to the deepest
// existing directory (at most one step per path component), then create each
// missing level with a plain mkdir, and throw the first error as it came.
import { mkdirSync, statSync } from "node:fs";
import { dirname, resolve } from "node:path";

const errnoOf = (error: unknown): string | undefined => (error as NodeJS.ErrnoException)?.code;

function notADirectory(path: string): NodeJS.ErrnoException {
  const error: NodeJS.ErrnoException = new Error(`ENOTDIR: not a directory, mkdir '${path}'`);
  error.code = "ENOTDIR";
  error.syscall = "mkdir";
  error.path = path;
  return error;
}

/** Whether `path` is a directory; false when it does not exist; throws on anything else the system says. */
function isDirectory(path: string): boolean {
  try {
    if (statSync(path).isDirectory()) return true;
  } catch (error) {
    if (errnoOf(error) === "ENOENT") return false;
    throw error;
  }
  throw notADirectory(path);
}

/**
 * Make `dir` and its missing parents (each with `mode`, as `mkdir -p`). Throws
 * the system's own error of the first level that cannot be made (EROFS, EACCES,
 * ENOTDIR, ENOSPC, ENOENT under /proc …); never loops.
 */
export function makeDirs(dir: string, mode?: number): void {
  const missing: string[] = [];
  let at = resolve(dir);
  while (!isDirectory(at)) {
    missing.push(at);
    const parent = dirname(at);
    if (parent === at) break; // the root itself missing: let mkdir say why
    at = parent;
  }
  for (const level of missing.reverse()) {
    try {
      mkdirSync(level, mode === undefined ? undefined : { mode });
    } catch (error) {
      // Another process made it meanwhile: fine if it is a directory.
      if (errnoOf(error) === "EEXIST" && isDirectory(level)) continue;
      throw error;
    }
  }
}
