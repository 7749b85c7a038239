// Package registries, and removing packages from the system. Publishing a
// package (npm/pnpm/yarn/bun publish, cargo publish, gem push, twine upload,
// poetry/uv/flit/hatch/pdm publish, mvn deploy, gradle publish, dotnet nuget
// push, helm push) is `push × package_registry`: everyone who installs it gets
// what was pushed, and a version cannot be published twice. Unpublishing,
// yanking and deleting versions is `delete × package_registry`; a whole
// package unpublished (`npm unpublish NAME --force` with no version) carries
// `total: true`. Deprecating, retagging and changing owners is `write`.
// `--dry-run` forms only read. Removing packages through the system's package
// manager (apt, dnf/yum, pacman -R, zypper, apk, brew, snap, port) is
// `delete × package {system: true}`; uninstalling from a project or virtualenv
// (pip, npm, cargo, gem, poetry remove) is `delete × package` with no rule.
import { HELM_CLI } from "./clusters.js";
import { eff, holds, row, type Cli, type EffectSpec, type Family, type Match } from "./rows.js";

const publish = (registry: string): EffectSpec => eff("push", "package_registry", { registry });
const retract = (registry: string, extra: Record<string, boolean> = {}): EffectSpec => eff("delete", "package_registry", { registry, ...holds(extra) });
const change = (registry: string): EffectSpec => eff("write", "package_registry", { registry });
const uninstall = (system: boolean) => (m: Match): EffectSpec[] => {
  const names = m.rest.map((o) => o.value).filter((v) => !v.startsWith("-"));
  return (names.length ? names : [""]).map((p) => eff("delete", "package", { ...(p ? { package: p } : {}), ...(system ? { system: true } : {}) }));
};

const NODE_CLI: Cli = {
  options: { shortValue: "wC", longValue: ["workspace", "prefix", "registry", "tag", "access", "otp", "filter", "dir", "cwd", "userconfig", "reporter", "loglevel", "cache", "include", "omit", "workspace-root", "store-dir", "lockfile-dir", "publish-branch", "report-summary"], longBool: ["dry-run", "force", "recursive", "workspaces", "global", "provenance", "no-git-checks"], aliases: { w: "workspace", C: "dir", f: "force", r: "recursive", g: "global" } },
  help: { flags: ["help", "h"] },
  dryRun: ["dry-run"],
};

/** `npm unpublish NAME@1.2.3` drops a version; `npm unpublish NAME --force` the whole package. */
const npmUnpublish = (m: Match): EffectSpec => retract("npm", { total: !m.rest.some((o) => /.@[^/]+$/.test(o.value)) && m.has("force") });

const NODE_PMS = {
  names: ["npm", "pnpm", "yarn", "bun"],
  service: "npm",
  cli: NODE_CLI,
  rows: [
    row("publish", publish("npm"), [
      ["npm publish --access public", "push package_registry registry=npm"],
      ["pnpm -r publish --no-git-checks", "push package_registry"],
      ["npm publish --dry-run", "read package_registry dry_run would=push"],
      ["npm publish --dry-run=false", "push package_registry"],
      ["pnpm --reporter 'publish'", ""],
      ["pnpm --reporter append-only publish", "push package_registry"],
    ]),
    row("npm publish", publish("npm"), [["yarn npm publish --tag next", "push package_registry"]]),
    row("unpublish", npmUnpublish, [
      ["npm unpublish @acme/sdk@2.0.1", "delete package_registry"],
      ["npm unpublish left-pad --force", "delete package_registry total"],
    ]),
    row("deprecate|undeprecate", change("npm"), [["npm deprecate @acme/sdk@'<2' 'use v2'", "write package_registry"]]),
    row("dist-tag|owner|access|team", (m) => (/^(rm|remove|add|set|grant|revoke)$/.test(m.rest[0]?.value ?? "") ? change("npm") : null), [["npm dist-tag rm @acme/sdk beta", "write package_registry"], ["npm owner rm bob @acme/sdk", "write package_registry"], ["npm dist-tag ls @acme/sdk", ""]]),
    row("uninstall|remove|rm|un|r", uninstall(false), [["npm uninstall lodash", "delete package package=lodash"], ["yarn remove react", "delete package"]]),
    row("view|info|show|ls|list|pack|whoami|search|outdated|audit", eff("read", "package_registry"), [["npm view react version", "read package_registry"], ["npm pack --dry-run", "read package_registry"]]),
  ],
};

const CARGO_CLI: Cli = { options: { shortValue: "pj", longValue: ["registry", "token", "index", "manifest-path", "package", "version", "vers", "jobs", "features", "target"], longBool: ["dry-run", "undo", "allow-dirty", "no-verify", "locked", "frozen", "offline", "all-features"], aliases: { p: "package", j: "jobs", n: "dry-run" } }, help: { flags: ["help", "h"] }, dryRun: ["dry-run"] };

