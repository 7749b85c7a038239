// The gate's own footprint, as the host hands it to the classifier
// (`host.gate`, SPEC §2 and §6.8): everything that, deleted, moved, rewritten
// or signalled, switches Gatehouse off or changes what it decides. Two
// sources, merged:
//
// | source | entries |
// |---|---|
// | what the host knows of itself | the package it runs from (`bin/`, `dist/`, `bundles/`, `package.json`, `node_modules/`), the node binary, `--bundle`, the state directory, `--ledger`, the code cache, the daemon URL (`--daemon`, or a daemon's own address and pid) |
// | where agents read hooks | every agent's settings directory (`.claude`, `.codex`, `.gemini`, `.cursor`, `.github/hooks`, `.qwen`, `.factory`; `AgentSettings.settingsDirs`) and the hook-file directories (Cline's `.clinerules/hooks`, `.cline/hooks`; `HookFileSpec.dirs`) in the event's cwd and each directory above it, their user directories (the same, `~/.copilot`, `$CLINE_DIR/hooks`, `~/Documents/Cline/Hooks`) in the home directory, and each agent's managed file |
// | the install record (`<state dir>/installs.json`, src/node/install-record.ts) | each install's settings file and its directory, what its hook runs, its bundle, state directory, ledger and daemon URL |
//
// Only paths are named, nothing is stat'ed: the engine decides by the names
// (a path at, under or holding an entry), the same on replay.
import { dirname, isAbsolute, join, resolve } from "node:path";
import { AGENT_SETTINGS, HOOK_FILE_AGENTS, INSTALL_AGENTS } from "../install/agents.js";
import { HOOK_FILES } from "../install/hook-file.js";
import { managedPath } from "../install/managed.js";
import { serviceFile, servicePlatform } from "../install/service-unit.js";
import type { EventInput } from "../model/event.js";
import { codeCacheDir } from "./code-cache.js";
import { readInstallRecord } from "./install-record.js";
import { packageRoot } from "./package-root.js";

export interface FootprintSources {
  env: Record<string, string | undefined>;
  /** The state directory in use (null: none can be named). */
  stateDir: string | null;
  /** `--bundle`, absolute (null: the embedded default, part of the package). */
  bundle: string | null;
  /** `--ledger`, absolute. */
  ledger: string | null;
  /** Daemon URLs this process talks to or serves, and a daemon's own pid. */
  daemons?: readonly string[];
  pid?: number | null;
}

/** The parts of the package a hook runs (not `src/`: editing the source changes nothing until a build). */
const PACKAGE_PARTS = ["bin", "dist", "bundles", "package.json", "node_modules"];
/** Settings directories, by agent: in a project (and each directory above it), and in the home directory. */
const AGENT_DIRS = [...new Set([...INSTALL_AGENTS.map((a) => AGENT_SETTINGS[a].settingsDirs.project), ...HOOK_FILE_AGENTS.flatMap((a) => HOOK_FILES[a].dirs.project)])];
const USER_AGENT_DIRS = [...new Set(INSTALL_AGENTS.map((a) => AGENT_SETTINGS[a].settingsDirs.user))];
/** A bound on the directories above the cwd that are listed (a deep tree still protects the nearest ones). */
const MAX_ANCESTORS = 32;

/** The entries that do not depend on the call: computed once per process. */
export function hostFootprint(s: FootprintSources): string[] {
  const out = new Set<string>();
  const add = (p: string | null | undefined) => {
    if (p != null && p !== "" && isAbsolute(p)) out.add(p);
  };
  try {
    const root = packageRoot();
    for (const part of PACKAGE_PARTS) add(join(root, part));
  } catch {
    // no package root: nothing of it to protect
  }
  add(process.execPath);
  add(s.bundle);
  add(s.stateDir);
  add(s.ledger);
  add(codeCacheDir(s.env));
  const home = s.env.HOME;
  if (home && isAbsolute(home)) {
    for (const d of USER_AGENT_DIRS) add(join(home, d));
    for (const a of HOOK_FILE_AGENTS) HOOK_FILES[a].dirs.user(home, s.env).forEach(add);
  }
  for (const agent of INSTALL_AGENTS) {
    const managed = managedPath(agent, s.env);
    if (managed !== null) add(dirname(managed));
  }
  const platform = servicePlatform();
  if (platform !== null) add(serviceFile(platform, s.env));
  const urls = [...(s.daemons ?? [])];
  if (s.stateDir !== null) {
    for (const e of readInstallRecord(s.stateDir)) {
      add(e.settings);
      add(dirname(e.settings));
      e.runs.forEach(add);
      add(e.bundle);
      add(e.stateDir);
      add(e.ledger);
      if (e.daemon !== null) urls.push(e.daemon);
    }
  }
  for (const url of urls) if (/^https?:\/\//i.test(url)) out.add(url);
  if (s.pid != null && s.pid > 0) out.add(`pid:${s.pid}`);
  return [...out];
}

/** The agent directories in `cwd` and every directory above it. */
export function projectFootprint(cwd: string): string[] {
  const out: string[] = [];
  let dir = resolve(cwd);
  for (let i = 0; i < MAX_ANCESTORS; i++) {
    for (const d of AGENT_DIRS) out.push(join(dir, d));
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return out;
}

/**
 * An enrich step (the hook's, the daemon's): the event's `host.gate` gets the
 * footprint, with the agent directories of the event's own cwd (the host's
 * cwd when the event names none). Whatever `host` the event already carries
 * is kept; the footprint is added to it, never replaced by the agent's.
 */
export function footprintEnricher(base: readonly string[], hostCwd: string): (event: EventInput) => EventInput {
  // An event with no host facts of its own (every hook call) gets one host object per cwd, made once: the
  // classifier reads the footprint once per host object (gate.ts), and a daemon sees the same cwd call after
  // call. `base` only grows (the daemon adds its URL and pid once it listens): its length says it changed.
  const shared = new Map<string, { baseLength: number; host: NonNullable<EventInput["host"]> }>();
  return (event) => {
    const cwd = typeof event.env?.cwd === "string" && isAbsolute(event.env.cwd) ? event.env.cwd : hostCwd;
    if (event.host == null) {
      let s = shared.get(cwd);
      if (s === undefined || s.baseLength !== base.length) {
        if (shared.size >= 256) shared.clear();
        // Frozen: shared by every call of this cwd, and a classification cache keys a frozen host by identity.
        s = { baseLength: base.length, host: Object.freeze({ gate: Object.freeze([...new Set([...base, ...projectFootprint(cwd)])]) as string[] }) };
        shared.set(cwd, s);
      }
      return { ...event, host: s.host };
    }
    const host = (event.host ?? {}) as NonNullable<EventInput["host"]>;
    const given = Array.isArray(host.gate) ? host.gate : [];
    const gate = [...new Set([...given, ...base, ...projectFootprint(cwd)])];
    return { ...event, host: { ...host, gate } };
  };
}

/** Run enrich steps in order. */
export function composeEnrich(...steps: ((event: EventInput) => EventInput)[]): (event: EventInput) => EventInput {
  return (event) => steps.reduce((e, step) => step(e), event);
}
