// Issue 7, classes 1, 2, 9 and 10 (the shell classifier, part 2): commands
// inside commands (runners, launchers, deferred, remote and container
// execution, git's command hooks, programs whose options carry commands, and
// the principle for programs no table knows), values carried in
// straight-line text, false alarms removed, and seed 003's stance — a form
// the rules do not recognise asks, it is not guessed a deny. Each class has
// dangerous cases and harmless lookalikes.
import type { CaseSpec } from "../spec.js";
import { bash, fired, neutral } from "./helpers.js";

const DEFAULT = "bundles/default.json";

const at = (verdict: string, artifact_id: string, unknown: number[] = []) => ({ ...fired(artifact_id, verdict), unknown });
const deny = (artifact_id: string, unknown: number[] = []) => at("deny", artifact_id, unknown);
const ask = (artifact_id: string, unknown: number[] = []) => at("ask", artifact_id, unknown);
const gap = (shape: number, unknown: number[] = [shape]) => ({ verdict: "ask", atom_id: `unknown.shape.${shape}`, artifact_id: null, unknown });
const allow = { ...neutral, unknown: [] };

function c(name: string, command: string, expect: Record<string, unknown>): CaseSpec {
  return { name: `${name}: ${command}`, bundle: DEFAULT, event: bash(command), expect };
}

const WIPE = "fs.wipe";
const FORCE = "git.force_push_protected";
const RESET = "git.reset_hard";
const OUTSIDE = "fs.delete_outside_workspace";

