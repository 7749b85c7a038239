// The settings file on disk: where it is for a scope, read (absent is not an
// error), written atomically with its mode kept and through a symlink to the
// file it points at (dotfile managers link these files).
import { existsSync, lstatSync, readFileSync, realpathSync, statSync } from "node:fs";
import { makeDirs } from "../files/make-dirs.js";
import { dirname, resolve } from "node:path";
import { writeFileAtomic } from "../files/durable-file.js";
import type { AgentSettings } from "./agents.js";

export type Scope = "project" | "user" | "managed";

/** A settings file that exists but cannot be read (permissions, a directory): exit 66. */
export class SettingsUnreadable extends Error {
  override readonly name = "SettingsUnreadable";
}

/** The settings file of a project or user scope (`base`: the project or home directory; managed: the file itself). */
export function settingsPath(settings: AgentSettings, scope: Scope, base: string): string {
  if (scope === "managed") return base;
  return resolve(base, scope === "project" ? settings.projectFile : settings.userFile);
}

/** The file's text, or null when it does not exist. */
export function readSettings(path: string): string | null {
  try {
    return readFileSync(path, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return null;
    throw new SettingsUnreadable(`${path}: cannot read (${code ?? String(error)})`);
  }
}

/** The file a write lands in: a symlink's target, so the link itself survives. */
function writeTarget(path: string): string {
  try {
    if (lstatSync(path).isSymbolicLink()) return realpathSync(path);
  } catch {
    // absent or dangling: write the path itself
  }
  return path;
}

/** Replace (or create) the file atomically; an existing file keeps its permission bits. */
export function writeSettings(path: string, text: string): void {
  const target = writeTarget(path);
  const mode = existsSync(target) ? statSync(target).mode & 0o777 : 0o644;
  makeDirs(dirname(target));
  writeFileAtomic(target, text, mode);
}

