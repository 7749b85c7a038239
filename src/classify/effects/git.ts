// git rows: discarding work (workspace_file: also the plumbing that
// overwrites the working tree — read-tree -u --reset, checkout-index -f,
// submodule deinit|update -f), rewriting history (vcs_history), clone/fetch/pull
// (network_host), `git rm`/`git mv`, and the subcommand table with examples.
// Where the subcommand is and what `-c` sets is src/classify/programs/git.ts;
// push is git-push.ts; how a subcommand reads its words, git-args.ts.
import { isLiteralArg, withValue, type Arg } from "../programs/args.js";
import { isCommandSetting, isPersistentSetting, parseGit } from "../programs/git.js";
import { has } from "../programs/options.js";
import { classifyUrl, remoteSpecUrl } from "../urls.js";
import { attrs, emitPath, pathTarget, protectedAttr, resolveAll, substGap, targetText, type Ctx } from "./common.js";
import { gitApply } from "./patches.js";
import { gitConfig } from "./persistence.js";
import { entry, handlerTable, type Handler, type ProgramEntry } from "./entries.js";
import type { Example } from "./families/rows.js";
import { discardHistory, discardWorktree, gitAttrs, helpRequested, parseGitArgs, values, type GitInvocation } from "./git-args.js";
import { push } from "./git-push.js";
import { printerOf } from "./credential-printers.js";

/** `git credential fill` prints the stored password for the URL on its stdin, as the other credential printers do. */
const credentialFill = printerOf([{ words: /^credential fill\b/ }]);

/** Subcommands whose handler checks for `-h`/`--help` after parsing its own value-taking flags. */
const OWN_HELP = new Set(["checkout", "restore"]);

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
  // `git checkout REV -- .claude` writes REV's version of the settings (or none of them).
  if (p.sawDoubleDash && ops.length > p.doubleDashOperand) guardedAll(ctx, "write", ops.slice(p.doubleDashOperand), "checkout");
  else if (ops.length >= 2) guardedAll(ctx, "write", ops.slice(1), "checkout");
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
  // The paths get another version (`--source REV`, or the index's): on the settings, that is a write of them.
  // `--staged` alone only resets the index to HEAD.
  if (touchesWorktree || p.flags.some((f) => f.name === "source")) guardedAll(ctx, "write", p.operands, "restore");
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
  if (p.operands[0]?.value === "add") guardedAll(ctx, "write", p.operands.slice(1, 2), "worktree add");
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

/**
 * A delete (or write) of `value` that counts only where it reaches an agent's settings or the gate: git
 * operations that take files out of the index or the working tree without removing them as such (stash -u,
 * rm --cached, update-index --skip-worktree, sparse-checkout) are harmless elsewhere and stay allowed.
 */
function guardedPath(ctx: Ctx, verb: "delete" | "write", value: string, arg: Arg | null, operation: string): void {
  if (resolveAll(ctx, value, isLiteralArg(arg)).some((r) => r.persistence !== null || r.holdsGate || r.inGate)) emitPath(ctx, verb, value, arg, "plain", { operation: `git ${operation}` }, value);
}
const guardedDelete = (ctx: Ctx, value: string, arg: Arg | null, operation: string): void => guardedPath(ctx, "delete", value, arg, operation);
const guardedAll = (ctx: Ctx, verb: "delete" | "write", ops: readonly { value: string; arg: Arg }[], operation: string): void => ops.forEach((o) => guardedPath(ctx, verb, o.value, o.arg, operation));

/**
 * `git update-index --assume-unchanged|--skip-worktree|--force-remove|--remove PATH…` and `--cacheinfo M,SHA,PATH`:
 * git stops seeing the file, drops it from the index, or puts other content there for the next checkout.
 */
