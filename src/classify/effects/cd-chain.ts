// `cd DIR && CMD`: CMD runs only if the cd succeeded, so it runs in DIR and
// never in the declared working directory. The shell table keeps every
// directory a `cd` may have left (the declared one included: `cd build; rm -rf *`
// wipes the project when build does not exist), but for the commands joined to
// a cd by `&&` — and only by `&&`, at the top level of the text — the declared
// candidate is impossible: `cd build && rm -rf *` empties build, not the
// project. The join is the walker's, read from the tree (shell/list-operator.ts):
// the command's `joinedBy` is `&&` and the command it follows is the previous
// top-level command. Anything else (`;`, `||`, `|`, a newline, `then`, a
// subshell `(cd build) && …`, a group) keeps every candidate (the safe side).
import type { ParsedCommand } from "../shell-analysis.js";

/**
 * For each command, whether it is a top-level command joined to the previous
 * top-level command by `&&` alone. Nested commands (inline scripts, substitutions,
 * possible commands) are false: they follow the chain of the command holding them.
 */
export function andJoined(commands: readonly ParsedCommand[]): boolean[] {
  let previous = -1;
  return commands.map((pc, i) => {
    if (!isTopLevel(pc)) return false;
    const joined = previous >= 0 && pc.joinedBy === "&&" && pc.follows === previous;
    previous = i;
    return joined;
  });
}

export function isTopLevel(pc: ParsedCommand): boolean {
  return pc.depth === 0 && !pc.inSubstitution && pc.possible === undefined;
}
