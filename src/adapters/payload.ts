// Reading agents' hook JSON: small total helpers (a field of the wrong type
// is absent, never a throw) and the parts every adapter builds the same way.
import type { EventInput } from "../model/event.js";
import type { HostEnv } from "./types.js";

export type JsonObject = Record<string, unknown>;

export function isObject(v: unknown): v is JsonObject {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

/** A non-empty string field, or undefined. */
export function text(o: JsonObject, key: string): string | undefined {
  const v = o[key];
  return typeof v === "string" && v !== "" ? v : undefined;
}

/** A string field (possibly empty), or "". */
export function textOr(o: JsonObject, key: string): string {
  const v = o[key];
  return typeof v === "string" ? v : "";
}

export function stringList(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === "string" && x !== "") : [];
}

/** An absolute POSIX or Windows path (a relative `cwd` from a payload is not trusted as the workspace root). */
export function isAbsolutePath(p: string): boolean {
  return p.startsWith("/") || /^[A-Za-z]:[\\/]/.test(p) || p.startsWith("\\\\");
}

/** `dir` joined onto `base` when relative (POSIX or Windows separators kept as written). */
export function resolveUnder(base: string, dir: string): string {
  if (isAbsolutePath(dir)) return dir;
  const sep = /^[A-Za-z]:\\/.test(base) ? "\\" : "/";
  return base.endsWith(sep) ? `${base}${dir}` : `${base}${sep}${dir}`;
}

/** The event's declared host paths: the payload's cwd when absolute, else the host's. */
export function eventEnv(host: HostEnv, cwd: string | undefined, additional: readonly string[] = []): NonNullable<EventInput["env"]> {
  const workspace = cwd !== undefined && isAbsolutePath(cwd) ? cwd : host.cwd;
  return {
    cwd: workspace,
    ...(host.home ? { home: host.home } : {}),
    path_dirs: [...(host.pathDirs ?? [])],
    additional_dirs: additional.filter((d) => isAbsolutePath(d) && d !== workspace),
  };
}

/** Which front door and agent produced the event (SPEC §2 `binding`: held, never read by a rule). */
export function bindingOf(agent: string, host: HostEnv, event: string): { kind: string; mode: string; event: string } {
  return { kind: agent, mode: host.mode ?? "hook", event };
}

/** Claude Code's MCP naming: characters outside [A-Za-z0-9_-] become `_`. */
function mcpPart(s: string): string {
  return s.replace(/[^A-Za-z0-9_-]/g, "_");
}

/** The canonical MCP tool name every bundle matches (SPEC §2): `mcp__<server>__<tool>`. */
export function mcpToolName(server: string, tool: string): string {
  return `mcp__${mcpPart(server)}__${mcpPart(tool)}`;
}
