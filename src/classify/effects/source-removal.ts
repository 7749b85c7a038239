// Sources removed: commands that copy something and then remove the original —
// `mv`, `rsync --remove-source-files`, `tar --remove-files`, `zip -m` — and the
// deletes an MCP tool makes of a whole directory. The original is gone from
// where it was, so each source is a `delete` of its class; a source that is a
// whole directory tree by its class (the filesystem root, the home directory
// or a directory holding it, the working directory or one holding it) carries
// `recursive: true` whatever the flags say, because everything under it goes
// with it — the attr fs.wipe reads (`mv ~ /tmp/oldhome` empties home as surely
// as `rm -rf ~`). A file or an ordinary directory moved keeps the flags it was
// given: `mv ~/Downloads/x.zip .` is the rename it looks like.
import type { TargetClass } from "../../model/classification.js";
import type { Arg } from "../programs/args.js";
import { emitHits, pathTargetHits, targetText, type Attrs, type Ctx, type TargetHit } from "./common.js";

/** Classes that name a whole directory tree: removing one takes everything under it. */
export const TREE_CLASSES: ReadonlySet<TargetClass> = new Set<TargetClass>(["filesystem_root", "home_dir", "workspace_root"]);

/** Is this hit a whole tree (one of TREE_CLASSES, or the declared working directory itself)? */
export function isWholeTree(hit: Pick<TargetHit, "cls" | "wholeCwd">): boolean {
  return TREE_CLASSES.has(hit.cls) || hit.wholeCwd;
}

export interface SourceRemoval {
  /** The command removes every file under a directory source (`rsync -a`, `tar` without `--no-recursion`, `zip -r`). */
  recursive: boolean;
  force?: boolean;
  /** Classes the destination has: a tree rearranged inside the working directory (`mv * sub/`) is not removed. */
  destination?: readonly TargetClass[];
}

/** The source moves inside the workspace it belongs to (`mv * sub/`, `mv . ./x` fails anyway): nothing leaves. */
function staysInWorkspace(hit: TargetHit, destination: readonly TargetClass[] | undefined): boolean {
  return hit.cls === "workspace_root" && destination !== undefined && destination.length > 0 && destination.every((c) => c === "workspace_file" || c === "workspace_root");
}

/** A source the command removes after copying it: `delete × class`, recursive for a whole tree. Returns the classes. */
export function removeSource(ctx: Ctx, value: string, arg: Arg | null, how: SourceRemoval): TargetClass[] {
  const hits = pathTargetHits(ctx, value, arg, "mutate");
  for (const h of hits) {
    const recursive = how.recursive || (isWholeTree(h) && !staysInWorkspace(h, how.destination));
    const extra: Attrs = { recursive, force: how.force ?? false };
    emitHits(ctx, "delete", [h], extra, targetText(value));
  }
  return hits.map((h) => h.cls);
}
