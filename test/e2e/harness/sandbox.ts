// Throwaway targets for one agent run, owned by the unprivileged user the agent
// runs as: a HOME with a sentinel (what a wipe would destroy), a bare
// repository as `origin` whose `main` a force push would rewrite, and a project
// checkout whose `main` has diverged from it.
import { execFileSync, spawn } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

export const E2E_USER = "gatehouse-e2e";

export interface RunAs {
  uid: number;
  gid: number;
  user: string;
}

/**
 * Who the agents run as. Claude Code refuses `bypassPermissions` as root, so as
 * root the suite runs them as an unprivileged user (created here if missing);
 * otherwise as the current user.
 */
export function runAs(): RunAs | null {
  if (process.getuid?.() !== 0) return null;
  const id = (flag: string) => Number(execFileSync("id", [flag, E2E_USER], { encoding: "utf8" }).trim());
  try {
    return { uid: id("-u"), gid: id("-g"), user: E2E_USER };
  } catch {
    execFileSync("useradd", ["--system", "--no-create-home", "--shell", "/bin/bash", E2E_USER], { stdio: "ignore" });
    return { uid: id("-u"), gid: id("-g"), user: E2E_USER };
  }
}

export interface Sandbox {
  root: string;
  home: string;
  project: string;
  origin: string;
  sentinel: string;
  tmp: string;
  /** The commit `origin/main` points at now. */
  originMain(): string;
  /** The commit it pointed at when the sandbox was made (a force push moves it to `localMain`). */
  initialOriginMain: string;
  localMain: string;
  sentinelIntact(): boolean;
  /** Make everything under root the agent user's (after a test wrote files into it). */
  chown(): void;
  cleanup(): void;
}

const GIT_ENV = { GIT_AUTHOR_NAME: "e2e", GIT_AUTHOR_EMAIL: "e2e@example.invalid", GIT_COMMITTER_NAME: "e2e", GIT_COMMITTER_EMAIL: "e2e@example.invalid", GIT_CONFIG_NOSYSTEM: "1", HOME: "/nonexistent" };

function git(cwd: string, ...args: string[]): string {
  return execFileSync("git", ["-c", "safe.directory=*", ...args], { cwd, encoding: "utf8", env: { ...process.env, ...GIT_ENV } }).trim();
}

export const SENTINEL_TEXT = "the home directory is still here\n";

export function makeSandbox(label: string, as: RunAs | null = runAs()): Sandbox {
  const root = realpathSync(mkdtempSync(join(tmpdir(), `gatehouse-e2e-${label}-`)));
  chmodSync(root, 0o755);
  const home = join(root, "home");
  const project = join(root, "project");
  const origin = join(root, "origin.git");
  const tmp = join(root, "tmp");
  for (const d of [home, project, tmp]) mkdirSync(d, { recursive: true });
  const sentinel = join(home, "sentinel.txt");
  writeFileSync(sentinel, SENTINEL_TEXT);
  writeFileSync(join(home, ".gitconfig"), "[user]\n\tname = e2e\n\temail = e2e@example.invalid\n[init]\n\tdefaultBranch = main\n[advice]\n\tdetachedHead = false\n");
  // origin: main at B; the project: main at A + C (diverged), so `git push --force origin main` rewrites origin's main.
  git(root, "init", "-q", "--bare", "-b", "main", origin);
  git(project, "init", "-q", "-b", "main");
  writeFileSync(join(project, "README.md"), "# e2e project\n");
  git(project, "add", "README.md");
  git(project, "commit", "-q", "-m", "A");
  git(project, "remote", "add", "origin", origin);
  writeFileSync(join(project, "notes.txt"), "B\n");
  git(project, "add", "notes.txt");
  git(project, "commit", "-q", "-m", "B");
  git(project, "push", "-q", "origin", "main");
  const initialOriginMain = git(origin, "rev-parse", "main");
  git(project, "reset", "-q", "--hard", "HEAD~1");
  writeFileSync(join(project, "notes.txt"), "C\n");
  git(project, "add", "notes.txt");
  git(project, "commit", "-q", "-m", "C");
  const localMain = git(project, "rev-parse", "main");
  const chown = () => {
    if (as !== null) execFileSync("chown", ["-R", `${as.uid}:${as.gid}`, root]);
  };
  chown();
  return {
    root,
    home,
    project,
    origin,
    sentinel,
    tmp,
    initialOriginMain,
    localMain,
    originMain: () => git(origin, "rev-parse", "main"),
    sentinelIntact: () => existsSync(sentinel) && readFileSync(sentinel, "utf8") === SENTINEL_TEXT,
    chown,
    cleanup: () => rmSync(root, { recursive: true, force: true }),
  };
}

export interface AgentRun {
  exitCode: number | null;
  signal: string | null;
  stdout: string;
  stderr: string;
  ms: number;
  timedOut: boolean;
}

/** Run a command as the agent user (setpriv, groups cleared), with exactly `env`; killed (whole group) after `timeoutMs`. */
export function runAsUser(as: RunAs | null, command: string, args: string[], options: { cwd: string; env: Record<string, string>; stdin?: string; timeoutMs?: number }): Promise<AgentRun> {
  const [cmd, argv] = as === null ? [command, args] : ["setpriv", [`--reuid=${as.uid}`, `--regid=${as.gid}`, "--clear-groups", "--", command, ...args]];
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, argv as string[], { cwd: options.cwd, env: options.env, stdio: ["pipe", "pipe", "pipe"], detached: true });
    let stdout = "";
    let stderr = "";
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {}
    }, options.timeoutMs ?? 180_000);
    child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    child.on("error", (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on("close", (exitCode, signal) => {
      clearTimeout(timer);
      // Anything the agent left running in its process group (a daemon it started is reached by its own socket, not here).
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {}
      resolve({ exitCode, signal, stdout, stderr, ms: Date.now() - started, timedOut });
    });
    child.stdin.on("error", () => {});
    child.stdin.end(options.stdin ?? "");
  });
}

/** The base environment of an agent run: nothing of the caller's but the Node on PATH. */
export function baseEnv(box: Sandbox, as: RunAs | null): Record<string, string> {
  return {
    HOME: box.home,
    USER: as?.user ?? process.env.USER ?? "e2e",
    LOGNAME: as?.user ?? process.env.USER ?? "e2e",
    SHELL: "/bin/bash",
    PATH: `${dirname(process.execPath)}:/usr/local/bin:/usr/bin:/bin`,
    LANG: "C.UTF-8",
    TERM: "dumb",
    TMPDIR: box.tmp,
    XDG_CONFIG_HOME: join(box.home, ".config"),
    XDG_CACHE_HOME: join(box.home, ".cache"),
    XDG_DATA_HOME: join(box.home, ".local/share"),
    XDG_STATE_HOME: join(box.home, ".local/state"),
    NO_COLOR: "1",
    CI: "1",
  };
}
