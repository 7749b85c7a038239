// Shared machinery of the shell effect table: the collector (deduplicating,
// first-seen order), the per-command context, and path/URL targets that
// report unknown shapes 5 and 8 from the operands' word facts
// (src/classify/programs/args.ts) — never by re-reading raw text.
import type { EventEnv } from "../../model/event.js";
import { GAP_SHAPE, type GapShape } from "../../model/gap-shapes.js";
import { hostLinks, throughHostLink } from "../host-facts.js";
import { isGitMetadataDir, isWholeWorkingDirectory, mutatedPersistence, resolvePathDetailed, type ResolvedPathDetailed } from "../paths.js";
import { isKnownVariable, NAME_FRAGMENT_VARIABLES, startsAtDeclaredCwd, withNameFragments } from "../path-vars.js";
import type { Persistence } from "../persistence.js";
import { parseRegKey, registryAttrs } from "../registry.js";
import { isSystemLog } from "../system-logs.js";
import { isLiteralArg, type Arg } from "../programs/args.js";
import type { FindName } from "../programs/find.js";
import { gateFootprint } from "../gate.js";
import { hostOf } from "../host-env.js";
import { echoOutput, printfOutput } from "../programs/echo-printf.js";
import type { ParsedCommand, ShellAnalysis } from "../shell-analysis.js";
import type { TargetClass, Verb } from "../../model/classification.js";
import { throughAlias, type PathAliases } from "./path-aliases.js";

import type { Attrs, Collector } from "./collector.js";

export type { Attrs };

/** State carried across the commands of one text (earlier commands inform later ones). */
export interface SharedState {
  /** Possible working directories (the declared one first): `cd` adds candidates, never removes. */
  cwds: Array<string | undefined>;
  kubeContext: string | null;
  tfWorkspace: string | null;
  /** Plan files an earlier `terraform plan -destroy -out=F` wrote: a later `terraform apply F` tears down (families/iac.ts). */
  tfDestroyPlans: Set<string>;
  /** Normalised paths a downloader wrote (`curl -o x.sh`), for `bash x.sh` → remote_code. */
  downloaded: Set<string>;
  /** Per command index: classes of the files it reads (for stdin → send). */
  reads: Map<number, TargetClass[]>;
  /** Per command index: the normalised paths it writes. */
  writes: Map<number, string[]>;
  /** Normalised paths written from a secret earlier in the text (`cp .env /tmp/x`, `tar czf k.tgz ~/.ssh`): they hold one. */
  secretCopies: Set<string>;
  /** Secret files `git add` staged earlier in the text (`git add -f .env`): a later push sends them. */
  stagedSecrets: string[];
  /** Symlinks and bind mounts the text made (`ln -s ~ h`): paths through them reach their targets (path-aliases.ts). */
  aliases: PathAliases;
}

export function newSharedState(env: EventEnv | null): SharedState {
  return { cwds: [env?.cwd], kubeContext: null, tfWorkspace: null, tfDestroyPlans: new Set(), downloaded: new Set(), reads: new Map(), writes: new Map(), secretCopies: new Set(), stagedSecrets: [], aliases: new Map() };
}

/** Record that this command reads something of `cls` (also for reads that emit no effect, such as an environment dump). */
export function noteRead(ctx: Ctx, cls: TargetClass): void {
  const prev = ctx.state.reads.get(ctx.index) ?? [];
  if (!prev.includes(cls)) prev.push(cls);
  ctx.state.reads.set(ctx.index, prev);
}

function noteWrite(ctx: Ctx, normalized: string): void {
  const prev = ctx.state.writes.get(ctx.index) ?? [];
  if (!prev.includes(normalized)) prev.push(normalized);
  ctx.state.writes.set(ctx.index, prev);
}

/** Is the path a copy of a secret made earlier in the text, or inside one? */
export function holdsSecretCopy(state: SharedState, normalized: string): boolean {
  if (state.secretCopies.size === 0) return false;
  for (const c of state.secretCopies) if (normalized === c || normalized.startsWith(c.endsWith("/") || c.endsWith("\\") ? c : `${c}/`)) return true;
  return false;
}

export interface Ctx {
  env: EventEnv | null;
  analysis: ShellAnalysis;
  index: number;
  pc: ParsedCommand;
  program: string;
  /** The arguments' values (`args[i].value`). */
  argv: string[];
  /** The arguments with their word facts. */
  args: Arg[];
  out: Collector;
  state: SharedState;
}


