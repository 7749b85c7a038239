// Every documented class of disagreement between Gatehouse's default bundle and
// cc-safety-net (docs/peer-cases.md), as a predicate over one evaluated case.
// Used by scripts/peer-agreement.ts (the table) and test/peer/peer-cases.test.ts
// (which fails on a disagreement no class covers).
//
// The predicates look at what Gatehouse understood — the deciding rule, the
// effect tuples, the simple commands — never at a peer command string. They
// are kept narrow on purpose: a class that is only "we allowed it" would hide
// the very regressions this cross-check exists to catch. Where a class says the
// target is not a secret, an independent copy of SPEC §6.4's secret patterns
// checks it (the classifier's own resolver could be the thing that regressed).
import type { Effect, SimpleCommand } from "../../src/model/classification.js";
import type { Evaluated } from "./cases.js";

export interface ClassDoc {
  id: string;
  /** Short title for tables. */
  title: string;
  /** One-line rationale (docs/peer-cases.md carries the same line). */
  rationale: string;
}

type Predicate = (r: Evaluated) => boolean;

interface ClassDef extends ClassDoc {
  when: Predicate;
}

/** Is this case a disagreement? Peer allow ↔ our allow, peer deny ↔ our deny; an ask agrees with neither. */
export function isDisagreement(r: Pick<Evaluated, "ours" | "peer">): boolean {
  return r.ours !== r.peer;
}

// ── helpers over what we understood ────────────────────────────────────────

const atom = (r: Evaluated): string | null => r.decision.atom_id;
const effects = (r: Evaluated): Effect[] => r.decision.effects;
const simple = (r: Evaluated): SimpleCommand[] => r.classification.simple;
const shapes = (r: Evaluated): number[] => r.decision.unknown.map((u) => u.shape);
const onlyVerbs = (r: Evaluated, verbs: string[]): boolean => effects(r).every((e) => verbs.includes(e.verb));
const PROTECTED = ["main", "master"];

/** SPEC §6.4's secret_file patterns, restated independently of src/classify/paths.ts. */
const SECRET = /(^|[\\/])(\.env(\.[^\\/]*)?|id_(rsa|dsa|ecdsa|ed25519)|credentials(\.json)?|\.pgpass|\.netrc|\.npmrc|shadow|[^\\/]*\.(pem|key|p12|pfx))$|(^|[\\/])\.ssh([\\/]|$)|\.aws[\\/]credentials/i;
const looksSecret = (path: string): boolean => SECRET.test(path) && !/\.pub$/i.test(path);

/** Operand words naming the working directory in its entirety. */
const WHOLE_CWD_WORDS = new Set([".", "./", "*", "./*", ".*", "./.*"]);
/** find primaries that narrow what it matches. */
const FIND_FILTERS = /^-(i?name|i?path|i?wholename|i?regex|x?type|newer\w*|[acm](time|min)|size|user|group|uid|gid|perm|empty|links|inum|samefile|i?lname)$/;

/**
 * Independent of the classifier: does some simple command plainly delete the whole
 * working directory (`rm -r .`, `rm -rf *`, its absolute path, an unfiltered
 * `find . -delete` / `find . -exec …`) or a `.git` directory? Classes that excuse
 * a delete must not cover these, whatever the classifier said.
 */
function plainlyWipes(r: Evaluated): boolean {
  const whole = (w: string) => WHOLE_CWD_WORDS.has(w) || w.replace(/\/+$/, "") === r.cwd || /(^|\/)\.git\/?(\*)?$/.test(w);
  return simple(r).some((c) => {
    if (c.program === "rm") return c.argv.some((a) => !a.startsWith("-") && whole(a));
    if (c.program === "find") {
      const roots: string[] = [];
      let k = 0;
      // options before the roots: GNU -H -L -P, BSD -E -X -d -s -x and `-f ROOT`
      for (; k < c.argv.length && /^-[HLPEXdsxf]$/.test(c.argv[k]); k++) if (c.argv[k] === "-f" && c.argv[k + 1]) roots.push(c.argv[++k]);
      for (const a of c.argv.slice(k)) {
        if (a.startsWith("-") || a === "(" || a === "!") break;
        roots.push(a);
      }
      if (roots.length === 0) roots.push(".");
      const acts = c.argv.some((a) => ["-delete", "-exec", "-execdir"].includes(a));
      return acts && roots.some(whole) && !c.argv.some((a) => FIND_FILTERS.test(a));
    }
    return false;
  });
}

