// How a git subcommand reads its words (git's long-option abbreviations) and
// names its effects (operation and operand target). The subcommand itself and
// git's global options are src/classify/programs/git.ts's one spec.
import { withValue, type Arg } from "../programs/args.js";
import { has, parseArgs, type OptionSpec, type ParsedArgs } from "../programs/options.js";
import { attrs, operandTarget, type Attrs, type Ctx } from "./common.js";

export interface GitInvocation {
  sub: string | null;
  /** The words after the subcommand. */
  args: Arg[];
}

/**
 * git's options parser accepts any unambiguous prefix of a long option
 * (`--forc`, `--hard` as `--ha`). parseArgs resolves a prefix that one listed
 * name has; git reports `--for` (force, force-with-lease, force-if-includes)
 * ambiguous, but it is a spelling of one option with its variants, and a
 * guard must not read it as nothing: a prefix whose matches all extend the
 * shortest one is read as that one (`--for` is `--force`, `--force-w` is
 * `--force-with-lease`). Words after `--` are operands.
 */
export function expandGitAbbreviations(args: readonly Arg[], spec: OptionSpec): Arg[] {
  const names = [...(spec.longValue ?? []), ...(spec.longBool ?? []), ...(spec.longOptional ?? [])];
  const out: Arg[] = [];
  let operands = false;
  for (const a of args) {
    const m = operands ? null : /^--([^=]+)(=[\s\S]*)?$/.exec(a.value);
    if (a.value === "--") operands = true;
    if (!m || names.includes(m[1]!)) {
      out.push(a);
      continue;
    }
    const hits = names.filter((n) => n.startsWith(m[1]!));
    const shortest = hits.reduce<string | null>((x, y) => (x === null || y.length < x.length ? y : x), null);
    out.push(shortest !== null && hits.every((h) => h.startsWith(shortest)) ? withValue(a, `--${shortest}${m[2] ?? ""}`) : a);
  }
  return out;
}

export function parseGitArgs(args: readonly Arg[], spec: OptionSpec = {}): ParsedArgs {
  return parseArgs(expandGitAbbreviations(args, spec), spec);
}

/**
 * Every git effect names its operation (`reset --hard`, `branch -D`, …) so rules can tell them apart,
 * and its target: the operands it acts on (a commit, paths, a branch, a refspec), none when there are none.
 */
export function gitAttrs(ctx: Ctx, operation: string, extra: Attrs = {}, on: readonly string[] = []): Attrs {
  return attrs(ctx, { ...operandTarget(on), operation, ...extra });
}

export const values = (ops: readonly { value: string }[]): string[] => ops.map((o) => o.value);

/** `-h`/`--help` parsed as a flag (not consumed as an option's value), before `--`. */
export function helpRequested(p: ParsedArgs): boolean {
  return has(p, "h", "help");
}

export function discardWorktree(ctx: Ctx, sub: string, extra: Attrs = {}, on: readonly string[] = []): void {
  ctx.out.effect("discard", "workspace_file", gitAttrs(ctx, sub, extra, on));
}
export function discardHistory(ctx: Ctx, sub: string, extra: Attrs = {}, on: readonly string[] = []): void {
  ctx.out.effect("discard", "vcs_history", gitAttrs(ctx, sub, extra, on));
}
