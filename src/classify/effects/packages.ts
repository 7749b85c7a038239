// Package-manager rows: install × package. One tuple per named package
// (`attrs.package`), or one without `package` when the command installs the
// project's declared dependencies (`npm ci`, `pip install -r req.txt`).
import { values, type Arg } from "../programs/args.js";
import { has, parseArgs, type OptionSpec, type ParsedArgs } from "../programs/options.js";
import { attrs, emitPath, substGap, type Attrs, type Ctx } from "./common.js";
import type { Handler } from "./entries.js";

interface PmSpec {
  /** Subcommands that install (first operand). `""` = the bare command installs (yarn). */
  subs: string[];
  flags: OptionSpec;
  /** Flags whose value is a requirements/lock file read. */
  files?: string[];
  /** Skip this many leading operands after the subcommand (`uv pip install`: 1). */
  nested?: Record<string, string[]>;
}

const NPM_FLAGS: OptionSpec = { shortValue: "wC", longValue: ["workspace", "prefix", "registry", "tag", "cache", "userconfig", "loglevel", "omit", "include", "install-strategy"], aliases: { g: "global", w: "workspace" } };
/** apt and apt-get read their options alike; conda and mamba too. */
const APT_FLAGS: OptionSpec = { shortValue: "otc", longValue: ["option", "target-release", "config-file"] };
const CONDA_FLAGS: OptionSpec = { shortValue: "cnp", longValue: ["channel", "name", "prefix", "file"] };

const MANAGERS: Record<string, PmSpec> = {
  npm: { subs: ["install", "i", "add", "ci", "install-test", "it", "install-ci-test", "isntall", "in", "ins", "inst", "insta", "instal", "update", "up", "upgrade", "exec", "x"], flags: NPM_FLAGS },
  pnpm: { subs: ["add", "install", "i", "update", "up", "dlx", "exec", "x"], flags: { shortValue: "C", longValue: ["filter", "dir", "registry", "store-dir"], aliases: { g: "global", C: "dir" } } },
  yarn: { subs: ["", "add", "install", "upgrade", "up", "dlx", "global"], flags: { longValue: ["cwd", "registry", "modules-folder", "cache-folder"] } },
  bun: { subs: ["add", "install", "i", "update", "x"], flags: { longValue: ["cwd", "registry"], aliases: { g: "global" } } },
  pip: { subs: ["install", "download"], flags: { shortValue: "rcetiC", longValue: ["requirement", "constraint", "editable", "target", "index-url", "extra-index-url", "find-links", "prefix", "root", "src", "upgrade-strategy", "platform", "python-version", "implementation", "abi", "progress-bar", "cache-dir", "trusted-host", "proxy", "timeout", "retries", "config-settings", "global-option", "no-binary", "only-binary", "python"], aliases: { r: "requirement", c: "constraint", e: "editable", t: "target", i: "index-url" } }, files: ["requirement", "constraint"] },
  pipx: { subs: ["install", "run", "inject"], flags: { longValue: ["python", "pip-args", "index-url", "spec", "suffix"] } },
  uv: { subs: ["add"], flags: { shortValue: "rp", longValue: ["requirement", "python", "index-url", "extra-index-url", "directory", "project", "group", "optional"], aliases: { r: "requirement" } }, files: ["requirement"], nested: { pip: ["install"], tool: ["install", "run"] } },
  uvx: { subs: ["*"], flags: { longValue: ["from", "with", "python", "index-url"] } },
  poetry: { subs: ["add", "install"], flags: { shortValue: "G", longValue: ["group", "source", "extras", "directory"] } },
  cargo: { subs: ["install", "add", "binstall"], flags: { longValue: ["version", "git", "branch", "tag", "rev", "path", "root", "registry", "index", "features", "target", "profile", "jobs", "manifest-path", "package", "rename"], shortValue: "Fj" } },
  gem: { subs: ["install", "i", "update"], flags: { shortValue: "vsi", longValue: ["version", "source", "install-dir", "bindir", "platform"] } },
  brew: { subs: ["install", "reinstall", "upgrade", "tap"], flags: {} },
  apt: { subs: ["install", "reinstall", "upgrade", "full-upgrade", "dist-upgrade"], flags: APT_FLAGS },
  "apt-get": { subs: ["install", "reinstall", "upgrade", "dist-upgrade", "build-dep"], flags: APT_FLAGS },
  aptitude: { subs: ["install", "reinstall", "upgrade", "full-upgrade", "safe-upgrade"], flags: {} },
  dnf: { subs: ["install", "reinstall", "upgrade", "update"], flags: { longValue: ["repo", "enablerepo", "disablerepo", "releasever", "installroot"] } },
  yum: { subs: ["install", "reinstall", "update", "upgrade"], flags: { longValue: ["enablerepo", "disablerepo", "releasever", "installroot"] } },
  apk: { subs: ["add"], flags: { shortValue: "XpU", longValue: ["repository", "root", "virtual"], aliases: { X: "repository", t: "virtual" } } },
  pacman: { subs: [], flags: {} },
  zypper: { subs: ["install", "in"], flags: {} },
  go: { subs: ["install", "get"], flags: { longValue: ["modfile", "tags", "ldflags", "gcflags", "C"] } },
  composer: { subs: ["require", "install", "update", "global"], flags: { shortValue: "d", longValue: ["working-dir"] } },
  conda: { subs: ["install", "create", "update"], flags: CONDA_FLAGS },
  mamba: { subs: ["install", "create", "update"], flags: CONDA_FLAGS },
  deno: { subs: ["install", "add"], flags: { longValue: ["root", "name", "config", "import-map"] } },
  npx: { subs: ["*"], flags: { shortValue: "pc", longValue: ["package", "call"], aliases: { p: "package", c: "call" } } },
  bunx: { subs: ["*"], flags: {} },
  snap: { subs: ["install", "refresh"], flags: { longValue: ["channel", "revision"] } },
  flatpak: { subs: ["install", "update"], flags: {} },
  choco: { subs: ["install", "upgrade"], flags: {} },
  winget: { subs: ["install", "upgrade"], flags: {} },
  scoop: { subs: ["install", "update"], flags: {} },
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
    ctx.out.effect("install", "package", attrs(ctx, { ...extra, package: p.value, ...(source ? { source } : {}) }));
  }
}

/** A package named by a flag (`--from git+https://…`, `--git URL`) that comes from a URL or a repository. */
function installFromFlags(ctx: Ctx, p: ParsedArgs, extra: Attrs, manager: string): void {
  for (const f of p.flags) {
    if (f.value === null || !SPEC_FLAGS.has(f.name)) continue;
    const source = manager === "cargo" && f.name === "git" ? "vcs" : packageSource(manager, f.value);
    if (source) ctx.out.effect("install", "package", attrs(ctx, { ...extra, package: f.value, source }));
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

export const PACKAGE_HANDLERS: Record<string, Handler> = {
  ...Object.fromEntries(Object.keys(MANAGERS).map((k) => [k, (ctx: Ctx) => packageManager(ctx)])),
  pip3: (ctx) => packageManager(ctx, "pip"),
};
