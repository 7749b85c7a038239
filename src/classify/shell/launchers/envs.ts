// Project and environment runners: a subcommand that runs a command inside
// an environment — `uv run`, `poetry run`, `pipenv run`, `conda run`,
// `npx`/`npm exec`/`pnpm exec|dlx`/`bunx`/`yarn dlx|exec`, `bundle exec`,
// `cross-env`, secret injectors (`op run --`, `doppler run`, `aws-vault exec`),
// version managers (`mise exec`, `pyenv exec`, …), `nix develop -c`,
// `nix-shell --run`. Each is data: the global options before the subcommand,
// the subcommand's options, the options whose value is a shell command. The
// program itself is emitted too (the effect table reads `npx` as an install).
import type { OptionSpec } from "../../programs/options.js";
import type { RunsOn } from "../../shell-analysis.js";
import type { Launch, LauncherRow, LaunchExample } from "./types.js";
import { assignmentsOf, wrapperOptions } from "./wrappers.js";

interface Runner {
  /** Options of the subcommand (read POSIX-style: they end at the command). */
  options?: OptionSpec;
  /** Option names whose value is a shell command (`npx -c CMD`, `doppler run --command CMD`). */
  inline?: readonly string[];
  /** Operands before the command (`aws-vault exec PROFILE`, `direnv exec DIR`). */
  operandsBefore?: number;
  /** The command comes only after `--` (or from an `inline` option). */
  afterDashDash?: boolean;
  /** `VAR=value` words before the command are its environment (`cross-env`). */
  assignments?: boolean;
  /** Operands `scripts.NAME=CMD` set a package script npm runs later (a lifecycle one on every install): CMD is parsed. */
  setsScripts?: boolean;
  /** A command word that is a script file of this interpreter or a URL (`uv run x.py`, `uv run https://…/x.py`) is run by it. */
  scripts?: { interpreter: string; ext: RegExp };
  /** The command words are joined and run by a shell there (`heroku run 'a; b'`): read as one script. */
  joined?: boolean;
  runsOn?: RunsOn;
}

interface EnvRow {
  names: readonly string[];
  /** Options before the subcommand. */
  global?: OptionSpec;
  /** Subcommand (one or two words: `tool run`) → how it runs its command; `""`: the program runs it directly (`npx CMD`). */
  subs: Readonly<Record<string, Runner>>;
  /** Package binaries it runs when one stands where the subcommand goes (`pnpm prisma …`, `yarn knex …`). */
  bins?: ReadonlySet<string>;
  examples: readonly LaunchExample[];
}

