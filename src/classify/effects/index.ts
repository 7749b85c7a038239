// The shell effect table (SPEC §6.2): every parsed simple command through its
// program's rows, then the rows every command shares (redirections, the
// download-to-interpreter rule), `cd` tracking, and the gaps (shapes 5, 8).
import type { EventEnv } from "../../model/event.js";
import { resolvePathDetailed } from "../paths.js";
import type { ShellAnalysis } from "../shell/types.js";
import type { ClassifiedPath, ClassifiedUrl, Effect, UnknownCommand } from "../../model/classification.js";
import { extractUrls } from "../urls.js";
import { programName } from "../shell/words.js";
import { Collector, newSharedState, scanWord, type Ctx } from "./common.js";
import { DATABASE_HANDLERS } from "./database.js";
import { FILESYSTEM_HANDLERS, filesystemPrefixHandler, redirects, type Handler } from "./filesystem.js";
import { GIT_HANDLERS } from "./git.js";
import { INFRA_HANDLERS } from "./infra.js";
import { INTERPRETER_HANDLERS } from "./interpreters.js";
import { NETWORK_HANDLERS, remoteCode } from "./network.js";
import { PACKAGE_HANDLERS } from "./packages.js";

export interface ShellEffects {
  effects: Effect[];
  /** Shapes 5 and 8 found by the table (the parser's own gaps are not repeated here). */
  unknown: UnknownCommand[];
  paths: ClassifiedPath[];
  urls: ClassifiedUrl[];
}

const TABLES: Array<Record<string, Handler>> = [
  FILESYSTEM_HANDLERS,
  GIT_HANDLERS,
  NETWORK_HANDLERS,
  INFRA_HANDLERS,
  DATABASE_HANDLERS,
  PACKAGE_HANDLERS,
  INTERPRETER_HANDLERS,
];

/** Every handler that has a row for this program (bun/deno are both package managers and interpreters). */
export function handlersFor(program: string): Handler[] {
  const out: Handler[] = [];
  for (const t of TABLES) {
    const h = Object.prototype.hasOwnProperty.call(t, program) ? t[program] : undefined;
    if (h && !out.includes(h)) out.push(h);
  }
  const prefix = filesystemPrefixHandler(program);
  if (prefix) out.push(prefix);
  return out;
}

const MAX_CWDS = 6;

/** `cd DIR` / `pushd DIR`: add the directory it may change to (never remove the declared one). */
function trackCd(ctx: Ctx): void {
  if (ctx.program !== "cd" && ctx.program !== "pushd" && ctx.program !== "set-location" && ctx.program !== "sl" && ctx.program !== "chdir") return;
  const args = ctx.argv.filter((a) => !/^-[LPe@]+$/.test(a));
  const target = args[0] ?? "~";
  const raw = ctx.pc.cmd.raw_argv[ctx.argv.indexOf(target)] ?? target;
  const info = scanWord(raw);
  const additions: Array<string | undefined> = [];
  if (info.subst || target === "-" || target.startsWith("+") || target.startsWith("-")) additions.push(undefined);
  else {
    ctx.state.cwds.forEach((cwd, i) => {
      const env: EventEnv | null = i === 0 ? ctx.env : ctx.env ? { ...ctx.env, cwd } : { cwd, path_dirs: [], additional_dirs: [], home: undefined };
      const r = resolvePathDetailed(target, env, { literal: info.vars.length === 0 && !info.tilde });
      const rooted = /^([A-Za-z]:\\|\/|\\\\)/.test(r.normalized);
      additions.push(r.dynamic || !rooted ? undefined : r.normalized);
    });
  }
  for (const a of additions) if (!ctx.state.cwds.includes(a) && ctx.state.cwds.length < MAX_CWDS) ctx.state.cwds.push(a);
}

/**
 * Classify every command of a shell analysis. Confident tuples and gaps side
 * by side; identical tuples deduplicated in first-seen order.
 */
export function shellEffects(analysis: ShellAnalysis, env: EventEnv | null): ShellEffects {
  const out = new Collector();
  const state = newSharedState(env);
  analysis.commands.forEach((pc, index) => {
    const program = programName(pc.cmd.program);
    const ctx: Ctx = { env, analysis, index, pc, program, argv: pc.cmd.argv, out, state };
    try {
      for (const h of handlersFor(program)) h(ctx);
      redirects(ctx);
      remoteCode(ctx);
      trackCd(ctx);
      for (const u of extractUrls(pc.cmd.argv)) out.url(u);
    } catch (err) {
      // A table bug must never crash classification; it becomes a visible gap.
      out.gap(2, `classifier error: ${err instanceof Error ? err.message : String(err)}`, pc.cmd.raw);
    }
  });
  return { effects: out.effects, unknown: out.unknown, paths: out.paths, urls: out.urls };
}
