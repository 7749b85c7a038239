// Filesystem rows of the shell table: delete and write on paths, and the
// redirections every command shares. Readers (cat, grep, tar, …) are readers.ts.
// Each program is one entry (entries.ts): names, handler, examples.
import { GAP_SHAPE } from "../../model/gap-shapes.js";
import type { TargetClass } from "../../model/classification.js";
import { resolvePathDetailed } from "../paths.js";
import { valueArg, windowsWords, withValue, type Arg } from "../programs/args.js";
import { parseFind } from "../programs/find.js";
import { SED_OPTIONS, sedRuns, sedScripts } from "../programs/sed.js";
import { isRemoveItemParam, REMOVE_ITEM, REMOVE_ITEM_VALUE_PARAMS } from "../programs/powershell.js";
import { dryRunEffect } from "./families/engine.js";
import { noteAlias } from "./path-aliases.js";
import { entry, handlerTable, type Handler, type ProgramEntry } from "./entries.js";
import { removeSource } from "./source-removal.js";
import { flagValue, flagValues, flagWithValue, has, isCmdSwitch, parseArgs, parseCmdStyle, parseSingleDash, type OptionSpec, type ParsedArgs } from "../programs/options.js";
import {
  attrs,
  emitHits,
  emitPath,
  findRootHits,
  gap,
  noteRead,
  pathTarget,
  pathTargetHits,
  resolveAll,
  targetText,
  type Attrs,
  type Ctx,
} from "./common.js";
import { upstreamFindHits, upstreamItemHits, xargsFed } from "./upstream-hits.js";

/** Targets that are not files a write lands in. */
// `/dev/tcp/…`, `/dev/udp/…` are bash's sockets, not files (effects/reverse-shells.ts reads them).
const NULL_SINKS = /^\/dev\/(null|zero|stdout|stderr|tty|fd\/\d+|stdin|tcp\/.+|udp\/.+)$/;

/** Operands fed by `xargs`/`parallel`: what a find or fd upstream lists (recursive when it lists a whole tree), else unknown (shape 8). */
function xargsTargets(ctx: Ctx, verb: "delete" | "write", extra: Attrs): void {
  const feeder = ctx.pc.fedBy?.wrapper ?? "its input";
  const hits = upstreamFindHits(ctx);
  // Fed by a find whose roots are known (`find /tmp/c -print0 | xargs -0 rm`), the operands lie under those roots.
  if (hits === null || hits.some((h) => h.cls === "unknown")) gap(ctx, GAP_SHAPE.NON_LITERAL_OPERAND, `${ctx.program} operands fed by ${feeder}`);
  if (hits === null) {
    ctx.out.effect(verb, "unknown", attrs(ctx, { target: targetText(`the input of ${feeder}`), ...extra }));
    return;
  }
  emitHits(ctx, verb, hits, verb === "delete" ? { ...extra, recursive: true } : extra, targetText(`the input of ${feeder}`));
}

// ── delete ───────────────────────────────────────────────────────────────

const RM_SPEC: OptionSpec = {
  // `--interactive` takes its value only with `=`.
  longOptional: ["interactive"],
  longBool: ["recursive", "force", "dir", "verbose", "one-file-system", "no-preserve-root", "preserve-root", "help", "version"],
  aliases: { r: "recursive", R: "recursive", f: "force", d: "dir", v: "verbose" },
};

function rm(ctx: Ctx): void {
  const p = parseArgs(ctx.args, RM_SPEC);
  // PowerShell's `rm` (Remove-Item) fed by `gci … |`: it deletes the listed items.
  if (p.operands.length === 0 && ctx.pc.fedBy === null && upstreamItemHits(ctx) !== null) return removeItem(ctx);
  deleteOperands(ctx, p, { recursive: has(p, "recursive"), force: has(p, "force") });
}

function deleteOperands(ctx: Ctx, p: ParsedArgs, extra: Attrs): void {
  if (xargsFed(ctx, p.operands.length)) return xargsTargets(ctx, "delete", extra);
  for (const op of p.operands) {
    // `find … -exec rm {} +` deletes across the tree find walks, whatever rm's own flags (docs/classifier.md).
    const e = ctx.pc.find && op.value.includes("{}") ? { ...extra, recursive: true, filtered: ctx.pc.find.filtered } : extra;
    emitPath(ctx, "delete", op.value, op.arg, "mutate", e);
  }
}

