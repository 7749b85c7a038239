// Where an argument is data, never a command to run — so the rule that reads
// an unknown program's arguments as possible nested commands
// (src/classify/shell/nested.ts) leaves them alone. Programs the launcher
// table or the effect table know are read by their own rows (`git commit -m
// "rm -rf x"` is a message there, `grep 'rm -rf' f` a pattern); these are the
// rest: programs whose every argument is text, and option names whose value
// is prose or a pattern on any program.

/** Programs whose arguments are text, names or numbers: they print, compare, look up or signal, and run nothing they are given. */
export const DATA_PROGRAMS: ReadonlySet<string> = new Set([
  "echo", "printf", "logger", "wall", "write", "notify-send", "say", "cowsay", "figlet", "toilet", "banner", "osd_cat",
  "test", "[", "[[", "true", "false", ":", "expr", "seq", "yes", "type", "which", "whereis", "hash", "help", "history",
  "basename", "dirname", "realpath", "readlink", "printenv", "id", "whoami", "groups", "hostname", "uname", "date", "cal",
  "sleep", "kill", "pkill", "pgrep", "killall", "pidof", "ps", "tr", "rev", "fold", "fmt", "column", "paste", "join", "comm",
  "exit", "return", "set", "shift", "wait", "jobs", "bg", "fg", "disown", "ulimit", "umask", "shopt", "bind", "compgen",
  "declare", "typeset", "local", "readonly", "export", "unset", "tput", "stty", "clear", "reset", "locale", "nproc", "uptime",
  "free", "df", "lsblk", "env-list", "tldr", "info", "apropos", "whatis", "look", "units", "bc", "dc", "numfmt", "factor",
]);

/** Option names (without dashes) whose value is a message, a title, a pattern or a name: never a command. */
export const DATA_OPTIONS: ReadonlySet<string> = new Set([
  "m", "message", "msg", "title", "t", "body", "b", "description", "desc", "comment", "subject", "summary", "text", "note", "notes",
  "reason", "label", "labels", "name", "pattern", "regex", "regexp", "grep", "query", "q", "search", "filter", "match", "format",
  "template", "prompt", "content", "commit-message", "changelog", "tag", "milestone", "assignee", "author", "committer",
]);

/**
 * Words after which an unknown program's next words are a command it runs
 * (`mytool run rm -rf /`, `tool exec -- cmd`, `tool --exec rm x`).
 */
export const RUNNER_WORDS: ReadonlySet<string> = new Set([
  "--", "run", "exec", "x", "do", "execute", "shell", "sh", "cmd", "command", "spawn", "-c", "-x", "--command", "--cmd", "--exec",
  "--run", "--execute", "--shell", "--script", "--sh",
]);

/**
 * Options of test runners and task tools whose value is a selection
 * expression or a name pattern (`pytest -k 'delete and not slow'`, `jest -t
 * 'removes the user'`, `go test -run TestDelete`): words in a small query
 * language, never a command. program → option names (without dashes).
 */
export const PROGRAM_DATA_OPTIONS: Readonly<Record<string, ReadonlySet<string>>> = {
  pytest: new Set(["k", "m", "deselect", "ignore", "rootdir", "junitxml", "o", "override-ini", "p", "W", "log-level"]),
  "py.test": new Set(["k", "m", "deselect", "ignore", "o", "p", "W"]),
  jest: new Set(["t", "testNamePattern", "testPathPattern", "testPathIgnorePatterns", "selectProjects"]),
  vitest: new Set(["t", "testNamePattern", "project", "reporter", "environment"]),
  mocha: new Set(["g", "grep", "f", "fgrep", "reporter", "ui", "spec"]),
  ava: new Set(["match"]),
  playwright: new Set(["g", "grep", "grep-invert", "project", "reporter"]),
  cypress: new Set(["spec", "env", "browser", "config"]),
  tox: new Set(["e", "f", "m", "labels"]),
  nox: new Set(["s", "session", "sessions", "k", "keywords", "t", "tags"]),
  rspec: new Set(["e", "example", "tag", "pattern", "exclude-pattern"]),
  phpunit: new Set(["filter", "group", "exclude-group", "testsuite"]),
  ctest: new Set(["R", "tests-regex", "E", "exclude-regex", "L", "label-regex", "LE", "label-exclude"]),
  behave: new Set(["n", "name", "t", "tags", "k", "i", "include", "e", "exclude"]),
  "robot": new Set(["t", "test", "s", "suite", "i", "include", "e", "exclude", "v", "variable"]),
};

/** Is `option` of `program` a selection expression or a name (never a command)? */
export function isDataOption(program: string, option: string): boolean {
  if (DATA_OPTIONS.has(option)) return true;
  const own = Object.prototype.hasOwnProperty.call(PROGRAM_DATA_OPTIONS, program) ? PROGRAM_DATA_OPTIONS[program] : undefined;
  return own !== undefined && own.has(option);
}
