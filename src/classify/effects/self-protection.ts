// The gate protects itself (SPEC §6.8): commands that switch Gatehouse off,
// or change what it is, without naming one of its files as a plain operand
// (those are the path table's: a path at, under or holding an entry of
// `host.gate` carries `persistence: gatehouse`, paths.ts). Each effect here
// carries `persistence: gatehouse`, so the default bundle's `agent.controls`
// asks — a person may mean it; the agent should not do it on its own.
//
// | command | effect |
// |---|---|
// | the Gatehouse CLI by any spelling (`gatehouse`, `npx gatehouse@x`, `pnpm dlx gatehouse`, `./node_modules/.bin/gatehouse`, `node …/bin/gatehouse.js`, `npx <package dir>`, a launcher or bundle file in `host.gate`) running `install`, `uninstall`, `service` or `serve` | write × host {resource: gatehouse, operation: `gatehouse SUB`} |
// | the same, any subcommand, with `--ledger`, `--state-dir` or `--record-file` | write × class(that path) — the ledger or state in use asks, another one does not |
// | `npm|pnpm|yarn|bun remove|uninstall|add|install|update|link gatehouse…` | write × package {package: gatehouse} — the package the hook may run from |
// | `kill PID` of a daemon in `host.gate` (`pid:N`), or of PIDs a `pgrep`/`pidof`/`lsof`/`fuser`/`cat PIDFILE` finds for it (`kill $(pgrep -f gatehouse)`, `pgrep node \| xargs kill`) | write × host {resource: processes, operation: signal the Gatehouse daemon} |
// | `pkill [-f] PATTERN` whose pattern matches the daemon's process name or command line, `pkill -F PIDFILE` of the gate; `killall NAME` of it (`killall node`) | the same |
// | `fuser -k PORT/tcp` of a daemon port (`host.gate` URLs; 4283, the default) or of a footprint file | the same |
// | `systemctl [--user] stop|kill|disable|mask|restart UNIT`, `service UNIT stop`, `launchctl bootout|unload|kill|remove|disable …` naming a Gatehouse unit | the same |
// | a coding agent's CLI (`claude`, `codex`, `gemini`, …) started with `NODE_OPTIONS`, `BASH_ENV`, `HOME`, `XDG_STATE_HOME`, … set (before it, through `env`, or exported earlier in the text) | write × shell {persistence: gatehouse, variable: NAME} — the nested agent's hooks inherit them: a preload runs inside Gatehouse, another state directory starts its counters blank |
// | `apply_patch PATCH` / `applypatch` (Codex's shell form; the patch as an argument or a heredoc) | write/delete × class(each file of the patch, apply-patch.ts) |
import { GAP_SHAPE } from "../../model/gap-shapes.js";
import { gateFootprint, type GateFootprint } from "../gate.js";
import { hostOf } from "../host-env.js";
import { interpreterOf, programSource } from "../programs/interpreters.js";
import { isLiteralArg, type Arg } from "../programs/args.js";
import { flagValues, parseArgs, type ParsedArgs } from "../programs/options.js";
import { patchHunks } from "../apply-patch.js";
import { attrs, emitPath, gap, resolveAll, stdinLiteral, targetText, type Ctx } from "./common.js";
import type { Handler } from "./entries.js";

/** `gatehouse serve`'s default port (src/cli/serve.ts): a daemon may listen there with no footprint recorded. */
export const DEFAULT_DAEMON_PORT = 4283;

/** Subcommands that change what guards the agent: hooks written or removed, a daemon started, a service changed. */
const CONTROL_SUBCOMMANDS = new Set(["install", "uninstall", "service", "serve"]);
/** Options of any subcommand that name a file Gatehouse writes. */
const WRITTEN_OPTIONS = ["ledger", "state-dir", "record-file"];

const GATEHOUSE_NAME = /^gatehouse(-guard)?(@[^/\\]*)?(\.(js|cjs|mjs|cmd|ps1|exe))?$/i;
/** The bundled CLI files a launcher loads (dist/), runnable with node directly. */
const BUNDLE_FILE = /(^|[\\/])(gatehouse(-guard)?[\\/](bin[\\/]gatehouse\.js|dist[\\/](cli|guard|hook-forward)\.cjs)|bin[\\/]gatehouse\.js)$/i;

