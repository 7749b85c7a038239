// Programs that install something to run later — a scheduler entry, a
// service, a login item, a git setting that runs a command — as writes with
// `attrs.persistence` (the kinds of src/classify/persistence.ts). Writing the
// same files directly (`echo … >> ~/.bashrc`, `cp x ~/.config/systemd/user/`)
// gets the attr from the path table instead (common.ts `emitHits`).
//
// | program | effect |
// |---|---|
// | `crontab FILE`, `crontab -` (stdin), `crontab -e` | write × home_file {persistence: scheduler, target: crontab} (`crontab -r` is the disk/system family's: delete × home_file {persistence: scheduler}) |
// | `at`, `batch` (not `-l`/`-d`/`-r`/`-c`) | write × home_file {persistence: scheduler, target: at queue} |
// | `systemctl [--user] enable\|reenable\|link\|preset\|edit\|add-wants\|add-requires\|set-property UNIT` | write × (home_file with --user, else system_path) {persistence: service, target: UNIT} |
// | `launchctl load\|bootstrap\|submit\|enable …` | write × class(PLIST), else home_file {persistence: service} |
// | `schtasks /create` | write × system_path {persistence: scheduler, target: /tn NAME} |
// (`reg add` of a Run key is the registry family's: write × windows_registry {persistence: service}, families/windows-registry.ts.)
// | `export GATEHOUSE_BUNDLE=…` (any `GATEHOUSE_*`), `export CLAUDE_CONFIG_DIR=…`/`CODEX_HOME=…`; `unset` of them | write\|delete × shell {persistence: gatehouse\|agent_settings, target: NAME} — the guard's or the agent's configuration, changed for what runs next |
// | `git config [--global\|--system\|--file F] KEY VALUE` with a command-running KEY | write × class(.git/config, ~/.gitconfig, /etc/gitconfig or F) {persistence: git_hooks, setting: KEY} |
import type { TargetClass } from "../../model/classification.js";
import type { Persistence } from "../persistence.js";
import { isPersistentSetting } from "../programs/git.js";
import { has, parseArgs } from "../programs/options.js";
import { literalArg, type Arg } from "../programs/args.js";
import type { Collector } from "./collector.js";
import { attrs, emitPath, targetText, type Ctx } from "./common.js";
import type { ShellAnalysis } from "../shell-analysis.js";
import { entry, handlerTable, type Handler, type ProgramEntry } from "./entries.js";

function install(ctx: Ctx, cls: TargetClass, persistence: Persistence, target: string, extra: Record<string, string> = {}): void {
  ctx.out.effect("write", cls, attrs(ctx, { target: targetText(target), persistence, ...extra }));
}

function crontab(ctx: Ctx): void {
  const p = parseArgs(ctx.args, { shortValue: "us", aliases: { u: "user" } });
  // -l lists; -r removes (the disk/system family's row); -e edits; a FILE or `-` (stdin) replaces the table.
  if (has(p, "l", "r", "T", "V", "h")) return;
  if (has(p, "e") || p.operands.length > 0 || ctx.pc.stdin !== null) {
    const file = p.operands[0];
    if (file && file.value !== "-") emitPath(ctx, "read", file.value, file.arg, "plain");
    install(ctx, "home_file", "scheduler", file && file.value !== "-" ? `crontab ${file.value}` : "crontab");
  }
}

function at(ctx: Ctx): void {
  const p = parseArgs(ctx.args, { shortValue: "qfjtTu", aliases: { f: "file" } });
  if (has(p, "l", "d", "r", "c", "V")) return;
  const file = p.flags.find((f) => f.name === "file" && f.value !== null);
  if (file) emitPath(ctx, "read", file.value as string, file.arg, "plain");
  install(ctx, "home_file", "scheduler", "at queue");
}

const SYSTEMCTL_INSTALLS = new Set(["enable", "reenable", "link", "preset", "edit", "add-wants", "add-requires", "set-property", "revert"]);

function systemctl(ctx: Ctx): void {
  const p = parseArgs(ctx.args, { shortValue: "tpsHMn", longValue: ["type", "property", "signal", "host", "machine", "lines", "output", "root", "job-mode", "kill-whom", "state", "what", "boot-loader-entry", "reboot-argument", "timestamp", "image", "drop-in", "when", "message"] });
  const [verb, ...units] = p.operands;
  if (!verb || !SYSTEMCTL_INSTALLS.has(verb.value)) return;
  const user = has(p, "user", "global");
  for (const u of units.length ? units : [verb]) install(ctx, user ? "home_file" : "system_path", "service", u === verb ? verb.value : u.value);
}

const LAUNCHCTL_INSTALLS = new Set(["load", "bootstrap", "submit", "enable"]);