/** Longest `target` quoted on an effect; longer text is cut with an ellipsis. */
const TARGET_MAX = 160;

export function targetText(text: string): string {
  return text.length > TARGET_MAX ? `${text.slice(0, TARGET_MAX - 1)}…` : text;
}

/** The operands' values joined, as an effect's `target`; none when there are none. */
export function operandTarget(values: readonly string[]): Attrs {
  return values.length > 0 ? { target: targetText(values.join(" ")) } : {};
}

/**
 * Every shell effect names its program and the command as written (`command`:
 * the simple command, flags, wrappers and redirections included), so a refusal
 * can quote exactly what it refused. Its `target` is the operand the effect is
 * about (a path, a refspec, a URL, a package, a resource name: SPEC §6.2) —
 * set by the handler that knows it, never the whole argument list; an effect
 * with no operand has none. A command a launcher runs elsewhere says where (`runs_on`).
 */
export function attrs(ctx: Ctx, extra: Attrs = {}): Attrs {
  const command = targetText(ctx.pc.cmd.raw);
  const runsOn = ctx.pc.runsOn;
  return runsOn ? { program: ctx.program, command, runs_on: runsOn, ...extra } : { program: ctx.program, command, ...extra };
}

export function gap(ctx: Ctx, shape: GapShape, reason: string): void {
  ctx.out.gap(shape, reason, ctx.pc.cmd.raw);
}

/** Report shape 5 when the argument holds a substitution; true when it does. */
export function substGap(ctx: Ctx, arg: Arg | null | undefined, what = "an operand"): boolean {
  if (!arg?.subst) return false;
  gap(ctx, GAP_SHAPE.SUBSTITUTION_OPERAND, `command substitution in ${what} of ${ctx.program}`);
  return true;
}

export type TargetRole = "mutate" | "consequential" | "plain";

/**
 * Resolve under every candidate working directory (the declared one first).
 * A `cd` moves the shell, not the workspace: a relative path is first made
 * absolute against the candidate directory, then classified with the declared env.
 */
export function resolveAll(ctx: Ctx, value: string, literal: boolean, names = false): ResolvedPathDetailed[] {
  const out: ResolvedPathDetailed[] = [];
  const declared = startsAtDeclaredCwd(value);
  if (declared === "only") return withAliases(ctx, [resolvePathDetailed(value, ctx.env, { literal, names })], value, names);
  if (declared === "also" && ctx.state.cwds[0] !== ctx.env?.cwd) out.push(resolvePathDetailed(value, ctx.env, { literal, names }));
  ctx.state.cwds.forEach((cwd, i) => {
    // The declared directory leads the list, unless a `cd DIR &&` left only DIR (cd-chain.ts).
    if (i === 0 && cwd === ctx.env?.cwd) {
      out.push(resolvePathDetailed(value, ctx.env, { literal, names }));
      return;
    }
    const shellEnv: EventEnv = { cwd, home: ctx.env?.home, path_dirs: [], additional_dirs: [] };
    const abs = resolvePathDetailed(value, shellEnv, { literal, names });
    const rooted = /^([A-Za-z]:\\|\/|\\\\)/.test(abs.normalized);
    if (rooted) out.push(resolvePathDetailed(abs.normalized, ctx.env, { literal: true, names }));
    else if (abs.class === "workspace_root" || abs.class === "workspace_file") out.push({ ...abs, class: "unknown" }); // `.` of an unknown directory
    else out.push(abs); // unknown, or placed without a cwd (`$TMPDIR/x`, a secret basename)
  });
  return withAliases(ctx, out, value, names);
}

/** Through a symlink or bind mount made earlier in the text, the path also reaches what it stands for. */
function withAliases(ctx: Ctx, out: ResolvedPathDetailed[], value: string, names: boolean): ResolvedPathDetailed[] {
  if (ctx.state.aliases.size > 0) {
    for (const r of [...out]) {
      const through = throughAlias(ctx.state.aliases, r.normalized, value);
      if (through !== null) out.push(resolvePathDetailed(through, ctx.env, { literal: true, names }));
    }
  }
  // The host's symlinks (host.links, src/classify/host-facts.ts): judged as written and as the real path.
  if (hostLinks(ctx.env) !== null) {
    for (const r of [...out]) {
      const real = throughHostLink(ctx.env, r.normalized, value);
      if (real !== null && real !== r.normalized) out.push(resolvePathDetailed(real, ctx.env, { literal: true, names }));
    }
  }
  return out;
}