function footprint(ctx: Ctx): GateFootprint {
  return gateFootprint(hostOf(ctx.env));
}

function inGate(ctx: Ctx, value: string, arg: Arg | null): boolean {
  if (arg?.subst) return false;
  return resolveAll(ctx, value, isLiteralArg(arg)).some((r) => r.inGate);
}

/** Is a program word or script path the Gatehouse CLI? By name, by file (`bin/gatehouse.js`), or by being part of the footprint. */
function isGatehouseFile(ctx: Ctx, value: string, arg: Arg | null): boolean {
  const base = value.split(/[\\/]/).filter(Boolean).pop() ?? "";
  if (GATEHOUSE_NAME.test(base) || BUNDLE_FILE.test(value)) return true;
  // A package directory (`npx /opt/gatehouse uninstall`) or launcher the host lists.
  return inGate(ctx, value, arg) && footprint(ctx).paths.some((p) => sameEnd(p, value));
}

/** Does the footprint entry `entry` end with the path as written (`/home/u/tools/gh` ↔ `/home/u/tools/gh`, `./gh` ↔ `/cwd/gh`)? */
function sameEnd(entry: string, value: string): boolean {
  const a = entry.replace(/[\\/]+$/, "").toLowerCase().split(/[\\/]+/);
  const b = value.replace(/[\\/]+$/, "").toLowerCase().split(/[\\/]+/).filter((s) => s !== "." && s !== "");
  return b.length > 0 && b.every((s, i) => a[a.length - b.length + i] === s);
}

/** The words after the Gatehouse CLI's own name, when this command runs it; null otherwise. */
function gatehouseArgs(ctx: Ctx): readonly Arg[] | null {
  const named = ctx.pc.programPath ?? null;
  if (GATEHOUSE_NAME.test(ctx.program) || (named !== null && isGatehouseFile(ctx, named.value, named))) return ctx.args;
  const interpreter = interpreterOf(ctx.program);
  if (interpreter === null || !["node", "bun", "deno", "ts-node"].includes(interpreter.family)) return null;
  const src = programSource(ctx.program, ctx.args);
  if (src?.kind !== "script") return null;
  const script = ctx.args[src.index]!;
  return isGatehouseFile(ctx, script.value, script) ? ctx.args.slice(src.index + 1) : null;
}

const CLI_SPEC = { longValue: ["bundle", "state-dir", "ledger", "record-file", "project", "http", "daemon", "on-error", "port", "cwd", "command", "state", "touch-set", "daemon-timeout"] };

function gatehouseCli(ctx: Ctx): void {
  const words = gatehouseArgs(ctx);
  if (words === null) return;
  const p: ParsedArgs = parseArgs(words, CLI_SPEC);
  const sub = p.operands[0]?.value.toLowerCase() ?? "";
  if (CONTROL_SUBCOMMANDS.has(sub)) {
    const operation = `gatehouse ${[sub, p.operands[1]?.value].filter(Boolean).join(" ")}`;
    ctx.out.effect("write", "host", attrs(ctx, { target: targetText(`Gatehouse itself (${operation})`), resource: "gatehouse", operation, persistence: "gatehouse" }));
  }
  for (const f of flagValues(p, ...WRITTEN_OPTIONS)) emitPath(ctx, "write", f.value, f.arg, "plain");
}

// ── the gatehouse package through a package manager ─────────────────────

const PM_CHANGES: Readonly<Record<string, ReadonlySet<string>>> = {
  npm: new Set(["uninstall", "remove", "rm", "r", "un", "unlink", "install", "i", "in", "ins", "inst", "insta", "instal", "isnt", "isntall", "add", "update", "up", "upgrade", "udpate", "link", "ln", "ci"]),
  pnpm: new Set(["remove", "rm", "uninstall", "un", "add", "install", "i", "update", "up", "upgrade", "link", "ln", "unlink"]),
  yarn: new Set(["remove", "add", "upgrade", "up", "link", "unlink", "global"]),
  bun: new Set(["remove", "rm", "add", "a", "install", "i", "update", "link", "unlink"]),
};

