// The family row engine: finds the row a command's subcommand path and flags
// select, emits its effects, and answers the global questions every row shares
// — is this a help invocation (usage only: nothing happens), is it a dry run
// (nothing is changed: destructive verbs become `read`, with `dry_run: true`)?
import type { Effect, Verb } from "../../../model/classification.js";
import { asWindowsArgs, type Arg } from "../../programs/args.js";
import { parseArgs, parseSingleDash, parseWindowsArgs, type ParsedOperand } from "../../programs/options.js";
import { attrs, operandTarget, productionAttrs, type Ctx } from "../common.js";
import type { Cli, EffectSpec, Family, Match, Row, RowFlag } from "./rows.js";

interface CompiledRow {
  row: Row;
  /** Per path word, its alternatives (`["*"]` for any word). */
  segments: string[][];
  service: string;
}

export interface ProgramTable {
  cli: Cli;
  /** Windows conventions: subcommand words compare case-insensitively (`vssadmin Delete Shadows`). */
  caseless: boolean;
  /** Every word a row's path can start with: the subcommand is the first operand that is one of them. */
  heads: Set<string>;
  rows: CompiledRow[];
}

/** Windows programs and cmdlets read their words and switches case-insensitively. */
export const isCaseless = (cli: Cli): boolean => cli.style === "cmd" || cli.style === "powershell";

function compileRow(r: Row, service: string, caseless: boolean): CompiledRow {
  const path = caseless ? r.path.toLowerCase() : r.path;
  const segments = path.trim() === "" ? [] : path.trim().split(/\s+/).map((s) => s.split("|"));
  return { row: r, segments, service };
}

/** What the table knows of one program name before its rows are compiled: its Cli and the row lists, in family order. */
interface ProgramSource {
  cli: Cli;
  lists: { rows: readonly Row[]; service: string }[];
}

/**
 * Every family's rows by program name. A program's rows are compiled on its first look-up: a process
 * that answers one call (a hook) compiles the few programs its command names, not all of them (compiling
 * every row at start-up cost a hook 5–8 ms of CPU). The one check the table makes of its families — a
 * tool in several families shares one `Cli` — runs at construction, as before.
 */
export class FamilyTable {
  private readonly sources = new Map<string, ProgramSource>();
  private readonly compiled = new Map<string, ProgramTable>();

  constructor(families: readonly Family[]) {
    for (const f of families) {
      for (const p of f.programs) {
        for (const name of p.names) {
          const known = this.sources.get(name);
          if (!known) this.sources.set(name, { cli: p.cli, lists: [{ rows: p.rows, service: p.service }] });
          else if (known.cli !== p.cli) throw new Error(`family ${f.name}: ${name} is declared with a second Cli; share one object so its conventions live once`);
          else known.lists.push({ rows: p.rows, service: p.service });
        }
      }
    }
  }

  has(name: string): boolean {
    return this.sources.has(name);
  }

  get(name: string): ProgramTable | undefined {
    const done = this.compiled.get(name);
    if (done !== undefined) return done;
    const source = this.sources.get(name);
    if (source === undefined) return undefined;
    const t: ProgramTable = { cli: source.cli, caseless: isCaseless(source.cli), heads: new Set(), rows: [] };
    for (const list of source.lists) {
      for (const r of list.rows) {
        const c = compileRow(r, list.service, t.caseless);
        if (c.segments.length > 0) for (const w of c.segments[0]) if (w !== "*") t.heads.add(w);
        t.rows.push(c);
      }
    }
    this.compiled.set(name, t);
    return t;
  }
}

/** Index every family's rows by program name. A tool in several families must share one `Cli`. */
export function compileFamilies(families: readonly Family[]): FamilyTable {
  return new FamilyTable(families);
}

// ── reading a command line with its Cli ──────────────────────────────────

interface CliParse {
  flags: RowFlag[];
  operands: ParsedOperand[];
}

const FALSE_VALUE = /^(false|0|no|off|none)$/i;

function parseCli(cli: Cli, args: readonly Arg[]): CliParse {
  if (cli.style === "cmd" || cli.style === "powershell") {
    const p = parseWindowsArgs(args, cli.windows ?? {}, cli.style);
    return { flags: p.flags.map((f) => ({ name: f.name, value: f.value, index: f.index, arg: f.arg })), operands: p.operands };
  }
  if (cli.style === "single-dash") {
    const p = parseSingleDash(args, cli.valueFlags ?? []);
    const flags: RowFlag[] = [];
    // parseSingleDash keeps the last value per name; recover order and indexes from the words.
    args.forEach((a, index) => {
      const m = /^--?([^=-][^=]*)(?:=(.*))?$/s.exec(a.value);
      if (!m || a.value === "-") return;
      if (p.operands.some((o) => o.index === index)) return;
      const name = m[1].toLowerCase();
      const v = p.flags.get(name);
      const value = m[2] !== undefined ? m[2] : v === true || v === undefined ? null : v;
      flags.push({ name, value, index, arg: p.flagArgs.get(name) ?? a });
    });
    return { flags, operands: p.operands };
  }
  const p = parseArgs(args, cli.options ?? {});
  return { flags: p.flags.map((f) => ({ name: f.name, value: f.value, index: f.index, arg: f.arg })), operands: p.operands };
}

