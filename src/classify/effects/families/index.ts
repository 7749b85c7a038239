// The tool families (issue 8): every family file's rows, indexed by program,
// and what the shell table asks of them — the rows for a command, the API
// endpoints of an HTTP request, and the conventions (help, dry run) of any
// tool that has them. A new family is a file beside these, added to FAMILIES.
import type { Arg } from "../../programs/args.js";
import { values } from "../../programs/args.js";
import { interpreterOf, programSource, type InterpreterFamily } from "../../programs/interpreters.js";
import type { Ctx } from "../common.js";
import { CONVENTIONS } from "./conventions.js";
import { compileFamilies, invocationMode, runRows, type InvocationMode } from "./engine.js";
import { apiEffects } from "./http.js";
import { HTTP_CLIENTS } from "./http-request.js";
import type { ApiRow, Cli, Family } from "./rows.js";
import { BACKUPS } from "./backups.js";
import { CDN } from "./cdn.js";
import { CI } from "./ci.js";
import { DNS } from "./dns.js";
import { EMAIL } from "./email.js";
import { FORGES } from "./forges.js";
import { GATEWAYS } from "./gateways.js";
import { MESSAGING } from "./messaging.js";
import { MONITORING } from "./monitoring.js";
import { PAYMENT } from "./payment.js";
import { PLATFORMS } from "./platforms.js";
import { SEARCH } from "./search.js";
import { SECRETS } from "./secrets.js";
import { STORAGE } from "./storage.js";
import { CONTAINERS } from "./containers.js";
import { CLUSTERS } from "./clusters.js";
import { CLOUDS } from "./clouds.js";
import { IAC } from "./iac.js";
import { APP_PLATFORMS } from "./app-platforms.js";
import { DATABASE_TOOLS } from "./database-tools.js";
import { GRAPH_TIMESERIES } from "./graph-timeseries.js";
import { DISKS } from "./disks.js";
import { SYSTEM } from "./system.js";
import { REGISTRIES } from "./registries.js";
import { WINDOWS_BACKUPS } from "./windows-backups.js";
import { WINDOWS_FILES } from "./windows-files.js";
import { WINDOWS_REGISTRY } from "./windows-registry.js";
import { WINDOWS_HOST } from "./windows-host.js";
import { HOST_KERNEL } from "./host-kernel.js";
import { AGENTS } from "./agents.js";
import { KV_STORES } from "./kv-stores.js";
import { LOGS } from "./logs.js";

/** In order: rows of one program are tried family by family, API rows likewise (platforms' generic GraphQL row last). */
export const FAMILIES: readonly Family[] = [
  // group A (issue 8b)
  STORAGE, BACKUPS, SECRETS, MESSAGING, SEARCH, FORGES, CI, CDN, DNS, EMAIL, GATEWAYS, MONITORING, PAYMENT, PLATFORMS,
  // group B (issue 8c)
  CONTAINERS, CLUSTERS, CLOUDS, IAC, APP_PLATFORMS, DATABASE_TOOLS, GRAPH_TIMESERIES, DISKS, SYSTEM, REGISTRIES, KV_STORES,
  // Windows (issue win)
  WINDOWS_REGISTRY, WINDOWS_BACKUPS, WINDOWS_FILES,
  // late effects: the host's kernel and network, Windows disks/boot/protections, agents started with their guards off
  HOST_KERNEL, WINDOWS_HOST, AGENTS,
  // issue 20: the host's logs cleared by the programs that keep them
  LOGS,
];

const TABLE = compileFamilies(FAMILIES);
const API_ROWS: readonly ApiRow[] = FAMILIES.flatMap((f) => f.apis ?? []);
const API_CLIENTS: ReadonlySet<string> = new Set(HTTP_CLIENTS);

/** Tools run as `java -jar NAME.jar …`: the jar's base name is the tool. */
const JAR_TOOLS: ReadonlyMap<string, string> = new Map([["jenkins-cli.jar", "jenkins-cli"]]);

