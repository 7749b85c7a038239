// Package-manager rows: install × package. One tuple per named package
// (`attrs.package`), or one without `package` when the command installs the
// project's declared dependencies (`npm ci`, `pip install -r req.txt`).
import { values, type Arg } from "../programs/args.js";
import { has, parseArgs, type OptionSpec, type ParsedArgs } from "../programs/options.js";
import { attrs, emitPath, substGap, targetText, type Attrs, type Ctx } from "./common.js";
import { entry, handlerTable, type Handler, type ProgramEntry } from "./entries.js";
import type { Example } from "./families/rows.js";

interface PmSpec {
  /** Subcommands that install (first operand). `""` = the bare command installs (yarn). */
  subs: string[];
  flags: OptionSpec;
  /** Flags whose value is a requirements/lock file read. */
  files?: string[];
  /** Skip this many leading operands after the subcommand (`uv pip install`: 1). */
  nested?: Record<string, string[]>;
  /** The manager's entry examples (entries.ts): one that installs, one that does not. */
  examples: readonly Example[];
}

const NPM_FLAGS: OptionSpec = { shortValue: "wC", longValue: ["workspace", "prefix", "registry", "tag", "cache", "userconfig", "loglevel", "omit", "include", "install-strategy"], aliases: { g: "global", w: "workspace" } };
/** apt and apt-get read their options alike; conda and mamba too. */
const APT_FLAGS: OptionSpec = { shortValue: "otc", longValue: ["option", "target-release", "config-file"] };
const CONDA_FLAGS: OptionSpec = { shortValue: "cnp", longValue: ["channel", "name", "prefix", "file"] };

