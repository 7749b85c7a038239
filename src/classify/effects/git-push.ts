// `git push`: which refs a push updates (vcs_remote {scope, branch, force,
// delete, protected}), from its options and refspecs.
import { has, type OptionSpec } from "../programs/options.js";
import { classifyUrl, remoteSpecUrl } from "../urls.js";
import { protectedAttr, substGap, type Attrs, type Ctx } from "./common.js";
import { gitAttrs, parseGitArgs, type GitInvocation } from "./git-args.js";

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

export function push(ctx: Ctx, inv: GitInvocation): void {
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
