// `cd DIR && CMD`: CMD runs only if the cd succeeded, so it runs in DIR and
// never in the declared working directory. The shell table keeps every
// directory a `cd` may have left (the declared one included: `cd build; rm -rf *`
// wipes the project when build does not exist), but for the commands joined to
// a cd by `&&` — and only by `&&`, at the top level of the text — the declared
// candidate is impossible: `cd build && rm -rf *` empties build, not the
// project. The join is read from the text between the commands' raw spans;
// anything else between them (`;`, `||`, `|`, a newline, `then`, a wrapper
// word) or a span that cannot be found keeps every candidate (the safe side).
import type { ParsedCommand } from "../shell/types.js";

const AND_ONLY = /^\s*&&\s*$/;

/**
 * For each command, whether it is a top-level command joined to the previous
 * top-level command by `&&` alone. Nested commands (inline scripts, substitutions,
 * possible commands) are false: they follow the chain of the command holding them.
 */
export function andJoined(text: string | undefined, commands: readonly ParsedCommand[]): boolean[] {
  const out = commands.map(() => false);
  if (text === undefined) return out;
  let cursor = 0;
  let prevEnd = -1;
  commands.forEach((pc, i) => {
    if (!isTopLevel(pc)) return;
    const start = pc.cmd.raw === "" ? -1 : text.indexOf(pc.cmd.raw, cursor);
    if (start < 0) {
      prevEnd = -1;
      return;
    }
    out[i] = prevEnd >= 0 && AND_ONLY.test(text.slice(prevEnd, start));
    prevEnd = start + pc.cmd.raw.length;
    cursor = prevEnd;
  });
  return out;
}

export function isTopLevel(pc: ParsedCommand): boolean {
  return pc.depth === 0 && !pc.inSubstitution && pc.possible === undefined;
}