const CARGO = {
  names: ["cargo"],
  service: "crates",
  cli: CARGO_CLI,
  rows: [
    row("publish", publish("crates"), [["cargo publish", "push package_registry registry=crates"], ["cargo --frozen publish --allow-dirty", "push package_registry"], ["cargo publish --dry-run", "read package_registry dry_run"]]),
    row("yank", (m) => (m.has("undo") ? change("crates") : retract("crates")), [["cargo yank --version 1.0.0 my-crate", "delete package_registry"], ["cargo yank --vers 1.0.0 --undo", "write package_registry"]]),
    row("owner", (m) => (m.ctx.args.some((a) => /^(--remove|-r|--add|-a)$/.test(a.value)) ? change("crates") : null), [["cargo owner --remove alice", "write package_registry"]]),
    row("uninstall|remove|rm", uninstall(false), [["cargo remove serde", "delete package"]]),
  ],
};

const GEM = {
  names: ["gem"],
  service: "rubygems",
  cli: { options: { shortValue: "vk", longValue: ["version", "key", "host", "otp", "platform"], aliases: { v: "version", k: "key" } }, help: { flags: ["help", "h"] } } satisfies Cli,
  rows: [
    row("push", publish("rubygems"), [["gem push acme-1.2.0.gem", "push package_registry registry=rubygems"]]),
    row("yank", retract("rubygems"), [["gem yank acme -v 1.2.0", "delete package_registry"]]),
    row("owner", (m) => (m.ctx.args.some((a) => /^(--remove|-r|--add|-a)$/.test(a.value)) ? change("rubygems") : null), [["gem owner acme --remove bob@example.com", "write package_registry"]]),
    row("uninstall", uninstall(false), [["gem uninstall rails", "delete package"]]),
  ],
};

const PYTHON_PUBLISH_CLI: Cli = { options: { shortValue: "ruph", longValue: ["repository", "repository-url", "username", "password", "token", "index", "publish-url", "build"], longBool: ["dry-run", "skip-existing", "build", "no-build"], aliases: { r: "repository", u: "username", p: "password" } }, help: { flags: ["help", "h"] }, dryRun: ["dry-run"] };

const PYTHON_PUBLISH = {
  names: ["twine", "poetry", "flit", "hatch", "pdm", "uv"],
  service: "pypi",
  cli: PYTHON_PUBLISH_CLI,
  rows: [
    row("upload|publish", publish("pypi"), [
      ["twine upload dist/*", "push package_registry registry=pypi"],
      ["poetry publish --build", "push package_registry"],
      ["uv publish --token $PYPI_TOKEN", "push package_registry"],
      ["poetry publish --dry-run", "read package_registry dry_run"],
    ]),
    row("remove", uninstall(false), [["poetry remove requests", "delete package"]]),
    row("check|build|show|version|lock|tree", eff("read", "package_registry"), [["twine check dist/*", "read package_registry"]]),
  ],
};

/** `mvn clean deploy`, `mvn release:perform`; Gradle publishing tasks. */
const MAVEN = {
  names: ["mvn", "mvnw", "gradle", "gradlew"],
  service: "maven",
  cli: { options: { shortValue: "DPfspl", longValue: ["file", "settings", "projects", "define", "activate-profiles"], longBool: ["batch-mode", "offline", "quiet", "dry-run"], aliases: { f: "file", s: "settings", D: "define", P: "activate-profiles", m: "dry-run" } }, help: { flags: ["help", "h"] }, dryRun: ["dry-run"] } satisfies Cli,
  rows: [
    row("*", (m) => {
      const tasks = [...m.path, ...m.rest.map((o) => o.value)];
      const gradle = /gradle/.test(m.ctx.program);
      const publishes = gradle ? tasks.some((t) => /^(publish\w*|:?[\w-]+:publish\w*|uploadArchives|closeAndReleaseRepository|releaseRepository)$/.test(t)) : tasks.some((t) => /^(deploy|release:perform|deploy:deploy(-file)?|nexus-staging:release)$/.test(t));
      return publishes ? publish("maven") : null;
    }, [
      ["mvn clean deploy -DskipTests", "push package_registry registry=maven"],
      ["./mvnw release:perform", "push package_registry"],
      ["./gradlew publish", "push package_registry"],
      ["gradle :lib:publishToMavenCentral", "push package_registry"],
      ["mvn clean verify", ""],
      ["./gradlew build", ""],
      ["gradle publishToMavenLocal", "push package_registry"],
    ]),
  ],
};