export const specs: CaseSpec[] = [
  // ── class 1: runners and launchers ────────────────────────────────────
  c("a chain of process wrappers", "nice -n5 ionice -c3 chrt 5 rm -rf ~", deny(WIPE)),
  c("watch runs its one word through the shell", "watch -n1 'git push -f origin master'", deny(FORCE)),
  c("a trap stores a command run on the signal", "sh -c 'trap \"rm -rf /\" INT'", deny(WIPE)),
  c("trap at top level", "trap 'rm -rf ~' EXIT", deny(WIPE)),
  c("trap - resets, runs nothing", "trap - INT", allow),
  c("flock runs the command after the lock file", "flock /tmp/deploy.lock rm -rf ~", deny(WIPE)),
  c("flock -c runs its command through the shell", "flock -w 5 /tmp/l -c 'git reset --hard'", deny(RESET)),
  c("flock on a descriptor runs nothing", "flock -n 9", allow),
  c("strace traces the command it runs", "strace -f -o /tmp/trace.txt rm -rf /", deny(WIPE)),
  c("ltrace too", "ltrace -s 64 git push --force origin main", deny(FORCE)),
  c("timeout, nohup, nice together", "timeout 10 nohup nice -n 19 rm -rf ~/", deny(WIPE)),
  c("taskset with a cpu list", "taskset -c 0,1 rm -rf /", deny(WIPE)),
  c("taskset -p acts on a running process", "taskset -p 3 1234", allow),
  c("chroot runs the command after the new root", "chroot /mnt/sysroot rm -rf /usr", deny("fs.system_delete")),
  c("unshare", "unshare -r -n rm -rf ~", deny(WIPE)),
  c("nsenter into pid 1's namespaces", "nsenter -t 1 -m -u -n -- rm -rf /etc", deny("fs.system_delete")),
  c("systemd-run with a timer", "systemd-run --user --on-active=60 rm -rf ~", deny(WIPE)),
  c("script -c", "script -q -c 'rm -rf ~' /dev/null", deny(WIPE)),
  c("su -c after the user", "su - root -c 'rm -rf /'", deny(WIPE)),
  c("runuser -u", "runuser -u app -- git reset --hard", deny(RESET)),
  c("setsid", "setsid -f rm -rf ~", deny(WIPE)),
  c("env -S splits its string", "env -S 'rm -rf ~'", deny(WIPE)),
  c("busybox sh -c", "busybox sh -c 'rm -rf ~'", deny(WIPE)),
  c("pkexec", "pkexec --user root rm -rf /", deny(WIPE)),
  c("sshpass wrapping ssh", "sshpass -p secret ssh host rm -rf /", deny(WIPE)),
  c("parallel with ::: inputs", "parallel rm -rf ::: ~ /tmp/x", deny(WIPE)),
  c("parallel joins one word and fills the placeholder", "parallel 'rm -rf {}' ::: ~", deny(WIPE)),
  c("parallel echoing its inputs", "parallel echo ::: a b c", allow),
  c("xargs -I with sh -c inside", "xargs -I{} sh -c 'rm -rf {}' < dirs.txt", { verdict: "ask", unknown: [3, 8] }),
  c("find -ok asks per file but runs rm on home", "find ~ -ok rm -rf {} \\;", deny(WIPE)),
  c("find -execdir with a filter in the project", "find . -name '*.log' -execdir rm -f {} +", allow),
  c("fd -x over home, unfiltered", "fd -H . ~ -x rm -rf", deny(WIPE)),
  c("fd -X with an extension filter", "fd -e tmp -X rm", allow),
  c("sed's e command", "sed -n '1e rm -rf ~' notes.txt", deny(WIPE)),
  c("sed s///e of a whole line", "sed 's/.*/git push -f origin main/e' f", deny(FORCE)),
  c("sed -i edits a file, runs nothing", "sed -i 's/foo/bar/g' src/a.ts", allow),
  c("vim -c ':!…'", "vim -c ':!rm -rf ~' -c ':q'", deny(WIPE)),
  c("nvim +'silent !…'", "nvim +'silent !git reset --hard' +qa", deny(RESET)),
  c("vim opening a file at a line", "vim +42 src/main.ts", allow),
  c("gdb -ex 'shell …'", "gdb -batch -ex 'shell rm -rf ~'", deny(WIPE)),
  c("tar --checkpoint-action=exec", "tar -cf /dev/null x --checkpoint=1 --checkpoint-action=exec='rm -rf ~'", deny(WIPE)),
  c("tar making an archive", "tar -czf backup.tgz src", allow),
  c("make reading a literal Makefile on stdin", "make -f - all <<'EOF'\nall:\n\trm -rf ~\nEOF", deny(WIPE)),
  c("make running the project's Makefile", "make -j4 test", allow),
  c("hyperfine's prepare command", "hyperfine --prepare 'rm -rf ~' 'ls'", deny(WIPE)),

  // ── class 1: project and environment runners ──────────────────────────
  c("uv run", "uv run --with rich rm -rf ~", deny(WIPE)),
  c("poetry run", "poetry run git push --force origin master", deny(FORCE)),
  c("pipenv run", "pipenv run rm -rf /", deny(WIPE)),
  c("conda run -n", "conda run -n base rm -rf ~", deny(WIPE)),
  c("npx -c runs a shell command", "npx -c 'rm -rf ~'", deny(WIPE)),
  c("a package runner fetches a deleting program", "npx rimraf ~", deny(WIPE)),
  c("pnpm dlx fetches a deleting program", "pnpm dlx rimraf /", deny(WIPE)),
  c("a package runner's program with a directory operand", "npx eslint . --fix", allow),
  c("prettier over the parent directory", "bunx prettier .. --write", allow),
  c("pnpm exec", "pnpm --filter web exec rm -rf /", deny(WIPE)),
  c("bunx", "bunx --bun rm -rf ~", deny(WIPE)),
  c("yarn exec", "yarn exec git reset --hard", deny(RESET)),
  c("bundle exec", "bundle exec rm -rf ~", deny(WIPE)),
  c("cross-env", "cross-env NODE_ENV=production rm -rf ~", deny(WIPE)),
  c("op run --", "op run --env-file=.env.tpl -- rm -rf ~", deny(WIPE)),
  c("aws-vault exec PROFILE --", "aws-vault exec prod -- git push -f origin main", deny(FORCE)),
  c("nix develop -c", "nix develop .#ci -c rm -rf ~", deny(WIPE)),
  c("nix-shell --run", "nix-shell -p jq --run 'rm -rf ~'", deny(WIPE)),
  c("poetry running the tests", "poetry run pytest -q", allow),

  // ── class 1: deferred and typed commands ──────────────────────────────
  c("tmux new-session runs its command", "tmux new-session -d 'rm -rf ~'", deny(WIPE)),
  c("tmux send-keys types a command and Enter", "tmux send-keys -t 0 'git push -f origin main' Enter", deny(FORCE)),
  c("tmux listing sessions", "tmux ls", allow),
  c("screen -dm", "screen -dmS job rm -rf ~", deny(WIPE)),
  c("screen -X stuff types text", "screen -S job -X stuff 'rm -rf ~^M'", deny(WIPE)),
  c("at fed a literal pipe", "echo 'rm -rf ~' | at now + 5 minutes", deny(WIPE)),
  c("at fed a herestring", "at now <<< 'git reset --hard'", deny(RESET)),
  c("at listing jobs", "at -l", allow),

  // ── class 1: remote and container execution (runs_on) ─────────────────
  c("ssh runs its words through the remote shell", "ssh host rm -rf /", deny(WIPE)),
  c("ssh with a quoted command outside the project", "ssh prod-1 'rm -rf /var/www'", ask(OUTSIDE)),
  c("ssh ProxyCommand runs here", "ssh -o ProxyCommand='rm -rf ~' host", deny(WIPE)),
  c("ssh reading a literal heredoc", "ssh host <<'EOF'\nrm -rf /\nEOF", deny(WIPE)),
  c("ssh running uptime", "ssh -p 2222 host uptime", allow),
  c("docker run a delete of a data dir", "docker run --rm -e A=1 alpine rm -rf /data", ask(OUTSIDE)),
  c("docker exec sh -c", "docker exec -u root web sh -c 'rm -rf /'", deny(WIPE)),
  c("podman --entrypoint", "podman run --entrypoint sh img -c 'rm -rf /srv'", ask(OUTSIDE)),
  c("docker compose exec", "docker compose exec db psql -c 'DROP TABLE users'", ask("db.drop")),
  c("kubectl exec --", "kubectl exec -n prod web-1 -c app -- rm -rf /data", ask(OUTSIDE)),
  c("kubectl exec psql", "kubectl exec deploy/db -- psql -c 'DROP TABLE users'", ask("db.drop")),
  c("docker run of the test suite", "docker run --rm -w /w node:20 npm test", allow),
  c("docker ps", "docker ps -a", allow),
  c("ansible's shell module", "ansible all -b -m shell -a 'rm -rf /srv/app'", ask(OUTSIDE)),
  c("vagrant ssh -c", "vagrant ssh web -c 'rm -rf /'", deny(WIPE)),

  // ── class 1: git's command hooks ──────────────────────────────────────
  c("core.pager on the command line", "git -c core.pager='rm -rf ~' log", deny(WIPE)),
  c("core.fsmonitor", "git -c core.fsmonitor='rm -rf ~' status", deny(WIPE)),
  c("diff.external", "git -c diff.external='git push -f origin main' diff", deny(FORCE)),
  c("sequence.editor", "git -c sequence.editor='rm -rf ~' rebase -i HEAD~2", deny(WIPE)),
  c("pager.log=false switches the pager off", "git -c pager.log=false log", allow),
  c("GIT_SSH_COMMAND for the command", "GIT_SSH_COMMAND='rm -rf ~' git fetch", deny(WIPE)),
  c("GIT_PAGER", "GIT_PAGER='git push -f origin main' git log", deny(FORCE)),
  c("EDITOR exported", "export EDITOR='rm -rf ~'; git commit", deny(WIPE)),
  c("an ordinary editor", "export EDITOR=vim", allow),
  c("GIT_CONFIG_PARAMETERS", "GIT_CONFIG_PARAMETERS=\"'core.pager'='rm -rf ~'\" git log", deny(WIPE)),
  c("an alias set by git config then used", "git config alias.nuke '!rm -rf ~'; git nuke", deny(WIPE)),
  c("an alias to a subcommand set by git config then used", "git config alias.pf 'push -f'; git pf origin main", deny(FORCE)),
  c("an ordinary alias", "git config --global alias.co checkout", allow),
  c("rebase --exec", "git rebase -x 'git push -f origin main' HEAD~3", deny(FORCE, [])),
  c("submodule foreach", "git submodule foreach 'git reset --hard'", deny(RESET)),
  c("bisect run", "git bisect run rm -rf ~", deny(WIPE)),
  c("filter-branch --tree-filter", "git filter-branch --tree-filter 'rm -rf ~' HEAD", deny(WIPE)),
  c("clone --upload-pack", "git clone --upload-pack='rm -rf ~' host:repo", deny(WIPE)),
  c("an ext:: remote", "git -c protocol.ext.allow=always clone 'ext::sh -c rm% -rf% ~'", deny(WIPE)),
  c("core.sshCommand naming a key", "git -c core.sshCommand='ssh -i ~/.ssh/deploy_key' fetch", allow),

  // ── class 1: the principle for programs no table knows ────────────────
  c("an unknown runner's words", "mytool run rm -rf ~", gap(3)),
  c("an unknown program's command option", "foo --cmd 'rm -rf ~'", gap(3)),
  c("nodemon --exec", "nodemon --exec 'git push -f origin main'", gap(3)),
  c("concurrently's commands", "concurrently 'npm:watch' 'rm -rf ~'", gap(3)),
  c("a hook string with a list", "foo --on-change 'npm test && git push -f origin main'", gap(3)),
  c("a secret read through an unknown runner", "mytool run cat ~/.ssh/id_rsa", gap(3)),
  c("echo prints a command", 'echo "rm -rf ~"', allow),
  c("a PR title and body are text", "gh pr create --title 'rm -rf ~ bug' --body 'see rm -rf /'", allow),
  c("a commit message is text", "git commit -m 'guard against rm -rf ~'", allow),
  c("a grep pattern is text", "grep -rn 'rm -rf' scripts", allow),
  c("an unknown build tool", "mytool build --release", allow),
  c("a subcommand named like a program", "sdk install java 17.0.2-tem", allow),
  c("an unknown runner of a harmless command", "mytool run git status", allow),
  c("an unknown program's harmless commands", "concurrently 'tsc -w' 'vite'", allow),

  // ── class 2: values carried in straight-line text ─────────────────────
  c("a variable assigned home", 'D=~; rm -rf "$D"', deny(WIPE)),
  c("an exported root", "export D=/; rm -rf $D", deny(WIPE)),
  c("declare -r", 'declare -r D=/usr; rm -rf "$D"', deny("fs.system_delete")),
  c("a loop over a literal list", 'for d in ~ /tmp/x; do rm -rf "$d"; done', deny(WIPE)),
  c("a loop over build directories", 'for d in build dist; do rm -rf "$d"; done', allow),
  c("${VAR:-default} takes the default", 'rm -rf "${OUT:-/}"', deny(WIPE)),
  c("${VAR:-default} of a variable the text set", 'OUT=dist; rm -rf "${OUT:-/}"', allow),
  c("${VAR:-build}", 'rm -rf "${BUILD_DIR:-build}"', allow),
  c("a concatenation", 'D=~; rm -rf "$D/"', deny(WIPE)),
  c("a temp dir made in the same text", 'T=$(mktemp -d); rm -rf "$T"', allow),
  c("a temp dir removed on exit", 'T=$(mktemp -d) && trap \'rm -rf "$T"\' EXIT', allow),
  c("$PWD after cd home", 'cd ~ && rm -rf "$PWD"', deny(WIPE)),
  c("$(pwd) after cd into /tmp", 'cd /tmp/scratch && rm -rf "$(pwd)"', allow),
  c("cd .. then a glob", "cd .. && rm -rf *", deny(WIPE)),
  c("pushd / then a glob", "pushd / && rm -rf *", deny(WIPE)),
  c("$(echo /) as an operand", "rm -rf $(echo /)", deny(WIPE)),
  c("$(echo /tmp/x) as an operand", "rm -rf $(echo /tmp/x)", allow),
  c("assigned in a branch: not one literal", 'if [ -n "$CI" ]; then D=/tmp/ci; else D=~; fi; rm -rf "$D"', gap(8)),
  c("read from input: not known", 'D=/tmp/a; read D; rm -rf "$D"', gap(8)),
  c("a subshell's assignment stays there", 'D=/tmp/a; (D=~); rm -rf "$D"', allow),
  c("a pipeline stage's read stays there", 'D=/tmp/a; echo ~ | read D; rm -rf "$D"', allow),
  c("unset empties a variable", 'unset D; rm -rf "$D"/*', deny(WIPE)),
  c("a system path in a variable", "x=/usr; rm -rf $x", deny("fs.system_delete")),
  c("an assignment before a child shell", "D=~ bash -c 'rm -rf \"$D\"'", deny(WIPE)),
  c("a variable a child shell does not see", "D=~; bash -c 'rm -rf \"$D\"'", gap(8)),

  // ── class 9: false alarms removed ─────────────────────────────────────
  c("an escaped program word skips an alias", "\\git status", allow),
  c("a quoted program word", '"git" status', allow),
  c("a single-quoted program word", "'ls' -la", allow),
  c("an escaped rm of a build dir", "\\rm -rf build", allow),
  c("an escape inside the word hides it", "r\\m -rf build", gap(12)),
  c("a quote inside the word hides it", '"r"m -rf build', gap(12)),
  c("$(echo git) as the program word", "$(echo git) status", allow),
  c("backticks as the program word", "`echo ls` -la", allow),
  c("a program only decoding shows", "$(echo cm0= | base64 -d) -rf build", gap(4)),
  c("copy into a temp dir, then remove it", 'T=$(mktemp -d); cp -r src "$T"; rm -rf "$T"', allow),
  c("find of a temp dir piped into xargs rm", "find /tmp/build -name '*.o' -print0 | xargs -0 rm -f", allow),
  c("find of build files piped into xargs rm", "find build -type f -print0 | xargs -0 rm -f", allow),
  c("input the text does not know still asks", "cat dirs.txt | xargs rm -rf", gap(8)),

  // ── class 10: a form the rules do not recognise asks, never a guessed deny ──
  c("an unknown runner of a root wipe asks", "mytool run rm -rf /", gap(3)),
  c("a script only known at run time", 'bash -c "$CMD"', gap(3)),
  c("sed running the pattern space", "sed 's/^/rm -rf /e' list", gap(3)),
  c("vim executing a computed command", "vim -c \"exe '!' . g:cmd\"", gap(3)),
  c("a pager only known at run time", 'git -c core.pager="$PAGER_CMD" log', gap(3)),
  c("a remote command only known at run time", 'ssh host "$REMOTE_CMD"', gap(3)),
  // `at` queues a job (persistence asks too); what the job runs is not known (shape 7): an ask either way.
  c("at fed input it cannot read", 'echo "$JOB" | at now', ask("persist.autorun", [7])),
];

export default specs;
