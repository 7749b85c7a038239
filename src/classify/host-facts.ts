// The classifier's reading of the host's file-system facts (SPEC §2 `host`,
// §6.4; docs/host-facts.md). Pure: it reads only `host.links`, `host.files`
// and `host.incomplete` as the host (src/node/host-facts.ts) gathered them,
// and, when the engine asks what the host should look at
// (`Engine.hostWants`), notes the files a command runs or feeds.
//
// - Links: an operand that goes through a symlink the host saw (`homelink/`,
//   `homelink/.bashrc` where `homelink → ~`) is judged as written AND as its
//   real path, the stronger wins (both effects are emitted). The bare link
//   name with no trailing slash (`rm homelink`, `rm -rf homelink`) is the link
//   itself: removing it leaves its target alone (rm never follows it). A file
//   tool's write or read of a bare link follows it (Write opens through it).
// - Files: a script a command runs (`bash x.sh`, `./x.sh`, `source x.sh`,
//   `python x.py`, `npm run S`, `make T`, `just R`, `psql -f f.sql`,
//   `mysql < f.sql`) is read as if inline. A file the host cut at its bound
//   (`truncated`) is shape 1, one it could not read (`error`) shape 3; a file
//   the host has no entry for is judged as before (the pure engine's view).
import type { EventEnv, HostFacts, HostFile } from "../model/event.js";
import { GAP_SHAPE, type GapShape } from "../model/gap-shapes.js";
import { HOST_BOUNDS } from "../model/host-bounds.js";
import { hostOf, wantsOf } from "./host-env.js";
import { resolvePathDetailed } from "./paths.js";

/** name → real path, both normalised absolute (the shape of the text's own aliases, effects/path-aliases.ts). */
export type LinkMap = Map<string, string>;

const LINKS = new WeakMap<HostFacts, LinkMap>();
const strip = (p: string): string => (p.length > 1 ? p.replace(/\/+$/, "") : p);

/** The host's symlinks as a map (null when it saw none). */
export function hostLinks(env: EventEnv | null): LinkMap | null {
  const host = hostOf(env);
  if (host === null) return null;
  const links = host.links ?? {};
  let m = LINKS.get(host);
  if (m === undefined) {
    m = new Map();
    for (const [name, real] of Object.entries(links)) if (typeof real === "string" && name.startsWith("/") && real.startsWith("/") && name !== "/") m.set(strip(name), strip(real));
    LINKS.set(host, m);
  }
  return m.size === 0 ? null : m;
}

/**
 * The real path `normalized` (the resolver's normalised form of `value`)
 * reaches through the host's links, or null. Through a link: under it
 * (`h/x`), or the link with a trailing `/`; with `followLast`, the bare link
 * name too (a file tool opening it). The longest link name wins; chains were
 * resolved by the host (its real path is a realpath).
 */
export function throughHostLink(env: EventEnv | null, normalized: string, value: string, followLast = false): string | null {
  const links = hostLinks(env);
  if (links === null || !normalized.startsWith("/")) return null;
  let best: string | null = null;
  let out: string | null = null;
  for (const [name, real] of links) {
    if (best !== null && name.length <= best.length) continue;
    if (normalized.startsWith(`${name}/`)) {
      best = name;
      out = `${real === "/" ? "" : real}${normalized.slice(name.length)}`;
    } else if (normalized === name && (followLast || /\/\.?$/.test(value))) {
      best = name;
      out = real;
    }
  }
  return out;
}

/** What the host read of a file a command runs or feeds. */
export type HostScript = { text: string } | { text: null; shape: GapShape; reason: string };

/**
 * The host's entry for the file at `path` (as the command names it, or through a link): null when the event
 * carries no host facts, undefined when the host has no entry (no such file). Notes the file as wanted when
 * the engine asks what the host should read.
 */
function hostEntry(env: EventEnv | null, path: string): HostFile | null | undefined {
  const host = hostOf(env);
  if (host === null) return null;
  const r = resolvePathDetailed(path, env);
  if (r.dynamic || !r.normalized.startsWith("/")) return undefined;
  const wants = wantsOf(env);
  if (wants !== null && wants.files.size <= HOST_BOUNDS.files * HOST_BOUNDS.levels) wants.files.add(r.normalized);
  const files = host.files ?? {};
  const real = throughHostLink(env, r.normalized, path, true);
  const f = Object.prototype.hasOwnProperty.call(files, r.normalized) ? files[r.normalized] : real !== null && Object.prototype.hasOwnProperty.call(files, real) ? files[real] : undefined;
  return f ?? undefined;
}

/**
 * The file at `path` (as the command names it) as the host read it, or
 * undefined when the host has no entry for it (then it is judged as before).
 */
export function hostScript(env: EventEnv | null, path: string): HostScript | undefined {
  const f = hostEntry(env, path);
  if (f === undefined || f === null) return undefined;
  if (f.truncated === true) return { text: null, shape: GAP_SHAPE.OVERSIZE, reason: `${path} is over the host's read bound (${HOST_BOUNDS.fileBytes / 1024} KiB)` };
  if (typeof f.text !== "string") return { text: null, shape: GAP_SHAPE.DYNAMIC_SCRIPT, reason: `the host could not read ${path}${f.error ? ` (${f.error})` : ""}` };
  return { text: f.text };
}

/** What the host listed of an archive a command extracts: its members, or why they are unknown. */
export type HostArchive = { members: readonly string[]; truncated: boolean; links?: Readonly<Record<string, string>> } | { members: null; reason: string };

/**
 * The members of the archive at `path` as the host listed them (src/node/archive-members.ts); null when the
 * event carries no host facts (judged as before). With host facts, an archive the host has no listing of —
 * missing when the host looked, made earlier in the same command, not an archive it can list — has unknown members.
 */
export function hostArchive(env: EventEnv | null, path: string): HostArchive | null {
  const f = hostEntry(env, path);
  if (f === null) return null;
  if (f === undefined) return { members: null, reason: `the host found no archive at ${path} before the call` };
  if (Array.isArray(f.members)) return { members: f.members, truncated: f.truncated === true, ...(f.links ? { links: f.links } : {}) };
  return { members: null, reason: `the host could not list ${path}${f.error ? ` (${f.error})` : ""}` };
}

/** The gaps the host's own incompleteness stands for (`host.incomplete`): each an oversize shape. */
export function incompleteGaps(host: HostFacts | null | undefined): Array<{ shape: GapShape; reason: string; command: string }> {
  const list = host?.incomplete;
  if (!Array.isArray(list) || list.length === 0) return [];
  return list.slice(0, 8).map((reason) => ({ shape: GAP_SHAPE.OVERSIZE, reason: `the host did not look at everything the call names: ${String(reason).slice(0, 200)}`, command: "" }));
}