/** `rimraf`, `trash`/`trash-put`: every operand goes, whole trees and all, with no prompt. */
function recursiveDelete(ctx: Ctx): void {
  const p = parseArgs(ctx.args, {});
  deleteOperands(ctx, p, { recursive: true, force: true });
}

/** `gio trash|remove PATH…` (GNOME's file tool): the operands go; `trash` to the desktop trash, `remove` for good. */
function gio(ctx: Ctx): void {
  const sub = ctx.args[0]?.value;
  if (sub !== "trash" && sub !== "remove" && sub !== "rm") return;
  const p = parseArgs(ctx.args.slice(1), { longBool: ["force", "empty", "list", "restore"], aliases: { f: "force" } });
  if (p.flags.some((f) => f.name === "empty" || f.name === "list" || f.name === "restore")) return;
  deleteOperands(ctx, p, { recursive: sub === "trash", force: true });
}

function rmdir(ctx: Ctx): void {
  if (ctx.argv.some(isCmdSwitch)) return cmdDelete(ctx);
  const p = parseArgs(ctx.args, { aliases: { p: "parents" } });
  deleteOperands(ctx, p, { recursive: false, force: false });
}

/** cmd.exe `rmdir|rd|del|erase [/s] [/q] [/f] target…` */
function cmdDelete(ctx: Ctx): void {
  const args = windowsWords(ctx.args);
  // In PowerShell `del`, `rd`, `rmdir`, `erase` are Remove-Item: `-Recurse`, `-Force`, `-Path`.
  if (args.some((a) => isRemoveItemParam(a.value))) return removeItem(ctx);
  const { switches, operands } = parseCmdStyle(args);
  if (operands.length === 0 && pipelineDelete(ctx, { recursive: switches.has("s"), force: switches.has("q") || switches.has("f") })) return;
  const extra = { recursive: switches.has("s"), force: switches.has("q") || switches.has("f") };
  for (const op of operands) emitPath(ctx, "delete", op.value, op.arg, "mutate", extra);
}

/** A PowerShell switch given by any unambiguous prefix of its name (`-r`, `-rec`, `-fo`), `:$false` turning it off. */
function psSwitch(flags: ReadonlyMap<string, string | true>, name: string, min: number): boolean {
  for (const [k, v] of flags) {
    const [flag, value] = k.split(":");
    if (flag.length >= min && name.startsWith(flag) && !(value !== undefined && /^\$?(false|0)$/i.test(value)) && v !== "false") return true;
  }
  return false;
}

/**
 * PowerShell `Remove-Item [-Path] x -Recurse -Force` (single-dash, case-insensitive; also its aliases `rm`, `ri`, `del`, `rd`, `erase`).
 * With no path it deletes what the pipeline feeds it (`gci C:\ -r | ri -fo`: common.ts `upstreamItemHits`).
 * `-WhatIf` only reports what it would delete (the effects become reads, as for a dry run); `-Confirm` changes nothing.
 */
function removeItem(ctx: Ctx): void {
  const p = parseSingleDash(windowsWords(ctx.args), REMOVE_ITEM_VALUE_PARAMS);
  const min = REMOVE_ITEM.minPrefix;
  const extra = { recursive: psSwitch(p.flags, "recurse", min.recurse), force: psSwitch(p.flags, "force", min.force) };
  const whatIf = psSwitch(p.flags, "whatif", min.whatif);
  const targets: Array<{ value: string; arg: Arg }> = p.operands.map((o) => ({ value: o.value, arg: o.arg }));
  for (const name of ["path", "literalpath"]) {
    const v = p.flags.get(name);
    const arg = p.flagArgs.get(name);
    if (typeof v === "string" && arg) for (const part of v.split(",")) targets.push({ value: part.trim(), arg: valueArg(arg, part.trim()) });
  }
  const run = (): void => {
    for (const t of targets) emitPath(ctx, "delete", t.value, t.arg, "mutate", extra);
    if (targets.length === 0) pipelineDelete(ctx, extra);
  };
  if (whatIf) ctx.out.withRewrite(dryRunEffect, run);
  else run();
}

