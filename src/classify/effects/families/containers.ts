// Containers: the local container runtime's state — containers, images,
// volumes, networks, build cache, pods — through docker, podman, nerdctl and
// compose. What is lost for good is a volume's data and a running
// container's state: `destroy × container` with `resource` (container, image,
// volume, network, build cache, system, pod, service) and `force`; a prune or
// reset that takes every unused volume (`volume prune`, `system prune
// --volumes`, `podman system reset`) carries `total: true`. Removing a stopped
// container or an unused image without force is `delete × container` (no
// rule: they are rebuilt or pulled again). `push` publishes an image
// (registries.ts's class). Stopping or killing containers named by a
// substitution (`docker stop $(docker ps -q)`) is shape 5.
import { has, parseArgs, type OptionSpec, type ParsedArgs } from "../../programs/options.js";
import { COMPOSE_GLOBAL } from "../../programs/registry.js";
import { substGap } from "../common.js";
import { eff, holds, row, type Cli, type EffectSpec, type Family, type Match } from "./rows.js";

/** docker/podman's global options and the value-taking options of the subcommands the rows read. */
const DOCKER_OPTIONS: OptionSpec = {
  shortValue: "cHl",
  longValue: ["context", "host", "config", "log-level", "tlscacert", "tlscert", "tlskey", "filter", "format", "time", "signal", "until", "connection", "url", "identity", "root", "runroot", "storage-driver", "namespace", "address"],
  longBool: ["force", "volumes", "all", "link", "dry-run", "debug", "tls", "tlsverify", "external", "quiet", "no-prune"],
  aliases: { c: "context", H: "host", l: "log-level", f: "force", v: "volumes", a: "all", q: "quiet", n: "namespace" },
};

/** `docker run -h` is the hostname: only `--help` asks for help; compose has `--dry-run`. */
export const DOCKER_CLI: Cli = { options: DOCKER_OPTIONS, help: { flags: ["help"] }, dryRun: ["dry-run"], envFlags: ["context", "host", "connection"] };

/** After `down`/`rm`: `-v`, `--rmi all|local`, `rm -fsv` (here `-f` is force). */
const COMPOSE_SUB: OptionSpec = {
  shortValue: "t",
  longValue: ["rmi", "timeout"],
  longBool: ["volumes", "remove-orphans", "force", "stop"],
  aliases: { f: "force", v: "volumes", s: "stop", t: "timeout" },
};

const destroy = (resource: string, extra: Record<string, boolean> = {}): EffectSpec => eff("destroy", "container", { resource, ...holds(extra) });

/** `rm`/`rmi` without force removes what is stopped or unused; force takes what is running or in use. */
function remove(resource: "container" | "image", force: boolean, volumes = false): EffectSpec[] {
  const out: EffectSpec[] = [force ? destroy(resource, { force }) : eff("delete", "container", { resource })];
  if (volumes) out.push(destroy("volume"));
  return out;
}

/** `compose down|rm …` after compose's own options (`docker compose -f x.yml -p app down -v`). */
function compose(m: Match, args = m.ctx.args): EffectSpec[] | null {
  const globals = parseArgs(args, COMPOSE_GLOBAL);
  const sub = args[globals.end]?.value;
  const p: ParsedArgs = parseArgs(args.slice(globals.end + 1), COMPOSE_SUB);
  if (sub === "down") {
    const out: EffectSpec[] = [];
    if (has(p, "volumes")) out.push(destroy("volume"));
    const rmi = p.flags.find((f) => f.name === "rmi" && f.value !== null)?.value;
    if (rmi === "all" || rmi === "local") out.push(destroy("image"));
    return out;
  }
  if (sub === "rm") return has(p, "force") || has(p, "volumes") ? [destroy("container", { force: has(p, "force") }), ...(has(p, "volumes") ? [destroy("volume")] : [])] : null;
  return null;
}

/** The words after `compose` in `docker compose …`. */
const afterCompose = (m: Match) => m.ctx.args.slice(m.ctx.args.findIndex((a) => a.value === "compose") + 1);

/** `stop`/`kill` of containers named at run time (`$(docker ps -q)`): which ones is not known here. */
function stopNamed(m: Match): null {
  for (const op of m.rest) substGap(m.ctx, op.arg, "a container name");
  return null;
}