/** Tool scripts run by an interpreter (`python manage.py flush`, `php artisan migrate:fresh`): the script is the tool. */
// Maps, not object literals: an argument such as `toString` must find nothing.
// The interpreter names come from the interpreter table (programs/interpreters.ts): `python3.12`, `pypy3`, `php8.2` too.
const runBy = (...families: InterpreterFamily[]) => (program: string): boolean => families.includes(interpreterOf(program)?.family as InterpreterFamily);
const SCRIPT_TOOLS: ReadonlyMap<string, { interpreters: (program: string) => boolean; tool: string }> = new Map([
  ["manage.py", { interpreters: runBy("python"), tool: "manage.py" }],
  ["artisan", { interpreters: runBy("php"), tool: "artisan" }],
  ["console", { interpreters: runBy("php"), tool: "console" }],
  ["ef", { interpreters: (p: string) => p === "dotnet", tool: "dotnet-ef" }],
]);

/** JavaScript runtimes that run a package's entry script: `node …/wrangler/bin/wrangler.js`, `bun run x.mjs`, `deno run x.js`. */
const JS_RUNTIMES = runBy("node", "bun", "deno");
const JS_ENTRY = /^(.+?)\.(c|m)?js$/;

/**
 * A family tool's own entry script run by its runtime is that tool
 * (`node ./node_modules/wrangler/bin/wrangler.js delete worker` is `wrangler delete worker`).
 */
function jsEntryTool(ctx: Ctx): Ctx | null {
  if (!JS_RUNTIMES(ctx.program)) return null;
  // The script after the runtime's own flags (`deno run -A x.js`, `node --title t x.js`), as the interpreter table reads it.
  const src = programSource(ctx.program, ctx.args);
  if (src?.kind !== "script") return null;
  const i = src.index;
  const base = ctx.args[i]?.value.split(/[\\/]/).pop() ?? "";
  const tool = JS_ENTRY.exec(base)?.[1];
  if (tool === undefined || !TABLE.has(tool)) return null;
  const args: Arg[] = ctx.args.slice(i + 1);
  return { ...ctx, program: tool, args, argv: values(args) };
}

/** The command as its family rows see it: `java -jar jenkins-cli.jar ARGS` is `jenkins-cli ARGS`, `python manage.py ARGS` is `manage.py ARGS`. */
function asFamilyCommand(ctx: Ctx): Ctx {
  const script = ctx.args[0]?.value.split(/[\/]/).pop() ?? "";
  const scriptTool = SCRIPT_TOOLS.get(script);
  if (scriptTool && scriptTool.interpreters(ctx.program)) {
    const args: Arg[] = ctx.args.slice(1);
    return { ...ctx, program: scriptTool.tool, args, argv: values(args) };
  }
  const jsTool = jsEntryTool(ctx);
  if (jsTool !== null) return jsTool;
  if (ctx.program !== "java") return ctx;
  const jar = ctx.args.findIndex((a) => a.value === "-jar");
  const path = jar >= 0 ? ctx.args[jar + 1]?.value : undefined;
  const tool = path ? JAR_TOOLS.get(path.split(/[\\/]/).pop()!.toLowerCase()) : undefined;
  if (!tool) return ctx;
  const args: Arg[] = ctx.args.slice(jar + 2);
  return { ...ctx, program: tool, args, argv: values(args) };
}

/** How a tool's command line reads, when a family or the conventions table knows it. */
export function cliFor(program: string): Cli | null {
  return TABLE.get(program)?.cli ?? CONVENTIONS.get(program) ?? null;
}

/** Help (prints usage, does nothing), a dry run (changes nothing), or neither. */
export function commandMode(ctx: Ctx): InvocationMode {
  const c = asFamilyCommand(ctx);
  const cli = cliFor(c.program);
  return cli ? invocationMode(cli, c.args) : null;
}

/** Does a family have rows for this program (lower-case name)? */
export function familyKnows(program: string): boolean {
  return TABLE.has(program);
}

/** Run the family rows for this command; true when a row claimed it. */
export function familyRows(ctx: Ctx): boolean {
  const c = asFamilyCommand(ctx);
  const table = TABLE.get(c.program);
  return table ? runRows(c, table) : false;
}

/** The effects an HTTP request has on the API endpoints the families know. */
export function familyApis(ctx: Ctx): void {
  if (API_CLIENTS.has(ctx.program) && API_ROWS.length > 0) apiEffects(ctx, API_ROWS);
}