/** A file under a find root that a test narrowed to: not the root's contents as a whole. */
const FIND_PLACEHOLDER = "__find_match__";

/** The path a find root's matches stand for: all of its contents (`R/*`), or one file under it when filtered. */
export function findMatchPath(root: string, filtered: boolean): string {
  return filtered ? `${root}/${FIND_PLACEHOLDER}` : `${root}/*`;
}

/** One class a path target may have, and what it names beyond its class. */
export interface TargetHit {
  cls: TargetClass;
  /** The declared working directory in its entirety (`.`, `*`, its absolute path). */
  wholeCwd: boolean;
  /** A repository's `.git` directory. */
  gitDir: boolean;
  /** What the path's contents run or control (src/classify/persistence.ts). */
  persistence: Persistence | null;
  /** It holds part of the gate's footprint (`host.gate`) below it. */
  holdsGate?: boolean;
  /** What the effect quotes, when not the operand as written (a find root for `{}`). */
  target?: string;
  /** The normalised paths of this class (for the copies-of-secrets bookkeeping). */
  paths?: string[];
}

function hitsOf(ctx: Ctx, results: readonly ResolvedPathDetailed[], names: boolean, target?: string): TargetHit[] {
  const out: TargetHit[] = [];
  const add = (cls: TargetClass, r: ResolvedPathDetailed | null): void => {
    const wholeCwd = r !== null && isWholeWorkingDirectory(r);
    const gitDir = r !== null && isGitMetadataDir(r);
    const persistence = r?.persistence ?? null;
    const holdsGate = r?.holdsGate === true;
    const prev = out.find((h) => h.cls === cls);
    const paths = r !== null ? [r.normalized] : [];
    if (prev) {
      prev.wholeCwd ||= wholeCwd;
      prev.gitDir ||= gitDir;
      prev.persistence ??= persistence;
      prev.holdsGate ||= holdsGate;
      prev.paths?.push(...paths);
    } else out.push(target === undefined ? { cls, wholeCwd, gitDir, persistence, holdsGate, paths } : { cls, wholeCwd, gitDir, persistence, holdsGate, target, paths });
  };
  for (const r of results) {
    add(r.class, r);
    // A copy of a secret made earlier in the text holds the secret (unless only its name is touched).
    if (!names && r.class !== "secret_file" && holdsSecretCopy(ctx.state, r.normalized)) add("secret_file", null);
  }
  return out;
}

const UNKNOWN_HIT: TargetHit = { cls: "unknown", wholeCwd: false, gitDir: false, persistence: null };

/**
 * A path operand: `value` (usually `arg.value`; a part of it or a path built
 * from it otherwise), read with the facts of the word it came from (`arg`;
 * null for a path the table made up, which is a literal). Records the path,
 * reports shape 5 (substitution, unless `plain`) and shape 8 (variable, for
 * `mutate`), and returns the distinct classes it may have (several when `cd`
 * made the working directory ambiguous, or for find roots).
 */
export function pathTarget(ctx: Ctx, value: string, arg: Arg | null, role: TargetRole, names = false): TargetClass[] {
  return pathTargetHits(ctx, value, arg, role, names).map((h) => h.cls);
}

/**
 * The hits of the files a `find` (or `fd`) acts on under its roots: each root's class, or a file's under it when
 * narrowed — and, narrowed by name or path tests (`tests`), each entry of the gate's footprint under the root that
 * they pick (`find . -name settings.json -delete` takes `.claude/settings.json`).
 */
export function findRootHits(ctx: Ctx, roots: readonly string[], filtered: boolean, names = false, tests: readonly FindName[] = []): TargetHit[] {
  const out: TargetHit[] = [];
  for (const root of roots.length ? roots : ["."]) {
    for (const h of hitsOf(ctx, resolveAll(ctx, findMatchPath(root, filtered), false, names), names, targetText(root))) out.push(h);
    if (filtered && tests.length > 0) for (const g of gateEntriesPicked(ctx, root, tests)) for (const h of hitsOf(ctx, [resolvePathDetailed(g, ctx.env, { literal: true })], names, targetText(root))) out.push(h);
  }
  return out;
}