/** Independent of the classifier: a git push naming main/master in a refspec. */
const namesProtected = (r: Evaluated): boolean =>
  simple(r).some((c) => c.program === "git" && c.argv.includes("push") && c.argv.some((a) => !a.startsWith("-") && /(^|[:+/])(main|master)$/.test(a)));

const peerDenyOursAllow = (r: Evaluated): boolean => r.peer === "deny" && r.ours === "allow";
const peerAllowOursDeny = (r: Evaluated): boolean => r.peer === "allow" && r.ours === "deny";
const oursAsk = (r: Evaluated): boolean => r.ours === "ask";

/** Git's push options that force; an abbreviation matching two or more of them is ambiguous to git. */
const GIT_PUSH_FORCE_OPTIONS = ["force", "force-with-lease", "force-if-includes"];

/**
 * Words git itself refuses, so nothing runs: a subcommand in the wrong case, an
 * ambiguous push option, a refspec whose destination starts with `+`, a
 * `checkout --track` given paths.
 */
function gitRefuses(c: SimpleCommand): boolean {
  if (c.program !== "git") return false;
  const sub = c.argv.find((a) => !a.startsWith("-"));
  if (sub !== undefined && sub !== sub.toLowerCase()) return true;
  if (sub === "checkout") {
    const rest = c.argv.slice(c.argv.indexOf(sub) + 1);
    const track = rest.some((a) => a === "--track" || a.startsWith("--track=") || /^-[a-zA-Z]*t[a-zA-Z]*$/.test(a));
    return track && !rest.some((a) => a === "--force" || /^-[a-zA-Z]*f/.test(a)) && rest.filter((a) => !a.startsWith("-")).length >= 2;
  }
  if (sub !== "push") return false;
  for (const a of c.argv) {
    const long = /^--([a-z-]+)$/.exec(a)?.[1];
    if (long && !GIT_PUSH_FORCE_OPTIONS.includes(long) && GIT_PUSH_FORCE_OPTIONS.filter((o) => o.startsWith(long)).length >= 2) return true;
    if (/:\+/.test(a)) return true;
  }
  return false;
}

/** `command -v`/`-V` (any cluster holding v or V before the name): prints what a name is, runs nothing. */
const isLookup = (c: SimpleCommand): boolean => c.program === "command" && /^-[pvV]*[vV][pvV]*$/.test(c.argv[0] ?? "");

/** Default-bundle rules over operations the peer does not judge (docs/default-bundle.md). */
const ASK_BEYOND_PEER = ["cloud.teardown", "db.drop", "fs.system_write", "container.remove", "infra.disrupt", "registry.publish", "disk.modify", "host.change", "package.remove", "db.admin", "perm.loosen"];
const DENY_BEYOND_PEER = ["infra.destroy", "fs.chmod_root", "cloud.wipe", "container.wipe", "disk.erase", "host.wipe", "registry.wipe", "db.drop_production", "net.reverse_shell"];

