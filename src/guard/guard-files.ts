// Where `install --touch-set` keeps a project's guard files, and writing and
// removing the spec. They live in the state directory, outside the checkout:
// a path outside the checkout is one the guard never lets a write tool touch,
// so the session cannot edit its own contract, and the sweep never sees them.
import { createHash } from "node:crypto";
import { mkdirSync, realpathSync, rmSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { writeFileAtomic } from "../node/durable-file.js";

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
  mkdirSync(dirname(specFile), { recursive: true, mode: 0o700 });
  writeFileAtomic(specFile, text);
}

/** Remove the spec; the records stay (they are evidence, folded by `guard records`). */
export function removeGuardSpecFile(specFile: string): boolean {
  try {
    rmSync(specFile);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
    throw error;
  }
}
