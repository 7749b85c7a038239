// The shell effect table (SPEC §6.2): every parsed simple command through its
// program's rows, then the rows every command shares (redirections, the
// download-to-interpreter rule), `cd` tracking, and the gaps (shapes 5, 8).
import type { EventEnv } from "../../model/event.js";
import { GAP_SHAPE } from "../../model/gap-shapes.js";
import { resolvePathDetailed } from "../paths.js";
import type { ShellAnalysis } from "../shell-analysis.js";
import type { ClassifiedPath, ClassifiedUrl, Effect, UnknownCommand } from "../../model/classification.js";
import { extractUrls } from "../urls.js";
import { literalArg } from "../programs/args.js";
import type { ProgramRegistry } from "../programs/known.js";
import { programName } from "../programs/name.js";
import { Collector } from "./collector.js";
import { newSharedState, type Ctx } from "./common.js";
import { DATABASE_HANDLERS, DATABASE_PROGRAMS } from "./database.js";
import { dryRunEffect } from "./families/engine.js";
import { cliFor, commandMode, familyApis, familyKnows, familyRows } from "./families/index.js";
import { CREDENTIAL_PRINTER_HANDLERS, CREDENTIAL_PRINTER_PROGRAMS } from "./credential-printers.js";
import { EXPOSE_HANDLERS, EXPOSE_PROGRAMS } from "./expose.js";
import type { Handler, ProgramEntry } from "./entries.js";
import { FILESYSTEM_HANDLERS, FILESYSTEM_PROGRAMS, filesystemPrefixHandler, redirects } from "./filesystem.js";
import { andJoined, isTopLevel } from "./cd-chain.js";
import { carrySecretCopies, FLOW_HANDLERS, FLOW_PROGRAMS } from "./flow.js";
import { GIT_HANDLERS, GIT_PROGRAMS } from "./git.js";
import { HTTPIE_HANDLERS, HTTPIE_PROGRAMS } from "./httpie.js";
import { INFRA_HANDLERS, INFRA_PROGRAMS } from "./infra.js";
import { EXTRACT_HANDLERS, EXTRACT_PROGRAMS } from "./extracted.js";
import { MOUNT_HANDLERS, MOUNT_PROGRAMS } from "./mounts.js";
import { PATCH_HANDLERS, PATCH_PROGRAMS } from "./patches.js";
import { inlineCodeEffects } from "./inline-code.js";
import { interpreterHandler } from "./interpreters.js";
import { NETWORK_HANDLERS, NETWORK_PROGRAMS } from "./network.js";
import { PACKAGE_HANDLERS, PACKAGE_PROGRAMS } from "./packages.js";
import { controlAssignments, controlVariableKind, PERSISTENCE_HANDLERS, PERSISTENCE_PROGRAMS } from "./persistence.js";
import { gatehouseCommand, SELF_PROTECTION_HANDLERS } from "./self-protection.js";
import { READER_HANDLERS } from "./readers.js";
import { PossibleCommands } from "./possible.js";
import { programLookup, type ProgramHandler } from "./program-order.js";
import { remoteCode } from "./remote-code.js";
import { REVERSE_SHELL_HANDLERS, REVERSE_SHELL_PROGRAMS, shellSockets } from "./reverse-shells.js";
import { SCRIPT_WRITE_HANDLERS, SCRIPT_WRITE_PROGRAMS } from "./script-writes.js";

export interface ShellEffects {
  effects: Effect[];
  /** Shapes 5 and 8 found by the table (the parser's own gaps are not repeated here). */
  unknown: UnknownCommand[];
  paths: ClassifiedPath[];
  urls: ClassifiedUrl[];
}

/** The handler tables by name; a program two of them share runs them in the order program-order.ts states. */
export const HANDLER_TABLES: Readonly<Record<string, Record<string, Handler>>> = {
  filesystem: FILESYSTEM_HANDLERS,
  reader: READER_HANDLERS,
  git: GIT_HANDLERS,
  network: NETWORK_HANDLERS,
  httpie: HTTPIE_HANDLERS,
  infra: INFRA_HANDLERS,
  database: DATABASE_HANDLERS,
  package: PACKAGE_HANDLERS,
  flow: FLOW_HANDLERS,
  persistence: PERSISTENCE_HANDLERS,
  reverse_shell: REVERSE_SHELL_HANDLERS,
  expose: EXPOSE_HANDLERS,
  credential_printer: CREDENTIAL_PRINTER_HANDLERS,
  self_protection: SELF_PROTECTION_HANDLERS,
  script_write: SCRIPT_WRITE_HANDLERS,
  mount: MOUNT_HANDLERS,
  extract: EXTRACT_HANDLERS,
  patch: PATCH_HANDLERS,
};

