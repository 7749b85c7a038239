// Where a write would really land. Hook targets are usually files that do not
// exist yet, so the path is resolved through its longest existing prefix: that
// collapses an aliased checkout (a symlinked spelling of the same directory)
// and follows a symlink that escapes it. A dangling symlink is followed too:
// writing through it creates its target, wherever that is.
import { lstatSync, readlinkSync, realpathSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";

/** Linux's SYMLOOP_MAX: more links than this in one resolution is a loop. */
const MAX_LINKS = 40;

function realpathOrNull(path: string): string | null {
  try {
    return realpathSync.native(path);
  } catch {
    return null;
  }
}

function danglingLinkTarget(path: string): string | null {
  try {
    if (!lstatSync(path).isSymbolicLink()) return null;
    return resolve(dirname(path), readlinkSync(path));
  } catch {
    return null;
  }
}

/**
 * The absolute, normalised path `path` denotes once every existing component
 * is resolved. If nothing resolves, the lexical path is kept, so the caller's
 * inside-the-checkout test still fails closed on it.
 */
export function resolveExistingPrefix(path: string): string {
  let lexical = resolve(path);
  for (let links = 0; links <= MAX_LINKS; links++) {
    let probe = lexical;
    const suffix: string[] = []; // the components below `probe`, innermost first
    for (;;) {
      const real = realpathOrNull(probe);
      if (real !== null) return join(real, ...suffix.reverse());
      const target = danglingLinkTarget(probe);
      if (target !== null) {
        lexical = join(target, ...suffix.reverse());
        break; // resolve again from the link's target
      }
      const parent = dirname(probe);
      if (parent === probe) return lexical;
      suffix.push(basename(probe));
      probe = parent;
    }
  }
  return lexical; // a link loop: the write itself will fail with ELOOP
}