const CLASSES: ClassDef[] = [
  // ── the peer's own test used a non-default configuration ─────────────
  {
    id: "peer.nondefault-config",
    title: "peer test ran with a non-default configuration",
    rationale: "the upstream test expects a verdict that cc-safety-net 2.4.5's standard level does not give (paranoid or custom rules); we compare with the default posture",
    when: (r) => r.file === "upstream" && r.extra.ccsn_2_4_5_standard !== undefined && r.extra.ccsn_2_4_5_standard !== r.peer,
  },

  // ── we ask (the peer has no ask; an ask matches neither allow nor deny) ──
  {
    id: "ask.gap.parse-error",
    title: "parse error asks (shape 2)",
    rationale: "SPEC §6.3 shape 2: text the Bash grammar rejects (an unterminated quote) is a coverage gap and asks; the peer scans the raw text and allows or denies by keyword",
    when: (r) => oursAsk(r) && atom(r) === "unknown.shape.2",
  },
  {
    id: "ask.gap.inline-code",
    title: "inline interpreter code asks (shape 6)",
    rationale: "SPEC §6.3 shape 6: `python -c`/`node -e`/`perl -e` code is not classified and asks, harmless or not; the peer greps the code for dangerous calls",
    when: (r) => oursAsk(r) && atom(r) === "unknown.shape.6",
  },
  {
    id: "ask.gap.dynamic",
    title: "non-literal script, program or operand asks (shapes 3, 4, 5, 8, 10)",
    rationale: "SPEC §6.3: a script, program word, substitution, variable or redirect target only known at run time (`bash -c \"$X\"`, `xargs rm -rf`, `rm -rf \"$d\"`) asks; the peer denies some and allows others",
    when: (r) => oursAsk(r) && [3, 4, 5, 7, 8, 10].some((n) => atom(r) === `unknown.shape.${n}`),
  },
  {
    id: "ask.gap.function",
    title: "function defined and invoked asks (shape 11)",
    rationale: "SPEC §6.3 shape 11: a function or alias defined and invoked in the same text asks, even where its body is harmless or out of scope",
    when: (r) => oursAsk(r) && atom(r) === "unknown.shape.11",
  },
  {
    id: "ask.discard-worktree",
    title: "discarding uncommitted work asks",
    rationale: "git.discard_worktree asks (a person can say yes); the peer denies. Where the peer allows, git's own parsing says the command does discard (an optional-value flag such as `--recurse-submodules` takes no separate value; an unknown flag does not stop us judging the paths)",
    when: (r) => oursAsk(r) && atom(r) === "git.discard_worktree",
  },
  {
    id: "ask.history-loss",
    title: "history loss asks",
    rationale: "git.history_loss asks for `branch -D`, `reflog delete`, `filter-branch`, `update-ref -d`, `gc --prune=now`, `rm -rf .git`; the peer denies some and does not cover others",
    when: (r) => oursAsk(r) && atom(r) === "git.history_loss",
  },
  {
    id: "ask.remote-delete",
    title: "deleting remote branches asks",
    rationale: "git.remote_delete asks for `push --delete`, `push :branch`, `--mirror`, `--prune`; the peer denies",
    when: (r) => oursAsk(r) && atom(r) === "git.remote_delete",
  },
  {
    id: "ask.force-push-unknown-branch",
    title: "a force push naming no branch asks",
    rationale: "with no refspec the current branch is pushed, and which one it is is a fact the hook adapters supply (`fact.git.branch`); these cases carry none, so `git.force_push_unknown_branch` asks — the peer denies `-f`, allows a lease",
    when: (r) =>
      r.ours === "ask" &&
      atom(r) === "git.force_push_unknown_branch" &&
      onlyVerbs(r, ["push"]) &&
      effects(r).every((e) => e.attrs.branch === undefined) &&
      !namesProtected(r),
  },
  {
    id: "ask.delete-outside-workspace",
    title: "recursive delete outside the project asks",
    rationale: "fs.delete_outside_workspace asks for a recursive delete of a home, data or other outside path — with or without `-f` (we judge recursion, not force); the peer denies `-rf` and allows `-r`",
    when: (r) => oursAsk(r) && atom(r) === "fs.delete_outside_workspace",
  },
  {
    id: "ask.secret-read",
    title: "reading a secret-looking file asks",
    rationale: "secret.read asks for SPEC §6.4's secret files, `.env.*` (even `.env.example`) and the `.ssh` directory included; the peer denies most and allows `.env.example` and `ls ~/.ssh`",
    when: (r) => oursAsk(r) && atom(r) === "secret.read",
  },
  {
    id: "ask.beyond-peer-scope",
    title: "teardowns, drops, publishes and system writes ask",
    rationale: "cloud.teardown, db.drop, fs.system_write and the tool-family asks (container.remove, infra.disrupt, registry.publish, disk.modify, host.change, package.remove, db.admin, perm.loosen) ask for `kubectl delete pod`, `docker system prune`, `DROP TABLE`, `npm publish`, writes under system paths; the peer leaves these to other tools",
    when: (r) => oursAsk(r) && r.peer === "allow" && ASK_BEYOND_PEER.includes(atom(r) ?? ""),
  },

  // ── we deny, the peer allows ───────────────────────────────────────────
  {
    id: "deny.lease-to-protected",
    title: "--force-with-lease to main/master is refused",
    rationale: "seed 003 refuses any forced push to a protected branch, a lease included; the peer allows a lease",
    when: (r) =>
      peerAllowOursDeny(r) &&
      atom(r) === "git.force_push_protected" &&
      effects(r).some((e) => e.verb === "push" && e.attrs.force_with_lease === true && PROTECTED.includes(String(e.attrs.branch))),
  },
  {
    id: "deny.glob-wipe",
    title: "`rm -rf *` in the project root is a wipe",
    rationale: "SPEC §6.4: a glob enumerating the working directory takes its class, so `rm -rf *` (also after `cd sub &&`, which keeps the declared cwd a candidate) is a delete of the workspace root; the peer's standard level allows it",
    when: (r) =>
      peerAllowOursDeny(r) &&
      atom(r) === "fs.wipe" &&
      effects(r).some((e) => e.verb === "delete" && e.attrs.whole_cwd === true && /\*/.test(String(e.attrs.target))),
  },
  {
    id: "deny.find-exec-wipe",
    title: "find from the cwd running rm on every match is a wipe",
    rationale: "an unfiltered `find . -exec rm {} \\;` deletes everything under the working directory whatever rm's flags; we judge what goes, the peer only `rm -rf`",
    when: (r) =>
      peerAllowOursDeny(r) &&
      atom(r) === "fs.wipe" &&
      effects(r).some((e) => e.verb === "delete" && e.attrs.whole_cwd === true && e.attrs.program !== "find") &&
      simple(r).some((c) => c.program === "find" && c.argv.some((a) => a === "-exec" || a === "-execdir")),
  },
  {
    id: "deny.workspace-ancestor",
    title: "a directory holding the workspace is the workspace",
    rationale: "SPEC §6.4: ancestors are guarded like what they hold — `rm -rf /tmp` from a project under /tmp deletes the project; the peer's standard level allows deletes under /tmp",
    when: (r) =>
      peerAllowOursDeny(r) &&
      atom(r) === "fs.wipe" &&
      // independent check: the operand is a strict prefix of the declared cwd
      simple(r).some((c) => c.program === "rm" && c.argv.some((a) => !a.startsWith("-") && a.startsWith("/") && r.cwd.startsWith(`${a.replace(/\/+$/, "")}/`))),
  },
  {
    id: "deny.beyond-peer-scope",
    title: "seed 003 and default-bundle denies the peer does not cover",
    rationale: "`terraform destroy` (seed 003), `chmod -R 777 /`, `chown -R x /` and the tool families' total losses (a namespace, cluster or project torn down, every volume, a disk erased, a package unpublished, a production drop, a reverse shell) are refused by infra.destroy, fs.chmod_root and the family denies; the peer has no such rules",
    when: (r) => peerAllowOursDeny(r) && DENY_BEYOND_PEER.includes(atom(r) ?? ""),
  },
  {
    id: "deny.seen-through",
    title: "recursive system deletes seen through an alias, a decoded script or inline code",
    rationale: "the shell analysis expands aliases, decodes literal `echo … | base64 -d` scripts and reads inline Python/JavaScript/Ruby with its grammar, so `rm -rf /usr` behind them and `shutil.rmtree('/usr')` are fs.system_delete; the peer denies the plain form and misses these",
    when: (r) => peerAllowOursDeny(r) && atom(r) === "fs.system_delete",
  },

  // ── we allow, the peer denies ──────────────────────────────────────────
  {
    id: "allow.temp-cleanup",
    title: "deleting inside a temp directory",
    rationale: "SPEC §6.4 ranks temp_path before the workspace: deletes under /tmp (the upstream cases run in /tmp/proj2) are scratch cleanup, except a wipe of the whole working directory, which fs.wipe still refuses",
    when: (r) => {
      const deletes = effects(r).filter((e) => e.verb === "delete");
      return peerDenyOursAllow(r) && deletes.length > 0 && onlyVerbs(r, ["read", "delete"]) && deletes.every((e) => e.target_class === "temp_path" && e.attrs.whole_cwd !== true) && !plainlyWipes(r);
    },
  },
  {
    id: "allow.workspace-delete",
    title: "deleting chosen files or directories inside the project",
    rationale: "`find src -delete`, a filtered `find . -name x -delete`, `shred -u f`: like `rm -rf build`, everyday work on the project's own files; only the whole project, .git, secrets and outside paths are judged",
    when: (r) => {
      const deletes = effects(r).filter((e) => e.verb === "delete");
      return peerDenyOursAllow(r) && deletes.length > 0 && onlyVerbs(r, ["read", "delete"]) && deletes.every((e) => e.target_class === "workspace_file" && e.attrs.whole_cwd !== true) && !plainlyWipes(r);
    },
  },
  {
    id: "allow.git-refuses",
    title: "git itself refuses the command",
    rationale: "git subcommands are case-sensitive (`git CHECKOUT`), an abbreviation matching several push options is ambiguous (`--forc`), a refspec destination cannot start with `+`, `checkout --track` cannot update paths: git exits with an error and changes nothing",
    when: (r) => peerDenyOursAllow(r) && simple(r).some(gitRefuses),
  },
  {
    id: "allow.local-tag-delete",
    title: "deleting a local tag",
    rationale: "`git tag -d` removes a name; the commits stay on their branches. Not in git.history_loss",
    when: (r) => peerDenyOursAllow(r) && effects(r).length > 0 && effects(r).every((e) => e.verb === "discard" && e.attrs.operation === "tag -d"),
  },
  {
    id: "allow.unprotected-branch-delete",
    title: "deleting a branch no team protects",
    rationale: "issue 20: `git branch -D x` and `git push --delete origin x` of a named branch that is not main/master/develop/a release line carry no `protected` and are allowed (docs/classifier.md, ‘Branches no team protects’); the peer denies",
    when: (r) =>
      peerDenyOursAllow(r) &&
      effects(r).length > 0 &&
      effects(r).every(
        (e) =>
          e.attrs.protected !== true &&
          typeof e.attrs.branch === "string" &&
          ((e.verb === "discard" && e.target_class === "vcs_history" && /^branch -[DMf]$/.test(String(e.attrs.operation))) ||
            (e.verb === "push" && e.target_class === "vcs_remote" && e.attrs.delete === true)),
      ),
  },
  {
    id: "allow.dry-run",
    title: "a dry run",
    rationale: "`git clean -n` with `-f` only lists what it would remove (documented in docs/classifier.md); the peer refuses the `-f`",
    when: (r) => peerDenyOursAllow(r) && effects(r).length === 0 && simple(r).some((c) => c.program === "git" && c.argv[0] === "clean" && c.argv.some((a) => a === "--dry-run" || /^-[a-zA-Z]*n/.test(a))),
  },
  {
    id: "allow.lookup-only",
    title: "`command -v`/`-V` only looks a name up",
    rationale: "`command -v git reset --hard` prints where `git` is; nothing runs",
    when: (r) => peerDenyOursAllow(r) && effects(r).length === 0 && simple(r).some(isLookup),
  },
  {
    id: "allow.not-an-assignment",
    title: "a word that is not an assignment is the program",
    rationale: "`A-B=2 cmd` and `=2 cmd` are not assignments in Bash (a name is [A-Za-z_][A-Za-z0-9_]*), so that word is the program and `cmd` only its argument",
    when: (r) => peerDenyOursAllow(r) && effects(r).length === 0 && simple(r).some((c) => c.program.includes("=")),
  },
  {
    id: "allow.text-only",
    title: "text that only looks like a command",
    rationale: "a heredoc fed to `cat`, literal lines printed: nothing is run (the peer matches the text)",
    when: (r) =>
      peerDenyOursAllow(r) &&
      effects(r).length === 0 &&
      shapes(r).length === 0 &&
      simple(r).length > 0 &&
      simple(r).every((c) => ["cat", "echo", "printf"].includes(c.program) && c.argv.every((a) => !looksSecret(a))),
  },
  {
    id: "allow.parallel-terminal",
    title: "`parallel` alone reads commands from the terminal",
    rationale: "with no command, no `:::` input and no pipe, GNU parallel reads commands typed at the terminal; an agent's tool call feeds it nothing",
    when: (r) => peerDenyOursAllow(r) && effects(r).length === 0 && simple(r).length === 1 && simple(r)[0].program === "parallel" && simple(r)[0].argv.length === 0,
  },
  {
    id: "allow.local-helper",
    title: "a local helper program (GIT_SSH*, a git alias)",
    rationale: "the command of an environment assignment (`GIT_SSH_COMMAND=./x git push`) or of a defined-but-unused `-c alias.x=!cmd` is parsed, and here it is a local program (or `echo`) with no effect the default bundle judges — running a local program is not irreversible in itself",
    when: (r) =>
      peerDenyOursAllow(r) &&
      (simple(r).some((c) => /^GIT_SSH[A-Z_]*=/.test(c.raw)) || (effects(r).length > 0 && effects(r).every((e) => e.verb === "execute" && e.target_class === "shell"))) &&
      // nothing else a rule could care about: an unforced push, a fetch, a clone into the project or /tmp, local code
      effects(r).every(
        (e) =>
          (e.verb === "push" && e.attrs.force !== true && e.attrs.delete !== true) ||
          e.verb === "fetch" ||
          (e.verb === "write" && ["workspace_file", "temp_path"].includes(e.target_class)) ||
          (e.verb === "execute" && e.target_class === "shell"),
      ),
  },
  {
    id: "allow.xargs-appended-words",
    title: "input words appended to a program that deletes nothing",
    rationale: "`… | xargs find . -name x` appends input words to a find with no deleting primary; we judge the literal command (the peer treats any xargs'd find as dynamic)",
    when: (r) => peerDenyOursAllow(r) && onlyVerbs(r, ["read"]) && simple(r).some((c) => c.program === "find" && /^\s*xargs\b/.test(c.raw)),
  },
  {
    id: "allow.not-a-listed-secret",
    title: "a read of a file SPEC does not call secret",
    rationale: "SPEC §6.4 lists the secret files; a token file outside the list (`~/.config/gh/hosts.yml`) or a reader operand built by a substitution (shape 5 is narrowed to consequential verbs) is an ordinary read",
    when: (r) =>
      peerDenyOursAllow(r) &&
      onlyVerbs(r, ["read"]) &&
      effects(r).length > 0 &&
      effects(r).every((e) => e.target_class !== "secret_file") &&
      r.classification.paths.every((p) => !looksSecret(p.value)),
  },
];

export const CLASS_DOCS: readonly ClassDoc[] = CLASSES.map(({ id, title, rationale }) => ({ id, title, rationale }));

/** The documented class of a disagreement, or null when none covers it (an undocumented disagreement). */
export function disagreementClass(r: Evaluated): string | null {
  if (!isDisagreement(r)) return null;
  for (const c of CLASSES) if (c.when(r)) return c.id;
  return null;
}