/** The handler tables built from program entries (entries.ts), each entry with its examples (test/classify/handler-entries.test.ts). */
export const ENTRY_TABLES: Readonly<Record<string, readonly ProgramEntry[]>> = {
  filesystem: FILESYSTEM_PROGRAMS,
  git: GIT_PROGRAMS,
  network: NETWORK_PROGRAMS,
  httpie: HTTPIE_PROGRAMS,
  infra: INFRA_PROGRAMS,
  database: DATABASE_PROGRAMS,
  package: PACKAGE_PROGRAMS,
  flow: FLOW_PROGRAMS,
  persistence: PERSISTENCE_PROGRAMS,
  reverse_shell: REVERSE_SHELL_PROGRAMS,
  expose: EXPOSE_PROGRAMS,
  credential_printer: CREDENTIAL_PRINTER_PROGRAMS,
  script_write: SCRIPT_WRITE_PROGRAMS,
  mount: MOUNT_PROGRAMS,
  extract: EXTRACT_PROGRAMS,
  patch: PATCH_PROGRAMS,
};
/** Every program's handlers, one lookup (program-order.ts); `unordered` is what the order test reports. */
export const PROGRAM_LOOKUP = programLookup(HANDLER_TABLES, ENTRY_TABLES);
/** Every program name a handler table lists (what a program-word glob is matched against; src/classify/shell/program-glob.ts). */
export const effectProgramNames = (): string[] => [...PROGRAM_LOOKUP.byName.keys()];
const HANDLER_CACHE = new Map<string, readonly ProgramHandler[]>();
const HANDLER_CACHE_MAX = 1024;

/** Every handler that has a row for this program, with whether a family row's claim replaces it (bun/deno are both package managers and interpreters). */
export function programHandlers(program: string): readonly ProgramHandler[] {
  const hit = HANDLER_CACHE.get(program);
  if (hit !== undefined) return hit;
  const out = findHandlers(program);
  if (HANDLER_CACHE.size < HANDLER_CACHE_MAX) HANDLER_CACHE.set(program, out);
  return out;
}

/** Every handler that has a row for this program. */
export const handlersFor = (program: string): Handler[] => programHandlers(program).map((h) => h.handler);

function findHandlers(program: string): ProgramHandler[] {
  const out: ProgramHandler[] = [];
  const add = (table: string, handler: Handler, fallback = false): void => {
    if (!out.some((h) => h.handler === handler)) out.push({ table, handler, fallback });
  };
  for (const h of PROGRAM_LOOKUP.byName.get(program) ?? []) add(h.table, h.handler, h.fallback);
  const interp = interpreterHandler(program);
  if (interp) add("interpreter", interp);
  const prefix = filesystemPrefixHandler(program);
  if (prefix) add("filesystem", prefix);
  return out;
}

/**
 * The shell table knows this program: a handler, a family row, or a known command line — what the
 * nested-command rule reads as consequential, and the cmdlets the PowerShell reader hands to the table.
 */
export function hasEffectRows(program: string): boolean {
  return handlersFor(program).length > 0 || familyKnows(program) || cliFor(program) !== null;
}

/** The table's program knowledge as the walker asks it (programs/known.ts), handed to it by the engine. */
export const EFFECT_PROGRAMS: ProgramRegistry = {
  names: effectProgramNames,
  hasEffects: hasEffectRows,
  isControlVariable: (name) => controlVariableKind(name) !== null,
};

const MAX_CWDS = 6;
const GIT_DASHED = /^git-([a-z][a-z0-9-]*)$/;
const CD_PROGRAMS = new Set(["cd", "pushd", "set-location", "sl", "chdir"]);