/** A delete with no operand of its own, fed the items a PowerShell `Get-ChildItem` lists upstream; true when one does. */
function pipelineDelete(ctx: Ctx, extra: { recursive: boolean; force: boolean }): boolean {
  const fed = upstreamItemHits(ctx);
  if (fed === null) return false;
  emitHits(ctx, "delete", fed.hits, { ...extra, recursive: extra.recursive || fed.recursive }, targetText(`the items of ${fed.source}`));
  return true;
}

function unlink(ctx: Ctx): void {
  deleteOperands(ctx, parseArgs(ctx.args), { recursive: false, force: false });
}

function shred(ctx: Ctx): void {
  // `--remove` takes its optional value only with `=`.
  const p = parseArgs(ctx.args, { shortValue: "ns", longValue: ["iterations", "size", "random-source"], aliases: { u: "remove", f: "force", z: "zero" } });
  // Overwritten before unlinked (or left overwritten): nothing recovers them, like srm's (fs.wipe reads `secure` on home, workspace, root).
  deleteOperands(ctx, p, { recursive: false, force: has(p, "force"), secure: true });
}

/** Secure deletes: `srm [-r] [-f] …` (secure-delete), `wipe [-r] [-f] …`; overwritten before unlinking, so nothing recovers them. */
function secureDelete(ctx: Ctx): void {
  const p = parseArgs(ctx.args, { shortValue: ctx.program === "wipe" ? "lxSp" : "", aliases: { r: "recursive", R: "recursive", f: "force" } });
  deleteOperands(ctx, p, { recursive: has(p, "recursive"), force: has(p, "force"), secure: true });
}

/**
 * `find ROOT… [tests] -delete` deletes across the tree under each root: with
 * no test that narrows it to files picked by name or emptiness
 * (src/classify/programs/find.ts) that is the root's whole contents —
 * `delete × class(ROOT) {recursive: true, filtered: false}`, a type, time or
 * size test included (`find ~ -type f -delete` empties home); narrowed, it is
 * files under the root — `delete × class(a file under ROOT) {recursive: true,
 * filtered: true}`. Reading the roots lists names, not contents.
 */
function find(ctx: Ctx): void {
  const expr = parseFind(ctx.args);
  const roots = expr.roots.length ? expr.roots : [{ value: ".", index: -1, arg: null }]; // `find -name x` searches `.`
  const acts = expr.deletes || expr.execs.length > 0;
  if (acts && expr.dynamicTest) gap(ctx, GAP_SHAPE.NON_LITERAL_OPERAND, `a find test's pattern is not a literal: what ${ctx.program} acts on is unknown`);
  for (const root of roots) {
    const hits = pathTargetHits(ctx, root.value, root.arg, expr.deletes ? "mutate" : "plain", true);
    emitHits(ctx, "read", hits, {}, targetText(root.value));
    if (!expr.deletes) continue;
    const under = hits.some((h) => h.cls === "unknown") ? [{ cls: "unknown" as TargetClass, wholeCwd: false, gitDir: false, persistence: null, target: targetText(root.value) }] : findRootHits(ctx, [root.value], expr.filtered, false, expr.names);
    emitHits(ctx, "delete", under, { recursive: true, force: true, filtered: expr.filtered }, targetText(root.value));
  }
  for (const w of expr.writes) emitPath(ctx, "write", w.value, w.arg, "mutate");
}

// ── write ────────────────────────────────────────────────────────────────

const CP_SPEC: OptionSpec = {
  shortValue: "tS",
  longValue: ["target-directory", "suffix"],
  aliases: { t: "target-directory", r: "recursive", R: "recursive", a: "archive", f: "force", S: "suffix" },
};

