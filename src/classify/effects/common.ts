// Shared machinery of the shell effect table: the collector (deduplicating,
// first-seen order), the per-command context, raw-word inspection (was an
// operand a literal?), and path/URL targets that report unknown shapes 5 and 8.
import type { EventEnv } from "../../model/event.js";
import { isGitMetadataDir, isWholeWorkingDirectory, resolvePathDetailed, type ResolvedPathDetailed } from "../paths.js";
import type { ParsedCommand, ShellAnalysis } from "../shell/types.js";
import type { AttrValue, ClassifiedPath, ClassifiedUrl, Effect, TargetClass, UnknownCommand, Verb } from "../../model/classification.js";

export type Attrs = Record<string, AttrValue>;

function attrsKey(attrs: Attrs): string {
  return Object.keys(attrs)
    .sort()
    .map((k) => `${k}=${JSON.stringify(attrs[k])}`)
    .join(",");
}

export class Collector {
  readonly effects: Effect[] = [];
  readonly unknown: UnknownCommand[] = [];
  readonly paths: ClassifiedPath[] = [];
  readonly urls: ClassifiedUrl[] = [];
  private readonly effectKeys = new Set<string>();
  private readonly unknownKeys = new Set<string>();
  private readonly pathKeys = new Set<string>();
  private readonly urlKeys = new Set<string>();

  effect(verb: Verb, target: TargetClass, attrs: Attrs): void {
    const clean: Attrs = {};
    for (const [k, v] of Object.entries(attrs)) if (v !== undefined) clean[k] = v;
    const key = `${verb}|${target}|${attrsKey(clean)}`;
    if (this.effectKeys.has(key)) return;
    this.effectKeys.add(key);
    this.effects.push({ verb, target_class: target, attrs: clean });
  }

  gap(shape: number, reason: string, command: string): void {
    const key = `${shape}|${command}`;
    if (this.unknownKeys.has(key)) return;
    this.unknownKeys.add(key);
    this.unknown.push({ shape, reason, command });
  }

  path(value: string, cls: TargetClass, rel: string | null): void {
    if (this.pathKeys.has(value)) return;
    this.pathKeys.add(value);
    this.paths.push({ class: cls, value, rel });
  }

  url(u: ClassifiedUrl | null): void {
    if (!u || this.urlKeys.has(u.value)) return;
    this.urlKeys.add(u.value);
    this.urls.push(u);
  }
}

/** State carried across the commands of one text (earlier commands inform later ones). */
export interface SharedState {
  /** Possible working directories (the declared one first): `cd` adds candidates, never removes. */
  cwds: Array<string | undefined>;
  kubeContext: string | null;
  tfWorkspace: string | null;
  /** Normalised paths a downloader wrote (`curl -o x.sh`), for `bash x.sh` → remote_code. */
  downloaded: Set<string>;
  /** Per command index: classes of the files it reads (for stdin → send). */
  reads: Map<number, TargetClass[]>;
}

export function newSharedState(env: EventEnv | null): SharedState {
  return { cwds: [env?.cwd], kubeContext: null, tfWorkspace: null, downloaded: new Set(), reads: new Map() };
}

export interface Ctx {
  env: EventEnv | null;
  analysis: ShellAnalysis;
  index: number;
  pc: ParsedCommand;
  program: string;
  argv: string[];
  out: Collector;
  state: SharedState;
}

export interface WordInfo {
  /** `$(…)`, backticks, `<(…)`/`>(…)` outside single quotes. */
  subst: boolean;
  /** Names of `$VAR`/`${VAR…}` expansions outside single quotes (`$((…))` counts as "(("). */
  vars: string[];
  /** Starts with an unquoted `~` (tilde expansion applies). */
  tilde: boolean;
}