function flagOn(f: RowFlag): boolean {
  return f.value === null || !FALSE_VALUE.test(f.value);
}

function makeMatch(ctx: Ctx, parsed: CliParse, path: string[], rest: ParsedOperand[]): Match {
  const pick = (names: string[]) => parsed.flags.filter((f) => names.includes(f.name));
  return {
    ctx,
    path,
    rest,
    flags: parsed.flags,
    has: (...names) => pick(names).some(flagOn),
    value: (...names) => {
      const vs = pick(names).filter((f) => f.value !== null);
      return vs.length ? (vs[vs.length - 1].value as string) : null;
    },
    values: (...names) => pick(names).flatMap((f) => (f.value === null ? [] : [f.value])),
    base: {},
  };
}

function matchPath(c: CompiledRow, ops: readonly ParsedOperand[], firstHead: number, caseless: boolean): ParsedOperand[] | null {
  if (c.segments.length === 0) return [];
  // A path that starts with `*` starts at the first operand (`newrelic entity delete`, `service haproxy stop`).
  const head = c.segments[0].includes("*") ? 0 : firstHead;
  if (head < 0 || head + c.segments.length > ops.length) return null;
  for (let k = 0; k < c.segments.length; k++) {
    const alts = c.segments[k];
    const word = caseless ? ops[head + k].value.toLowerCase() : ops[head + k].value;
    if (!alts.includes("*") && !alts.includes(word)) return null;
  }
  return ops.slice(head, head + c.segments.length);
}

/**
 * Where the subcommand path starts: the first operand that is a word some row
 * starts with. Operands before it may only be values of flags the Cli does not
 * declare (`restic -r /srv/repo forget`) or the Cli's skip words (gcloud
 * `alpha`); any other word there is a subcommand no row knows (`wrangler
 * kvnamespace delete` runs nothing), and then no path matches.
 */
function subcommandIndex(table: ProgramTable, args: readonly Arg[], ops: readonly ParsedOperand[]): number {
  const skip = table.cli.skipWords ?? [];
  for (let i = 0; i < ops.length; i++) {
    const o = ops[i];
    if (table.heads.has(table.caseless ? o.value.toLowerCase() : o.value)) return i;
    if (skip.includes(o.value)) continue;
    const prev = args[o.index - 1]?.value ?? "";
    if (!(prev.startsWith("-") && prev !== "--" && !prev.includes("="))) return -1;
  }
  return -1;
}

const asList = (x: EffectSpec | readonly EffectSpec[] | null): readonly EffectSpec[] => (x === null ? [] : Array.isArray(x) ? x : [x as EffectSpec]);

/**
 * Run the first row of `table` that applies to this command. Returns true when
 * one did: the family rows have claimed the command, and the generic handler
 * of the same program (infra.ts's `aws … delete-*`) is not consulted.
 */
export function runRows(ctx: Ctx, table: ProgramTable): boolean {
  // A Windows program gets its words as cmd.exe/PowerShell split them, `\` kept (Bash read it as an escape).
  const args = table.caseless ? asWindowsArgs(ctx.args) : ctx.args;
  const parsed = parseCli(table.cli, args);
  const ops = parsed.operands;
  const head = subcommandIndex(table, args, ops);
  for (const c of table.rows) {
    const pathOps = matchPath(c, ops, head, table.caseless);
    if (pathOps === null) continue;
    const restFrom = c.segments.length === 0 ? 0 : ops.indexOf(pathOps[pathOps.length - 1]) + 1;
    const m = makeMatch(ctx, parsed, pathOps.map((o) => (table.caseless ? o.value.toLowerCase() : o.value)), ops.slice(restFrom));
    if (c.row.when && !c.row.when(m)) continue;
    const operation = typeof c.row.operation === "function" ? c.row.operation(m) : (c.row.operation ?? m.path.join(" "));
    const prod = productionAttrs((table.cli.envFlags ?? []).map((n) => m.value(n)));
    m.base = { service: c.service, ...(operation ? { operation } : {}), ...prod };
    const specs = asList(typeof c.row.effect === "function" ? c.row.effect(m) : (c.row.effect as EffectSpec | readonly EffectSpec[]));
    // The target is what the subcommand acts on: the operands after its path (`kubectl delete deployment api` →
    // `deployment api`). A row without a path (flag-driven tools, `dig @ns zone axfr`) names its own, if any.
    const target = c.segments.length > 0 ? operandTarget(m.rest.map((o) => o.value)) : {};
    for (const s of specs) ctx.out.effect(s.verb, s.target, attrs(ctx, { ...target, ...m.base, ...s.attrs }));
    return true;
  }
  return false;
}

// ── the global handling: help and dry runs ───────────────────────────────

export type InvocationMode = "help" | "dry_run" | null;

