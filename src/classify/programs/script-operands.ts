// Which operand is a file a program runs (or a project file whose entries it
// runs): the one place this knowledge lives (docs/host-facts.md). The host
// reads these files (src/node/host-facts.ts) and the shell analysis judges
// what they hold as if it were inline (src/classify/shell/host-scripts.ts).
// Shells and code interpreters (`bash x.sh`, `source x.sh`, `./x.sh`,
// `python x.py`, `node x.js`) find their script operand through the
// interpreter table (interpreters.ts, `programSource`); SQL clients' `-f` files
// and `< f.sql` are the database table's `files` (effects/database.ts). This
// table holds the project runners: their files name the commands they run.

/** A project file a runner reads, and the entry of it that runs. */
export type ProjectRun =
  /** `package.json` `scripts[name]`, with its `pre`/`post` scripts. */
  | { kind: "package-script"; files: readonly string[]; name: string }
  /** A Makefile's target (null: the first target) with its prerequisites' recipes. */
  | { kind: "make"; files: readonly string[]; target: string | null }
  /** A justfile's recipe (null: the first recipe) with its dependencies. */
  | { kind: "just"; files: readonly string[]; recipe: string | null };

const PACKAGE_JSON = ["package.json"] as const;
const MAKEFILES = ["GNUmakefile", "makefile", "Makefile"] as const;
const JUSTFILES = ["justfile", "Justfile", ".justfile"] as const;

/** npm's own commands that are a script's name too (`npm test` is `npm run test`). */
const NPM_SCRIPT_COMMANDS: Readonly<Record<string, string>> = { test: "test", t: "test", tst: "test", start: "start", stop: "stop", restart: "restart" };
/** yarn/pnpm built-in commands: any other first word runs the script of that name. */
const YARN_BUILTINS = new Set(["add", "remove", "install", "i", "up", "upgrade", "update", "why", "info", "init", "create", "dlx", "exec", "link", "unlink", "pack", "publish", "config", "cache", "bin", "global", "list", "ls", "outdated", "audit", "import", "workspace", "workspaces", "set", "plugin", "node", "patch", "version", "login", "logout", "help", "store", "prune", "rebuild", "root", "env", "licenses", "owner", "tag", "team", "unplug", "explain", "dedupe", "constraints", "search", "setup", "fetch", "deploy", "server", "import", "doctor", "self-update"]);

const valueFlag = (w: string, short: string, long: string): boolean => w === short || w === long;

function firstOperand(argv: readonly string[], valueFlags: readonly string[]): { index: number; value: string } | null {
  for (let k = 0; k < argv.length; k++) {
    const w = argv[k];
    if (w === "--") return k + 1 < argv.length ? { index: k + 1, value: argv[k + 1] } : null;
    if (valueFlags.includes(w)) {
      k++;
      continue;
    }
    if (w.startsWith("-")) continue;
    return { index: k, value: w };
  }
  return null;
}

function packageRunner(program: string, argv: readonly string[]): ProjectRun | null {
  const first = firstOperand(argv, ["--prefix", "-C", "--dir", "--filter", "--cwd", "-w", "--workspace"]);
  if (first === null) return null;
  const sub = first.value;
  if (sub === "run" || sub === "run-script" || sub === "rum" || sub === "urn") {
    const name = firstOperand(argv.slice(first.index + 1), []);
    // `bun run x.ts` runs a file, not a script (the interpreter table's business).
    if (name === null || (program === "bun" && /\.[cm]?[jt]sx?$/.test(name.value))) return null;
    return { kind: "package-script", files: PACKAGE_JSON, name: name.value };
  }
  if (program === "npm") return Object.prototype.hasOwnProperty.call(NPM_SCRIPT_COMMANDS, sub) ? { kind: "package-script", files: PACKAGE_JSON, name: NPM_SCRIPT_COMMANDS[sub] } : null;
  // `bun test` is bun's own test runner; `bun x.ts` runs a file.
  if (program === "bun") return null;
  return YARN_BUILTINS.has(sub) || sub.includes("/") ? null : { kind: "package-script", files: PACKAGE_JSON, name: sub };
}

function dirJoin(dir: string | null, names: readonly string[]): readonly string[] {
  return dir === null ? names : names.map((n) => `${dir.replace(/\/+$/, "")}/${n}`);
}