const rmContainer = (m: Match) => remove("container", m.has("force"), m.has("volumes"));
const rmImage = (m: Match) => remove("image", m.has("force"));
/** Prunes and removals of the other resources: all of them can be made again, the data on them cannot. */
const OTHER = new Set(["container", "image", "network", "builder", "buildx", "pod", "secret", "config", "service", "stack", "manifest"]);
const pruneOrRemove = (m: Match) => (OTHER.has(m.path[0]!) ? destroy(m.path[0]!, { all: m.has("all"), force: m.has("force") }) : null);
/**
 * Image and build-cache prunes (issue 20): what they take comes back with a
 * pull or a build, and no container's state goes with them — `delete ×
 * container`, no rule. `container prune` and `system prune` (stopped
 * containers' writable layers) keep `destroy`; volume prunes stay `total`.
 */
const REBUILT = new Set(["image", "builder", "buildx"]);
const prune = (m: Match) => (REBUILT.has(m.path[0]!) ? eff("delete", "container", { resource: m.path[0]!, ...holds({ all: m.has("all") }) }) : pruneOrRemove(m));
/** Read-only: what the runtime holds and what it did. */
const READS = "ps|images|logs|inspect|stats|top|port|diff|history|events|info|version|search";

/** Why a `run`/`create` gives the container the host's powers, or null. */
function hostAccess(words: readonly string[]): string | null {
  for (let k = 0; k < words.length; k++) {
    const w = words[k]!;
    const next = words[k + 1] ?? "";
    if (w === "--privileged" || w === "--privileged=true") return "privileged";
    if (w === "--pid=host" || (w === "--pid" && next === "host") || w === "--userns=host") return "host-namespace";
    const cap = w.startsWith("--cap-add=") ? w.slice(10) : w === "--cap-add" ? next : null;
    if (cap !== null && /^(all|sys_admin|cap_sys_admin)$/i.test(cap)) return "all-capabilities";
    // `-v /:/host`, `--volume=/:/mnt`, `--mount type=bind,source=/,target=/host`: the host's root inside.
    const vol = w.startsWith("--volume=") ? w.slice(9) : w === "-v" || w === "--volume" ? next : /^-v\//.test(w) ? w.slice(2) : null;
    if (vol !== null && /^\/+:/.test(vol)) return "host-root-mount";
    const mount = w.startsWith("--mount=") ? w.slice(8) : w === "--mount" ? next : null;
    if (mount !== null && /(^|,)(source|src)=\/+(,|$)/.test(mount) && /type=bind/.test(mount)) return "host-root-mount";
  }
  return null;
}

