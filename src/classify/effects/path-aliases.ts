// Names the text itself makes for other directories: a symlink (`ln -s ~ h`)
// or a bind mount (`mount --bind ~ mnt`). A later path that goes through the
// name — `h/`, `h/*`, `mnt/x`, not the bare `h`, which is the link itself —
// reaches the directory it stands for, so it is judged as that too:
// `ln -s ~ h && rm -rf h/` wipes home. Recorded as normalised absolute paths
// under the declared working directory; a name or a target the resolver
// cannot place (a variable, no cwd) is not recorded.
import type { EventEnv } from "../../model/event.js";
import { isLiteralArg, type Arg } from "../programs/args.js";
import { resolvePathDetailed } from "../paths.js";

/** name → target, both normalised absolute paths. */
export type PathAliases = Map<string, string>;

const ROOTED = /^\//;

/** A word as written, with its facts (null: a literal the table made up). */
export interface Word {
  value: string;
  arg: Arg | null;
}

/** Record that `name` (as written) now stands for `target` (as written). */
export function noteAlias(aliases: PathAliases, env: EventEnv | null, name: Word, target: Word): void {
  if (name.arg?.subst || target.arg?.subst) return;
  const n = resolvePathDetailed(name.value, env, { literal: isLiteralArg(name.arg) });
  const t = resolvePathDetailed(target.value, env, { literal: isLiteralArg(target.arg) });
  if (n.dynamic || t.dynamic || !ROOTED.test(n.normalized) || !ROOTED.test(t.normalized) || n.normalized === "/") return;
  aliases.set(n.normalized.replace(/\/+$/, ""), t.normalized);
}

/**
 * The path `value` reaches through an alias, or null: its normalised form lies under an
 * alias name (`h/x`, `h/*`), or is the name with a trailing `/` (`h/`, `h/.`); with `followLast` the bare
 * name too (a write opens the file through it: `ln F x && echo > x` writes F).
 */
export function throughAlias(aliases: PathAliases, normalized: string, value: string, followLast = false): string | null {
  for (const [name, target] of aliases) {
    const base = target === "/" ? "" : target;
    if (normalized.startsWith(`${name}/`)) return `${base}${normalized.slice(name.length)}`;
    if (normalized === name && (followLast || /\/\.?$/.test(value))) return target;
  }
  return null;
}