const DOTNET = {
  names: ["dotnet"],
  service: "nuget",
  cli: { options: { shortValue: "ksc", longValue: ["api-key", "source", "configuration", "framework", "output"], longBool: ["skip-duplicate", "non-interactive", "force-english-output"], aliases: { k: "api-key", s: "source", c: "configuration" } }, help: { flags: ["help", "h"] } } satisfies Cli,
  rows: [
    row("nuget push", publish("nuget"), [["dotnet nuget push bin/Acme.1.2.0.nupkg --api-key $K --source nuget.org", "push package_registry registry=nuget"]]),
    row("nuget delete", retract("nuget"), [["dotnet nuget delete Acme 1.2.0 --non-interactive", "delete package_registry"]]),
  ],
};

const HELM_PUSH = { names: ["helm"], service: "helm", cli: HELM_CLI, rows: [row("push", publish("helm"), [["helm push shop-1.2.0.tgz oci://registry.example.com/charts", "push package_registry registry=helm"]])] };

const SYSTEM_CLI: Cli = { options: { shortValue: "otc", longValue: ["option", "target-release", "config-file", "root"], longBool: ["yes", "assume-yes", "purge", "dry-run", "simulate", "just-print", "no-act", "force"], aliases: { y: "yes", s: "simulate" } }, help: { flags: ["help", "h"] }, dryRun: ["dry-run", "simulate", "just-print", "no-act"] };

const SYSTEM_PMS = {
  names: ["apt", "apt-get", "aptitude", "dnf", "yum", "zypper", "apk", "brew", "snap", "port", "flatpak"],
  service: "system-packages",
  cli: SYSTEM_CLI,
  rows: [
    row("remove|purge|autoremove|erase|uninstall|rm|del|zap|autopurge", uninstall(true), [
      ["sudo apt-get remove -y nginx", "delete package package=nginx system"],
      ["apt purge openssh-server", "delete package system"],
      ["sudo apt autoremove", "delete package system"],
      ["dnf remove httpd", "delete package system"],
      ["brew uninstall --force wget", "delete package system"],
      ["apk del curl", "delete package system"],
      ["snap remove lxd", "delete package system"],
      ["apt-get remove --simulate nginx", "read package dry_run"],
    ]),
  ],
};

/** pacman's operations are flags: `-R`, `-Rns`, `-Rdd` remove. */
const PACMAN = {
  names: ["pacman", "yay", "paru"],
  service: "pacman",
  cli: { options: { longValue: ["root", "dbpath", "config"], longBool: ["noconfirm", "print"] }, help: { flags: ["help", "h"] } } satisfies Cli,
  rows: [row("", (m) => (m.ctx.args.some((a) => /^-R[a-zA-Z]*$/.test(a.value) || a.value === "--remove") ? uninstall(true)(m) : null), [["sudo pacman -Rns firefox", "delete package system"], ["pacman -Qi bash", ""]])],
};

const PIP_UNINSTALL = {
  names: ["pip", "pip3", "pipx"],
  service: "pip",
  cli: { options: { shortValue: "r", longValue: ["requirement", "python"], longBool: ["yes", "break-system-packages", "dry-run"], aliases: { r: "requirement", y: "yes" } }, help: { flags: ["help", "h"] }, dryRun: ["dry-run"] } satisfies Cli,
  rows: [row("uninstall", uninstall(false), [["pip uninstall -y boto3", "delete package package=boto3"], ["pip install --dry-run requests", "read package dry_run would=install"]])],
};

/** Container image registries driven directly (crane, skopeo, regctl, oras): deleting a tag or manifest is gone for every puller. */
const IMAGE_TOOLS = {
  names: ["crane", "skopeo", "regctl", "oras"],
  service: "container-registry",
  cli: { options: { longValue: ["platform", "creds", "authfile", "username", "password", "host", "format"], longBool: ["insecure", "tls-verify", "force", "quiet"] }, help: { flags: ["help", "h"] } } satisfies Cli,
  rows: [
    row("delete", retract("container"), [["crane delete registry.example.com/api@sha256:abc", "delete package_registry registry=container"], ["skopeo delete docker://registry.example.com/api:1.0", "delete package_registry"]]),
    row("tag|manifest|image|blob|repo|index delete|rm", retract("container"), [
      ["regctl tag delete registry.example.com/api:1.0", "delete package_registry"],
      ["oras manifest delete --force registry.example.com/api:1.0", "delete package_registry"],
    ]),
    row("push|copy|cp|mutate|append|rebase|sync", change("container"), [["crane copy a.example/api:1 b.example/api:1", "write package_registry"]]),
    row("ls|list|inspect|config|digest|catalog|pull|export", () => null, [["crane ls registry.example.com/api", ""], ["skopeo inspect docker://registry.example.com/api:1.0", ""]]),
  ],
};

export const REGISTRIES: Family = {
  name: "package registries",
  programs: [NODE_PMS, CARGO, GEM, PYTHON_PUBLISH, MAVEN, DOTNET, HELM_PUSH, SYSTEM_PMS, PACMAN, PIP_UNINSTALL, IMAGE_TOOLS],
};