function launchRunner(call: Launch, r: Runner, from: number): void {
  if (r.setsScripts) {
    for (const w of call.words.slice(from)) {
      const m = /^scripts\.[^=]+=(.*)$/s.exec(call.literal(w) ?? "");
      if (m) call.runScript(m[1]!, `the ${call.name} package script it sets`);
      else if (w.dynamic && /^["']?scripts\./.test(w.raw)) call.runScript(null, `the ${call.name} package script it sets`);
    }
    return;
  }
  const p = wrapperOptions(call, r.options ?? {}, from);
  const inline = p.flags.find((f) => r.inline?.includes(f.name) && f.value !== null);
  if (inline) {
    call.runScript(call.flagText(inline), `the ${call.name} ${inline.text} command`, { inheritStdin: true, runsOn: r.runsOn });
    return;
  }
  let next = p.end;
  if (r.afterDashDash) {
    const dd = call.words.findIndex((w, k) => k >= from && !w.dynamic && w.value === "--");
    if (dd < 0) return;
    next = dd + 1;
  } else if (r.operandsBefore) {
    next += r.operandsBefore;
    if (call.words[next] && !call.words[next].dynamic && call.words[next].value === "--") next++;
  }
  let assigns;
  if (r.assignments) {
    const start = next;
    while (next < call.words.length && !call.words[next].dynamic && /^[A-Za-z_][A-Za-z0-9_]*=/.test(call.words[next].value)) next++;
    assigns = assignmentsOf(call.words, start, next);
  }
  if (next >= call.words.length) return;
  const first = r.scripts ? call.literal(call.words[next]) : null;
  if (r.scripts && first !== null && (r.scripts.ext.test(first) || /^https?:\/\//i.test(first))) {
    const argv = call.literals(call.words.slice(next));
    if (argv !== null) {
      call.runArgv([r.scripts.interpreter, ...argv]);
      return;
    }
  }
  const joined = r.joined ? call.literals(call.words.slice(next)) : null;
  if (joined !== null) call.runScript(joined.join(" "), `the ${call.name} command`, { runsOn: r.runsOn });
  else call.run(next, { runsOn: r.runsOn, assigns });
}

function envRunner(row: EnvRow): LauncherRow["launch"] {
  return (call) => {
    const out = call.emit();
    const direct = row.subs[""];
    if (direct) {
      launchRunner(call, direct, call.i + 1);
      return out;
    }
    const g = wrapperOptions(call, row.global ?? {});
    const w = call.words;
    const one = w[g.end] && !w[g.end].dynamic ? w[g.end].value : "";
    const two = one && w[g.end + 1] && !w[g.end + 1].dynamic ? `${one} ${w[g.end + 1].value}` : "";
    if (two && row.subs[two]) launchRunner(call, row.subs[two], g.end + 2);
    else if (one && row.subs[one]) launchRunner(call, row.subs[one], g.end + 1);
    else if (one && row.bins?.has(one)) call.run(g.end);
    return out;
  };
}

/**
 * The package binaries `pnpm NAME …` and `yarn NAME …` run when NAME is no
 * command of theirs — a fixed list (this layer cannot ask the tool families,
 * and a script name must not be read as a program): the schema and migration
 * tools whose family rows drop or reset a database (families/database-tools.ts).
 */
export const PACKAGE_BINARIES: ReadonlySet<string> = new Set([
  "prisma", "drizzle-kit", "knex", "sequelize", "sequelize-cli", "typeorm", "typeorm-ts-node-commonjs", "typeorm-ts-node-esm",
  "db-migrate", "migrate-mongo", "supabase", "mikro-orm", "node-pg-migrate", "kysely-ctl", "wrangler",
]);

const NPX: Runner = { options: { shortValue: "pc", longValue: ["package", "call", "cache", "userconfig", "registry", "workspace"], aliases: { call: "c" } }, inline: ["c"] };
const BUNX: Runner = { options: { shortValue: "p", longValue: ["package"] } };

/** `bun x [opts] CMD…` is `bunx` (the interpreter row, shells.ts, hands it here): bun itself, and the command. */
export function bunx(call: Launch, from: number): number | null {
  const out = call.emit();
  launchRunner(call, BUNX, from);
  return out;
}

const PYTHON_RUN: Runner = {
  options: {
    shortValue: "pCPif",
    longValue: [
      "with", "with-editable", "with-requirements", "python", "package", "extra", "group", "only-group", "no-group", "index",
      "default-index", "index-url", "extra-index-url", "find-links", "env-file", "directory", "project", "config-setting",
      "upgrade-package", "reinstall-package", "resolution", "prerelease", "exclude-newer", "link-mode", "cache-dir", "config-file", "from",
    ],
  },
};

const ENV_ROWS: readonly EnvRow[] = [
  {
    names: ["uv"],
    global: { longValue: ["directory", "project", "cache-dir", "config-file", "color"] },
    subs: { run: { ...PYTHON_RUN, scripts: { interpreter: "python3", ext: /\.pyw?$/i } }, "tool run": PYTHON_RUN },
    examples: [
      ["uv run --with rich rm -rf /tmp/x", ["uv run --with rich rm -rf /tmp/x", "uv>rm -rf /tmp/x"]],
      ["uv run https://example.com/x.py", ["uv run https://example.com/x.py", "uv>python3 https://example.com/x.py"]],
    ],
  },
  { names: ["uvx"], subs: { "": PYTHON_RUN }, examples: [["uvx --from ruff ruff check", ["uvx --from ruff ruff check", "uvx>ruff check"]]] },
  { names: ["poetry"], global: { shortValue: "CP", longValue: ["directory", "project"] }, subs: { run: {} }, examples: [["poetry run rm -rf /tmp/x", ["poetry run rm -rf /tmp/x", "poetry>rm -rf /tmp/x"]]] },
  { names: ["pipenv", "pdm", "hatch", "rye", "railway"], subs: { run: {} }, examples: [["pipenv run rm -rf /tmp/x", ["pipenv run rm -rf /tmp/x", "pipenv>rm -rf /tmp/x"]]] },
  {
    names: ["conda", "mamba", "micromamba"],
    subs: { run: { options: { shortValue: "np", longValue: ["name", "prefix", "cwd"] } } },
    examples: [["conda run -n base rm -rf /tmp/x", ["conda run -n base rm -rf /tmp/x", "conda>rm -rf /tmp/x"]]],
  },
  { names: ["pixi"], subs: { run: { options: { shortValue: "e", longValue: ["environment", "manifest-path"] } }, exec: { options: { shortValue: "s", longValue: ["spec"] } } }, examples: [["pixi run rm -rf /tmp/x", ["pixi run rm -rf /tmp/x", "pixi>rm -rf /tmp/x"]]] },
  { names: ["npx"], subs: { "": NPX }, examples: [["npx -y rimraf /tmp/x", ["npx -y rimraf /tmp/x", "npx>rimraf /tmp/x"]], ["npx -c 'rm -rf /tmp/x'", ["npx -c rm -rf /tmp/x", "npx>rm -rf /tmp/x"]]] },
  {
    names: ["npm"],
    subs: { exec: NPX, x: NPX, "pkg set": { setsScripts: true } },
    examples: [
      ["npm exec -- rm -rf /tmp/x", ["npm exec -- rm -rf /tmp/x", "npm>rm -rf /tmp/x"]],
      ["npm pkg set scripts.postinstall='rm -rf /tmp/x'", ["npm pkg set scripts.postinstall=rm -rf /tmp/x", "npm>rm -rf /tmp/x"]],
      ["npm pkg set version=1.2.3", ["npm pkg set version=1.2.3"]],
    ],
  },
  {
    names: ["pnpm"],
    global: { shortValue: "CF", longValue: ["dir", "filter", "workspace-root"] },
    subs: { exec: {}, dlx: { options: { longValue: ["package"] } } },
    bins: PACKAGE_BINARIES,
    examples: [
      ["pnpm --filter web exec rm -rf /tmp/x", ["pnpm --filter web exec rm -rf /tmp/x", "pnpm>rm -rf /tmp/x"]],
      ["pnpm prisma migrate reset --force", ["pnpm prisma migrate reset --force", "pnpm>prisma migrate reset --force"]],
      ["pnpm build", ["pnpm build"]],
    ],
  },
  { names: ["bunx"], subs: { "": BUNX }, examples: [["bunx rimraf /tmp/x", ["bunx rimraf /tmp/x", "bunx>rimraf /tmp/x"]]] },
  {
    names: ["yarn"],
    subs: { dlx: { options: { shortValue: "p", longValue: ["package"] } }, exec: {} },
    bins: PACKAGE_BINARIES,
    examples: [["yarn exec rm -rf /tmp/x", ["yarn exec rm -rf /tmp/x", "yarn>rm -rf /tmp/x"]], ["yarn knex migrate:rollback --all", ["yarn knex migrate:rollback --all", "yarn>knex migrate:rollback --all"]]],
  },
  { names: ["bundle"], subs: { exec: { options: { longValue: ["gemfile"] } } }, examples: [["bundle exec rm -rf /tmp/x", ["bundle exec rm -rf /tmp/x", "bundle>rm -rf /tmp/x"]]] },
  { names: ["cross-env", "cross-env-shell"], subs: { "": { assignments: true } }, examples: [["cross-env NODE_ENV=x rm -rf /tmp/x", ["cross-env NODE_ENV=x rm -rf /tmp/x", "cross-env>rm -rf /tmp/x"]]] },
  { names: ["dotenv"], subs: { "": { options: { shortValue: "evcp" } } }, examples: [["dotenv -e .env.test -- rm -rf /tmp/x", ["dotenv -e .env.test -- rm -rf /tmp/x", "dotenv>rm -rf /tmp/x"]]] },
  {
    names: ["env-cmd"],
    subs: { "": { options: { shortValue: "fre", longValue: ["file", "rc-file", "environments", "use-shell", "expand-envs", "silent", "no-override", "recursive"] } } },
    examples: [["env-cmd -f .env.test rm -rf /tmp/x", ["env-cmd -f .env.test rm -rf /tmp/x", "env-cmd>rm -rf /tmp/x"]], ["env-cmd -e dev,ci -- npm test", ["env-cmd -e dev,ci -- npm test", "env-cmd>npm test"]]],
  },
  { names: ["dotenvx"], subs: { run: { options: { shortValue: "f", longValue: ["env-file", "env", "env-keys-file", "convention", "log-level"] } } }, examples: [["dotenvx run -f .env.local -- rm -rf /tmp/x", ["dotenvx run -f .env.local -- rm -rf /tmp/x", "dotenvx>rm -rf /tmp/x"]]] },
  { names: ["envdir"], subs: { "": { operandsBefore: 1 } }, examples: [["envdir ./env rm -rf /tmp/x", ["envdir ./env rm -rf /tmp/x", "envdir>rm -rf /tmp/x"]]] },
  { names: ["op"], subs: { run: { options: { longValue: ["env-file", "environment"] } } }, examples: [["op run --env-file=.env -- rm -rf /tmp/x", ["op run --env-file=.env -- rm -rf /tmp/x", "op>rm -rf /tmp/x"]]] },
  {
    names: ["doppler", "infisical"],
    subs: { run: { options: { shortValue: "pc", longValue: ["project", "config", "command", "env", "path", "projectId", "token", "domain"] }, inline: ["command"] } },
    examples: [["doppler run --command 'rm -rf /tmp/x'", ["doppler run --command rm -rf /tmp/x", "doppler>rm -rf /tmp/x"]]],
  },
  { names: ["aws-vault"], subs: { exec: { options: { shortValue: "dt", longValue: ["duration", "region", "mfa-token", "prompt"] }, operandsBefore: 1 } }, examples: [["aws-vault exec prod -- rm -rf /tmp/x", ["aws-vault exec prod -- rm -rf /tmp/x", "aws-vault>rm -rf /tmp/x"]]] },
  { names: ["direnv"], subs: { exec: { operandsBefore: 1 } }, examples: [["direnv exec . rm -rf /tmp/x", ["direnv exec . rm -rf /tmp/x", "direnv>rm -rf /tmp/x"]]] },
  {
    names: ["mise", "rtx"],
    subs: { exec: { options: { shortValue: "c", longValue: ["command"] }, inline: ["c", "command"], afterDashDash: true }, x: { options: { shortValue: "c", longValue: ["command"] }, inline: ["c", "command"], afterDashDash: true } },
    examples: [["mise exec node@20 -- rm -rf /tmp/x", ["mise exec node@20 -- rm -rf /tmp/x", "mise>rm -rf /tmp/x"]]],
  },
  { names: ["asdf", "pyenv", "rbenv", "nodenv", "goenv", "jenv", "plenv"], subs: { exec: {} }, examples: [["pyenv exec rm -rf /tmp/x", ["pyenv exec rm -rf /tmp/x", "pyenv>rm -rf /tmp/x"]]] },
  { names: ["fnm"], subs: { exec: { options: { longValue: ["using"] } } }, examples: [["fnm exec --using=18 rm -rf /tmp/x", ["fnm exec --using=18 rm -rf /tmp/x", "fnm>rm -rf /tmp/x"]]] },
  { names: ["volta"], subs: { run: { options: { longValue: ["node", "npm", "pnpm", "yarn", "env"] } } }, examples: [["volta run --node 18 rm -rf /tmp/x", ["volta run --node 18 rm -rf /tmp/x", "volta>rm -rf /tmp/x"]]] },
  {
    names: ["nix"],
    subs: { develop: { options: { shortValue: "c", longValue: ["command"] }, inline: [] }, shell: { options: { shortValue: "c", longValue: ["command"] }, inline: [] } },
    examples: [],
  },
  { names: ["nix-shell"], subs: { "": { options: { shortValue: "pIAE", longValue: ["run", "command", "packages", "attr", "expr", "arg", "argstr"], aliases: { command: "run" } }, inline: ["run"] } }, examples: [["nix-shell -p hello --run 'rm -rf /tmp/x'", ["nix-shell -p hello --run rm -rf /tmp/x", "nix-shell>rm -rf /tmp/x"]]] },
  {
    names: ["heroku"],
    subs: { run: { options: { shortValue: "arse", longValue: ["app", "remote", "size", "env", "type"] }, runsOn: "remote", joined: true } },
    examples: [
      ["heroku run -a web rm -rf /app/x", ["heroku run -a web rm -rf /app/x", "heroku>rm -rf /app/x"]],
      ["heroku run -a web 'cd /app && rm -rf x'", ["heroku run -a web cd /app && rm -rf x", "heroku>cd /app", "heroku>rm -rf x"]],
    ],
  },
];

/** `nix develop|shell INSTALLABLE… -c|--command CMD ARG…`: the words after `-c` (they are not one script). */
function nix(call: Launch): number | null {
  const out = call.emit();
  const w = call.words;
  const sub = w[call.i + 1];
  if (!sub || sub.dynamic || (sub.value !== "develop" && sub.value !== "shell")) return out;
  const c = w.findIndex((x, k) => k > call.i + 1 && !x.dynamic && (x.value === "-c" || x.value === "--command"));
  if (c >= 0 && c + 1 < w.length) call.run(c + 1);
  return out;
}

export const ENV_RUNNER_ROWS: readonly LauncherRow[] = ENV_ROWS.map((r) =>
  r.names[0] === "nix"
    ? { names: r.names, runs: "`nix develop|shell … -c CMD…`", launch: nix, examples: [["nix develop .#dev -c rm -rf /tmp/x", ["nix develop .#dev -c rm -rf /tmp/x", "nix>rm -rf /tmp/x"]]] }
    : {
        names: r.names,
        runs: `itself, and the command ${Object.keys(r.subs).map((s) => (s === "" ? "it is given" : `of \`${s}\``)).join(", ")} runs`,
        launch: envRunner(r),
        examples: r.examples,
      },
);
