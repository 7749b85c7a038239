// The host's facts (SPEC §2 `host`), carried beside the declared `env` down
// every path the classifier takes, so that the one path resolver
// (src/classify/paths.ts) sees them wherever an operand is placed — the shell
// table, the file tools, MCP inputs, inline code — without a second parameter
// threaded through each. `classifyEvent` attaches them once per event; the
// carrier is a copy of `env` with the facts under a symbol key, so it never
// serialises, never reaches a rule, and a spread (`{...env, cwd}`) keeps them.
//
// An event may carry host facts and no env: the carrier then says the env was
// not declared, and the resolver keeps the SPEC's no-env behaviour (no
// workspace, system or home rows) while still matching absolute paths against
// the footprint.
import type { EventEnv, HostFacts } from "../model/event.js";

const HOST = Symbol("gatehouse.host");
const UNDECLARED = Symbol("gatehouse.env-undeclared");
const WANTS = Symbol("gatehouse.host-wants");

/**
 * What a classification asked of the file system (`Engine.hostWants`): the
 * absolute paths it resolved (the host resolves their symlinks) and the files a
 * command runs or feeds (the host reads them). Filled only when asked for.
 */
export interface HostWants {
  paths: Set<string>;
  files: Set<string>;
}

interface Carrier extends EventEnv {
  [HOST]?: HostFacts;
  [UNDECLARED]?: true;
  [WANTS]?: HostWants;
}

const EMPTY_HOST: HostFacts = { gate: [], links: {}, files: {} };

function hasFacts(host: HostFacts | null | undefined): host is HostFacts {
  return (
    host != null &&
    ((host.gate?.length ?? 0) > 0 || Object.keys(host.links ?? {}).length > 0 || Object.keys(host.files ?? {}).length > 0 || (host.incomplete?.length ?? 0) > 0)
  );
}

/** `env` with the host's facts attached (the same `env` when there are none and nothing is wanted). */
export function envWithHost(env: EventEnv | null, host: HostFacts | null | undefined, wants?: HostWants): EventEnv | null {
  if (!hasFacts(host) && wants === undefined) return env;
  const carrier: Carrier = env === null ? { path_dirs: [], additional_dirs: [], [UNDECLARED]: true } : { ...env };
  carrier[HOST] = hasFacts(host) ? host : EMPTY_HOST;
  if (wants !== undefined) carrier[WANTS] = wants;
  return carrier;
}

/** The collector of what the classification wants the host to look at, when one was asked for. */
export function wantsOf(env: EventEnv | null): HostWants | null {
  return env === null ? null : ((env as Carrier)[WANTS] ?? null);
}

/** The host facts an env carries, or null. */
export function hostOf(env: EventEnv | null): HostFacts | null {
  return env === null ? null : ((env as Carrier)[HOST] ?? null);
}

/** Did the event declare an env (false for a carrier made only to hold host facts)? */
export function envDeclared(env: EventEnv | null): env is EventEnv {
  return env !== null && (env as Carrier)[UNDECLARED] !== true;
}