/** Entries of the footprint under `root` that a find's name or path tests pick (any component below the root, or the path). */
function gateEntriesPicked(ctx: Ctx, root: string, tests: readonly FindName[]): string[] {
  const gate = gateFootprint(hostOf(ctx.env)).paths;
  if (gate.length === 0) return [];
  const r = resolvePathDetailed(root, ctx.env);
  if (r.dynamic) return [];
  const base = r.normalized.replace(/[\\/]+$/, "");
  const out: string[] = [];
  for (const g of gate) {
    if (!g.toLowerCase().startsWith(`${base.toLowerCase()}/`)) continue;
    const rel = g.slice(base.length + 1);
    const picked = tests.some((t) => {
      const ci = t.test.startsWith("-i");
      if (t.test === "-name" || t.test === "-iname") return rel.split("/").some((seg) => fnmatch(t.pattern, seg, ci, false));
      return fnmatch(t.pattern, `${root.replace(/\/+$/, "")}/${rel}`, ci, true);
    });
    if (picked) out.push(g);
  }
  return out;
}

/** fnmatch(3): `*`, `?`, `[…]`; with `slashes`, `*` also crosses `/` (find's -path). */
function fnmatch(pattern: string, text: string, ci: boolean, slashes: boolean): boolean {
  let re = "";
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === "*") re += slashes ? ".*" : "[^/]*";
    else if (c === "?") re += slashes ? "." : "[^/]";
    else if (c === "[") {
      const close = pattern.indexOf("]", i + 2);
      if (close < 0) re += "\\[";
      else {
        let set = pattern.slice(i + 1, close);
        if (set.startsWith("!")) set = "^" + set.slice(1);
        re += "[" + set.replace(/\\/g, "\\\\") + "]";
        i = close;
      }
    } else re += c.replace(/[.+^${}()|\\\]]/g, "\\$&");
  }
  try {
    return new RegExp(`^${re}$`, ci ? "i" : "").test(text);
  } catch {
    return false;
  }
}