function make(argv: readonly string[]): ProjectRun | null {
  let file: string | null = null;
  let dir: string | null = null;
  let target: string | null = null;
  for (let k = 0; k < argv.length; k++) {
    const w = argv[k];
    if (valueFlag(w, "-f", "--file") || w === "--makefile") file = argv[++k] ?? null;
    else if (w.startsWith("--file=") || w.startsWith("--makefile=")) file = w.slice(w.indexOf("=") + 1);
    else if (/^-f./.test(w)) file = w.slice(2);
    else if (valueFlag(w, "-C", "--directory")) dir = argv[++k] ?? null;
    else if (w.startsWith("--directory=")) dir = w.slice("--directory=".length);
    else if (["-I", "-j", "-l", "-o", "-W", "--include-dir", "--jobs", "--load-average", "--old-file", "--what-if", "--eval"].includes(w)) k++;
    else if (w.startsWith("-") || w.includes("=")) continue;
    else target ??= w;
  }
  // `make -f -` (the Makefile on stdin) and `-f <(…)` are the make launcher's business.
  if (file === "-" || (file !== null && /^[<>]\(/.test(file))) return null;
  return { kind: "make", files: file !== null ? dirJoin(dir, [file]) : dirJoin(dir, MAKEFILES), target };
}

function just(argv: readonly string[]): ProjectRun | null {
  let file: string | null = null;
  let dir: string | null = null;
  let recipe: string | null = null;
  for (let k = 0; k < argv.length; k++) {
    const w = argv[k];
    if (valueFlag(w, "-f", "--justfile")) file = argv[++k] ?? null;
    else if (w.startsWith("--justfile=")) file = w.slice("--justfile=".length);
    else if (valueFlag(w, "-d", "--working-directory")) dir = argv[++k] ?? null;
    else if (["--set", "--shell", "--shell-arg", "--dotenv-filename", "--dotenv-path", "--color", "--dump-format", "--list-heading", "--list-prefix", "--chooser", "--command", "-c"].includes(w)) {
      if (w === "--command" || w === "-c") return null; // `just --command X` runs X (not a recipe)
      k += w === "--set" ? 2 : 1;
    } else if (/^--(list|summary|dump|evaluate|variables|show|edit|init|fmt|choose|changelog|completions|help|version)$|^-[lsh]$/.test(w)) return null;
    else if (w.startsWith("-") || w.includes("=")) continue;
    else {
      recipe = w;
      break; // the rest are the recipe's arguments
    }
  }
  return { kind: "just", files: file !== null ? [file] : dirJoin(dir, JUSTFILES), recipe };
}

/** The project file a runner reads and the entry that runs, or null (`npm install`, `make -f -`). */
export function projectRun(program: string, argv: readonly string[]): ProjectRun | null {
  switch (program) {
    case "npm":
    case "pnpm":
    case "yarn":
    case "bun":
      return packageRunner(program, argv);
    case "make":
    case "gmake":
      return make(argv);
    case "just":
      return just(argv);
    default:
      return null;
  }
}

/** [program, argv, what runs] — run by test/classify/programs/script-operands.test.ts. */
export const PROJECT_RUN_EXAMPLES: ReadonlyArray<readonly [string, readonly string[], ProjectRun | null]> = [
  ["npm", ["run", "test"], { kind: "package-script", files: PACKAGE_JSON, name: "test" }],
  ["npm", ["test"], { kind: "package-script", files: PACKAGE_JSON, name: "test" }],
  ["npm", ["run-script", "build", "--", "--watch"], { kind: "package-script", files: PACKAGE_JSON, name: "build" }],
  ["npm", ["install"], null],
  ["pnpm", ["run", "lint"], { kind: "package-script", files: PACKAGE_JSON, name: "lint" }],
  ["pnpm", ["lint"], { kind: "package-script", files: PACKAGE_JSON, name: "lint" }],
  ["pnpm", ["add", "zod"], null],
  ["yarn", ["build"], { kind: "package-script", files: PACKAGE_JSON, name: "build" }],
  ["yarn", ["install"], null],
  ["bun", ["run", "dev"], { kind: "package-script", files: PACKAGE_JSON, name: "dev" }],
  ["bun", ["run", "x.ts"], null],
  ["bun", ["test"], null],
  ["make", [], { kind: "make", files: MAKEFILES, target: null }],
  ["make", ["-j4", "test"], { kind: "make", files: MAKEFILES, target: "test" }],
  ["make", ["-f", "build.mk", "all"], { kind: "make", files: ["build.mk"], target: "all" }],
  ["make", ["-C", "sub", "clean"], { kind: "make", files: ["sub/GNUmakefile", "sub/makefile", "sub/Makefile"], target: "clean" }],
  ["make", ["-f", "-", "all"], null],
  ["just", ["deploy", "prod"], { kind: "just", files: JUSTFILES, recipe: "deploy" }],
  ["just", ["--list"], null],
];