function gatehousePackage(ctx: Ctx): void {
  const subs = PM_CHANGES[ctx.program];
  if (subs === undefined) return;
  const words = ctx.args.map((a) => a.value);
  const at = words.findIndex((w) => !w.startsWith("-"));
  if (at < 0 || !subs.has(words[at]!)) return;
  const named = words.slice(at + 1).find((w) => /^(@[^/]+\/)?gatehouse(-guard)?(@.*)?$/i.test(w) || /(^|[\\/])gatehouse(-guard)?[\\/]?$/i.test(w));
  if (named === undefined) return;
  ctx.out.effect("write", "package", attrs(ctx, { target: targetText(`the Gatehouse package (${ctx.program} ${words.slice(at).join(" ")})`), package: named, operation: `${ctx.program} ${words[at]}`, persistence: "gatehouse" }));
}

// ── signalling the daemon ────────────────────────────────────────────────

const SIGNAL_WORD = /^-(\d+|[A-Z]{2,}[A-Z0-9+-]*)$/;

function signalDaemon(ctx: Ctx, how: string): void {
  ctx.out.effect("write", "host", attrs(ctx, { target: targetText(`the Gatehouse daemon (${how})`), resource: "processes", operation: "signal the Gatehouse daemon", persistence: "gatehouse" }));
}

/** The daemon's process names: the node binary's basename (from the footprint, else `node`), and `gatehouse`. */
function daemonNames(f: GateFootprint): string[] {
  const names = new Set(["node", "nodejs", "gatehouse"]);
  for (const p of f.paths) {
    const base = p.split(/[\\/]/).pop() ?? "";
    if (/^(node|nodejs|bun|deno)[0-9.]*(\.exe)?$/i.test(base)) names.add(base.replace(/\.exe$/i, ""));
  }
  return [...names];
}

/** Command lines a daemon of this footprint runs with (`<node> <launcher> serve …`); generic ones when none is recorded. */
function daemonCommandLines(f: GateFootprint): string[] {
  const nodes = f.paths.filter((p) => /[\\/](node|nodejs|bun)[0-9.]*(\.exe)?$/i.test(p));
  // The launcher as the daemon was started: the file install records, or the `gatehouse` bin link npm puts on PATH.
  const launchers = [...f.paths.filter((p) => /gatehouse\.js$/i.test(p)), "/usr/local/bin/gatehouse", "/usr/lib/node_modules/gatehouse/bin/gatehouse.js", "/usr/lib/node_modules/gatehouse-guard/bin/gatehouse.js"];
  const ports = f.ports.length > 0 ? f.ports : [DEFAULT_DAEMON_PORT];
  const out: string[] = [];
  for (const n of nodes.length > 0 ? nodes : ["node"])
    for (const l of launchers) for (const port of ports) out.push(`${n} ${l} serve --port ${port}`);
  return out;
}

/** A pgrep/pkill pattern (an ERE; read as a JS RegExp, close enough for literal names and simple classes). */
function patternMatches(pattern: string, texts: readonly string[], opts: { exact: boolean; ignoreCase: boolean }): boolean {
  let re: RegExp;
  try {
    re = new RegExp(opts.exact ? `^(?:${pattern})$` : pattern, opts.ignoreCase ? "i" : "");
  } catch {
    return false; // pkill refuses a pattern it cannot compile: nothing is signalled
  }
  return texts.some((t) => re.test(t));
}

const PGREP_SPEC = { shortValue: "dgGPstuUFLT", longValue: ["signal", "delimiter", "group", "parent", "session", "terminal", "euid", "uid", "pidfile", "ns", "nslist", "pgroup", "runstates", "cgroup", "env"], aliases: { f: "full", x: "exact", i: "ignore-case", v: "inverse", F: "pidfile" } };

