// Which paths hold secrets (SPEC §6.4 `secret_file`): the credential files
// and directories of common tools, as data. The path resolver
// (src/classify/paths.ts) asks `isSecretPath` with a path's normalised
// segments; everything here is matched case-insensitively. Never `*.pub`,
// never the `.env` templates (`.env.example`, `.sample`, `.template`,
// `.dist`). The examples beside the table are run by test/classify/paths.test.ts.

/** Basenames that are secrets wherever they lie. */
const NAMES = new Set([
  ".env", ".envrc", "credentials", "credentials.json", "credentials.toml", ".pgpass", ".netrc", "_netrc", ".npmrc",
  ".pypirc", ".git-credentials", "shadow", "gshadow", ".vault-token", ".terraformrc", "terraform.rc", ".my.cnf",
  ".s3cfg", ".boto", ".dockercfg", ".htpasswd", "kubeconfig", ".databrickscfg", "kaggle.json",
  "application_default_credentials.json", "access_tokens.db", "credentials.db", "msal_token_cache.json",
  "msal_token_cache.bin", "accesstokens.json",
  // browser and desktop credential stores
  "logins.json", "key3.db", "key4.db", "cookies.sqlite", "login.keychain", "login.keychain-db",
  // state files that hold every secret a tool manages, in clear (Terraform/OpenTofu state and its backup)
  "terraform.tfstate", "terraform.tfstate.backup",
  // shell and REPL histories: tokens typed or pasted on a command line stay there
  ".bash_history", ".zsh_history", ".sh_history", ".python_history", ".psql_history", ".mysql_history",
  ".sqlite_history", ".node_repl_history", ".rediscli_history",
]);

/** File name endings that are keys, keystores or variable files with secrets. */
const SUFFIXES = [".pem", ".key", ".p12", ".pfx", ".p8", ".ppk", ".jks", ".keystore", ".kdbx", ".tfvars", ".tfvars.json"];

/** SSH private keys (`id_rsa`, `id_ed25519_sk`, `id_rsa_work`, `id_ecdsa.old`) and host keys; the `.pub` halves are excluded first. */
const KEY_NAME = /^(id_(rsa|dsa|ecdsa|ed25519|xmss)(_sk)?([._-].*)?|ssh_host_.*_key)$/;

/** `.env.<x>` is a secret unless its last part names a template. */
const ENV_TEMPLATE = /^\.env(\..+)?\.(example|sample|template|dist)$/;

/** Directories whose every file is a secret (the directory itself too: reading, sending or archiving it). */
const DIRS: readonly (readonly string[])[] = [
  [".ssh"], [".gnupg"], [".aws"], [".azure"], [".config", "gcloud"], [".password-store"], [".local", "share", "keyrings"],
  ["library", "keychains"],
];

/** Files named by their place (a run of components ending at the file). */
const FILES: readonly (readonly string[])[] = [
  [".kube", "config"], [".docker", "config.json"], [".config", "gh", "hosts.yml"], [".config", "hub"],
  [".config", "glab-cli", "config.yml"], [".terraform.d", "credentials.tfrc.json"], [".config", "git", "credentials"],
  [".huggingface", "token"], [".cache", "huggingface", "token"], [".cargo", "credentials"], [".config", "op", "config"],
  // build tools' repository passwords and signing keys
  [".m2", "settings.xml"], [".m2", "settings-security.xml"], [".gradle", "gradle.properties"], [".ivy2", ".credentials"],
  [".sbt", ".credentials"], [".gem", "credentials"], [".config", "pip", "pip.conf"], [".pip", "pip.conf"],
  [".config", "composer", "auth.json"], [".composer", "auth.json"], [".nuget", "nuget", "nuget.config"],
  [".config", "rclone", "rclone.conf"], [".config", "heroku", "credentials"], [".config", "doctl", "config.yaml"],
];

/**
 * Directories that hold one of the FILES and little else worth having: the
 * directory itself (sent, archived, served: `rsync -a ~/.kube/ host:`) carries
 * the credential, though not every file in it is one (`~/.kube/cache/x`).
 * Build-tool homes (`~/.m2`, `~/.gradle`, `~/.cargo`) are left out: they are
 * mostly caches, archived for CI every day.
 */
const HOLDERS: readonly (readonly string[])[] = [
  [".kube"], [".docker"], [".config", "gh"], [".config", "glab-cli"], [".config", "op"], [".config", "rclone"],
  [".config", "heroku"], [".config", "doctl"], [".huggingface"], [".terraform.d"],
];

/** First components of DIRS, FILES and HOLDERS: a path with none of them needs no run search. */
const RUN_STARTS = new Set([...DIRS, ...FILES, ...HOLDERS].map((r) => r[0]));

/** Chromium-family profile files that hold saved passwords and session cookies. */
const BROWSER_FILES = new Set(["login data", "cookies", "web data"]);
const BROWSER_DIRS = new Set(["google-chrome", "chromium", "chrome", "bravesoftware", "brave-browser", "microsoft-edge", "edge", "vivaldi", "opera"]);

/** Representatives a partial glob is tested against (`*.pem`, `.env*` and `id_*` match some). */
const REPRESENTATIVES = [...NAMES, ".env.local", "id_rsa", "id_ed25519", ...SUFFIXES.map((s) => `x${s}`)];

function runAt(segs: readonly string[], run: readonly string[], i: number): boolean {
  for (let k = 0; k < run.length; k++) if (segs[i + k] !== run[k]) return false;
  return true;
}