/** `cd DIR` / `pushd DIR`: the directories it may change to, from each directory the text may be in (undefined: unknown). */
function cdTargets(ctx: Ctx): Array<string | undefined> | null {
  if (!CD_PROGRAMS.has(ctx.program)) return null;
  const arg = ctx.args.find((a) => !/^-[LPe@]+$/.test(a.value)) ?? null;
  const target = arg?.value ?? "~";
  const additions: Array<string | undefined> = [];
  if (arg?.subst || target === "-" || target.startsWith("+") || target.startsWith("-")) additions.push(undefined);
  else {
    const literal = arg === null ? false : arg.vars.length === 0 && !arg.tilde;
    ctx.state.cwds.forEach((cwd, i) => {
      const env: EventEnv | null = i === 0 && cwd === ctx.env?.cwd ? ctx.env : ctx.env ? { ...ctx.env, cwd } : { cwd, path_dirs: [], additional_dirs: [], home: undefined };
      const r = resolvePathDetailed(target, env, { literal });
      const rooted = /^([A-Za-z]:\\|\/|\\\\)/.test(r.normalized);
      additions.push(r.dynamic || !rooted ? undefined : r.normalized);
    });
  }
  return additions;
}

/** Add the directories a cd may change to (never remove the declared one: the cd may fail). */
function trackCd(cwds: Array<string | undefined>, additions: ReadonlyArray<string | undefined>): void {
  for (const a of additions) if (!cwds.includes(a) && cwds.length < MAX_CWDS) cwds.push(a);
}

/**
 * Classify every command of a shell analysis. Confident tuples and gaps side
 * by side; identical tuples deduplicated in first-seen order.
 */
export function shellEffects(analysis: ShellAnalysis, env: EventEnv | null): ShellEffects {
  const out = new Collector();
  const state = newSharedState(env);
  const possible = new PossibleCommands();
  // `cd DIR && …`: the directories the commands joined to a cd by `&&` run in (cd-chain.ts); null when no such chain holds.
  const joined = andJoined(analysis.commands);
  let afterCd: Array<string | undefined> | null = null;
  // Nested commands (an inline script, a substitution) run where the top-level command holding them runs.
  let topNarrowed = false;
  analysis.commands.forEach((pc, index) => {
    const topLevel = isTopLevel(pc);
    if (topLevel) {
      if (!joined[index]) afterCd = null;
      topNarrowed = afterCd !== null;
    }
    const allCwds = state.cwds;
    if (afterCd !== null && topNarrowed) state.cwds = afterCd;
    const named = programName(pc.cmd.program);
    // A command an unknown program may run is classified aside (effects/possible.ts).
    const probe = pc.possible ? possible.scratch(pc.possible, state) : null;
    // git's dashed builtins (`git-reset`, `/usr/libexec/git-core/git-push`) are `git reset`, `git push`.
    const dashed = GIT_DASHED.exec(named);
    const program = dashed ? "git" : named;
    const args = dashed ? [literalArg(dashed[1]!), ...pc.args] : pc.args;
    const argv = dashed ? [dashed[1]!, ...pc.cmd.argv] : pc.cmd.argv;
    const ctx: Ctx = { env, analysis, index, pc, program, argv, args, out: probe?.out ?? out, state: probe?.state ?? state };
    try {
      // Help prints usage and does nothing; a dry run changes nothing (families/engine.ts).
      const mode = commandMode(ctx);
      const run = (): void => {
        // A family row that claims the command replaces a catch-all entry for it (infra.ts).
        const claimed = familyRows(ctx);
        for (const h of programHandlers(program)) if (!(claimed && h.fallback)) h.handler(ctx);
        familyApis(ctx);
        inlineCodeEffects(ctx);
        gatehouseCommand(ctx);
      };
      if (mode === "dry_run") ctx.out.withRewrite(dryRunEffect, run);
      else if (mode !== "help") run();
      redirects(ctx);
      carrySecretCopies(ctx);
      remoteCode(ctx);
      shellSockets(ctx);
      if (probe) return;
      const targets = cdTargets(ctx);
      if (targets !== null) {
        trackCd(allCwds, targets);
        if (topLevel) afterCd = [...new Set(targets)];
      }
      for (const u of extractUrls(pc.cmd.argv)) out.url(u);
    } catch (err) {
      // A table bug must never crash classification; it becomes a visible gap.
      out.gap(GAP_SHAPE.PARSE_ERROR, `classifier error: ${err instanceof Error ? err.message : String(err)}`, pc.cmd.raw);
    } finally {
      state.cwds = allCwds;
    }
  });
  possible.gaps(out);
  controlAssignments(analysis, out);
  return { effects: out.effects, unknown: out.unknown, paths: out.paths, urls: out.urls };
}