/** Does a pgrep/pkill invocation select the daemon? */
function pgrepSelectsDaemon(ctx: Ctx, args: readonly Arg[]): boolean {
  const words = SIGNAL_WORD.test(args[0]?.value ?? "") ? args.slice(1) : args;
  const p = parseArgs(words, PGREP_SPEC);
  const f = footprint(ctx);
  for (const pid of flagValues(p, "pidfile")) if (inGate(ctx, pid.value, pid.arg)) return true;
  const pattern = p.operands[0];
  if (pattern === undefined) return false;
  if (pattern.arg.dynamic) return true; // a pattern chosen at run time may be the daemon's
  const full = p.flags.some((x) => x.name === "full");
  const texts = full ? daemonCommandLines(f) : daemonNames(f);
  const hit = patternMatches(pattern.value, texts, { exact: p.flags.some((x) => x.name === "exact"), ignoreCase: p.flags.some((x) => x.name === "ignore-case") });
  return p.flags.some((x) => x.name === "inverse") ? !hit : hit;
}

const KILLALL_SPEC = { shortValue: "suoyVnZ", longValue: ["signal", "user", "older-than", "younger-than", "context", "ns"], aliases: { r: "regexp", I: "ignore-case", e: "exact" } };

function killallSelectsDaemon(ctx: Ctx): boolean {
  const words = SIGNAL_WORD.test(ctx.args[0]?.value ?? "") ? ctx.args.slice(1) : ctx.args;
  const p = parseArgs(words, KILLALL_SPEC);
  const names = daemonNames(footprint(ctx));
  const regex = p.flags.some((x) => x.name === "regexp");
  const ignoreCase = p.flags.some((x) => x.name === "ignore-case");
  return p.operands.some((o) => o.arg.dynamic || (regex ? patternMatches(o.value, names, { exact: false, ignoreCase }) : names.some((n) => (ignoreCase ? n.toLowerCase() === o.value.toLowerCase() : n === o.value.split("/").pop()))));
}

/** A command that prints PIDs (`pgrep`, `pidof`, `lsof -t`, `fuser`, `cat PIDFILE`): does it print the daemon's? */
function findsDaemon(ctx: Ctx, index: number): boolean {
  const pc = ctx.analysis.commands[index];
  if (!pc) return false;
  const sub: Ctx = { ...ctx, index, pc, program: pc.cmd.program, args: pc.args, argv: pc.cmd.argv };
  const f = footprint(ctx);
  switch (sub.program) {
    case "pgrep":
      return pgrepSelectsDaemon(sub, pc.args);
    case "pidof":
      return pc.args.some((a) => !a.value.startsWith("-") && daemonNames(f).includes(a.value.split("/").pop() ?? ""));
    case "lsof":
    case "fuser":
    case "ss":
    case "netstat":
      return namesDaemonPort(sub) || pc.args.some((a) => !a.value.startsWith("-") && inGate(sub, a.value, a));
    case "cat":
    case "head":
    case "tail":
      return pc.args.some((a) => !a.value.startsWith("-") && inGate(sub, a.value, a));
    case "grep":
    case "egrep":
    case "fgrep":
    case "rg":
      // `ps aux | grep gatehouse | awk '{print $2}' | xargs kill`, `cat /proc/*/cmdline | grep gatehouse`: the lines it keeps are the daemon's.
      return grepSelectsDaemon(sub);
    default:
      return false;
  }
}

/** Does a grep over process listings keep the daemon's line? Its pattern (first operand or `-e`) against the daemon's names and command lines. */
function grepSelectsDaemon(ctx: Ctx): boolean {
  const p = parseArgs(ctx.args, { shortValue: "efmABCdD", longValue: ["regexp", "file", "max-count", "after-context", "before-context", "context"], aliases: { e: "regexp", i: "ignore-case", v: "invert-match", F: "fixed-strings" } });
  const given = flagValues(p, "regexp");
  const pattern = given[0] ?? p.operands[0];
  if (pattern === undefined || p.flags.some((x) => x.name === "invert-match")) return false;
  if (pattern.arg.dynamic) return true;
  const f = footprint(ctx);
  const source = p.flags.some((x) => x.name === "fixed-strings") || ctx.program === "fgrep" ? pattern.value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&") : pattern.value;
  return patternMatches(source, [...daemonCommandLines(f), ...daemonNames(f)], { exact: false, ignoreCase: p.flags.some((x) => x.name === "ignore-case") });
}

