// git rows: push (vcs_remote), discarding work (workspace_file: also the
// plumbing that overwrites the working tree — read-tree -u --reset,
// checkout-index -f, submodule deinit|update -f), rewriting
// history (vcs_history), plus clone/fetch/pull (network_host) and `git rm`.
// Where the subcommand is and what `-c` sets is src/classify/programs/git.ts.
import { isLiteralArg, withValue, type Arg } from "../programs/args.js";
import { isCommandSetting, isPersistentSetting, parseGit } from "../programs/git.js";
import { has, parseArgs, type OptionSpec, type ParsedArgs } from "../programs/options.js";
import { classifyUrl, remoteSpecUrl } from "../urls.js";
import { attrs, emitPath, operandTarget, protectedAttr, resolveAll, substGap, targetText, type Attrs, type Ctx } from "./common.js";
import { gitApply } from "./patches.js";
import { gitConfig } from "./persistence.js";
import type { Handler } from "./entries.js";

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

function parseGitArgs(args: readonly Arg[], spec: OptionSpec = {}): ParsedArgs {
  return parseArgs(expandGitAbbreviations(args, spec), spec);
}

/**
 * Every git effect names its operation (`reset --hard`, `branch -D`, …) so rules can tell them apart,
 * and its target: the operands it acts on (a commit, paths, a branch, a refspec), none when there are none.
 */
function gitAttrs(ctx: Ctx, operation: string, extra: Attrs = {}, on: readonly string[] = []): Attrs {
  return attrs(ctx, { ...operandTarget(on), operation, ...extra });
}

const values = (ops: readonly { value: string }[]): string[] => ops.map((o) => o.value);

const PUSH_SPEC: OptionSpec = {
  shortValue: "o",
  longValue: ["repo", "receive-pack", "exec", "push-option", "signed", "recurse-submodules"],
  longBool: ["force", "force-with-lease", "force-if-includes", "delete", "mirror", "all", "tags", "prune", "dry-run", "set-upstream", "verbose", "quiet", "atomic", "no-verify", "follow-tags", "progress", "porcelain", "ipv4", "ipv6", "thin", "no-thin"],
  aliases: { f: "force", d: "delete", n: "dry-run", u: "set-upstream", v: "verbose", q: "quiet", o: "push-option" },
};

/**
 * What a refspec's destination names. `HEAD`/`@` push the current branch,
 * whose name the text does not say (`scope: "current"`); a wildcard
 * (`refs/heads/*`) pushes every branch it matches (`scope: "all"`).
 */
function destinationOf(dst: string): { branch?: string; tag?: string; scope: PushScope } {
  if (dst === "" || dst === "HEAD" || dst === "@") return { scope: "current" };
  if (dst.includes("*")) return { scope: wildcardScope(dst) };
  if (dst.startsWith("refs/heads/")) return { branch: dst.slice("refs/heads/".length), scope: "branch" };
  if (dst.startsWith("refs/tags/")) return { tag: dst.slice("refs/tags/".length), scope: "tag" };
  if (dst.startsWith("refs/")) return { scope: "branch" };
  return { branch: dst, scope: "branch" };
}

/**
 * A wildcard destination confined to a folder of branches
 * (`refs/heads/feature/*`) can only update branches in that folder (`some`);
 * any other (`refs/heads/*`, `*`, `refs/*`, `refs/heads/ma*`) may reach main
 * or master (`all`).
 */
function wildcardScope(dst: string): PushScope {
  const fixed = dst.slice(0, dst.indexOf("*"));
  return /^refs\/heads\/[^*]+\/$/.test(fixed) ? "some" : "all";
}

/**
 * Which refs a push updates, as far as the text says (`attrs.scope`):
 * `branch` — the one named in `branch`; `current` — the checked-out branch
 * (no refspec, `HEAD`, `@`: git's default `push.default=simple` pushes it to
 * its same-named upstream; the adapters' `fact.git.branch` says which it is);
 * `all` — every branch (`--all`, `--branches`, `--mirror`, a wildcard
 * refspec; protected ones included); `some` — the branches of one folder
 * (`refs/heads/feature/*`); `tag` — tags only; `dynamic` — a refspec
 * known only at run time (`"$BRANCH"`).
 */
