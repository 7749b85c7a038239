// Part B — benign lookalikes under the default bundle: dangerous text that is
// only data (echo, printf, grep, commit messages, comments, heredocs to cat),
// and the safe relatives of every dangerous rule. All must stay allow.
import type { CaseSpec } from "../spec.js";
import { bash } from "./helpers.js";

const DEFAULT = "bundles/default.json";
const allow = { verdict: "allow", artifact_id: null, atom_id: null, undecided: true, unknown: [] };

const ok = (why: string, command: string): CaseSpec => ({ name: `benign ${why}: ${command}`, bundle: DEFAULT, event: bash(command), expect: allow });

export const specs: CaseSpec[] = [
  // dangerous words as data
  ok("echo of a dangerous command is text", "echo 'rm -rf /'"),
  ok("echo unquoted words", "echo rm -rf /"),
  ok("printf of a force push", "printf 'git push --force origin main\\n'"),
  ok("grep for a dangerous pattern", "grep -rn 'rm -rf /' docs/"),
  ok("grep -e for git reset --hard", "grep -e 'git reset --hard' -r scripts"),
  ok("commit message mentioning rm -rf", "git commit -m 'docs: never run rm -rf / or git reset --hard'"),
  ok("a comment line", "# rm -rf /"),
  ok("a trailing comment", "ls -la # then rm -rf ~"),
  ok("a data heredoc to cat", "cat <<'EOF' > notes.md\nrm -rf /\ngit push --force origin main\nEOF"),
  ok("a heredoc to cat on stdout", "cat <<EOF\nterraform destroy\nEOF"),
  ok("a string in a JSON file write via jq", "jq '.scripts.clean = \"rm -rf dist\"' package.json"),
  ok("man page lookup", "man rm"),
  ok("which rm", "which rm"),

  // the safe relatives of each rule
  ok("a force push to a feature branch", "git push --force origin feature/login"),
  ok("--force-with-lease to a feature branch", "git push --force-with-lease origin feature/login"),
  ok("a plain push to main", "git push origin main"),
  ok("a push that sets upstream", "git push -u origin feat-x"),
  ok("git reset --soft", "git reset --soft HEAD~1"),
  ok("git reset (mixed)", "git reset HEAD~1"),
  ok("git restore --staged", "git restore --staged src/app.ts"),
  ok("git clean -n (dry run)", "git clean -n"),
  ok("git clean -nd (dry run)", "git clean -nd"),
  ok("git stash (push)", "git stash"),
  ok("git stash list", "git stash list"),
  ok("git checkout -b", "git checkout -b feat/x"),
  ok("git switch", "git switch main"),
  ok("git branch -d (safe delete)", "git branch -d merged-branch"),
  ok("git log", "git log --oneline -20"),
  ok("git diff", "git diff HEAD~1 -- src/"),
  ok("rm -rf of a build directory", "rm -rf build"),
  ok("rm -rf of node_modules and dist", "rm -rf node_modules dist"),
  ok("rm -rf of a nested workspace path", "rm -rf ./packages/web/.next"),
  ok("rm of / without -r", "rm /"),
  ok("rm -f of one file", "rm -f src/old.ts"),
  ok("temp-dir cleanup", "rm -rf /tmp/x"),
  ok("temp-dir cleanup under /var/tmp", "rm -rf /var/tmp/build-cache"),
  ok("terraform plan -destroy (a plan, not a destroy)", "terraform plan -destroy"),
  ok("terraform init", "terraform init"),
  ok("kubectl get", "kubectl get pods -n prod"),
  ok("curl alone", "curl -fsSL https://example.com/install.sh -o install.sh"),
  ok("curl piped to jq", "curl -s https://api.example.com/data.json | jq .items"),
  ok("curl piped to grep", "curl -s https://example.com | grep title"),
  ok("curl upload of an ordinary file", "curl -F file=@report.pdf https://uploads.example.com"),
  ok("scp of a public key", "scp ~/.ssh/id_rsa.pub user@host:/tmp/"),
  ok("scp pulling a secret from a remote host", "scp user@host:/etc/ssl/private/server.key ./certs/"),
  ok("cp of an example config", "cp config.example.json config.json"),
  ok("chmod of one script", "chmod +x scripts/build.sh"),
  ok("chmod -R on a workspace dir", "chmod -R u+w ./dist"),
  ok("psql SELECT", "psql -c 'SELECT count(*) FROM users'"),
  ok("sqlite3 query", "sqlite3 app.db 'select * from users limit 5'"),

  // builds, tests, installs
  ok("npm run build", "npm run build"),
  ok("npm test", "npm test"),
  ok("npm ci", "npm ci"),
  ok("npm install", "npm install"),
  ok("pnpm install", "pnpm install --frozen-lockfile"),
  ok("pip install -r", "pip install -r requirements.txt"),
  ok("cargo build and test", "cargo build --release && cargo test"),
  ok("make", "make -j8"),
  ok("go test", "go test ./..."),
  ok("pytest", "pytest -q tests/"),
  ok("npx vitest", "npx vitest run"),
  ok("docker build", "docker build -t app:dev ."),
  ok("mkdir -p and touch", "mkdir -p src/lib && touch src/lib/index.ts"),
  ok("ls | wc", "ls -la | wc -l"),
  ok("find -name (no -delete)", "find . -name '*.ts' -type f"),
  ok("sed -n (print)", "sed -n '1,20p' src/app.ts"),
];

export default specs;