/** cp/mv/ln: write the destination (`-t DIR` or the last operand); cp reads its sources, mv deletes them. */
function copyLike(ctx: Ctx, sourceVerb: "read" | "delete"): void {
  const p = parseArgs(ctx.args, CP_SPEC);
  const isLn = ctx.program === "ln";
  const target = flagWithValue(p, "target-directory");
  const extra: Attrs = isLn ? {} : { recursive: has(p, "recursive", "archive") };
  if (xargsFed(ctx, p.operands.length)) return xargsTargets(ctx, "write", extra);
  let sources = p.operands;
  let destination: TargetClass[] = [];
  if (target !== null) {
    destination = emitPath(ctx, "write", target.value, target.arg, "mutate", extra);
  } else if (p.operands.length >= 2) {
    const dst = p.operands[p.operands.length - 1];
    destination = emitPath(ctx, "write", dst.value, dst.arg, "mutate", extra);
    sources = p.operands.slice(0, -1);
    // `ln -s TARGET NAME`: NAME now stands for TARGET (path-aliases.ts). Into a directory (`NAME/`) it is NAME/basename.
    if (isLn && sources.length === 1 && !dst.arg.dynamic) {
      const name = dst.value.endsWith("/") ? `${dst.value}${sources[0].value.split("/").filter(Boolean).pop() ?? ""}` : dst.value;
      noteAlias(ctx.state.aliases, ctx.env, { value: name, arg: dst.arg }, sources[0]);
    }
  } else if (isLn && p.operands.length === 1) {
    // `ln -s /a/b` creates ./b
    const op = p.operands[0];
    const name = op.value.split(/[\\/]/).filter(Boolean).pop() ?? ".";
    emitPath(ctx, "write", `./${name}`, withValue(op.arg, `./${name}`), "mutate", extra, op.value);
    return;
  } else return;
  const dir = target ?? (p.operands.length >= 2 ? p.operands[p.operands.length - 1] : null);
  if (dir && !isLn) for (const s of sources) intoDirectory(ctx, dir, s, extra);
  for (const s of sources) {
    // A link's source is not read, and a move deletes its name — but the destination holds the same contents,
    // so what they name is noted as read (no effect) for the copies-of-secrets bookkeeping (`mv .env /tmp/x`).
    if (isLn) for (const c of pathTarget(ctx, s.value, s.arg, "plain")) noteRead(ctx, c);
    // A moved tree (`mv ~ /tmp/old`, `mv * /tmp/`) leaves nothing behind: source-removal.ts.
    else if (sourceVerb === "delete") for (const c of removeSource(ctx, s.value, s.arg, { recursive: false, force: has(p, "force"), destination })) noteRead(ctx, c);
    else emitPath(ctx, "read", s.value, s.arg, "plain");
  }
}

/**
 * Into a directory (`cp -r /tmp/fake/.claude .`, `mv x/.codex ~`) the copy lands at DIR/NAME: written out when
 * that path controls something (an agent's settings, the gate's footprint, a startup file) — the destination
 * alone (`.`) holds it but is not it. Ordinary names are left to the destination's effect, as before.
 */
function intoDirectory(ctx: Ctx, dir: { value: string; arg: Arg }, source: { value: string; arg: Arg }, extra: Attrs): void {
  const name = source.value.split(/[\\/]/).filter(Boolean).pop();
  if (name === undefined || name === "." || name === ".." || source.arg.dynamic || dir.arg.dynamic) return;
  const lit = dir.arg.vars.length === 0 && !dir.arg.tilde;
  if (resolveAll(ctx, dir.value, lit).some((r) => r.persistence !== null)) return; // the destination's own write already counts
  const into = `${dir.value.replace(/[\\/]+$/, "")}/${name}`;
  if (resolveAll(ctx, into, lit).some((r) => r.persistence !== null)) emitPath(ctx, "write", into, withValue(dir.arg, into), "mutate", extra);
}

function install(ctx: Ctx): void {
  const p = parseArgs(ctx.args, {
    shortValue: "tSmogZ",
    longValue: ["target-directory", "suffix", "mode", "owner", "group", "context", "strip-program"],
    aliases: { t: "target-directory", d: "directory", m: "mode" },
  });
  const mode = flagValue(p, "mode");
  const extra: Attrs = mode !== null ? { mode } : {};
  if (has(p, "directory")) {
    for (const op of p.operands) emitPath(ctx, "write", op.value, op.arg, "mutate", extra);
    return;
  }
  const target = flagWithValue(p, "target-directory");
  let sources = p.operands;
  if (target) emitPath(ctx, "write", target.value, target.arg, "mutate", extra);
  else if (p.operands.length >= 2) {
    const dst = p.operands[p.operands.length - 1];
    emitPath(ctx, "write", dst.value, dst.arg, "mutate", extra);
    sources = p.operands.slice(0, -1);
  } else return;
  for (const s of sources) emitPath(ctx, "read", s.value, s.arg, "plain");
}