function updateIndex(ctx: Ctx, inv: GitInvocation): void {
  const p = parseGitArgs(inv.args, { longValue: ["cacheinfo", "chmod", "index-version"], longBool: ["assume-unchanged", "skip-worktree", "force-remove", "remove", "add", "replace", "refresh", "really-refresh", "no-assume-unchanged", "no-skip-worktree", "index-info", "stdin", "verbose", "quiet"] });
  const hides = ["assume-unchanged", "skip-worktree", "force-remove", "remove"].filter((f) => has(p, f));
  if (hides.length > 0) guardedAll(ctx, "write", p.operands, `update-index --${hides[0]}`);
  for (const f of p.flags) {
    const path = f.name === "cacheinfo" && f.value !== null ? f.value.split(",").slice(2).join(",") : "";
    if (path !== "") guardedPath(ctx, "write", path, null, "update-index --cacheinfo");
  }
  // `--cacheinfo MODE SHA PATH` in three words: the third operand.
  if (p.flags.some((f) => f.name === "cacheinfo" && f.value !== null && !f.value.includes(","))) guardedAll(ctx, "write", p.operands.slice(-1), "update-index --cacheinfo");
}

/**
 * `git sparse-checkout set|add|init|reapply` (and `read-tree -u`, which applies `.git/info/sparse-checkout`) take
 * out of the working tree what the patterns leave out: in cone mode every directory not named, `.claude/` too.
 */