const MANAGERS: Record<string, PmSpec> = {
  npm: { subs: ["install", "i", "add", "ci", "install-test", "it", "install-ci-test", "isntall", "in", "ins", "inst", "insta", "instal", "update", "up", "upgrade", "exec", "x"], flags: NPM_FLAGS, examples: [["npm install left-pad", "install package package=left-pad"], ["npm --version", ""]] },
  pnpm: { subs: ["add", "install", "i", "update", "up", "dlx", "exec", "x"], flags: { shortValue: "C", longValue: ["filter", "dir", "registry", "store-dir"], aliases: { g: "global", C: "dir" } }, examples: [["pnpm add left-pad", "install package package=left-pad"], ["pnpm --version", ""]] },
  yarn: { subs: ["", "add", "install", "upgrade", "up", "dlx", "global"], flags: { longValue: ["cwd", "registry", "modules-folder", "cache-folder"] }, examples: [["yarn add left-pad", "install package package=left-pad"], ["yarn", "install package"], ["yarn --version", ""], ["yarn left-pad", ""]] },
  bun: { subs: ["add", "install", "i", "update", "x"], flags: { longValue: ["cwd", "registry"], aliases: { g: "global" } }, examples: [["bun add left-pad", "install package package=left-pad"], ["bun --version", ""]] },
  pip: { subs: ["install", "download"], flags: { shortValue: "rcetiC", longValue: ["requirement", "constraint", "editable", "target", "index-url", "extra-index-url", "find-links", "prefix", "root", "src", "upgrade-strategy", "platform", "python-version", "implementation", "abi", "progress-bar", "cache-dir", "trusted-host", "proxy", "timeout", "retries", "config-settings", "global-option", "no-binary", "only-binary", "python"], aliases: { r: "requirement", c: "constraint", e: "editable", t: "target", i: "index-url" } }, files: ["requirement", "constraint"], examples: [["pip install left-pad", "install package package=left-pad"], ["pip --version", ""]] },
  pipx: { subs: ["install", "run", "inject"], flags: { longValue: ["python", "pip-args", "index-url", "spec", "suffix"] }, examples: [["pipx install left-pad", "install package package=left-pad"], ["pipx --version", ""]] },
  uv: { subs: ["add"], flags: { shortValue: "rp", longValue: ["requirement", "python", "index-url", "extra-index-url", "directory", "project", "group", "optional"], aliases: { r: "requirement" } }, files: ["requirement"], nested: { pip: ["install"], tool: ["install", "run"] }, examples: [["uv add left-pad", "install package package=left-pad"], ["uv --version", ""]] },
  uvx: { subs: ["*"], flags: { longValue: ["from", "with", "python", "index-url"] }, examples: [["uvx left-pad", "install package package=left-pad"], ["uvx --version", ""]] },
  poetry: { subs: ["add", "install"], flags: { shortValue: "G", longValue: ["group", "source", "extras", "directory"] }, examples: [["poetry add left-pad", "install package package=left-pad"], ["poetry --version", ""]] },
  cargo: { subs: ["install", "add", "binstall"], flags: { longValue: ["version", "git", "branch", "tag", "rev", "path", "root", "registry", "index", "features", "target", "profile", "jobs", "manifest-path", "package", "rename"], shortValue: "Fj" }, examples: [["cargo install left-pad", "install package package=left-pad"], ["cargo --version", ""]] },
  gem: { subs: ["install", "i", "update"], flags: { shortValue: "vsi", longValue: ["version", "source", "install-dir", "bindir", "platform"] }, examples: [["gem install left-pad", "install package package=left-pad"], ["gem --version", ""]] },
  brew: { subs: ["install", "reinstall", "upgrade", "tap"], flags: {}, examples: [["brew install left-pad", "install package package=left-pad"], ["brew --version", ""]] },
  apt: { subs: ["install", "reinstall", "upgrade", "full-upgrade", "dist-upgrade"], flags: APT_FLAGS, examples: [["apt install left-pad", "install package package=left-pad"], ["apt --version", ""]] },
  "apt-get": { subs: ["install", "reinstall", "upgrade", "dist-upgrade", "build-dep"], flags: APT_FLAGS, examples: [["apt-get install left-pad", "install package package=left-pad"], ["apt-get --version", ""]] },
  aptitude: { subs: ["install", "reinstall", "upgrade", "full-upgrade", "safe-upgrade"], flags: {}, examples: [["aptitude install left-pad", "install package package=left-pad"], ["aptitude --version", ""]] },
  dnf: { subs: ["install", "reinstall", "upgrade", "update"], flags: { longValue: ["repo", "enablerepo", "disablerepo", "releasever", "installroot"] }, examples: [["dnf install left-pad", "install package package=left-pad"], ["dnf --version", ""]] },
  yum: { subs: ["install", "reinstall", "update", "upgrade"], flags: { longValue: ["enablerepo", "disablerepo", "releasever", "installroot"] }, examples: [["yum install left-pad", "install package package=left-pad"], ["yum --version", ""]] },
  apk: { subs: ["add"], flags: { shortValue: "XpU", longValue: ["repository", "root", "virtual"], aliases: { X: "repository", t: "virtual" } }, examples: [["apk add left-pad", "install package package=left-pad"], ["apk --version", ""]] },
  pacman: { subs: [], flags: {}, examples: [["pacman -S left-pad", "install package package=left-pad"], ["pacman --version", ""]] },
  zypper: { subs: ["install", "in"], flags: {}, examples: [["zypper install left-pad", "install package package=left-pad"], ["zypper --version", ""]] },
  go: { subs: ["install", "get"], flags: { longValue: ["modfile", "tags", "ldflags", "gcflags", "C"] }, examples: [["go install example.com/tool@latest", "install package package=example.com/tool@latest"], ["go --version", ""]] },
  composer: { subs: ["require", "install", "update", "global"], flags: { shortValue: "d", longValue: ["working-dir"] }, examples: [["composer require vendor/tool", "install package package=vendor/tool"], ["composer --version", ""]] },
  conda: { subs: ["install", "create", "update"], flags: CONDA_FLAGS, examples: [["conda install left-pad", "install package package=left-pad"], ["conda --version", ""]] },
  mamba: { subs: ["install", "create", "update"], flags: CONDA_FLAGS, examples: [["mamba install left-pad", "install package package=left-pad"], ["mamba --version", ""]] },
  deno: { subs: ["install", "add"], flags: { longValue: ["root", "name", "config", "import-map"] }, examples: [["deno install left-pad", "install package package=left-pad"], ["deno --version", ""]] },
  npx: { subs: ["*"], flags: { shortValue: "pc", longValue: ["package", "call"], aliases: { p: "package", c: "call" } }, examples: [["npx left-pad", "install package package=left-pad"], ["npx --version", ""]] },
  bunx: { subs: ["*"], flags: {}, examples: [["bunx left-pad", "install package package=left-pad"], ["bunx --version", ""]] },
  snap: { subs: ["install", "refresh"], flags: { longValue: ["channel", "revision"] }, examples: [["snap install left-pad", "install package package=left-pad"], ["snap --version", ""]] },
  flatpak: { subs: ["install", "update"], flags: {}, examples: [["flatpak install left-pad", "install package package=left-pad"], ["flatpak --version", ""]] },
  choco: { subs: ["install", "upgrade"], flags: {}, examples: [["choco install left-pad", "install package package=left-pad"], ["choco --version", ""]] },
  winget: { subs: ["install", "upgrade"], flags: {}, examples: [["winget install left-pad", "install package package=left-pad"], ["winget --version", ""]] },
  scoop: { subs: ["install", "update"], flags: {}, examples: [["scoop install left-pad", "install package package=left-pad"], ["scoop --version", ""]] },
};

/** Managers whose `owner/repo` spec means a GitHub repository (npm's shorthand), not a registry name. */
const GITHUB_SHORTHAND = new Set(["npm", "pnpm", "yarn", "bun", "npx", "bunx"]);

/**
 * Where a package spec installs from when it is not a registry release: `vcs` (a git repository: `git+https://…`,
 * `github:o/r`, `git@host:o/r`, npm's `o/r`), `url` (an archive over the network: `https://x/pkg.tgz`), else null.
 */