/** Could the word before a flag be an option that takes it as its value? Then the flag is not a flag. */
function mayTakeValue(cli: Cli, prev: Arg | undefined): boolean {
  if (!prev) return false;
  const v = prev.value;
  const o = cli.options ?? {};
  const known = (name: string) => (o.longBool ?? []).includes(name) || (cli.help?.flags ?? []).includes(name) || (cli.dryRun ?? []).includes(name);
  let m = /^--([^=]+)$/.exec(v);
  if (m) return !known(m[1]);
  m = /^-([A-Za-z])$/.exec(v);
  if (m) return !known(o.aliases?.[m[1]] ?? m[1]);
  return false;
}

interface ModeTriggers {
  long: Set<string>;
  short: string;
}

const TRIGGERS = new WeakMap<Cli, ModeTriggers>();

/** The words that could make a help or dry-run invocation: most commands have none, and skip the parse. */
function mayAskMode(cli: Cli, args: readonly Arg[]): boolean {
  // Windows switches (`/?`, `-WhatIf`, `-wh`) are few words: read them with the parser.
  if (isCaseless(cli)) return args.some((a) => a.value.startsWith("/") || a.value.startsWith("-"));
  let t = TRIGGERS.get(cli);
  if (!t) {
    const names = [...(cli.help?.flags ?? ["help"]), ...(cli.dryRun ?? [])];
    const aliasOf = cli.options?.aliases ?? {};
    const short = Object.keys(aliasOf).filter((k) => names.includes(aliasOf[k])).join("") + names.filter((n) => n.length === 1).join("");
    t = { long: new Set(names.filter((n) => n.length > 1).flatMap((n) => [n, `no-${n}`])), short };
    TRIGGERS.set(cli, t);
  }
  for (const a of args) {
    const v = a.value;
    if (v === "help") return true;
    if (v.length < 2 || v[0] !== "-") continue;
    if (v[1] === "-" || cli.style === "single-dash") {
      const name = v.replace(/^--?/, "").split("=")[0].toLowerCase();
      if (t.long.has(name) || (cli.style === "single-dash" && t.short.includes(name))) return true;
      // An abbreviation of a long flag (`--dry`) needs the parse.
      if (v[1] === "-" && name.length > 0 && [...t.long].some((n) => n.startsWith(name))) return true;
    } else if (t.short && [...v.slice(1)].some((c) => t!.short.includes(c))) return true;
  }
  return false;
}

/** Operands a Go-flag tool reads as subcommand words: flags after the first other operand are arguments. */
const SUBCOMMAND_WORD = /^[a-z][a-z0-9_-]*$/;

/**
 * Does this command line only print help, or only preview what it would do?
 * Decided from the tool's `Cli`: a help flag or word anywhere before `--`
 * (single-dash tools: before the first argument that is not a subcommand
 * word), a dry-run flag not switched off (`--dry-run=false`, `--no-dry-run`,
 * `--dry-run=none`). A flag right after an option that might take a value is
 * that option's value, not a flag (`--exclude --dryrun`).
 */
export function invocationMode(cli: Cli, given: readonly Arg[]): InvocationMode {
  const args = isCaseless(cli) ? asWindowsArgs(given) : given;
  if (!mayAskMode(cli, args)) return null;
  const parsed = parseCli(cli, args);
  let limit = Infinity;
  if (cli.style === "single-dash") {
    const firstArg = parsed.operands.find((o) => !SUBCOMMAND_WORD.test(o.value));
    if (firstArg) limit = firstArg.index;
  }
  // The Windows parser already gave declared value switches their values; a switch it found is one.
  const counts = (f: RowFlag) => f.index < limit && (cli.style === "single-dash" || isCaseless(cli) || !mayTakeValue(cli, args[f.index - 1]));
  const helpFlags = cli.help?.flags ?? ["help"];
  for (const f of parsed.flags) if (helpFlags.includes(f.name) && flagOn(f) && counts(f)) return "help";
  const words = parsed.operands;
  if (cli.help?.word === "first" && words[0]?.value === "help") return "help";
  if (cli.help?.word === "last" && words.length > 0 && words[words.length - 1].value === "help" && !args.some((a) => a.value === "--")) return "help";
  let dry: boolean | null = null;
  const dryNames = cli.dryRun ?? [];
  for (const f of parsed.flags) {
    if (dryNames.includes(f.name) && counts(f)) dry = flagOn(f);
    else if (f.name.startsWith("no-") && dryNames.includes(f.name.slice(3))) dry = false;
  }
  return dry ? "dry_run" : null;
}

/** Verbs a dry run does not carry out. */
const DRY_RUN_SKIPS: ReadonlySet<Verb> = new Set<Verb>(["write", "delete", "destroy", "discard", "push", "send", "install"]);

/** A dry run's effect: what would be changed is only looked at (`read`, with `dry_run: true` and the verb it would have had). */
export function dryRunEffect(e: Effect): Effect {
  if (!DRY_RUN_SKIPS.has(e.verb)) return e;
  return { verb: "read", target_class: e.target_class, attrs: { ...e.attrs, dry_run: true, would: e.verb } };
}
