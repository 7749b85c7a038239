// MCP tools that wrap one subcommand of a command-line program and take its
// options as structured fields (`mcp__git__git_reset {mode: hard}`,
// `mcp__kubernetes__helm_uninstall {name, namespace}`, `mcp__terraform__apply
// {destroy: true}`): their input is rebuilt as that program's command line, so
// the shell table's rows judge them as they judge the same command typed into
// Bash. Data with examples beside it (test/classify/mcp-argv.test.ts).
//
// - git tools (`git` is a word of the name) read their fields by GIT_TOOLS' rows;
// - any other tool whose name starts with a program the shell table has rows for
//   (`helm_uninstall`, `kubectl_delete`) — or whose server is one (`mcp__terraform__apply`) —
//   becomes `program subcommand… [positional…] [--field value…] [--flag…]`.
type Input = Record<string, unknown>;

const str = (v: unknown): string | null => (typeof v === "string" && v !== "" ? v : null);
const yes = (input: Input, ...fields: string[]): boolean => fields.some((f) => input[f] === true);
const list = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string" && x !== "") : typeof v === "string" && v !== "" ? [v] : []);

interface GitToolRow {
  /** The git subcommand the tool part names (`git_reset`, `reset`, `gitReset`). */
  sub: string;
  argv(input: Input): string[];
  examples: ReadonlyArray<[tool: string, input: Input, argv: string]>;
}

/** `reset {mode: hard}`, `clean {force, directories}`, `checkout {paths, force}`, … as git's own flags. */
export const GIT_TOOLS: readonly GitToolRow[] = [
  {
    sub: "reset",
    argv: (i) => {
      const mode = str(i.mode) ?? (yes(i, "hard") ? "hard" : yes(i, "soft") ? "soft" : null);
      return ["reset", ...(mode ? [`--${mode.replace(/^-+/, "")}`] : []), ...list(i.target ?? i.commit ?? i.ref ?? i.revision)];
    },
    examples: [["mcp__git__git_reset", { mode: "hard", target: "HEAD~5" }, "git reset --hard HEAD~5"], ["mcp__git__git_reset", { repo_path: "." }, "git reset"]],
  },
  {
    // A clean tool exists to remove untracked files: it forces (git refuses to clean without -f).
    sub: "clean",
    argv: (i) => ["clean", "-f", ...(yes(i, "directories", "dirs", "d", "recursive") ? ["-d"] : []), ...(yes(i, "ignored", "x", "include_ignored") ? ["-x"] : []), ...(yes(i, "dry_run", "dryRun", "n") ? ["-n"] : [])],
    examples: [["mcp__git__git_clean", { force: true, directories: true }, "git clean -f -d"], ["mcp__git__git_clean", { dry_run: true }, "git clean -f -n"]],
  },
  {
    sub: "checkout",
    argv: (i) => {
      const paths = list(i.paths ?? i.files ?? i.path);
      return ["checkout", ...(yes(i, "force") ? ["-f"] : []), ...list(i.branch ?? i.branch_name ?? i.target ?? i.ref), ...(paths.length ? ["--", ...paths] : [])];
    },
    examples: [["mcp__git__git_checkout", { paths: ["."], force: true }, "git checkout -f -- ."], ["mcp__git__git_checkout", { branch_name: "feature" }, "git checkout feature"]],
  },
  {
    sub: "restore",
    argv: (i) => ["restore", ...(yes(i, "staged") ? ["--staged"] : []), ...(yes(i, "worktree") ? ["--worktree"] : []), ...list(i.source).map((s) => `--source=${s}`), ...list(i.paths ?? i.files ?? i.path)],
    examples: [["mcp__git__git_restore", { paths: ["."] }, "git restore ."]],
  },
  {
    sub: "stash",
    argv: (i) => ["stash", ...list(i.action ?? i.subcommand ?? i.operation)],
    examples: [["mcp__git__git_stash", { action: "clear" }, "git stash clear"]],
  },
  {
    sub: "branch",
    argv: (i) => {
      const del = yes(i, "delete", "force_delete");
      return ["branch", ...(del ? [yes(i, "force", "force_delete") ? "-D" : "-d"] : []), ...list(i.branch_name ?? i.branch ?? i.name)];
    },
    examples: [["mcp__git__git_branch", { branch_name: "main", delete: true, force: true }, "git branch -D main"], ["mcp__git__git_branch", {}, "git branch"]],
  },
];

/** Fields other readers of mcp-input.ts take (commands, SQL, code, paths): never options. */
const TAKEN = new Set(["command", "cmd", "script", "args", "argv", "arguments", "sql", "query", "statement", "code", "content", "text", "body", "message", "description", "repo_path", "repoPath", "working_dir", "workingDir", "cwd", "directory"]);
/** Fields that are the subcommand's operands, in order. */
const POSITIONAL = ["resourceType", "resource_type", "kind", "type", "resource", "name", "release", "release_name", "releaseName", "target"];

const kebab = (f: string): string => f.replace(/([a-z0-9])([A-Z])/g, "$1-$2").replace(/_/g, "-").toLowerCase();

/** A program-wrapping tool's input as that program's options (`{namespace: prod, auto_approve: true}` → `--namespace prod --auto-approve`). */
function options(input: Input): string[] {
  const pos: string[] = [];
  for (const f of POSITIONAL) {
    const v = str(input[f]);
    if (v !== null) pos.push(v);
  }
  const opts: string[] = [];
  for (const [f, v] of Object.entries(input).slice(0, 32)) {
    if (TAKEN.has(f) || POSITIONAL.includes(f)) continue;
    if (v === true) opts.push(`--${kebab(f)}`);
    else if (typeof v === "string" && v !== "" && v.length <= 200) opts.push(`--${kebab(f)}`, v);
    else if (typeof v === "number" && Number.isFinite(v)) opts.push(`--${kebab(f)}`, String(v));
  }
  return [...pos, ...opts];
}

/**
 * The command line this tool stands for, or null. `words`: the tool part's name words;
 * `server`: the server's name words (`mcp__terraform__apply` → `terraform`); `program(w)`: the program a
 * word names when the shell table has rows for it (aliases applied: `k8s` → `kubectl`), else null; `isVerb(w)`: a generic
 * name verb of mcp-input.ts (`get`, `delete`, `run`).
 */
export function mcpToolArgv(words: readonly string[], server: readonly string[], input: Input, program: (w: string) => string | null, isVerb: (w: string) => boolean): string[] | null {
  if (words.length === 0) return null;
  const git = words[0] === "git" ? words.slice(1) : server.includes("git") ? words : null;
  // git tools only through their rows (a push tool's fields are mcp-names.ts's).
  if (git !== null) return git.length > 0 ? (((r) => (r ? ["git", ...r.argv(input)] : null))(GIT_TOOLS.find((r) => r.sub === git[0]))) : null;
  const first = program(words[0]!);
  if (first !== null && words.length > 1) return [first, ...words.slice(1), ...options(input)];
  // Named by the server: only when the tool part is the program's own subcommand (`apply`), not a generic verb (`get`, `run_code`).
  const named = server.map(program).find((p): p is string => p !== null);
  if (named !== undefined && program(words[0]!) === null && !isVerb(words[0]!)) return [named, ...words, ...options(input)];
  return null;
}