type PushScope = "branch" | "current" | "all" | "some" | "tag" | "dynamic";

function push(ctx: Ctx, inv: GitInvocation): void {
  const p = parseGitArgs(inv.args, PUSH_SPEC);
  if (has(p, "dry-run")) return;
  const lease = p.flags.some((f) => f.name === "force-with-lease" || f.name === "force-if-includes");
  const force = has(p, "force", "mirror") || lease;
  const del = has(p, "delete");
  const base: Attrs = { force };
  if (lease) base.force_with_lease = true;
  if (has(p, "prune", "mirror")) Object.assign(base, { delete: true, protected: true });
  const repoFlag = p.flags.find((f) => f.name === "repo" && f.value !== null)?.value;
  const ops = p.operands;
  const remote = repoFlag ?? ops[0]?.value;
  if (remote) ctx.out.url(classifyUrl(remote) ?? remoteSpecUrl(remote));
  for (const op of ops) substGap(ctx, op.arg, "a refspec");
  const refspecs = repoFlag ? ops : ops.slice(1);
  const every = has(p, "all", "branches", "mirror");
  if (refspecs.length === 0) {
    const scope: PushScope = every ? "all" : has(p, "tags") ? "tag" : "current";
    ctx.out.effect("push", "vcs_remote", gitAttrs(ctx, "push", { ...base, scope }, remote ? [remote] : []));
    return;
  }
  for (let k = 0; k < refspecs.length; k++) {
    const arg = refspecs[k].arg;
    let spec = refspecs[k].value;
    if (spec === "tag" && refspecs[k + 1]) {
      k++;
      ctx.out.effect("push", "vcs_remote", gitAttrs(ctx, "push", { ...base, scope: "tag" }, [refspecs[k].value]));
      continue;
    }
    const a: Attrs = { ...base };
    if (spec.startsWith("+")) {
      a.force = true;
      spec = spec.slice(1);
    }
    if (arg.dynamic) {
      // `git push -f origin "$BRANCH"`: which branch is known only at run time.
      a.scope = "dynamic";
      if (del) Object.assign(a, { delete: true, protected: true });
      ctx.out.effect("push", "vcs_remote", gitAttrs(ctx, "push", a, [refspecs[k].value]));
      continue;
    }
    const colon = spec.lastIndexOf(":");
    const src = colon >= 0 ? spec.slice(0, colon) : spec;
    const dst = colon >= 0 ? spec.slice(colon + 1) : spec;
    if (del || (colon >= 0 && src === "")) a.delete = true;
    // `src:` with an empty destination pushes src to its same-named ref.
    const d = destinationOf(colon >= 0 && dst === "" ? src : dst);
    if (d.branch !== undefined) a.branch = d.branch;
    a.scope = every ? "all" : d.scope;
    if (a.delete === true) Object.assign(a, a.scope === "branch" ? protectedAttr(d.branch) : { protected: true });
    ctx.out.effect("push", "vcs_remote", gitAttrs(ctx, "push", a, [refspecs[k].value]));
  }
}

/** Subcommands whose handler checks for `-h`/`--help` after parsing its own value-taking flags. */
const OWN_HELP = new Set(["checkout", "restore"]);

/** `-h`/`--help` parsed as a flag (not consumed as an option's value), before `--`. */
function helpRequested(p: ParsedArgs): boolean {
  return has(p, "h", "help");
}

function discardWorktree(ctx: Ctx, sub: string, extra: Attrs = {}, on: readonly string[] = []): void {
  ctx.out.effect("discard", "workspace_file", gitAttrs(ctx, sub, extra, on));
}
function discardHistory(ctx: Ctx, sub: string, extra: Attrs = {}, on: readonly string[] = []): void {
  ctx.out.effect("discard", "vcs_history", gitAttrs(ctx, sub, extra, on));
}