function containsRun(segs: readonly string[], run: readonly string[], mustEnd: boolean): boolean {
  for (let i = 0; i + run.length <= segs.length; i++) {
    if (runAt(segs, run, i) && (!mustEnd || i + run.length === segs.length)) return true;
  }
  return false;
}

/** Is this basename (lowercased) a secret by name alone? */
export function isSecretName(name: string): boolean {
  if (name.endsWith(".pub")) return false;
  if (NAMES.has(name) || KEY_NAME.test(name)) return true;
  if (name.startsWith(".env.")) return !ENV_TEMPLATE.test(name);
  return SUFFIXES.some((s) => name.endsWith(s));
}

/**
 * Does a path hold a secret? `segs` are its normalised components, lowercased;
 * `rooted` says they start at a filesystem root (for `/proc/<pid>/environ`,
 * `/etc/shadow`). `pattern` is a partial-glob last component (`*.pem`), tested
 * against representative secret names.
 */
export function isSecretPath(segs: readonly string[], rooted: boolean, pattern: RegExp | null): boolean {
  const last = segs[segs.length - 1] ?? "";
  if (pattern === null && last.endsWith(".pub")) return false;
  if (pattern !== null ? REPRESENTATIVES.some((r) => pattern.test(r)) : isSecretName(last)) return true;
  if (segs.some((x) => RUN_STARTS.has(x))) {
    for (const d of DIRS) if (containsRun(segs, d, false)) return true;
    for (const f of FILES) if (containsRun(segs, f, true)) return true;
    for (const h of HOLDERS) if (containsRun(segs, h, true)) return true;
  }
  if (rooted && segs[0] === "proc" && last === "environ") return true;
  // The token a pod's service account mounts (`/var/run/secrets/kubernetes.io/serviceaccount/token`; `/run/secrets/*` holds Docker secrets).
  if (rooted && (segs[0] === "run" || (segs[0] === "var" && segs[1] === "run")) && segs[segs[0] === "run" ? 1 : 2] === "secrets" && segs.length > (segs[0] === "run" ? 2 : 3)) return true;
  if (BROWSER_FILES.has(last) && segs.some((s) => BROWSER_DIRS.has(s))) return true;
  return false;
}

/** [path, is a secret] — run by test/classify/paths.test.ts (`~` is a home, no env needed). */
export const SECRET_EXAMPLES: ReadonlyArray<readonly [string, boolean]> = [
  [".env", true], [".env.production", true], [".env.local", true], [".env.example", false], [".env.sample", false],
  [".env.template", false], [".env.dist", false], [".env.local.example", false], [".envrc", true],
  ["~/.ssh/id_rsa", true], ["~/.ssh/id_ed25519_sk", true], ["keys/id_rsa_work", true], ["~/.ssh/id_rsa.pub", false],
  ["id_utils.py", false], ["/etc/ssh/ssh_host_ed25519_key", true], ["/etc/ssh/ssh_host_ed25519_key.pub", false],
  ["~/.ssh", true], ["~/.ssh/config", true], ["~/.aws/credentials", true], ["~/.aws/config", true],
  ["~/.config/gcloud/application_default_credentials.json", true], ["~/.azure/accessTokens.json", true],
  ["~/.kube/config", true], ["~/.kube/cache/x", false], ["~/.kube", true], ["~/.kube/", true], ["~/.config/gh", true], ["~/.m2", false], ["~/.config", false], ["~/.docker/config.json", true], ["~/.docker/daemon.json", false],
  ["~/.npmrc", true], ["~/.pypirc", true], ["~/.cargo/credentials.toml", true], ["~/.cargo/credentials", true],
  ["~/.cargo/config.toml", false], ["~/.config/gh/hosts.yml", true], ["~/.config/gh/config.yml", false],
  ["~/.netrc", true], ["~/.git-credentials", true], ["~/.gnupg/private-keys-v1.d/x.key", true], ["~/.gnupg", true],
  ["server.pem", true], ["tls.key", true], ["cert.p12", true], ["cert.PFX", true], ["prod.tfvars", true],
  ["vars.tfvars.json", true], ["~/.terraformrc", true], ["~/.terraform.d/credentials.tfrc.json", true],
  ["~/.vault-token", true], ["/proc/self/environ", true], ["/proc/1234/environ", true], ["/proc/cpuinfo", false],
  ["/etc/shadow", true], ["/etc/passwd", false], ["~/.config/google-chrome/Default/Login Data", true],
  ["~/.mozilla/firefox/x.default/logins.json", true], ["~/Library/Keychains/login.keychain-db", true],
  ["~/.m2/settings.xml", true], ["~/.m2/repository/x.jar", false], ["~/.gradle/gradle.properties", true],
  ["gradle.properties", false], ["~/.gradle/caches/x", false], ["terraform.tfstate", true], ["infra/terraform.tfstate.backup", true],
  ["main.tf", false], ["~/.bash_history", true], ["~/.zsh_history", true], ["~/.bashrc", false],
  // SPEC §6.4: anything under .ssh/ but the .pub halves (authorized_keys names who may log in; known_hosts where we go)
  ["/var/run/secrets/kubernetes.io/serviceaccount/token", true], ["/run/secrets/db_password", true], ["/run/secrets", false], ["/var/run/docker.sock", false],
  ["~/.ssh/authorized_keys", true], ["~/.ssh/known_hosts", true], ["~/.config/rclone/rclone.conf", true],
  ["*.pem", true], [".env*", true], ["id_*", true], ["*.log", false], ["README.md", false], ["package.json", false],
];