/** A word naming a daemon port: `4283/tcp`, `:4283`, `-i:4283`, `tcp:4283`, `127.0.0.1:4283`. */
function namesDaemonPort(ctx: Ctx): boolean {
  const f = footprint(ctx);
  const ports = new Set([...f.ports, DEFAULT_DAEMON_PORT]);
  return ctx.args.some((a) => {
    const m = /(?:^|[:=@\s]|-i:?)(\d{2,5})(?:\/(?:tcp|udp))?$/.exec(a.value) ?? /^(\d{2,5})\/(tcp|udp)$/.exec(a.value);
    return m !== null && ports.has(Number(m[1]));
  });
}

function kill(ctx: Ctx): void {
  const f = footprint(ctx);
  const words = ctx.args.map((a) => a.value);
  let at = words[0] === "-s" || words[0] === "-n" ? 2 : words[0] !== undefined && words[0].startsWith("-") && words[0] !== "--" ? 1 : 0;
  if (words[at] === "--") at++;
  const pids = ctx.args.slice(at);
  if (pids.some((a) => !a.dynamic && f.pids.includes(Number(a.value)))) return signalDaemon(ctx, `kill ${pids.map((a) => a.value).join(" ")}`);
  // PIDs found at run time: what found them (a substitution in this command, or the input xargs feeds it).
  const finders: number[] = [];
  if (pids.some((a) => a.subst)) ctx.analysis.commands.forEach((c, i) => c.inSubstitution && i < ctx.index && finders.push(i));
  // A PID in a variable (`for p in /proc/[0-9]*; do grep -q gatehouse $p/cmdline && kill ${p#/proc/}; done`): whatever ran before may have chosen it.
  else if (pids.some((a) => a.dynamic)) for (let i = 0; i < ctx.index; i++) finders.push(i);
  const feed = ctx.pc.fedBy?.input ?? ctx.pc.stdin;
  if (feed?.kind === "pipe") for (let i = feed.upstream; i >= 0 && i < ctx.index; i = upstreamOf(ctx, i)) finders.push(i);
  if (finders.some((i) => findsDaemon(ctx, i))) signalDaemon(ctx, "kill of the PIDs it finds");
}

/** The command feeding command `i` through a pipe (`pgrep x | grep y | xargs kill`), or -1. */
function upstreamOf(ctx: Ctx, i: number): number {
  const s = ctx.analysis.commands[i]?.stdin;
  return s?.kind === "pipe" ? s.upstream : -1;
}

function pkill(ctx: Ctx): void {
  if (pgrepSelectsDaemon(ctx, ctx.args)) signalDaemon(ctx, `pkill ${ctx.argv.join(" ")}`);
}

function killall(ctx: Ctx): void {
  if (killallSelectsDaemon(ctx)) signalDaemon(ctx, `killall ${ctx.argv.join(" ")}`);
}

function fuser(ctx: Ctx): void {
  if (!ctx.args.some((a) => /^-[a-zA-Z]*k/.test(a.value) || a.value === "--kill")) return;
  if (namesDaemonPort(ctx) || ctx.args.some((a) => !a.value.startsWith("-") && inGate(ctx, a.value, a))) signalDaemon(ctx, `fuser ${ctx.argv.join(" ")}`);
}

const UNIT_CHANGES = /^(stop|kill|disable|mask|restart|try-restart|reload-or-restart|revert|freeze|set-environment|unset-environment|import-environment|edit|link|enable|reenable|preset)$/;
const GATE_UNIT = /gatehouse/i;

