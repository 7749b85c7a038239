// What a command is fed from upstream in its pipe: the paths a `find`/`fd`
// lists into `xargs rm`, the items a PowerShell `Get-ChildItem` passes to
// `Remove-Item` — the targets of a command whose own operands do not say them.
import { parseFd } from "../programs/fd.js";
import { findRootValues, parseFind } from "../programs/find.js";
import { parseItemListing, PS_LISTERS, PS_NARROWING_STAGES, PS_PASSING_STAGES } from "../programs/powershell.js";
import { findRootHits, pathTargetHits, type Ctx, type TargetHit } from "./common.js";

/**
 * Fed by xargs (or parallel without literal `:::` inputs) with no literal
 * operand: the targets come from stdin (shape 8).
 */
export function xargsFed(ctx: Ctx, operandCount: number): boolean {
  return ctx.pc.fedBy !== null && operandCount === 0;
}

/** What a `find` or `fd` upstream of this command's input (or its feeder's: `find … | xargs rm`) lists, if there is one. */
export function upstreamFindHits(ctx: Ctx): TargetHit[] | null {
  const src = ctx.pc.fedBy?.input ?? ctx.pc.stdin;
  if (!src || src.kind !== "pipe") return null;
  const up = ctx.analysis.commands[src.upstream];
  if (!up) return null;
  if (up.cmd.program === "find") {
    const call = parseFind(up.args);
    return findRootHits(ctx, findRootValues(call), call.filtered, false, call.names);
  }
  if (up.cmd.program === "fd" || up.cmd.program === "fdfind") {
    const call = parseFd(up.args);
    return findRootHits(ctx, call.roots.map((r) => r.value), call.filtered);
  }
  return null;
}

/**
 * What a PowerShell pipeline feeds this command: the items a `Get-ChildItem`
 * (`gci`, `ls`, `dir`) or `Get-Item` upstream lists, through any filtering or
 * sorting stages (`Where-Object`, `Select-Object`, `Sort-Object`). A lister's
 * items are its roots' contents (every item under them with `-Recurse`),
 * narrowed to a file under them when a name filter or a `Where-Object` picks
 * some; `Get-Item`'s are its paths themselves. Null when no lister feeds it.
 */
export function upstreamItemHits(ctx: Ctx): { hits: TargetHit[]; recursive: boolean; source: string } | null {
  let src = ctx.pc.stdin;
  let narrowed = false;
  for (let hops = 0; hops < 8 && src?.kind === "pipe"; hops++) {
    const up = ctx.analysis.commands[src.upstream];
    if (!up) return null;
    const program = up.cmd.program;
    if (PS_LISTERS.has(program)) {
      const l = parseItemListing(program, up.args);
      const hits = l.itself
        ? l.roots.flatMap((r) => pathTargetHits(ctx, r.value, r.arg, "mutate"))
        : findRootHits(ctx, l.roots.map((r) => r.value), l.filtered || narrowed);
      return { hits, recursive: l.recursive, source: up.cmd.raw };
    }
    if (PS_NARROWING_STAGES.has(program)) narrowed = true;
    else if (!PS_PASSING_STAGES.has(program)) return null;
    src = up.stdin;
  }
  return null;
}