/** A word that starts like a Windows path: a drive, a UNC or `.\` prefix, `%VAR%`, `$env:VAR`, a registry drive or `Registry::`. */
const WINDOWS_START = /^([A-Za-z]:|\\\\|\.\.?\\|%[A-Za-z_(]|\$\{?env:|HK[A-Za-z_]*:|(Microsoft\.PowerShell\.Core\\)?Registry::)/i;

/**
 * The path a Windows-form word names. Bash reads `\` as an escape
 * (`C:\` is `C:`, `%USERPROFILE%\Desktop` is `%USERPROFILE%Desktop`); the
 * person who wrote a Windows path meant a separator — and cmd.exe and
 * PowerShell, where such commands run, read it so. The raw word (outer quotes
 * removed) is the path then.
 */
export function windowsPathValue(value: string, arg: Arg | null): string {
  if (arg === null || arg.subst || !arg.raw.includes("\\")) return value;
  const raw = arg.raw.trim();
  const m = /^(["'])(.*)\1$/s.exec(raw);
  const text = m ? m[2] : raw;
  if (!WINDOWS_START.test(text) || /["'`]/.test(text) || /\$(?!\{?env:)/i.test(text)) return value;
  // Only when the raw word is this value's own word (not a part of a longer one).
  const bare = (t: string) => t.replace(/\\/g, "").trim();
  return bare(text) === bare(value) ? text : value;
}

/** {@link pathTarget}, with what each class's paths name (the whole cwd, a `.git` directory, persistence). */
export function pathTargetHits(ctx: Ctx, value: string, arg: Arg | null, role: TargetRole, names = false): TargetHit[] {
  const windows = windowsPathValue(value, arg);
  if (windows === value) return readingHits(ctx, value, arg, role, names);
  const hits = readingHits(ctx, windows, arg, role, names);
  // A POSIX shell runs the word as its value (`rm -rf .\claude` removes `.claude`): where that reaches an agent's
  // settings or the gate's footprint it is judged too, or the Windows reading would hide it (SPEC §6.8).
  if (resolveAll(ctx, value, isLiteralArg(arg)).some((r) => r.persistence !== null || r.inGate || r.holdsGate)) return [...hits, ...readingHits(ctx, value, arg, role, names)];
  return hits;
}

function readingHits(ctx: Ctx, value: string, arg: Arg | null, role: TargetRole, names: boolean): TargetHit[] {
  if (arg?.subst) {
    if (role !== "plain") gap(ctx, GAP_SHAPE.SUBSTITUTION_OPERAND, `command substitution in a target of ${ctx.program}`);
    ctx.out.path(value, "unknown", null);
    return [UNKNOWN_HIT];
  }
  // find -exec … {} … / fd -x: the match lies under a find root.
  if (ctx.pc.find && value.includes("{}")) {
    for (const root of ctx.pc.find.roots.length ? ctx.pc.find.roots : ["."]) {
      const recorded = resolveAll(ctx, root, false)[0];
      ctx.out.path(root, recorded.class, recorded.rel);
    }
    return findRootHits(ctx, ctx.pc.find.roots, ctx.pc.find.filtered, names, ctx.pc.find.names);
  }
  if (ctx.pc.fedBy !== null && value.includes("{}")) {
    if (role === "mutate") gap(ctx, GAP_SHAPE.NON_LITERAL_OPERAND, `${ctx.program} operand fed by ${ctx.pc.fedBy.wrapper}`);
    return [UNKNOWN_HIT];
  }
  const vars = arg?.vars ?? [];
  const literal = vars.length === 0 && !arg?.tilde;
  // PowerShell's `$env:NAME` parses as the variable `env`: the resolver knows which names it can place.
  const dynamicVar = vars.some((v) => !isKnownVariable(v) && !(v === "env" && /^\$\{?env:/i.test(value)));
  const temp = tempWithNameFragments(ctx, value, vars, names);
  if (temp !== null) {
    ctx.out.path(value, "temp_path", temp[0]!.rel);
    return hitsOf(ctx, temp, names);
  }
  const results = resolveAll(ctx, value, literal, names);
  const first = results[0];
  ctx.out.path(value, first.class, first.rel);
  if (dynamicVar || first.dynamic) {
    if (role === "mutate") gap(ctx, GAP_SHAPE.NON_LITERAL_OPERAND, `non-literal operand ${arg?.raw ?? value} of ${ctx.program}`);
    return [UNKNOWN_HIT];
  }
  return hitsOf(ctx, results, names);
}

/** A temp path whose only unknowns are file-name fragments (`/tmp/out.$$.log`, `/tmp/$USER-cache`): placed there, every way it resolves. */
function tempWithNameFragments(ctx: Ctx, value: string, vars: readonly string[], names: boolean): ResolvedPathDetailed[] | null {
  if (vars.some((v) => !isKnownVariable(v) && !NAME_FRAGMENT_VARIABLES.has(v))) return null;
  const placed = withNameFragments(value);
  if (placed === null) return null;
  const results = resolveAll(ctx, placed, false, names);
  return results.every((r) => r.class === "temp_path" && !r.dynamic) ? results : null;
}

/**
 * Emit `verb × class` for each class of a path target (`target` is what the
 * effect quotes, default `value`). A delete of the whole working directory
 * carries `whole_cwd: true`; a write or delete of a path whose contents run
 * later or control the agent carries `persistence`; a delete of a `.git`
 * directory also discards the repository's history (`discard × vcs_history`).
 */
export function emitPath(ctx: Ctx, verb: Verb, value: string, arg: Arg | null, role: TargetRole, extra: Attrs = {}, target: string = value, names = false): TargetClass[] {
  const hits = [...pathTargetHits(ctx, value, arg, role, names), ...bareLinkHits(ctx, verb, value, arg, role, names)];
  emitHits(ctx, verb, hits, extra, targetText(target));
  return hits.map((h) => h.cls);
}

/**
 * A write opens the file through a link the host saw at its very name (`echo {} > sl`, `truncate -s0 sl`,
 * `cp x sl` where `sl → .claude/settings.json`; also a hard link the host matched to a footprint file, and a
 * name `ln` made earlier in the text): the real path is written too. A delete (`rm sl`) removes only the name; through a directory link
 * (`h/x`) both readings are already made by resolveAll.
 */
function bareLinkHits(ctx: Ctx, verb: Verb, value: string, arg: Arg | null, role: TargetRole, names: boolean): TargetHit[] {
  if (verb !== "write" || (hostLinks(ctx.env) === null && ctx.state.aliases.size === 0) || arg?.subst || arg?.dynamic) return [];
  const out: TargetHit[] = [];
  for (const r of resolveAll(ctx, value, isLiteralArg(arg), names)) {
    const through = (follow: boolean) => throughHostLink(ctx.env, r.normalized, value, follow) ?? (ctx.state.aliases.size > 0 ? throughAlias(ctx.state.aliases, r.normalized, value, follow) : null);
    if (through(false) !== null) continue;
    const real = through(true);
    if (real !== null && real !== r.normalized) out.push(...pathTargetHits(ctx, real, null, role, names));
  }
  return out;
}

/** Programs whose recursive write changes the permissions, owner or attributes of everything under a directory. */
const TREE_METADATA: ReadonlySet<string> = new Set(["chmod", "chown", "chgrp", "chattr", "setfacl"]);

/** Emit `verb × class` for hits already resolved (see {@link emitPath}). */
export function emitHits(ctx: Ctx, verb: Verb, hits: readonly TargetHit[], extra: Attrs, quoted: string): void {
  for (const h of hits) {
    const more: Attrs = {};
    if (verb === "delete" && h.wholeCwd) more.whole_cwd = true;
    // A recursive permission or owner change of a directory holding the gate's footprint reaches it too (`chmod -R 000 ~/src`);
    // so does a mount over it, which hides all of it (mounts.ts).
    const tree = (extra.recursive === true && TREE_METADATA.has(ctx.program)) || extra.mount === true;
    const persistence = mutatedPersistence({ persistence: h.persistence, holdsGate: h.holdsGate === true }, verb, tree);
    if (persistence !== null) more.persistence = persistence;
    // Truncating, shredding or deleting the host's own record (`truncate -s 0 /var/log/auth.log`): log tampering.
    if (verb !== "read" && h.paths?.some(isSystemLog)) more.system_log = true;
    // A registry key (`Remove-Item HKCU:\Software -Recurse`): whose it is, and whether it is structural or a protection's.
    const key = h.cls === "windows_registry" && h.paths?.[0] !== undefined ? parseRegKey(h.paths[0]) : null;
    if (key) Object.assign(more, registryAttrs(key, verb, extra.registry_value !== undefined));
    ctx.out.effect(verb, h.cls, attrs(ctx, { target: h.target ?? quoted, ...extra, ...more }));
    if (verb === "read") noteRead(ctx, h.cls);
    if (verb === "write") for (const n of h.paths ?? []) noteWrite(ctx, n);
  }
  const git = hits.find((h) => h.gitDir);
  if (verb === "delete" && git) deleteGitDir(ctx, git.target ?? quoted);
}

/** Deleting a `.git` directory throws away the repository's history with it. */
export function deleteGitDir(ctx: Ctx, target: string): void {
  ctx.out.effect("discard", "vcs_history", attrs(ctx, { target, operation: "delete .git" }));
}

/**
 * Branch names a team protects (issue 20): main, master, trunk, develop,
 * stable, production/prod, release lines (`release`, `release/1.2`,
 * `release-2`, `releases/…`), and version-like names (tags: `v1.2.0`).
 * Deleting or resetting any other branch is everyday — its commits are
 * still in the reflog, on the remote or merged — and carries no
 * `protected`; one of these, or a name known only at run time, carries
 * `protected: true`, which is what git.history_loss and git.remote_delete read.
 */
const PROTECTED_BRANCH = /^(?:refs\/heads\/)?(?:main|master|trunk|develop|development|stable|production|prod|releases?(?:[/_-].*)?|v?\d+(?:\.\d+)+.*)$/i;

/** `protected: true` unless the text names a branch and it is not one a team protects. */
export function protectedAttr(name: string | undefined, dynamic = false): Attrs {
  return name === undefined || name === "" || dynamic || PROTECTED_BRANCH.test(name) ? { protected: true } : {};
}

/**
 * Word-bounded "prod"/"production"/"prd"/"live" in a context, namespace,
 * workspace or file name, a number allowed after it (`prod2`, `live01`).
 * `product-x`, `prodigy`, `liveness` and `delivery` are not production.
 */
export function isProductionName(name: string): boolean {
  return /(^|[^a-z0-9])(prod|production|prd|live)\d*([^a-z0-9]|$)/i.test(name);
}

/** `is_production` from named environments: true if any says prod, false if some are named and none does. */
export function productionAttrs(names: Array<string | null | undefined>): Attrs {
  const named = names.filter((n): n is string => typeof n === "string" && n !== "");
  if (named.length === 0) return {};
  return { is_production: named.some(isProductionName) };
}

/** The literal text this command reads on stdin: a heredoc, a herestring, or an `echo`/`printf` piped in. Null when unknown. */
export function stdinLiteral(ctx: Ctx): string | null {
  const s = ctx.pc.stdin;
  if (!s) return null;
  if (s.kind === "heredoc" || s.kind === "herestring") return s.text;
  if (s.kind === "pipe") {
    const up = ctx.analysis.commands[s.upstream];
    if (up?.cmd.program === "echo") return up.args.some((a) => a.dynamic) ? null : echoOutput(up.cmd.argv);
    if (up?.cmd.program === "printf") return up.args.some((a) => a.dynamic) ? null : printfOutput(up.cmd.argv);
  }
  return null;
}