const RUNTIME_ROWS = [
  // first: `compose rm` must not read as `* rm`
  row("compose", (m) => compose(m, afterCompose(m)), [
    ["docker compose down -v", "destroy container resource=volume"],
    ["docker compose -f docker-compose.prod.yml -p shop down --volumes --remove-orphans", "destroy container resource=volume"],
    ["docker compose down --rmi all", "destroy container resource=image"],
    ["docker compose rm -fsv", "destroy container resource=container force; destroy container resource=volume"],
    ["docker compose down", ""],
    ["docker compose up -d --build", ""],
    ["docker compose down -v --dry-run", "read container dry_run would=destroy"],
  ]),
  row("rm", rmContainer, [
    ["docker rm -f web", "destroy container resource=container force"],
    ["podman rm --force -a", "destroy container force"],
    ["docker rm -v old-db", "delete container resource=container; destroy container resource=volume"],
    ["docker rm stopped-job", "delete container resource=container"],
  ]),
  row("container rm|remove", rmContainer, [
    ["docker container rm -f $(docker ps -aq)", "destroy container force; read container"],
    ["docker container rm old", "delete container"],
  ]),
  row("rmi", rmImage, [["docker rmi -f node:18", "destroy container resource=image force"], ["docker rmi old:1.0", "delete container resource=image"]]),
  row("image rm|remove", rmImage, [["docker image rm old:1.0", "delete container resource=image"], ["docker image rm --force app", "destroy container force"]]),
  row("system prune", (m) => destroy("system", { all: m.has("all"), volumes: m.has("volumes"), total: m.has("volumes") }), [
    ["docker system prune -a --volumes -f", "destroy container resource=system all volumes total"],
    ["docker system prune", "destroy container resource=system"],
    ["docker system prune --all --force", "destroy container all"],
  ]),
  row("system reset", destroy("system", { total: true }), [["podman system reset --force", "destroy container resource=system total"]]),
  row("volume prune", (m) => destroy("volume", { all: m.has("all"), total: true }), [
    ["docker volume prune -f", "destroy container resource=volume total"],
    ["podman volume prune --all", "destroy container total all"],
  ]),
  row("volume rm|remove", (m) => destroy("volume", { all: m.has("all"), total: m.has("all") }), [
    ["docker volume rm pgdata", "destroy container resource=volume"],
    ["podman volume rm --all", "destroy container resource=volume total"],
  ]),
  row("* prune", prune, [
    ["docker image prune -a", "delete container resource=image all"],
    ["podman image prune -af", "delete container resource=image"],
    ["docker builder prune --all -f", "delete container resource=builder"],
    ["docker buildx prune -f", "delete container resource=buildx"],
    ["docker container prune", "destroy container resource=container"],
    ["podman pod prune", "destroy container resource=pod"],
  ]),
  row("* rm|remove", pruneOrRemove, [
    ["docker network rm backend", "destroy container resource=network"],
    ["podman pod rm -f app", "destroy container resource=pod force"],
    ["docker stack rm monitoring", "destroy container resource=stack"],
  ]),
  row("stop|kill|pause", stopNamed, [["docker stop web", ""], ["docker kill $(docker ps -q)", "read container"]]),
  row("container stop|kill", stopNamed, [["docker container stop api", ""]]),
  row("push", eff("push", "package_registry", { registry: "container" }), [["docker push registry.example.com/shop/api:1.4.2", "push package_registry registry=container"]]),
  row("image push", eff("push", "package_registry", { registry: "container" }), [["podman image push quay.io/acme/app:2", "push package_registry"]]),
  row(READS, eff("read", "container"), [
    ["docker ps -a", "read container"],
    ["docker images", "read container"],
    ["docker logs -f api", "read container"],
    ["docker inspect web", "read container"],
    ["docker --help", ""],
    ["docker rm --help", ""],
  ]),
  // A container with the host's powers (`--privileged`, the host's PID namespace, every capability, the host's root mounted)
  // is the host: what runs in it — an interactive shell, `nsenter -t 1` — is out of the gate's sight.
  row("run|create", (m) => {
    const why = hostAccess(m.ctx.args.map((a) => a.value));
    return why === null ? null : eff("write", "host", { resource: "container", operation: why, privileged: true });
  }, [
    ["docker run --privileged --pid=host alpine nsenter -t 1 -m -u -i -n sh", "write host resource=container privileged"],
    ["docker run -it -v /:/host alpine chroot /host", "write host operation=host-root-mount"],
    ["podman run --cap-add=ALL fedora bash", "write host privileged"],
    ["docker run --rm -v \"$PWD\":/app -w /app node:22 npm test", ""],
  ]),
  row("system df|info|events", eff("read", "container"), [["docker system df", "read container"]]),
  row("volume|network|image|container|context ls|inspect|list", eff("read", "container"), [["podman volume ls", "read container"], ["docker network inspect bridge", "read container"]]),
];

const DOCKER = { names: ["docker", "podman", "nerdctl"], service: "docker", cli: DOCKER_CLI, rows: RUNTIME_ROWS };

/** Standalone compose: `docker-compose [-f FILE] down -v`. */
const COMPOSE_CLI: Cli = { options: { ...COMPOSE_GLOBAL, stopAtOperand: false, longBool: [...(COMPOSE_GLOBAL.longBool ?? []), ...(COMPOSE_SUB.longBool ?? [])] }, help: { flags: ["help", "h"] }, dryRun: ["dry-run"] };

const COMPOSE = {
  names: ["docker-compose", "podman-compose"],
  service: "compose",
  cli: COMPOSE_CLI,
  rows: [
    row("down|rm", (m) => compose(m), [
      ["docker-compose down -v", "destroy container resource=volume"],
      ["podman-compose -f compose.yml down --volumes", "destroy container resource=volume"],
      ["docker-compose rm -f", "destroy container force"],
      ["docker-compose down", ""],
      ["docker-compose rm", ""],
    ]),
  ],
};

export const CONTAINERS: Family = { name: "containers", programs: [DOCKER, COMPOSE] };