function checkout(ctx: Ctx, inv: GitInvocation): void {
  const p = parseGitArgs(inv.args, {
    shortValue: "bBU",
    // `--unified`/`--inter-hunk-context` (the `-p` hunks' context) take a value: `--unified 3 main` switches to main.
    longValue: ["orphan", "conflict", "pathspec-from-file", "unified", "inter-hunk-context"],
    longBool: ["force", "ours", "theirs", "detach", "patch", "merge", "quiet", "progress", "no-progress", "track", "no-track", "guess", "no-guess", "overlay", "no-overlay", "ignore-skip-worktree-bits", "ignore-other-worktrees", "overwrite-ignore", "no-overwrite-ignore", "recurse-submodules", "no-recurse-submodules", "pathspec-file-nul"],
    aliases: { f: "force", b: "new-branch", B: "force-new-branch", p: "patch", q: "quiet", m: "merge", U: "unified", t: "track" },
  });
  if (helpRequested(p)) return;
  // The paths after `--` are what is thrown away; without `--`, the operands (`git checkout REF path…`, `.`).
  const on = p.sawDoubleDash ? values(p.operands.slice(p.doubleDashOperand)) : values(p.operands);
  // `-f` throws local changes away whatever else the checkout does (`git checkout -f -b x` too).
  if (has(p, "force")) return discardWorktree(ctx, "checkout", {}, on);
  if (has(p, "new-branch", "orphan", "detach")) return;
  // `--track` only sets up a branch switch; git refuses it with paths.
  if (has(p, "track")) return;
  const ops = p.operands;
  const fromFile = p.flags.some((f) => f.name === "pathspec-from-file");
  if (p.sawDoubleDash && ops.length > p.doubleDashOperand) return discardWorktree(ctx, "checkout", {}, on);
  if (fromFile) return discardWorktree(ctx, "checkout", {}, on);
  if (has(p, "force", "ours", "theirs")) return discardWorktree(ctx, "checkout", {}, on);
  if (has(p, "force-new-branch")) return;
  if (ops.length >= 2) return discardWorktree(ctx, "checkout", {}, on); // `git checkout REF path…`
  if (ops.length === 1) {
    const v = ops[0].value;
    if (v === "." || v === ".." || v.startsWith("./") || v.startsWith("../") || /[*?[]/.test(v) || v.startsWith(":/")) {
      return discardWorktree(ctx, "checkout", {}, on);
    }
  }
}

function restore(ctx: Ctx, inv: GitInvocation): void {
  const p = parseGitArgs(inv.args, {
    shortValue: "sU",
    longValue: ["source", "conflict", "pathspec-from-file", "unified", "inter-hunk-context"],
    longBool: ["staged", "worktree", "no-staged", "no-worktree", "patch", "no-patch", "ours", "theirs", "merge", "overlay", "no-overlay", "ignore-unmerged", "ignore-skip-worktree-bits", "recurse-submodules", "no-recurse-submodules", "progress", "no-progress", "quiet", "pathspec-file-nul"],
    aliases: { s: "source", S: "staged", W: "worktree", p: "patch", q: "quiet", U: "unified" },
  });
  if (helpRequested(p)) return;
  // Last of --worktree/--no-worktree and --staged/--no-staged wins. The worktree is the
  // default target only when neither pair was given: `git restore --no-staged f` names
  // neither target, and git refuses it.
  let staged: boolean | null = null;
  let worktree: boolean | null = null;
  for (const f of p.flags) {
    if (f.name === "staged") staged = true;
    if (f.name === "no-staged") staged = false;
    if (f.name === "worktree") worktree = true;
    if (f.name === "no-worktree") worktree = false;
  }
  const touchesWorktree = worktree ?? staged === null;
  if (!touchesWorktree) return;
  let patch = false;
  for (const f of p.flags) {
    if (f.name === "patch") patch = true;
    if (f.name === "no-patch") patch = false;
  }
  if (p.operands.length === 0 && !patch && !p.flags.some((f) => f.name === "pathspec-from-file")) return;
  discardWorktree(ctx, "restore", {}, values(p.operands));
}

function switchBranch(ctx: Ctx, inv: GitInvocation): void {
  const p = parseGitArgs(inv.args, {
    shortValue: "cC",
    longValue: ["create", "force-create", "orphan", "conflict"],
    longBool: ["discard-changes", "force", "merge", "detach", "guess", "no-guess", "track", "no-track", "quiet", "progress", "no-progress", "recurse-submodules", "no-recurse-submodules", "ignore-other-worktrees"],
    aliases: { f: "force", m: "merge", d: "detach", t: "track", q: "quiet" },
  });
  if (has(p, "discard-changes", "force")) discardWorktree(ctx, "switch", {}, values(p.operands));
}

function worktree(ctx: Ctx, inv: GitInvocation): void {
  const p = parseGitArgs(inv.args, { longBool: ["force"], aliases: { f: "force" } });
  if (p.operands[0]?.value === "remove" && has(p, "force")) discardWorktree(ctx, "worktree", { force: true }, values(p.operands.slice(1)));
}

function tag(ctx: Ctx, inv: GitInvocation): void {
  const p = parseGitArgs(inv.args, { shortValue: "mFu", longValue: ["message", "file", "local-user", "sort", "format", "contains", "no-contains", "merged", "no-merged", "points-at", "cleanup", "color", "column"], longBool: ["delete", "force", "list", "annotate", "sign", "verify"], aliases: { d: "delete", f: "force", l: "list", a: "annotate", s: "sign", v: "verify" } });
  if (has(p, "delete")) discardHistory(ctx, "tag -d", {}, values(p.operands));
}

/** `git merge|rebase|cherry-pick|revert|am --abort`: throws away the in-progress resolution. */
function abort(ctx: Ctx, inv: GitInvocation): boolean {
  const p = parseGitArgs(inv.args, { longBool: ["abort", "continue", "skip", "quit"] });
  if (has(p, "abort")) {
    discardWorktree(ctx, "abort");
    return true;
  }
  return false;
}

function reset(ctx: Ctx, inv: GitInvocation): void {
  const p = parseGitArgs(inv.args, { longBool: ["hard", "soft", "mixed", "merge", "keep", "quiet", "patch", "no-refresh", "refresh", "recurse-submodules", "no-recurse-submodules", "intent-to-add", "pathspec-from-file", "pathspec-file-nul"] });
  if (has(p, "hard")) discardWorktree(ctx, "reset --hard", {}, values(p.operands));
  else if (has(p, "merge")) discardWorktree(ctx, "reset --merge", {}, values(p.operands));
}

function clean(ctx: Ctx, inv: GitInvocation): void {
  const p = parseGitArgs(inv.args, { shortValue: "e", longValue: ["exclude"], longBool: ["force", "dry-run", "interactive", "quiet"], aliases: { f: "force", n: "dry-run", d: "directories", x: "ignored", X: "only-ignored", i: "interactive", q: "quiet" } });
  if (!has(p, "force") || has(p, "dry-run")) return;
  discardWorktree(ctx, "clean", { force: true, recursive: has(p, "directories") }, values(p.operands));
}

function stash(ctx: Ctx, inv: GitInvocation): void {
  const action = inv.args[0]?.value;
  if (action === "drop" || action === "clear") discardWorktree(ctx, `stash ${action}`, {}, inv.args.slice(1).map((a) => a.value).filter((v) => !v.startsWith("-")));
  else if (action === undefined || action.startsWith("-") || action === "push" || action === "save") stashUntracked(ctx, inv);
}

/**
 * `git stash -u|--include-untracked|-a|--all` takes the untracked (with `-a` also the ignored) files off the
 * disk until a pop: a delete of each pathspec (the whole checkout when none) that counts only where it holds
 * an agent's settings or the gate's footprint — `.claude/settings.local.json` is usually untracked. Elsewhere
 * it stays allowed, as before: the files are kept in the stash.
 */
function stashUntracked(ctx: Ctx, inv: GitInvocation): void {
  const args = inv.args[0] !== undefined && !inv.args[0].value.startsWith("-") ? inv.args.slice(1) : inv.args;
  const p = parseGitArgs(args, { shortValue: "m", longValue: ["message", "pathspec-from-file"], longBool: ["include-untracked", "all", "keep-index", "no-keep-index", "patch", "staged", "quiet"], aliases: { u: "include-untracked", a: "all", m: "message", k: "keep-index", p: "patch", S: "staged", q: "quiet" } });
  if (!has(p, "include-untracked", "all")) return;
  // `save MESSAGE…` takes its words as the message; `push` takes pathspecs.
  const specs = inv.args[0]?.value === "save" ? [] : p.operands;
  const operation = `stash ${has(p, "all") ? "--all" : "--include-untracked"}`;
  for (const s of specs.length > 0 ? specs.map((o) => ({ value: o.value, arg: o.arg as Arg | null })) : [{ value: ".", arg: null }]) guardedDelete(ctx, s.value, s.arg, operation);
}

/** A delete of `value` that counts only where it reaches an agent's settings or the gate (git mv's and stash's). */
function guardedDelete(ctx: Ctx, value: string, arg: Arg | null, operation: string): void {
  if (resolveAll(ctx, value, isLiteralArg(arg)).some((r) => r.persistence !== null || r.holdsGate)) emitPath(ctx, "delete", value, arg, "plain", { operation: `git ${operation}` }, value);
}

/** `git mv SRC… DST`: like mv — each source is gone from its name, the destination (or DST/SRC's name) is written. */
function gitMv(ctx: Ctx, inv: GitInvocation): void {
  const p = parseGitArgs(inv.args, { longBool: ["force", "dry-run", "verbose", "skip-errors"], aliases: { f: "force", n: "dry-run", v: "verbose", k: "skip-errors" } });
  if (has(p, "dry-run") || p.operands.length < 2) return;
  const dst = p.operands[p.operands.length - 1]!;
  emitPath(ctx, "write", dst.value, dst.arg, "mutate");
  for (const s of p.operands.slice(0, -1)) {
    emitPath(ctx, "delete", s.value, s.arg, "mutate");
    const into = `${dst.value.replace(/\/+$/, "")}/${s.value.split("/").filter(Boolean).pop() ?? ""}`;
    if (resolveAll(ctx, into, !dst.arg.dynamic).some((r) => r.persistence !== null)) emitPath(ctx, "write", into, withValue(dst.arg, into), "mutate");
  }
}

function branch(ctx: Ctx, inv: GitInvocation): void {
  const p = parseGitArgs(inv.args, {
    shortValue: "tu",
    longValue: ["set-upstream-to", "contains", "no-contains", "merged", "no-merged", "points-at", "sort", "format", "color", "column"],
    longBool: ["delete", "force", "move", "copy", "remotes", "all", "list", "verbose", "quiet", "track", "no-track", "unset-upstream", "edit-description", "show-current", "create-reflog", "ignore-case", "omit-empty", "abbrev", "no-abbrev", "recurse-submodules"],
    aliases: { d: "delete", D: "force-delete", f: "force", m: "move", M: "force-move", C: "force-copy", c: "copy", r: "remotes", t: "track", u: "set-upstream-to" },
  });
  const forceDelete = has(p, "force-delete") || (has(p, "delete") && has(p, "force"));
  const forceMove = has(p, "force-move") || (has(p, "move") && has(p, "force"));
  // `branch -f NAME [START]` / `-C OLD NEW` point an existing branch elsewhere: the commits only it held go.
  const forceReset = !has(p, "delete", "move", "list") && (has(p, "force-copy") || (has(p, "force") && p.operands.length > 0));
  if (forceDelete) {
    if (p.operands.length === 0) discardHistory(ctx, "branch -D", { force: true, protected: true });
    for (const op of p.operands) discardHistory(ctx, "branch -D", { force: true, branch: op.value, ...protectedAttr(op.value, op.arg.dynamic) }, [op.value]);
  } else if (forceMove) {
    const target = p.operands[p.operands.length - 1];
    discardHistory(ctx, "branch -M", target ? { force: true, branch: target.value, ...protectedAttr(target.value, target.arg.dynamic) } : { force: true, protected: true }, target ? [target.value] : []);
  } else if (forceReset) {
    const target = has(p, "force-copy") ? p.operands[p.operands.length - 1] : p.operands[0];
    discardHistory(ctx, "branch -f", target ? { force: true, branch: target.value, ...protectedAttr(target.value, target.arg.dynamic) } : { force: true, protected: true }, target ? [target.value] : []);
  }
}

function rebase(ctx: Ctx, inv: GitInvocation): void {
  if (abort(ctx, inv)) return;
  const p = parseGitArgs(inv.args, { longBool: ["abort", "continue", "skip", "quit", "edit-todo", "show-current-patch", "interactive", "onto", "root"] });
  if (has(p, "abort", "continue", "skip", "quit", "edit-todo", "show-current-patch")) return;
  discardHistory(ctx, "rebase", {}, values(p.operands));
}

/** commit's flags without a value, so an abbreviation (`--amen`) resolves as git resolves it. */
const COMMIT_BOOLS = ["amend", "all", "no-verify", "verify", "signoff", "no-signoff", "dry-run", "allow-empty", "allow-empty-message", "no-edit", "edit", "quiet", "verbose", "patch", "interactive", "only", "include", "reset-author", "status", "no-status", "short", "branch", "porcelain", "long", "null", "no-post-rewrite"];

function commit(ctx: Ctx, inv: GitInvocation): void {
  if (parseGitArgs(inv.args, { shortValue: "mFCcSt", longValue: ["message", "file", "reuse-message", "reedit-message", "fixup", "squash", "author", "date", "template", "cleanup", "trailer", "gpg-sign", "pathspec-from-file", "untracked-files"], longBool: COMMIT_BOOLS }).flags.some((f) => f.name === "amend"))
    discardHistory(ctx, "commit --amend");
}

function reflog(ctx: Ctx, inv: GitInvocation): void {
  const action = inv.args[0]?.value;
  if (action === "expire" || action === "delete") discardHistory(ctx, `reflog ${action}`);
}

function gc(ctx: Ctx, inv: GitInvocation): void {
  const prune = parseGitArgs(inv.args, {}).flags.find((f) => f.name === "prune");
  if (prune && prune.value !== null && /^(now|all)$/i.test(prune.value)) discardHistory(ctx, "gc --prune");
}

function prune(ctx: Ctx, inv: GitInvocation): void {
  const p = parseGitArgs(inv.args, { longValue: ["expire"], aliases: { n: "dry-run" } });
  if (!has(p, "dry-run")) discardHistory(ctx, "prune");
}

function updateRef(ctx: Ctx, inv: GitInvocation): void {
  const p = parseGitArgs(inv.args, { shortValue: "m", aliases: { d: "delete" } });
  if (has(p, "delete")) discardHistory(ctx, "update-ref -d", {}, values(p.operands.slice(0, 1)));
  // `update-ref refs/heads/main OLDER`: like `branch -f`, the commits only that branch held go (a new ref cannot be told apart here).
  else if (p.operands.length >= 2 && /^(refs\/heads\/|HEAD$)/.test(p.operands[0]!.value)) {
    const ref = p.operands[0]!.value;
    discardHistory(ctx, "update-ref", ref === "HEAD" ? { force: true } : { force: true, branch: ref.slice("refs/heads/".length) }, [ref]);
  }
}

/** `git read-tree -u --reset TREE`: the index and the working tree become TREE, local changes dropped (`-m -u` refuses to). */
function readTree(ctx: Ctx, inv: GitInvocation): void {
  const p = parseGitArgs(inv.args, { longValue: ["prefix", "index-output", "exclude-per-directory", "super-prefix"], longBool: ["reset", "trivial", "aggressive", "dry-run", "empty", "no-sparse-checkout", "quiet", "recurse-submodules", "no-recurse-submodules"], aliases: { n: "dry-run", q: "quiet" } });
  if (has(p, "u") && has(p, "reset") && !has(p, "dry-run")) discardWorktree(ctx, "read-tree --reset", {}, values(p.operands));
}

/** `git checkout-index -f -a` (or paths): overwrites working-tree files with the index's copies. Without `-f` existing files are kept. */
function checkoutIndex(ctx: Ctx, inv: GitInvocation): void {
  const p = parseGitArgs(inv.args, { longValue: ["prefix", "stage"], longBool: ["all", "force", "no-create", "index", "stdin", "temp", "ignore-skip-worktree-bits", "quiet"], aliases: { a: "all", f: "force", n: "no-create", u: "index", q: "quiet" } });
  if (has(p, "force") && !has(p, "no-create", "temp")) discardWorktree(ctx, "checkout-index -f", {}, values(p.operands));
}

/** `git submodule deinit -f` removes submodule working trees with their local changes; `update --force` checks them out over changes. */
function submodule(ctx: Ctx, inv: GitInvocation): void {
  const p = parseGitArgs(inv.args, { longValue: ["name", "branch", "reference", "depth", "jobs", "prefix", "url"], longBool: ["force", "all", "quiet", "init", "recursive", "remote", "checkout", "rebase", "merge", "cached", "no-fetch", "dry-run"], aliases: { f: "force", q: "quiet", b: "branch", N: "no-fetch", n: "dry-run", j: "jobs" } });
  const action = p.operands[0]?.value;
  if ((action === "deinit" || action === "update") && has(p, "force") && !has(p, "dry-run")) discardWorktree(ctx, `submodule ${action} -f`, {}, values(p.operands.slice(1)));
}

function gitRm(ctx: Ctx, inv: GitInvocation): void {
  const p = parseGitArgs(inv.args, { longValue: ["pathspec-from-file"], aliases: { r: "recursive", f: "force", n: "dry-run", q: "quiet" } });
  if (has(p, "cached", "dry-run")) return;
  const extra = { recursive: has(p, "recursive"), force: has(p, "force") };
  for (const op of p.operands) emitPath(ctx, "delete", op.value, op.arg, "mutate", extra);
}

function network(ctx: Ctx, inv: GitInvocation, sub: string): void {
  const p = parseGitArgs(inv.args, {
    shortValue: "obujc",
    longValue: ["origin", "branch", "upload-pack", "template", "reference", "separate-git-dir", "depth", "shallow-since", "shallow-exclude", "config", "filter", "jobs", "server-option", "recurse-submodules", "strategy", "strategy-option", "refmap"],
  });
  const ops = p.operands;
  if (ops[0]) {
    const u = classifyUrl(ops[0].value) ?? remoteSpecUrl(ops[0].value);
    ctx.out.url(u);
  }
  ctx.out.effect("fetch", "network_host", gitAttrs(ctx, sub, {}, ops[0] ? [ops[0].value] : []));
  if (sub === "clone") {
    // `clone -c KEY=VALUE` writes the setting into the new repository's .git/config: a command setting runs on later git commands.
    for (const f of p.flags) {
      if ((f.name !== "c" && f.name !== "config") || f.value === null) continue;
      const eq = f.value.indexOf("=");
      const key = (eq < 0 ? f.value : f.value.slice(0, eq)).toLowerCase();
      const value = eq < 0 ? "true" : f.value.slice(eq + 1);
      if (isPersistentSetting(key, value) || isCommandSetting(key, value)) {
        ctx.out.effect("write", "workspace_file", gitAttrs(ctx, "clone", { persistence: "git_hooks", setting: key }, [key]));
      }
    }
    const dir = ops[1];
    const name = ops[0] ? ops[0].value.replace(/\/+$/, "").split(/[/:]/).pop()?.replace(/\.git$/, "") || "repo" : null;
    if (dir) emitPath(ctx, "write", dir.value, dir.arg, "mutate");
    else if (name !== null) emitPath(ctx, "write", `./${name}`, null, "mutate");
    // What was cloned is code fetched from the network: a script in it run later in the same text runs unread (remote-code.ts).
    const into = dir?.value ?? (name !== null ? `./${name}` : null);
    if (into !== null) for (const r of resolveAll(ctx, into, false)) ctx.state.downloaded.add(`${r.normalized.replace(/\/+$/, "")}/`);
  }
  if (sub === "pull") {
    const q = parseGitArgs(inv.args, {});
    if (has(q, "rebase") || q.flags.some((f) => f.name === "r")) discardHistory(ctx, "pull --rebase");
  }
}

function git(ctx: Ctx): void {
  const g = parseGit(ctx.args);
  // `git -c alias.x='!cmd' x` runs a shell command; so do core.sshCommand/core.pager/core.editor overrides.
  for (const c of g.config) {
    if (isCommandSetting(c.key, c.value)) ctx.out.effect("execute", "shell", attrs(ctx, { target: targetText(`${c.key}=${c.value}`) }));
  }
  // (An alias to another subcommand, `-c alias.x=push` then `git x`, was expanded by the walker.)
  if (g.sub < 0) return;
  const sub = ctx.args[g.sub].value;
  const inv: GitInvocation = { sub, args: ctx.args.slice(g.sub + 1) };
  // Subcommands that parse their own flags ask `helpRequested` (a `--help` that is an
  // option's value, as in `restore --source --help f`, is not a help request).
  const values = inv.args.map((a) => a.value);
  const flagPart = values.includes("--") ? values.slice(0, values.indexOf("--")) : values;
  if (!OWN_HELP.has(sub) && (flagPart.includes("-h") || flagPart.includes("--help"))) return;
  substGap(ctx, ctx.args[g.sub], "the subcommand");
  switch (sub) {
    case "push":
      return push(ctx, inv);
    case "reset":
      return reset(ctx, inv);
    case "checkout":
      return checkout(ctx, inv);
    case "restore":
      return restore(ctx, inv);
    case "switch":
      return switchBranch(ctx, inv);
    case "worktree":
      return worktree(ctx, inv);
    case "tag":
      return tag(ctx, inv);
    case "merge":
    case "cherry-pick":
    case "revert":
      abort(ctx, inv);
      return;
    case "am":
      if (!abort(ctx, inv)) gitApply(ctx, "am", inv.args);
      return;
    case "apply":
      return gitApply(ctx, "apply", inv.args);
    case "clean":
      return clean(ctx, inv);
    case "stash":
      return stash(ctx, inv);
    case "branch":
      return branch(ctx, inv);
    case "rebase":
      return rebase(ctx, inv);
    case "commit":
      return commit(ctx, inv);
    case "filter-branch":
      return discardHistory(ctx, sub);
    case "filter-repo":
      // `--analyze` only writes a report; `--dry-run` shows what would be rewritten.
      if (inv.args.some((a) => a.value === "--analyze" || a.value === "--dry-run")) return;
      return discardHistory(ctx, sub);
    case "reflog":
      return reflog(ctx, inv);
    case "gc":
      return gc(ctx, inv);
    case "prune":
      return prune(ctx, inv);
    case "update-ref":
      return updateRef(ctx, inv);
    case "rm":
      return gitRm(ctx, inv);
    case "mv":
      return gitMv(ctx, inv);
    case "read-tree":
      return readTree(ctx, inv);
    case "checkout-index":
      return checkoutIndex(ctx, inv);
    case "submodule":
      return submodule(ctx, inv);
    case "clone":
    case "fetch":
    case "pull":
      return network(ctx, inv, sub);
    case "config":
      return gitConfig(ctx, inv.args);
  }
}

export const GIT_HANDLERS: Record<string, Handler> = {
  git,
  "git-filter-repo": (ctx) => discardHistory(ctx, "filter-repo"),
};