function tee(ctx: Ctx): void {
  const p = parseArgs(ctx.args, { longValue: ["output-error"], aliases: { a: "append" } });
  for (const op of p.operands) if (!NULL_SINKS.test(op.value)) emitPath(ctx, "write", op.value, op.arg, "mutate");
}

function dd(ctx: Ctx): void {
  ctx.args.forEach((a) => {
    const m = /^(if|of)=(.*)$/s.exec(a.value);
    if (!m) return;
    const value = m[2];
    const target = a.raw.replace(/^(if|of)=/, "");
    if (m[1] === "if") emitPath(ctx, "read", value, valueArg(a, value), "plain", {}, target);
    else if (!NULL_SINKS.test(value)) deviceWrite(ctx, value, valueArg(a, value), target);
  });
}

/** A write whose target may be a block device: `/dev/…` is system_path even with no env. */
function deviceWrite(ctx: Ctx, value: string, arg: Arg | null, target: string = value): void {
  const r = resolvePathDetailed(value, null);
  // /dev/shm is a scratch tmpfs (paths.ts: temp_path), not a device.
  if (/^\/dev\/(?!shm(\/|$))/.test(r.normalized) && !NULL_SINKS.test(r.normalized)) {
    ctx.out.path(value, "system_path", null);
    // `device` tells a raw device write (which destroys a filesystem) from an ordinary system-file write.
    ctx.out.effect("write", "system_path", attrs(ctx, { target: targetText(target), device: true }));
    return;
  }
  emitPath(ctx, "write", value, arg, "mutate", {}, target);
}

function truncate(ctx: Ctx): void {
  const p = parseArgs(ctx.args, { shortValue: "sro", longValue: ["size", "reference", "io-blocks"], aliases: { s: "size", r: "reference" } });
  if (xargsFed(ctx, p.operands.length)) return xargsTargets(ctx, "write", {});
  for (const op of p.operands) emitPath(ctx, "write", op.value, op.arg, "mutate");
}

const CHMOD_MODE = /^-[rwxXstugoa]+$/;

/**
 * Does a chmod mode only take access away from group and others (`600`,
 * `0700`, `go-rwx`, `u=rw,go=`, `-x`)? Then it exposes nothing: a secret's
 * permissions tightened is no write to the secret (SPEC §6.4).
 */
export function tightensMode(mode: string): boolean {
  if (/^[0-7]{3,4}$/.test(mode)) return mode.endsWith("00");
  return mode.split(",").every((clause) => {
    const m = /^([ugoa]*)([-+=])([rwxXst]*)$/.exec(clause);
    if (!m) return false;
    const [, who, op, perms] = m;
    if (op === "-") return true;
    return who !== "" && /^u+$/.test(who) ? true : op === "=" && perms === "";
  });
}

/**
 * Does a chmod mode take the owner's own read or traverse (`x`) away — `000`,
 * `0`, `600` on a directory tree, `a-rwx`, `u=`, `-r`? On the home directory
 * or the workspace that locks the user (and the agent) out of it.
 */
export function locksOutOwner(mode: string): boolean {
  if (/^[0-7]{1,4}$/.test(mode)) {
    const digits = mode.padStart(3, "0");
    const owner = Number(digits[digits.length - 3]);
    return (owner & 4) === 0 || (owner & 1) === 0;
  }
  return mode.split(",").some((clause) => {
    const m = /^([ugoa]*)([-+=])([rwxXst]*)$/.exec(clause);
    if (!m) return false;
    const [, who, op, perms] = m;
    if (who !== "" && !/[ua]/.test(who)) return false;
    if (op === "-") return /[rxX]/.test(perms);
    return op === "=" && (!perms.includes("r") || !/[xX]/.test(perms));
  });
}

