// Cases found by the peer cross-check (docs/peer-cases.md): each class of command
// where cc-safety-net's verdict showed Gatehouse misjudging something, written in
// our own words, plus a few pins of the deliberate differences (our side of them).
// The peer's files are never copied here: test/peer/ reads them at run time.
import type { CaseSpec } from "../spec.js";
import { bash, fired, neutral } from "./helpers.js";

const DEFAULT = "bundles/default.json";
/** A project checked out under /tmp: SPEC §6.4 makes its files temp_path. */
const TMP_ENV = { cwd: "/tmp/scratch", home: "/home/dev", path_dirs: [], additional_dirs: [] };

const at = (verdict: string, artifact_id: string) => fired(artifact_id, verdict);
const gap = (shape: number) => ({ verdict: "ask", atom_id: `unknown.shape.${shape}`, artifact_id: null, unknown: [shape] });

function c(name: string, command: string, expect: Record<string, unknown>, env?: unknown): CaseSpec {
  return { name, bundle: DEFAULT, event: env === undefined ? bash(command) : bash(command, { env }), expect };
}

export const specs: CaseSpec[] = [
  // ── fixes ──────────────────────────────────────────────────────────────
  // Seed 003 refuses a recursive delete of "the working directory in its entirety" wherever it is;
  // a workspace under /tmp is temp_path by the resolver's order, so the effect says whole_cwd.
  c("workspace under /tmp: rm -rf . still wipes the whole working directory", "rm -rf .", at("deny", "fs.wipe"), TMP_ENV),
  c("workspace under /tmp: an unfiltered find -delete from . is a wipe", "find . -mindepth 1 -delete", at("deny", "fs.wipe"), TMP_ENV),
  c("workspace under /tmp: find -exec rm on every match under . is a wipe", "find . -exec rm -r {} +", at("deny", "fs.wipe"), TMP_ENV),
  c("workspace under /tmp: its absolute path, through sudo", "sudo rm -rf /tmp/scratch", at("deny", "fs.wipe"), TMP_ENV),
  c("workspace under /tmp: a filtered find -delete is temp cleanup", "find . -name '*.log' -delete", neutral, TMP_ENV),
  c("workspace under /tmp: rm -rf of a subdirectory is temp cleanup", "rm -rf out", neutral, TMP_ENV),
  // Deleting the .git directory throws away every commit, branch and stash that lives only there.
  c("rm -rf of the .git directory loses history: ask", "rm -rf ./.git", at("ask", "git.history_loss")),
  c("find -delete on a nested .git directory loses history: ask", "find vendor/dep/.git -delete", at("ask", "git.history_loss")),
  c("removing a stale lock inside .git is fine", "rm -f .git/index.lock", neutral),
  // git flag parsing.
  c("git checkout -f with -b still discards local changes", "git checkout -f -b hotfix", at("ask", "git.discard_worktree")),
  c("git checkout --unified N takes its value: a branch switch", "git checkout --unified 5 develop", neutral),
  c("git checkout --track with a path is refused by git: nothing is discarded", "git checkout --track origin/topic README.md", neutral),
  c("git restore --no-staged names no target: git refuses it", "git restore --no-staged README.md", neutral),
  c("git restore with --help as the --source value restores the worktree", "git restore --source --help notes.md", at("ask", "git.discard_worktree")),
  // Remote branch deletion (the default bundle had no rule; protected branches deny like a force push).
  c("deleting a remote branch with --delete asks", "git push upstream --delete release-1", at("ask", "git.remote_delete")),
  c("deleting a remote branch with an empty source asks", "git push upstream :refs/heads/release", at("ask", "git.remote_delete")),
  c("a mirror push force-updates every remote ref, main included: deny (issue 20)", "git push --mirror backup", at("deny", "git.force_push_protected")),
  c("deleting the remote master is refused like a force push", "git push upstream :master", at("deny", "git.force_push_protected")),
  // Another user's home is an expansion only the host's user database resolves.
  c("rm -rf ~alice/cache is a non-literal operand (shape 8)", "rm -rf ~alice/cache", gap(8)),
  // xargs / parallel complete the command from their input.
  c("parallel with no ::: inputs feeds rm from stdin (shape 8)", "printf 'build\\n' | parallel rm -rf", gap(8)),
  c("xargs supplies the bash -c script (shape 3)", "cat jobs.txt | xargs bash -c", gap(3)),
  c("xargs supplies the program sudo runs (shape 4)", "cat names.txt | xargs sudo", gap(4)),

  // ── deliberate differences: our side ─────────────────────────────────
  c("command -V only looks a name up: nothing runs", "command -V git reset --hard", neutral),
  c("a word with '-' before '=' is not an assignment but the program", "MY-FLAG=1 git reset --hard", neutral),
  c("git clean with -n is a dry run even with -f", "git clean -n -f -d", neutral),
  // Seed 003 refuses --force to main/master only; with no refspec the adapter's fact says which branch it is.
  { name: "a force push with no refspec on a feature branch (fact.git.branch) is allowed (seed 003)", bundle: DEFAULT, event: bash("git push -f", { facts: { "git.branch": "feature/x" } }), expect: neutral },
  c("rm -r without -f outside the project asks: we judge recursion, not force", "rm -r /srv/old-site", at("ask", "fs.delete_outside_workspace")),
  c("text in a heredoc is not run", "cat <<EOF\nrm -rf ~\nEOF", neutral),
];

export default specs;