/** Inspect a raw (quotes kept) word: does it expand, and how? */
export function scanWord(raw: string): WordInfo {
  const info: WordInfo = { subst: false, vars: [], tilde: raw.startsWith("~") };
  let i = 0;
  let dq = false;
  while (i < raw.length) {
    const c = raw[i];
    if (!dq && c === "'") {
      const close = raw.indexOf("'", i + 1);
      i = close < 0 ? raw.length : close + 1;
      continue;
    }
    if (c === "\\") {
      i += 2;
      continue;
    }
    if (c === '"') {
      dq = !dq;
      i++;
      continue;
    }
    if (c === "`") {
      info.subst = true;
      i++;
      continue;
    }
    if (!dq && (c === "<" || c === ">") && raw[i + 1] === "(") {
      info.subst = true;
      i += 2;
      continue;
    }
    if (c === "$") {
      const n = raw[i + 1];
      if (n === "(" && raw[i + 2] === "(") {
        info.vars.push("((");
        i += 3;
      } else if (n === "(") {
        info.subst = true;
        i += 2;
      } else if (n === "'" && !dq) {
        // ANSI-C quoting: literal text (shape 12 is the parser's).
        const close = raw.indexOf("'", i + 2);
        i = close < 0 ? raw.length : close + 1;
      } else if (n === "{") {
        const m = /^\$\{[#!]?([A-Za-z_][A-Za-z0-9_]*|[0-9@*#?$!-])/.exec(raw.slice(i));
        info.vars.push(m ? m[1] : "{");
        const close = raw.indexOf("}", i);
        i = close < 0 ? raw.length : close + 1;
      } else if (n !== undefined && /[A-Za-z_]/.test(n)) {
        const m = /^\$([A-Za-z_][A-Za-z0-9_]*)/.exec(raw.slice(i))!;
        info.vars.push(m[1]);
        i += m[0].length;
      } else if (n !== undefined && /[0-9@*#?$!-]/.test(n)) {
        info.vars.push(n);
        i += 2;
      } else i++;
      continue;
    }
    i++;
  }
  return info;
}

/** Variables the path resolver expands from env (or classifies without a value). */
const RESOLVABLE_VARS = new Set(["HOME", "PWD", "TMPDIR"]);

export function rawArg(ctx: Ctx, index: number): string {
  const raw = ctx.pc.cmd.raw_argv;
  if (raw.length === ctx.argv.length && raw[index] !== undefined) return raw[index];
  return ctx.argv[index] ?? "";
}

/** Longest `target` quoted on an effect; longer text is cut with an ellipsis. */
const TARGET_MAX = 160;

export function targetText(text: string): string {
  return text.length > TARGET_MAX ? `${text.slice(0, TARGET_MAX - 1)}…` : text;
}

/**
 * Every shell effect names its program and its target — the operand as written
 * (a path, a refspec, a URL), or the command's arguments when the effect has
 * no single operand — so a refusal can quote exactly what it refused.
 */
export function attrs(ctx: Ctx, extra: Attrs = {}): Attrs {
  return { program: ctx.program, target: targetText(ctx.argv.join(" ")), ...extra };
}

export function gap(ctx: Ctx, shape: number, reason: string): void {
  ctx.out.gap(shape, reason, ctx.pc.cmd.raw);
}

/** Report shape 5 when argv[index] holds a substitution; true when it does. */
export function substGap(ctx: Ctx, index: number, what = "an operand"): boolean {
  if (index < 0) return false;
  if (scanWord(rawArg(ctx, index)).subst) {
    gap(ctx, 5, `command substitution in ${what} of ${ctx.program}`);
    return true;
  }
  return false;
}

export type TargetRole = "mutate" | "consequential" | "plain";

/**
 * Resolve under every candidate working directory (the declared one first).
 * A `cd` moves the shell, not the workspace: a relative path is first made
 * absolute against the candidate directory, then classified with the declared env.
 */
export function resolveAll(ctx: Ctx, value: string, literal: boolean): ResolvedPathDetailed[] {
  const out: ResolvedPathDetailed[] = [];
  ctx.state.cwds.forEach((cwd, i) => {
    if (i === 0) {
      out.push(resolvePathDetailed(value, ctx.env, { literal }));
      return;
    }
    const shellEnv: EventEnv = { cwd, home: ctx.env?.home, path_dirs: [], additional_dirs: [] };
    const abs = resolvePathDetailed(value, shellEnv, { literal });
    const rooted = /^([A-Za-z]:\\|\/|\\\\)/.test(abs.normalized);
    if (rooted) out.push(resolvePathDetailed(abs.normalized, ctx.env, { literal: true }));
    else if (abs.class === "workspace_root" || abs.class === "workspace_file") out.push({ ...abs, class: "unknown" }); // `.` of an unknown directory
    else out.push(abs); // unknown, or placed without a cwd (`$TMPDIR/x`, a secret basename)
  });
  return out;
}

const FIND_PLACEHOLDER = "__find_match__";

/** One class a path target may have, and what it names beyond its class. */
export interface TargetHit {
  cls: TargetClass;
  /** The declared working directory in its entirety (`.`, `*`, its absolute path). */
  wholeCwd: boolean;
  /** A repository's `.git` directory. */
  gitDir: boolean;
}

function hitsOf(results: readonly ResolvedPathDetailed[]): TargetHit[] {
  const out: TargetHit[] = [];
  for (const r of results) {
    const prev = out.find((h) => h.cls === r.class);
    const wholeCwd = isWholeWorkingDirectory(r);
    const gitDir = isGitMetadataDir(r);
    if (prev) {
      prev.wholeCwd ||= wholeCwd;
      prev.gitDir ||= gitDir;
    } else out.push({ cls: r.class, wholeCwd, gitDir });
  }
  return out;
}

const UNKNOWN_HIT: TargetHit = { cls: "unknown", wholeCwd: false, gitDir: false };

/**
 * A path operand (`value`, usually argv[index]; `index` -1 when it is not a
 * whole argv element, then `rawText` is inspected). Records the path, reports
 * shape 5 (substitution, unless `plain`) and shape 8 (variable, for `mutate`),
 * and returns the distinct classes it may have (several when `cd` made the
 * working directory ambiguous, or for find roots).
 */
export function pathTarget(ctx: Ctx, value: string, index: number, role: TargetRole, rawText?: string): TargetClass[] {
  return pathTargetHits(ctx, value, index, role, rawText).map((h) => h.cls);
}

/** {@link pathTarget}, with what each class's paths name (the whole cwd, a `.git` directory). */
export function pathTargetHits(ctx: Ctx, value: string, index: number, role: TargetRole, rawText?: string): TargetHit[] {
  const raw = rawText ?? (index >= 0 ? rawArg(ctx, index) : value);
  const info = scanWord(raw);
  if (info.subst) {
    if (role !== "plain") gap(ctx, 5, `command substitution in a target of ${ctx.program}`);
    ctx.out.path(value, "unknown", null);
    return [UNKNOWN_HIT];
  }
  // find -exec … {} …: the match lies under a find root.
  if (ctx.pc.find && value.includes("{}")) {
    const results: ResolvedPathDetailed[] = [];
    for (const root of ctx.pc.find.roots.length ? ctx.pc.find.roots : ["."]) {
      const recorded = resolveAll(ctx, root, false)[0];
      ctx.out.path(root, recorded.class, recorded.rel);
      const sub = ctx.pc.find.filtered ? `${root}/${FIND_PLACEHOLDER}` : `${root}/*`;
      results.push(...resolveAll(ctx, sub, false));
    }
    return hitsOf(results);
  }
  if (fedByInput(ctx) && value.includes("{}")) {
    if (role === "mutate") gap(ctx, 8, `${ctx.program} operand fed by ${feeder(ctx)}`);
    return [UNKNOWN_HIT];
  }
  const literal = info.vars.length === 0 && !info.tilde;
  const dynamicVar = info.vars.some((v) => !RESOLVABLE_VARS.has(v));
  const results = resolveAll(ctx, value, literal);
  const first = results[0];
  ctx.out.path(value, first.class, first.rel);
  if (dynamicVar || first.dynamic) {
    if (role === "mutate") gap(ctx, 8, `non-literal operand ${raw} of ${ctx.program}`);
    return [UNKNOWN_HIT];
  }
  return hitsOf(results);
}

/**
 * Emit `verb × class` for each class of a path target. A delete of the whole
 * working directory carries `whole_cwd: true`; a delete of a `.git` directory
 * also discards the repository's history (`discard × vcs_history`).
 */
export function emitPath(ctx: Ctx, verb: Verb, value: string, index: number, role: TargetRole, extra: Attrs = {}, rawText?: string): TargetClass[] {
  const hits = pathTargetHits(ctx, value, index, role, rawText);
  const classes = hits.map((h) => h.cls);
  const target = targetText(rawText ?? value);
  for (const h of hits) {
    const whole: Attrs = verb === "delete" && h.wholeCwd ? { whole_cwd: true } : {};
    ctx.out.effect(verb, h.cls, attrs(ctx, { target, ...extra, ...whole }));
  }
  if (verb === "delete" && hits.some((h) => h.gitDir)) deleteGitDir(ctx, target);
  if (verb === "read") {
    const prev = ctx.state.reads.get(ctx.index) ?? [];
    for (const c of classes) if (!prev.includes(c)) prev.push(c);
    ctx.state.reads.set(ctx.index, prev);
  }
  return classes;
}

/** Deleting a `.git` directory throws away the repository's history with it. */
export function deleteGitDir(ctx: Ctx, target: string): void {
  ctx.out.effect("discard", "vcs_history", attrs(ctx, { target, operation: "delete .git" }));
}

/** Commands that take operands (or the command itself) from their input: xargs, and parallel without `:::` inputs. */
const INPUT_FEEDERS = ["xargs", "parallel"] as const;

/** Does a feeder (xargs, parallel) hand this command words from its input? */
export function fedByInput(ctx: Ctx): boolean {
  return ctx.pc.wrappers.some((w) => (INPUT_FEEDERS as readonly string[]).includes(w));
}

function feeder(ctx: Ctx): string {
  return ctx.pc.wrappers.find((w) => (INPUT_FEEDERS as readonly string[]).includes(w)) ?? "xargs";
}

/**
 * Fed by xargs (or parallel without literal `:::` inputs) with no literal
 * operand: the targets come from stdin (shape 8).
 */
export function xargsFed(ctx: Ctx, operandCount: number): boolean {
  return fedByInput(ctx) && operandCount === 0;
}

/** Classes a find upstream of this command's stdin would produce, if there is one. */
export function upstreamFindClasses(ctx: Ctx): TargetClass[] | null {
  const src = ctx.pc.stdin;
  if (!src || src.kind !== "pipe") return null;
  const up = ctx.analysis.commands[src.upstream];
  if (!up || up.cmd.program !== "find") return null;
  const roots = findRoots(up.cmd.argv);
  const filtered = parseFind(up.cmd.argv).filtered;
  const classes: TargetClass[] = [];
  for (const root of roots) {
    const sub = filtered ? `${root}/${FIND_PLACEHOLDER}` : `${root}/*`;
    for (const r of resolveAll(ctx, sub, false)) if (!classes.includes(r.class)) classes.push(r.class);
  }
  return classes;
}

/** find's tests that narrow what it matches (a `-delete` under them is not a wipe of the root). */
export const FIND_TESTS = new Set([
  "-name", "-iname", "-path", "-ipath", "-wholename", "-iwholename", "-regex", "-iregex", "-type", "-xtype",
  "-newer", "-anewer", "-cnewer", "-newermt", "-newerct", "-newerat", "-newermm", "-mtime", "-mmin", "-atime", "-amin",
  "-ctime", "-cmin", "-size", "-user", "-group", "-uid", "-gid", "-perm", "-empty", "-links", "-inum",
  "-samefile", "-lname", "-ilname", "-nouser", "-nogroup", "-readable", "-writable", "-executable", "-used",
  "-fstype", "-context",
]);

/** find primaries that take one argument (so that argument is never read as a primary). */
const FIND_ONE_ARG = new Set([
  ...[...FIND_TESTS].filter((t) => !["-empty", "-nouser", "-nogroup", "-readable", "-writable", "-executable"].includes(t)),
  "-maxdepth", "-mindepth", "-printf", "-fprint", "-fprint0", "-fls", "-regextype", "-files0-from",
]);

export interface FindExpr {
  roots: Array<{ value: string; index: number }>;
  filtered: boolean;
  deletes: boolean;
  /** `-fprint FILE` and friends: files find writes. */
  writes: Array<{ value: string; index: number }>;
}

/** Walk find's argv: roots, then the expression (skipping -exec bodies and primaries' arguments). */
export function parseFind(argv: readonly string[]): FindExpr {
  let i = 0;
  while (i < argv.length && ["-H", "-L", "-P"].includes(argv[i])) i++;
  if (argv[i] === "-D" || argv[i] === "-O" || /^-O\d$/.test(argv[i] ?? "")) i += argv[i] === "-D" || argv[i] === "-O" ? 2 : 1;
  const roots: FindExpr["roots"] = [];
  for (; i < argv.length; i++) {
    const a = argv[i];
    if (a.startsWith("-") || a === "(" || a === "!" || a === "\\(") break;
    roots.push({ value: a, index: i });
  }
  const out: FindExpr = { roots, filtered: false, deletes: false, writes: [] };
  for (; i < argv.length; i++) {
    const a = argv[i];
    if (a === "-exec" || a === "-execdir" || a === "-ok" || a === "-okdir") {
      while (i + 1 < argv.length && argv[i + 1] !== ";" && argv[i + 1] !== "\\;" && argv[i + 1] !== "+") i++;
      i++;
      continue;
    }
    if (a === "-delete") out.deletes = true;
    if (FIND_TESTS.has(a)) out.filtered = true;
    if (a === "-fprint" || a === "-fprint0" || a === "-fls" || a === "-fprintf") {
      if (argv[i + 1] !== undefined) out.writes.push({ value: argv[i + 1], index: i + 1 });
    }
    if (a === "-fprintf") i += 2;
    else if (FIND_ONE_ARG.has(a)) i++;
  }
  return out;
}

/** find's leading operands before the expression. */
export function findRoots(argv: readonly string[]): string[] {
  const roots = parseFind(argv).roots.map((r) => r.value);
  return roots.length ? roots : ["."];
}

/** Word-bounded "prod"/"production"/"prd" in a context, namespace, workspace or file name. */
export function isProductionName(name: string): boolean {
  return /(^|[^a-z0-9])(prod|production|prd)([^a-z0-9]|$)/i.test(name);
}

/** `is_production` from named environments: true if any says prod, false if some are named and none does. */
export function productionAttrs(names: Array<string | null | undefined>): Attrs {
  const named = names.filter((n): n is string => typeof n === "string" && n !== "");
  if (named.length === 0) return {};
  return { is_production: named.some(isProductionName) };
}

