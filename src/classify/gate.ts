// The gate's own footprint as the classifier reads it (SPEC §2 `host.gate`,
// §6.8): what the host (the hook, the daemon) says Gatehouse is made of on
// this machine — recorded by `install`, completed by what the host knows of
// itself (src/node/footprint.ts). The engine never looks for it: an event
// without `host.gate` is judged by the fixed rows alone (persistence.ts).
//
// | entry | stands for |
// |---|---|
// | an absolute path (`/home/u/app/.claude`, `C:\Users\u\.codex`) | a file or directory of the footprint: it, everything under it, and every directory holding it are protected |
// | `http://127.0.0.1:4283` (any `http(s)://` URL) | a daemon endpoint a hook talks to: its port (`fuser -k 4283/tcp`) |
// | `pid:4242` | a running daemon's process (`kill 4242`) |
//
// Paths compare case-insensitively (macOS and Windows file systems do), and
// a glob component matches as the shell would expand it (`.c*` holds
// `.claude`; `*` does not match a leading dot).
import type { HostFacts } from "../model/event.js";
import type { Abstract } from "./abstract-path.js";

export interface GateFootprint {
  /** The footprint's paths, as given (absolute). */
  paths: readonly string[];
  /** Ports of daemon endpoints. */
  ports: readonly number[];
  /** Process ids of running daemons. */
  pids: readonly number[];
}

const EMPTY: GateFootprint = { paths: [], ports: [], pids: [] };
const FOOTPRINTS = new WeakMap<HostFacts, GateFootprint>();

const isAbsolute = (s: string): boolean => s.startsWith("/") || /^[A-Za-z]:[\\/]/.test(s) || s.startsWith("\\\\");

/** The footprint a host's facts name, entries sorted by kind (unreadable entries dropped). */
export function gateFootprint(host: HostFacts | null): GateFootprint {
  if (host == null || !Array.isArray(host.gate) || host.gate.length === 0) return EMPTY;
  let f = FOOTPRINTS.get(host);
  if (f === undefined) {
    const paths: string[] = [];
    const ports: number[] = [];
    const pids: number[] = [];
    for (const entry of host.gate) {
      const pid = /^pid:(\d{1,10})$/.exec(entry);
      if (pid) pids.push(Number(pid[1]));
      else if (/^https?:\/\//i.test(entry)) {
        try {
          const url = new URL(entry);
          ports.push(url.port === "" ? (url.protocol === "https:" ? 443 : 80) : Number(url.port));
        } catch {
          // not a URL: nothing to protect by it
        }
      } else if (isAbsolute(entry)) paths.push(entry);
    }
    f = { paths, ports, pids };
    FOOTPRINTS.set(host, f);
  }
  return f;
}

const PARSED = new WeakMap<HostFacts, Abstract[]>();

/** The footprint's paths in the resolver's form (`parse`: the resolver's reading of an absolute env path). */
export function parseGatePaths(host: HostFacts | null, parse: (s: string) => Abstract | null): Abstract[] {
  if (host == null || !Array.isArray(host.gate) || host.gate.length === 0) return [];
  let out = PARSED.get(host);
  if (out === undefined) {
    out = gateFootprint(host).paths.map(parse).filter((a): a is Abstract => a !== null);
    PARSED.set(host, out);
  }
  return out;
}

export const GLOB = /[*?[]/;
const GLOB_CACHE = new Map<string, RegExp | null>();

/** A glob component as the shell matches a name: `*`, `?`, `[…]`; a leading dot only matched by a leading dot. */
export function globRegExp(glob: string): RegExp | null {
  let re = GLOB_CACHE.get(glob);
  if (re !== undefined) return re;
  let body = "";
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === "*") body += "[^/]*";
    else if (c === "?") body += "[^/]";
    else if (c === "[") {
      const close = glob.indexOf("]", i + 2);
      if (close < 0) body += "\\[";
      else {
        let set = glob.slice(i + 1, close);
        if (set.startsWith("!")) set = "^" + set.slice(1);
        body += "[" + set.replace(/\\/g, "\\\\") + "]";
        i = close;
      }
    } else body += c.replace(/[.+^${}()|\\\]]/g, "\\$&");
  }
  try {
    re = new RegExp(`^${glob.startsWith(".") ? "" : "(?!\\.)"}${body}$`, "i");
  } catch {
    re = null;
  }
  if (GLOB_CACHE.size > 512) GLOB_CACHE.clear();
  GLOB_CACHE.set(glob, re);
  return re;
}

function segMatches(pathSeg: string, gateSeg: string): boolean {
  if (GLOB.test(pathSeg)) return globRegExp(pathSeg)?.test(gateSeg) ?? false;
  return pathSeg.toLowerCase() === gateSeg.toLowerCase();
}

/**
 * Where a resolved path stands to the footprint: `in` — at or under an entry;
 * `holds` — an ancestor of one (its contents include it); null — apart.
 */
export function gateRelation(a: Abstract, gate: readonly Abstract[]): "in" | "holds" | null {
  if (a.up !== 0) return null;
  let holds = false;
  for (const g of gate) {
    if (g.base !== a.base || (a.base === "win" && g.drive !== a.drive)) continue;
    const n = Math.min(a.segs.length, g.segs.length);
    let k = 0;
    while (k < n && segMatches(a.segs[k]!, g.segs[k]!)) k++;
    if (k < n) continue;
    if (a.segs.length >= g.segs.length) return "in";
    holds = true;
  }
  return holds ? "holds" : null;
}
