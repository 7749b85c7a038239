// The host part of an event's env, from an environment map and a directory
// (pure: the caller reads process.env / process.cwd()).
import { isAbsolutePath } from "./payload.js";
import type { HostEnv } from "./types.js";

/** At most this many `$PATH` entries become `env.path_dirs`. */
export const MAX_PATH_DIRS = 64;

export function hostEnvFrom(env: Record<string, string | undefined>, cwd: string, mode: string): HostEnv {
  const path = env.PATH ?? env.Path ?? "";
  // Windows separates PATH entries with `;` (its entries hold `:` after the drive letter).
  const pathDirs = path
    .split(/^[A-Za-z]:[\\/]/.test(path) || path.includes(";") ? ";" : ":")
    .filter((d) => d !== "" && isAbsolutePath(d))
    .slice(0, MAX_PATH_DIRS);
  return { cwd, ...(env.HOME ? { home: env.HOME } : {}), pathDirs, mode };
}
