// Where `install --touch-set` keeps a project's guard files, and writing and
// removing the spec. They live in the state directory, outside the checkout:
// a path outside the checkout is one the guard never lets a write tool touch,
// so the session cannot edit its own contract, and the sweep never sees them.
import { createHash } from "node:crypto";
import { readFileSync, realpathSync, rmSync } from "node:fs";
import { makeDirs } from "../files/make-dirs.js";
import { basename, dirname, join, resolve } from "node:path";
import { writeFileAtomic } from "../files/durable-file.js";
import { shellWords } from "../shell-words.js";
import { GuardSpecError, parseGuardSpec } from "./spec.js";

export interface GuardFiles {
  specFile: string;
  recordFile: string;
}

/** `<stateDir>/guard/<16 hex of sha256(project's real path)>/{spec.json,records.jsonl}`. */
export function guardFilesFor(stateDir: string, projectDir: string): GuardFiles {
  let real = resolve(projectDir);
  try {
    real = realpathSync.native(real);
  } catch {
    // a project directory that does not exist yet keeps its lexical path
  }
  const dir = join(resolve(stateDir), "guard", createHash("sha256").update(real).digest("hex").slice(0, 16));
  return { specFile: join(dir, "spec.json"), recordFile: join(dir, "records.jsonl") };
}

/** Write the spec atomically (a guard reading it mid-write sees the old file or the new one). */
export function writeGuardSpecFile(specFile: string, text: string): void {
  makeDirs(dirname(specFile), 0o700);
  writeFileAtomic(specFile, text);
}

/** The spec file's text, or null when there is none. */
export function readGuardSpecText(specFile: string): string | null {
  try {
    return readFileSync(specFile, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

/**
 * Remove a spec an uninstalled guard entry named — only if it is a guard spec,
 * so a hand-edited command pointing at some other file never deletes it. The
 * records stay: they are evidence, folded by `guard records`.
 */
export function removeGuardSpecFile(specFile: string): "removed" | "absent" | "not a guard spec" {
  const text = readGuardSpecText(specFile);
  if (text === null) return "absent";
  try {
    parseGuardSpec(text, specFile);
  } catch (error) {
    if (error instanceof GuardSpecError) return "not a guard spec";
    throw error;
  }
  rmSync(specFile);
  return "removed";
}

/** The files named by a command line that runs `gatehouse guard` (`--config`, `--record-file`), or null for any other. */
export function guardFilesOfCommand(command: string): { specFile: string; recordFile: string | null } | null {
  const words = shellWords(command);
  const at = words.findIndex((w, i) => (basename(w) === "gatehouse.js" || basename(w) === "gatehouse") && words[i + 1] === "guard");
  if (at < 0) return null;
  const option = (name: string): string | null => {
    for (let i = at + 2; i < words.length; i++) {
      if (words[i] === `--${name}`) return words[i + 1] ?? null;
      if (words[i]!.startsWith(`--${name}=`)) return words[i]!.slice(name.length + 3);
    }
    return null;
  };
  const specFile = option("config");
  return specFile === null ? null : { specFile, recordFile: option("record-file") };
}