export function packageSource(manager: string, spec: string): "vcs" | "url" | null {
  const s = spec.replace(/^[A-Za-z0-9._-]+\s*@\s*(?=[a-z+]+:)/i, ""); // pip's `name @ git+https://…`
  if (/^(git\+[a-z]+:|git:\/\/|git@|ssh:\/\/|(github|gitlab|bitbucket|gist|sourcehut):)/i.test(s)) return "vcs";
  if (/^https?:\/\/(github\.com|gitlab\.com|bitbucket\.org)\/[^/]+\/[^/]+?(\.git)?\/?(#.*)?$/i.test(s)) return "vcs";
  if (/^(https?|ftp):\/\//i.test(s)) return "url";
  if (GITHUB_SHORTHAND.has(manager) && /^[A-Za-z0-9][\w.-]*\/[\w.-]+(#.*)?$/.test(s) && !s.startsWith(".")) return "vcs";
  return null;
}

/** Flags whose value is the package to install (`uvx --from`, `cargo install --git`, `pipx --spec`, `pip -e`, `npx -p`). */
const SPEC_FLAGS = new Set(["from", "git", "spec", "editable", "package", "with"]);

function install(ctx: Ctx, pkgs: ReadonlyArray<{ value: string; arg: Arg }>, extra: Attrs, manager: string = ctx.program): void {
  const named = pkgs.filter((p) => p.value !== "" && !p.value.startsWith("-"));
  if (named.length === 0) {
    ctx.out.effect("install", "package", attrs(ctx, extra));
    return;
  }
  for (const p of named) {
    substGap(ctx, p.arg, "a package name");
    const source = packageSource(manager, p.value);
    ctx.out.effect("install", "package", attrs(ctx, { target: targetText(p.value), ...extra, package: p.value, ...(source ? { source } : {}) }));
  }
}

/** A package named by a flag (`--from git+https://…`, `--git URL`) that comes from a URL or a repository. */
function installFromFlags(ctx: Ctx, p: ParsedArgs, extra: Attrs, manager: string): void {
  for (const f of p.flags) {
    if (f.value === null || !SPEC_FLAGS.has(f.name)) continue;
    const source = manager === "cargo" && f.name === "git" ? "vcs" : packageSource(manager, f.value);
    if (source) ctx.out.effect("install", "package", attrs(ctx, { target: targetText(f.value), ...extra, package: f.value, source }));
  }
}

function packageManager(ctx: Ctx, manager: string = ctx.program): void {
  const spec = MANAGERS[manager];
  const p = parseArgs(ctx.args, spec.flags);
  const extra: Attrs = has(p, "global") ? { global: true } : {};
  for (const f of p.flags) if (spec.files?.includes(f.name) && f.value !== null) emitPath(ctx, "read", f.value, f.arg, "plain");
  const ops = p.operands;
  installFromFlags(ctx, p, extra, manager);
  if (manager === "pacman") {
    // `pacman -S pkg` / `-Sy` / `-U file`: sync/upgrade operations install.
    if (p.flags.some((f) => f.name === "S" || f.name === "U")) install(ctx, ops, extra, manager);
    return;
  }
  // `yarn --version`, `npx --help`: with no operand, a help or version flag prints and exits (the bare command would install).
  if (ops.length === 0 && has(p, "help", "h", "version", "v", "V")) return;
  if (spec.subs.includes("*")) {
    const pkg = p.flags.find((f) => f.name === "package" && f.value !== null);
    install(ctx, pkg ? [{ value: pkg.value!, arg: pkg.arg }] : ops.slice(0, 1), extra, manager);
    return;
  }
  const sub = ops[0]?.value;
  if (sub === undefined) {
    if (spec.subs.includes("")) install(ctx, [], extra, manager);
    return;
  }
  if (spec.nested && Object.hasOwn(spec.nested, sub)) {
    if (spec.nested[sub]!.includes(ops[1]?.value ?? "")) install(ctx, ops.slice(2), extra, manager);
    return;
  }
  if (manager === "yarn" && sub === "global" && ops[1]?.value === "add") return install(ctx, ops.slice(2), { ...extra, global: true }, manager);
  if (manager === "composer" && sub === "global" && ops[1]?.value === "require") return install(ctx, ops.slice(2), { ...extra, global: true }, manager);
  if (!spec.subs.includes(sub)) return;
  let pkgs = ops.slice(1);
  if (["exec", "x", "dlx", "run"].includes(sub)) pkgs = pkgs.slice(0, 1);
  install(ctx, pkgs, extra, manager);
}

/** `python -m pip install x` → the same as `pip install x` (program stays the interpreter). */
export function pythonModuleInstall(ctx: Ctx, moduleArgs: Arg[]): boolean {
  const before = ctx.out.effects.length;
  packageManager({ ...ctx, args: moduleArgs, argv: values(moduleArgs) }, "pip");
  return ctx.out.effects.length > before;
}

/** Each manager is an entry with its spec's examples; `pip3` is pip. */
export const PACKAGE_PROGRAMS: readonly ProgramEntry[] = [
  ...Object.entries(MANAGERS).map(([name, spec]) => entry([name], (ctx) => packageManager(ctx), spec.examples)),
  entry(["pip3"], (ctx) => packageManager(ctx, "pip"), [["pip3 install -r requirements.txt", "read workspace_file; install package"], ["pip3 list", ""]]),
];

export const PACKAGE_HANDLERS: Record<string, Handler> = handlerTable(PACKAGE_PROGRAMS);