function sparseCheckout(ctx: Ctx, inv: GitInvocation): void {
  const action = inv.args.find((a) => !a.value.startsWith("-"))?.value;
  if (action !== undefined && ["set", "add", "init", "reapply"].includes(action)) guardedDelete(ctx, ".", null, `sparse-checkout ${action}`);
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
  if (has(p, "u") && !has(p, "dry-run")) guardedDelete(ctx, ".", null, "read-tree -u");
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
  if (has(p, "dry-run")) return;
  // `--cached` leaves the files on disk but takes them out of the index: the commit after it, and every clone
  // or checkout of it, has no settings (`git rm -r --cached .claude`).
  if (has(p, "cached")) return guardedAll(ctx, "delete", p.operands, "rm --cached");
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

/** One git subcommand's row: the subcommands it handles, what it does with their words, and examples beside it. */
interface GitSubcommand {
  subs: readonly string[];
  run: (ctx: Ctx, inv: GitInvocation) => void;
  /** `[command, expected effects]`: at least one that acts and one lookalike (test/classify/handler-entries.test.ts). */
  examples: readonly Example[];
}
const subcommand = (subs: readonly string[], run: GitSubcommand["run"], examples: readonly Example[]): GitSubcommand => ({ subs, run, examples });

/** git's subcommands that act, by name (the rest — log, status, diff, add, … — only read). */
export const GIT_SUBCOMMANDS: readonly GitSubcommand[] = [
  subcommand(["push"], push, [["git push origin main", "push vcs_remote branch=main scope=branch"], ["git push -f origin 'refs/heads/*'", "push vcs_remote force=true scope=all"], ["git push --dry-run origin main", ""], ["git push --help", ""]]),
  subcommand(["reset"], reset, [["git reset --hard HEAD~1", "discard workspace_file operation='reset --hard'"], ["git reset --soft HEAD~1", ""]]),
  subcommand(["checkout"], checkout, [["git checkout -- src/a.ts", "discard workspace_file operation=checkout target=src/a.ts"], ["git checkout .", "discard workspace_file"], ["git checkout -b feature", ""], ["git checkout main", ""]]),
  subcommand(["restore"], restore, [["git restore src/a.ts", "discard workspace_file operation=restore"], ["git restore --staged src/a.ts", ""]]),
  subcommand(["switch"], switchBranch, [["git switch --discard-changes main", "discard workspace_file operation=switch"], ["git switch main", ""]]),
  subcommand(["worktree"], worktree, [["git worktree remove --force ../wt", "discard workspace_file force=true"], ["git worktree list", ""]]),
  subcommand(["tag"], tag, [["git tag -d v1", "discard vcs_history operation='tag -d'"], ["git tag v1", ""]]),
  subcommand(["merge", "cherry-pick", "revert"], (ctx, inv) => void abort(ctx, inv), [["git merge --abort", "discard workspace_file operation=abort"], ["git cherry-pick --abort", "discard workspace_file"], ["git merge main", ""], ["git revert HEAD", ""]]),
  subcommand(["am"], (ctx, inv) => void (abort(ctx, inv) || gitApply(ctx, "am", inv.args)), [["git am --abort", "discard workspace_file operation=abort"], ["git am --continue", ""]]),
  subcommand(["apply"], (ctx, inv) => gitApply(ctx, "apply", inv.args), [
    ["git apply <<'EOF'\n--- a/.claude/settings.json\n+++ b/.claude/settings.json\n@@ -1 +1 @@\n-a\n+b\nEOF", "write workspace_file persistence=agent_settings"],
    ["git apply --check fix.patch", ""],
  ]),
  subcommand(["clean"], clean, [["git clean -fd", "discard workspace_file force=true recursive=true"], ["git clean -n", ""]]),
  subcommand(["stash"], stash, [["git stash drop", "discard workspace_file operation='stash drop'"], ["git stash push -u .claude/settings.local.json", "delete workspace_file persistence=agent_settings"], ["git stash -u", ""], ["git stash list", ""]]),
  subcommand(["branch"], branch, [["git branch -D feature", "discard vcs_history operation='branch -D' branch=feature"], ["git branch -f main HEAD~3", "discard vcs_history protected=true"], ["git branch -d feature", ""]]),
  subcommand(["rebase"], rebase, [["git rebase main", "discard vcs_history operation=rebase"], ["git rebase --abort", "discard workspace_file operation=abort"], ["git rebase --continue", ""]]),
  subcommand(["commit"], commit, [["git commit --amend", "discard vcs_history operation='commit --amend'"], ["git commit --amen --no-edit", "discard vcs_history"], ["git commit -m x", ""]]),
  subcommand(["filter-branch"], (ctx, inv) => discardHistory(ctx, inv.sub ?? "filter-branch"), [["git filter-branch --tree-filter x HEAD", "discard vcs_history operation=filter-branch"], ["git filter-branch --help", ""]]),
  // `--analyze` only writes a report; `--dry-run` shows what would be rewritten.
  subcommand(["filter-repo"], (ctx, inv) => void (inv.args.some((a) => a.value === "--analyze" || a.value === "--dry-run") || discardHistory(ctx, "filter-repo")), [["git filter-repo --path x", "discard vcs_history operation=filter-repo"], ["git filter-repo --analyze", ""]]),
  subcommand(["reflog"], reflog, [["git reflog expire --all", "discard vcs_history operation='reflog expire'"], ["git reflog show", ""]]),
  subcommand(["gc"], gc, [["git gc --prune=now", "discard vcs_history operation='gc --prune'"], ["git gc", ""]]),
  subcommand(["prune"], prune, [["git prune", "discard vcs_history operation=prune"], ["git prune -n", ""]]),
  subcommand(["update-ref"], updateRef, [["git update-ref -d refs/heads/x", "discard vcs_history operation='update-ref -d'"], ["git update-ref refs/tags/v1 abc", ""]]),
  subcommand(["rm"], gitRm, [["git rm -r src", "delete workspace_file recursive=true"], ["git rm --cached .env", ""]]),
  subcommand(["update-index"], updateIndex, [["git update-index --skip-worktree .claude/settings.json", "write workspace_file persistence=agent_settings operation='git update-index --skip-worktree'"], ["git update-index --assume-unchanged src/a.ts", ""], ["git update-index --refresh", ""]]),
  subcommand(["mv"], gitMv, [["git mv a.ts b.ts", "write workspace_file target=b.ts; delete workspace_file target=a.ts"], ["git mv -n a.ts b.ts", ""]]),
  // Both change what the working tree holds by the index and the sparse patterns (counted where that reaches the footprint).
  subcommand(["read-tree", "sparse-checkout"], (ctx, inv) => (inv.sub === "sparse-checkout" ? sparseCheckout(ctx, inv) : readTree(ctx, inv)), [["git read-tree -u --reset HEAD", "discard workspace_file operation='read-tree --reset'"], ["git read-tree HEAD", ""], ["git sparse-checkout list", ""]]),
  subcommand(["checkout-index"], checkoutIndex, [["git checkout-index -f -a", "discard workspace_file operation='checkout-index -f'"], ["git checkout-index -a", ""]]),
  subcommand(["submodule"], submodule, [["git submodule deinit -f lib", "discard workspace_file operation='submodule deinit -f'"], ["git submodule update --init", ""]]),
  // The fetch itself (network_host) is left out of examples (test/classify/families/helpers.ts).
  subcommand(["clone", "fetch", "pull"], (ctx, inv) => network(ctx, inv, inv.sub ?? "fetch"), [
    ["git clone https://github.com/a/b", "write workspace_file target=./b"],
    ["git clone -c core.hooksPath=.h https://github.com/a/b", "write workspace_file persistence=git_hooks; write workspace_file target=./b"],
    ["git pull --rebase", "discard vcs_history operation='pull --rebase'"],
    ["git pull", ""],
  ]),
  subcommand(["credential"], (ctx) => credentialFill(ctx), [["git credential fill", "read secret_file prints=credential"], ["git credential approve", ""], ["git credential-cache exit", ""]]),
  subcommand(["config"], (ctx, inv) => gitConfig(ctx, inv.args), [["git config core.hooksPath .h", "write workspace_file persistence=git_hooks"], ["git config --get user.name", ""]]),
];

const BY_SUBCOMMAND: ReadonlyMap<string, GitSubcommand> = new Map(GIT_SUBCOMMANDS.flatMap((r) => r.subs.map((s) => [s, r] as const)));

function gitRows(ctx: Ctx): void {
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
  BY_SUBCOMMAND.get(sub)?.run(ctx, inv);
}

/**
 * A secret staged and pushed in one text (`git add -f .env && git commit -m x && git push x HEAD`) leaves
 * with the push: send × secret_file. The push's own rows (above) judge the push itself; this only carries the file
 * (also past a help or dry-run word: what was staged is what the text means to send).
 */
function carriesSecret(ctx: Ctx): void {
  // The subcommand after git's global options, read through its registry entry (programs/git.ts).
  const i = parseGit(ctx.args).sub;
  if (i < 0) return;
  const sub = ctx.argv[i];
  if (sub === "add" || sub === "stage") {
    ctx.args.slice(i + 1).forEach((a) => {
      if (a.value.startsWith("-") || a.value === "--") return;
      if (pathTarget(ctx, a.value, a, "plain").includes("secret_file")) ctx.state.stagedSecrets.push(a.value);
    });
  } else if (sub === "push" && ctx.state.stagedSecrets.length > 0) {
    ctx.out.effect("send", "secret_file", attrs(ctx, { target: targetText(ctx.state.stagedSecrets.join(" ")), via: "git push" }));
  }
}

const git: Handler = (ctx) => {
  gitRows(ctx);
  carriesSecret(ctx);
};

/** git as program entries: the subcommand rows' examples, and what git's global options and a staged secret add. */
export const GIT_PROGRAMS: readonly ProgramEntry[] = [
  entry(["git"], git, [
    ...GIT_SUBCOMMANDS.flatMap((r) => r.examples),
    // Global options before the subcommand are read through programs/git.ts's one spec (issue 19: `--namespace x` hid the add).
    ["git --namespace x add -f .env && git commit -m x && git push origin HEAD", "push vcs_remote scope=current; send secret_file via='git push'"],
    ["git add -f .env && git commit -m x && git push origin HEAD", "push vcs_remote; send secret_file target=.env"],
    ["git add src/a.ts && git commit -m x && git push origin HEAD", "push vcs_remote scope=current"],
    ["git -c core.pager='sh -c x' log", "execute shell"],
    ["git -c color.ui=never log", ""],
    ["git log --oneline", ""],
  ]),
  // The walker reads `git-NAME` as `git NAME` (effects/index.ts); this entry names the program for globs and the nested-command rule.
  entry(["git-filter-repo"], (ctx) => discardHistory(ctx, "filter-repo"), [["git-filter-repo --force", "discard vcs_history operation=filter-repo"], ["git-filter-repo --analyze", ""]]),
];

export const GIT_HANDLERS: Record<string, Handler> = handlerTable(GIT_PROGRAMS);