function services(ctx: Ctx): void {
  const words = ctx.args.map((a) => a.value);
  const ops = words.filter((w) => !w.startsWith("-"));
  let hit = false;
  if (ctx.program === "systemctl") hit = ops.length > 1 && UNIT_CHANGES.test(ops[0]!) && (ops.slice(1).some((u) => GATE_UNIT.test(u)) || (ops[0]!.endsWith("environment") && ops.slice(1).some((v) => /^GATEHOUSE_/.test(v))));
  else if (ctx.program === "service") hit = ops.length > 1 && GATE_UNIT.test(ops[0]!) && /^(stop|force-stop|restart|disable)$/.test(ops[1]!);
  else if (ctx.program === "launchctl") hit = ops.length > 1 && /^(bootout|unload|kill|remove|disable|stop|setenv|unsetenv)$/.test(ops[0]!) && ops.slice(1).some((u) => GATE_UNIT.test(u) || /^GATEHOUSE_/.test(u));
  if (hit) signalDaemon(ctx, `${ctx.program} ${ctx.argv.join(" ")}`);
}

// ── Codex's apply_patch in the shell ─────────────────────────────────────

function applyPatch(ctx: Ctx): void {
  const arg = ctx.args.find((a) => a.value.trim() !== "");
  const text = arg !== undefined ? (arg.dynamic ? null : arg.value) : stdinLiteral(ctx);
  if (text === null) {
    gap(ctx, GAP_SHAPE.NON_LITERAL_OPERAND, `the patch ${ctx.program} applies is not a literal`);
    ctx.out.effect("write", "unknown", attrs(ctx, { target: targetText(arg?.raw ?? "its input") }));
    return;
  }
  for (const h of patchHunks(text).hunks) {
    if (h.path === "") continue;
    emitPath(ctx, h.kind === "delete" ? "delete" : "write", h.path, null, "plain");
    if (h.kind === "update" && h.moveTo) {
      emitPath(ctx, "delete", h.path, null, "plain");
      emitPath(ctx, "write", h.moveTo, null, "plain");
    }
  }
}

export const SELF_PROTECTION_HANDLERS: Record<string, Handler> = {
  kill,
  pkill,
  killall,
  fuser,
  systemctl: services,
  service: services,
  launchctl: services,
  npm: gatehousePackage,
  pnpm: gatehousePackage,
  yarn: gatehousePackage,
  bun: gatehousePackage,
  apply_patch: applyPatch,
  applypatch: applyPatch,
  // Known, so its arguments are not read as commands it may run (`gatehouse explain -- rm -rf /` runs nothing);
  // gatehouseCommand judges it with every other spelling of the CLI.
  gatehouse: () => undefined,
};

// ── a nested agent whose hooks run with another environment ──────────────

/** The agents' CLIs (a nested session runs its own hooks, with this command's environment). */
const AGENT_CLIS = new Set(["claude", "codex", "gemini", "cursor-agent", "copilot", "qwen", "droid", "opencode", "kilo"]);
/**
 * What a hook process inherits that changes what the gate runs or knows: node's preloads and module path, the
 * files a shell reads at start (the wrapper is `/bin/sh -c`; Codex runs it in a login shell), the home and XDG
 * directories the state, code cache and user-scope settings are found in. Not `PATH`: the installed command
 * names node and the launcher by absolute path.
 */
const HOOK_ENV = /^(NODE_OPTIONS|NODE_PATH|NODE_REPL_EXTERNAL_MODULE|BASH_ENV|ENV|ZDOTDIR|HOME|XDG_STATE_HOME|XDG_CACHE_HOME|XDG_CONFIG_HOME)=/;

function nestedAgentEnv(ctx: Ctx): void {
  if (!AGENT_CLIS.has(ctx.program)) return;
  const names = new Set<string>();
  // `NAME=v agent` and `env NAME=v agent`: the words before the program word.
  const raw = ctx.pc.cmd.raw;
  const at = raw.search(new RegExp(`(^|[\\s/])${ctx.program}(\\s|$)`));
  for (const w of (at < 0 ? "" : raw.slice(0, at)).split(/\s+/)) {
    const m = HOOK_ENV.exec(w);
    if (m) names.add(m[1]!);
  }
  // `export NAME=v; agent` earlier in the same text.
  for (const c of ctx.analysis.commands.slice(0, ctx.index)) {
    if (c.cmd.program !== "export" && c.cmd.program !== "declare" && c.cmd.program !== "typeset") continue;
    for (const a of c.args) {
      const m = HOOK_ENV.exec(a.value);
      if (m) names.add(m[1]!);
    }
  }
  for (const name of names) ctx.out.effect("write", "shell", attrs(ctx, { target: targetText(`${name} for a nested ${ctx.program} (its hooks inherit it)`), persistence: "gatehouse", variable: name }));
}