/** Names that stand for the user running the command (`chown -R $USER ~` gives nothing away). */
const SELF_OWNER = /^(\$USER|\$\{USER\}|\$LOGNAME|\$\{LOGNAME\}|\$UID|\$\{UID\}|\$\(whoami\)|`whoami`|\$\(id -un?\)|`id -un?`)$/;

/**
 * Does `chown OWNER[:GROUP]` give the files to another user? The owner part as
 * written, against the user the declared home belongs to (`/home/dev` → `dev`).
 * An empty owner (`:staff`, a group change) keeps the owner.
 */
function givesAway(ctx: Ctx, spec: Arg): boolean {
  const owner = spec.raw.replace(/^["']|["']$/g, "").split(/[:.]/)[0] ?? "";
  if (owner === "" || SELF_OWNER.test(owner)) return false;
  const home = ctx.env?.home ?? null;
  const self = home ? (/^\/root\/?$/.test(home) ? "root" : /[\\/]([^\\/]+)[\\/]?$/.exec(home)?.[1] ?? null) : null;
  return self === null || owner !== self;
}

function chmodLike(ctx: Ctx): void {
  const isChmod = ctx.program === "chmod";
  // chmod accepts `-x`, `-w` as a MODE; take those out before GNU parsing.
  let mode: Arg | null = null;
  const rest: Arg[] = [];
  for (const a of ctx.args) {
    if (isChmod && mode === null && CHMOD_MODE.test(a.value) && !/[Rcfv]/.test(a.value.slice(1))) mode = a;
    else rest.push(a);
  }
  // `--reference=F` / `--from=X` take their value with `=` in practice; accept both.
  const p = parseArgs(rest, { longValue: ["reference", "from"], aliases: { R: "recursive", c: "changes", f: "silent", v: "verbose" } });
  let operands = p.operands;
  let spec: string | null = mode?.value ?? null;
  if (spec === null && flagValue(p, "reference") === null && operands.length) {
    spec = operands[0].value;
    operands = operands.slice(1);
  }
  const extra: Attrs = { recursive: has(p, "recursive") };
  if (spec !== null && isChmod) extra.mode = spec;
  // The owner locked out of what is changed: every permission of the owner's taken away, or the files given to someone else.
  const specArg = mode ?? (spec !== null ? p.operands[0]?.arg ?? null : null);
  if (spec !== null && isChmod && locksOutOwner(spec)) extra.lockout = true;
  else if (spec !== null && isChmod && tightensMode(spec)) extra.only_tightens = true;
  if (ctx.program === "chown" && specArg !== null && givesAway(ctx, specArg)) extra.lockout = true;
  if (xargsFed(ctx, operands.length)) return xargsTargets(ctx, "write", extra);
  // Ownership changes and tightened modes touch metadata: a secret's contents are neither read nor exposed.
  const names = !isChmod || (spec !== null && tightensMode(spec));
  // `find ~ -exec chmod 000 {} +` changes every file find walks, as `chmod -R` would.
  for (const op of operands) emitPath(ctx, "write", op.value, op.arg, "mutate", ctx.pc.find && op.value.includes("{}") ? { ...extra, recursive: true } : extra, op.value, names);
}

/** `chattr [-RVf] [-v N] [-p N] [+-=]MODE FILE…`: file attributes (immutable, append-only) — metadata, like an owner change. */
function chattr(ctx: Ctx): void {
  let mode: string | null = null;
  let recursive = false;
  const operands: Arg[] = [];
  for (let i = 0; i < ctx.args.length; i++) {
    const a = ctx.args[i];
    if (/^-[RVf]+$/.test(a.value)) recursive ||= a.value.includes("R");
    else if (a.value === "-v" || a.value === "-p") i++;
    else if (mode === null && /^[-+=][aAcCdDeFijmPsStTux]+$/.test(a.value)) mode = a.value;
    else operands.push(a);
  }
  // Immutable or append-only (`+i`, `=ia`): nothing under it can be changed or removed, by the owner either.
  const lockout = mode !== null && /^[+=]/.test(mode) && /[ia]/.test(mode);
  const extra: Attrs = { recursive, ...(mode !== null ? { mode } : {}), ...(lockout ? { lockout: true } : {}) };
  for (const op of operands) emitPath(ctx, "write", op.value, op, "mutate", extra, op.value, true);
}

function mkdirTouch(ctx: Ctx): void {
  const p = parseArgs(ctx.args, { shortValue: ctx.program === "touch" ? "drt" : "mZ", longValue: ["mode", "date", "reference", "time", "context"] });
  for (const op of p.operands) emitPath(ctx, "write", op.value, op.arg, "mutate");
}

/** `mkfifo NAME…`, `mknod NAME TYPE [MAJOR MINOR]`: a new node at NAME (a FIFO where a settings file was blocks whoever reads it). */
function mkNode(ctx: Ctx): void {
  const p = parseArgs(ctx.args, { shortValue: "mZ", longValue: ["mode", "context"], aliases: { m: "mode" } });
  for (const op of ctx.program === "mknod" ? p.operands.slice(0, 1) : p.operands) emitPath(ctx, "write", op.value, op.arg, "mutate");
}

function sed(ctx: Ctx): void {
  const p = parseArgs(ctx.args, SED_OPTIONS);
  const inPlace = p.flags.some((f) => f.name === "in-place" || f.text === "--in-place");
  let files = p.operands;
  if (!has(p, "expression", "file") && files.length) files = files.slice(1);
  for (const f of flagValues(p, "file")) emitPath(ctx, "read", f.value, f.arg, "plain");
  for (const op of files) emitPath(ctx, inPlace ? "write" : "read", op.value, op.arg, inPlace ? "mutate" : "plain");
  // `w FILE` in the script writes FILE whatever `-i` says (`sed -n 'w out' in`).
  for (const script of sedScripts(ctx.args).scripts) {
    if (script.dynamic) continue;
    for (const f of sedRuns(script.value).writes) emitPath(ctx, "write", f, null, "mutate");
  }
}

/** `mkfs`, `mkfs.ext4`, `mke2fs`, `mkswap`, `wipefs`: format/erase a device or image. */
function mkfs(ctx: Ctx): void {
  const p = parseArgs(ctx.args, { shortValue: "tbCdEeGgIiJLlMmNOorTUz" });
  const op = p.operands[0];
  if (op) deviceWrite(ctx, op.value, op.arg);
}

// ── redirects ────────────────────────────────────────────────────────────

/** `>`, `>>`, `&>`, `N>` to a file → write × class; `<` → read. Not fd duplications, not `/dev/null`. */
export function redirects(ctx: Ctx): void {
  for (const r of ctx.pc.redirects) {
    if (r.kind === "heredoc" || r.kind === "herestring" || r.kind === "dup") continue; // literal text, or an fd
    const t = r.target;
    const target = t.value.trim();
    const op = r.op;
    if (op === "<" || op === "0<" || op === "<&") {
      if (!NULL_SINKS.test(target)) emitPath(ctx, "read", target, t, "plain", {}, t.raw);
      continue;
    }
    if (!op.includes(">") || NULL_SINKS.test(target)) continue;
    if (t.subst) {
      gap(ctx, GAP_SHAPE.SUBSTITUTION_OPERAND, `command substitution in a redirection target of ${ctx.program}`);
      ctx.out.path(target, "unknown", null);
      ctx.out.effect("write", "unknown", attrs(ctx, { target: targetText(t.raw) }));
      continue;
    }
    if (/^\/dev\//.test(target)) {
      deviceWrite(ctx, target, t, t.raw);
      continue;
    }
    // The effect quotes the file written (`echo hi > /etc/passwd` targets `/etc/passwd`), not the command's words.
    emitPath(ctx, "write", target, t, "plain", {}, t.raw);
  }
}

/** Every filesystem program: its names, its handler and examples (entries.ts), positive and lookalike. */
export const FILESYSTEM_PROGRAMS: readonly ProgramEntry[] = [
  entry(["rm"], rm, [["rm -rf /tmp/x", "delete temp_path recursive force"], ["rm -- -rf", "delete workspace_file recursive=false"], ["rm --help", ""]]),
  entry(["rmdir"], rmdir, [["rmdir build", "delete workspace_file recursive=false"], ["rmdir --help", ""]]),
  entry(["rd", "del", "erase"], cmdDelete, [["rd /s /q C:\\x", "delete external_path recursive force"], ["del /?", ""]]),
  entry(["remove-item", "ri"], removeItem, [["Remove-Item -Recurse -Force ~/x", "delete home_file recursive force"], ["ri -WhatIf x", "read workspace_file"]]),
  entry(["unlink"], unlink, [["unlink a.txt", "delete workspace_file recursive=false"], ["unlink --help", ""]]),
  entry(["rimraf", "del-cli", "trash", "trash-put"], recursiveDelete, [["rimraf dist", "delete workspace_file recursive force"], ["trash ~/x", "delete home_file recursive force"], ["rimraf --help", ""]]),
  entry(["gio"], gio, [["gio trash x", "delete workspace_file recursive force"], ["gio list x", ""]]),
  entry(["shred"], shred, [["shred -u .env", "delete secret_file recursive=false"], ["shred --help", ""]]),
  entry(["srm", "wipe"], secureDelete, [["srm -r ~/x", "delete home_file recursive secure"], ["wipe -rf ~/x", "delete home_file recursive force secure"], ["srm --help", ""]]),
  entry(["chattr"], chattr, [["chattr +i ~/.bashrc", "write home_file lockout mode=+i"], ["chattr -V", ""]]),
  entry(["find"], find, [["find . -delete", "read workspace_root; delete workspace_root recursive force filtered=false"], ["find . -name x", "read workspace_root"]]),
  entry(["cp"], (ctx) => copyLike(ctx, "read"), [["cp a b", "write workspace_file; read workspace_file"], ["cp --help", ""]]),
  entry(["mv"], (ctx) => copyLike(ctx, "delete"), [["mv ~/x /tmp/y", "write temp_path; delete home_file"], ["mv x", ""]]),
  entry(["ln"], (ctx) => copyLike(ctx, "read"), [["ln -s /etc/passwd p", "write workspace_file"], ["ln --help", ""]]),
  entry(["install"], install, [["install -m 755 a /usr/local/bin/a", "write system_path; read workspace_file"], ["install --help", ""]]),
  // moreutils sponge soaks up stdin, then writes its file: `jq … f | sponge f`.
  entry(["tee", "sponge"], tee, [["echo x | tee /etc/hosts", "write system_path"], ["sponge out.txt", "write workspace_file"], ["tee /dev/null", ""]]),
  entry(["dd"], dd, [["dd if=/dev/zero of=/dev/sda", "read system_path; write system_path device"], ["dd of=/dev/null", ""]]),
  entry(["truncate"], truncate, [["truncate -s 0 log.txt", "write workspace_file"], ["truncate --help", ""]]),
  entry(["chmod", "chown", "chgrp"], chmodLike, [["chmod -R 777 ~", "write home_dir recursive"], ["chown -R root ~/x", "write home_file recursive lockout"], ["chgrp staff x", "write workspace_file"], ["chmod --help", ""]]),
  entry(["mkdir", "touch"], mkdirTouch, [["mkdir -p build", "write workspace_file"], ["touch x", "write workspace_file"], ["mkdir --help", ""]]),
  entry(["mkfifo", "mknod"], mkNode, [["mkfifo /tmp/f", "write temp_path"], ["mknod /dev/x c 1 3", "write system_path"], ["mkfifo --help", ""]]),
  entry(["sed"], sed, [["sed -i s/a/b/ f.txt", "write workspace_file"], ["sed -n 'w /etc/hosts'", "write system_path"], ["sed s/a/b/", ""]]),
  // `mkfs` and `mkfs.TYPE` are matched by prefix (filesystemPrefixHandler).
  entry(["mkswap", "wipefs", "mke2fs"], mkfs, [["mkswap /dev/sdb", "write system_path device"], ["wipefs -a /dev/sdb", "write system_path device"], ["mkfs.ext4 /dev/sdb1", "write system_path device"], ["mkswap --help", ""]]),
];

export const FILESYSTEM_HANDLERS: Record<string, Handler> = handlerTable(FILESYSTEM_PROGRAMS);

/** Programs matched by prefix (`mkfs.ext4`, `mkfs.xfs`). */
export function filesystemPrefixHandler(program: string): Handler | null {
  if (program === "mkfs" || program.startsWith("mkfs.")) return mkfs;
  return null;
}