function launchctl(ctx: Ctx): void {
  const [verb, ...rest] = ctx.args;
  if (!verb || !LAUNCHCTL_INSTALLS.has(verb.value)) return;
  const plist = rest.filter((a: Arg) => !a.value.startsWith("-")).find((a) => /\.plist$|\//.test(a.value));
  if (plist) emitPath(ctx, "write", plist.value, plist, "plain", { persistence: "service" });
  else install(ctx, "home_file", "service", rest.map((a) => a.value).join(" ") || verb.value);
}

function schtasks(ctx: Ctx): void {
  if (!ctx.argv.some((a) => /^[/-]create$/i.test(a))) return;
  const tn = ctx.argv.findIndex((a) => /^[/-]tn$/i.test(a));
  install(ctx, "system_path", "scheduler", tn >= 0 && ctx.argv[tn + 1] ? ctx.argv[tn + 1] : "scheduled task");
}

/** `git config …` setting a key that runs a command (src/classify/programs/git.ts): a write of the config file it lands in. */
export function gitConfig(ctx: Ctx, args: readonly Arg[]): void {
  const p = parseArgs(args, { shortValue: "f", longValue: ["file", "blob", "type", "default", "comment", "value"], aliases: { f: "file" } });
  let ops = p.operands;
  if (ops[0] && ["set", "get", "unset", "list", "edit", "rename-section", "remove-section", "get-color", "get-colorbool"].includes(ops[0].value)) {
    if (ops[0].value !== "set") return;
    ops = ops.slice(1);
  }
  if (has(p, "get", "get-all", "get-regexp", "get-urlmatch", "unset", "unset-all", "list", "l", "remove-section", "rename-section", "edit", "e")) return;
  const [key, value] = ops;
  if (!key || value === undefined || !isPersistentSetting(key.value, value.value)) return;
  const file = p.flags.find((f) => f.name === "file" && f.value !== null);
  const where = file ? (file.value as string) : has(p, "global") ? "~/.gitconfig" : has(p, "system") ? "/etc/gitconfig" : ".git/config";
  const arg = file ? file.arg : { ...literalArg(where), tilde: where.startsWith("~") };
  emitPath(ctx, "write", where, arg, "plain", { persistence: "git_hooks", setting: key.value.toLowerCase() });
}

/** Environment variables that configure Gatehouse or a coding agent (what guards the commands run after them). */
const CONTROL_VARIABLES: ReadonlyArray<readonly [RegExp, Persistence]> = [
  [/^GATEHOUSE_[A-Z0-9_]*$/, "gatehouse"],
  [/^(CLAUDE_CONFIG_DIR|CODEX_HOME)$/, "agent_settings"],
];

/** What a control variable configures (`gatehouse`, `agent_settings`), or null for any other name. */
export function controlVariableKind(name: string): Persistence | null {
  return CONTROL_VARIABLES.find(([re]) => re.test(name))?.[1] ?? null;
}

/** Control variables a shell text sets — alone (`GATEHOUSE_BUNDLE=x`, an exported one changes for every later command), before a command, or exported. */
export function controlAssignments(analysis: ShellAnalysis, out: Collector): void {
  for (const c of analysis.controls ?? []) {
    const kind = controlVariableKind(c.name);
    // `export NAME=…` already said so (controlVariable).
    if (kind !== null && !out.effects.some((e) => e.attrs.variable === c.name)) out.effect("write", "shell", { program: c.name, target: targetText(c.raw), persistence: kind, variable: c.name });
  }
}

/** `export NAME=…`, `declare -x NAME=…`, `unset NAME` of a control variable. */
function controlVariable(ctx: Ctx): void {
  const unset = ctx.program === "unset";
  for (const a of ctx.args) {
    if (a.value.startsWith("-")) continue;
    const eq = a.value.indexOf("=");
    if (!unset && eq < 0) continue; // `export NAME` keeps the value it has
    const name = eq >= 0 ? a.value.slice(0, eq) : a.value;
    const kind = CONTROL_VARIABLES.find(([re]) => re.test(name))?.[1];
    if (kind === undefined) continue;
    ctx.out.effect(unset ? "delete" : "write", "shell", attrs(ctx, { target: targetText(name), persistence: kind, variable: name }));
  }
}

/** The installers, each with what it installs and a lookalike that lists or reads. */
export const PERSISTENCE_PROGRAMS: readonly ProgramEntry[] = [
  entry(["crontab"], crontab, [["crontab jobs.txt", "read workspace_file; write home_file persistence=scheduler"], ["crontab -l", "read host"]]),
  entry(["at", "batch"], at, [["echo x | at now + 1 hour", "write home_file persistence=scheduler"], ["batch", "write home_file persistence=scheduler"], ["at -l", ""], ["batch -c 3", ""]]),
  entry(["systemctl"], systemctl, [
    ["systemctl --user enable backdoor.service", "write home_file persistence=service target=backdoor.service"],
    ["systemctl enable nginx", "write system_path persistence=service"],
    ["systemctl status nginx", ""],
  ]),
  entry(["launchctl"], launchctl, [["launchctl load ~/Library/LaunchAgents/x.plist", "write home_file persistence=service"], ["launchctl list", "read host"]]),
  entry(["schtasks"], schtasks, [["schtasks /create /tn upd /tr c:\\x.exe /sc onlogon", "write system_path persistence=scheduler"], ["schtasks /query", ""]]),
  entry(["export", "declare", "typeset", "unset"], controlVariable, [
    ["export GATEHOUSE_BUNDLE=/tmp/b.json", "write shell persistence=gatehouse target=GATEHOUSE_BUNDLE"],
    ["declare -x CODEX_HOME=/tmp/c", "write shell persistence=agent_settings"],
    ["unset GATEHOUSE_BUNDLE", "delete shell persistence=gatehouse"],
    ["export PATH=/x:$PATH", ""],
    ["typeset FOO=1", ""],
  ]),
];

export const PERSISTENCE_HANDLERS: Record<string, Handler> = handlerTable(PERSISTENCE_PROGRAMS);