/** Run for every command: the Gatehouse CLI can be spelled many ways (its name, a path, an interpreter running its launcher). */
export function gatehouseCommand(ctx: Ctx): void {
  gatehouseCli(ctx);
  nestedAgentEnv(ctx);
}

/**
 * [command, whether it touches the gate] — run by test/classify/gate.test.ts through the real walker and the
 * default bundle, with the footprint of that file (`/home/u/tools/gh` a checkout, a daemon on 4283 with pid 4242).
 */
export const SELF_PROTECTION_EXAMPLES: ReadonlyArray<readonly [string, boolean]> = [
  ["gatehouse uninstall claude", true],
  ["npx -y gatehouse@0.1.0 uninstall claude --user", true],
  ["npx -y gatehouse-guard@0.1.0 uninstall claude --user", true],
  ["npm uninstall -g gatehouse-guard", true],
  ["pnpm dlx gatehouse install claude --bundle /tmp/allow.json", true],
  ["bunx gatehouse uninstall codex", true],
  ["./node_modules/.bin/gatehouse uninstall gemini", true],
  ["node /home/u/tools/gh/bin/gatehouse.js uninstall claude", true],
  ["npx /home/u/tools/gh uninstall cursor", true],
  ["/home/u/tools/gh/bin/gatehouse.js serve --port 4283 --bundle /tmp/allow.json", true],
  ["gatehouse service uninstall", true],
  ["gatehouse eval --ledger /home/u/.local/state/gatehouse/ledger.jsonl x.jsonl", true],
  ["npm uninstall -g gatehouse", true],
  ["yarn global add gatehouse@0.0.1", true],
  ["kill 4242", true],
  ["kill -9 $(pgrep -f gatehouse)", true],
  ["pgrep node | xargs kill", true],
  ["lsof -ti :4283 | xargs kill -9", true],
  ["kill $(cat /home/u/.local/state/gatehouse/daemon.pid)", true],
  ["pkill -f 'gatehouse serve'", true],
  ["pkill -f 'bin/gate'", true],
  ["pkill node", true],
  ["pkill -F /home/u/.local/state/gatehouse/daemon.pid", true],
  ["killall node", true],
  ["killall -9 node", true],
  ["fuser -k 4283/tcp", true],
  ["fuser -k -n tcp 4283", true],
  ["systemctl --user stop gatehouse.service", true],
  ["systemctl --user set-environment GATEHOUSE_BUNDLE=/tmp/allow.json", true],
  ["launchctl bootout gui/501/dev.gatehouse.daemon", true],
  ["GATEHOUSE_BUNDLE=/tmp/allow.json", true],
  ["export GATEHOUSE_CACHE_DIR=/tmp/cache", true],
  ["apply_patch \"$(cat p.diff)\"", true],
  ["NODE_OPTIONS='--require /tmp/x.js' codex exec 'ls'", true],
  ["env XDG_STATE_HOME=/tmp/s claude -p x", true],
  ["export HOME=/tmp/h; gemini", true],
  // Neighbours: the same programs on other things, and the CLI's read-only commands.
  ["gatehouse explain -- rm -rf /", false],
  ["gatehouse check -- ls", false],
  ["npx gatehouse doctor", false],
  ["node /home/u/tools/gh/bin/gatehouse.js bundle lint b.json", false],
  ["gatehouse eval --ledger /tmp/other.jsonl x.jsonl", false],
  ["npm uninstall left-pad", false],
  ["kill 4243", false],
  ["pkill -f 'next dev'", false],
  ["killall vite", false],
  ["fuser -k 3000/tcp", false],
  ["systemctl --user stop dev-server", false],
  ["pgrep -f gatehouse", false],
  ["ps aux | grep gatehouse", false],
  ["X=1 make", false],
  ["NODE_OPTIONS=--max-old-space-size=4096 npm run build", false],
  ["DEBUG=1 claude -p x", false],
];
