// Scratch directories for tests: `mkdtemp` in the temp directory, removed
// after the test file (afterAll, registered when a test file imports this).
// A test that makes its own temp directories leaves them behind: use this.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";
import { stopDaemonsUnder } from "./daemons.js";

const made: string[] = [];

/** A fresh directory `<tmp>/<prefix>XXXXXX`, removed with its contents after this test file. */
export function scratchDir(prefix = "gatehouse-"): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

/** Remove every scratch directory made so far (afterAll does this; a test may call it earlier). */
export function removeScratch(): void {
  const dirs = made.splice(0);
  // A daemon a hook of this file started (`--daemon auto`) would write into a directory after it is gone —
  // also into another of these (its socket in one, its HOME's code cache in another): stop them all first.
  for (const dir of dirs) stopDaemonsUnder(dir);
  for (const dir of dirs) {
    try {
      rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
    } catch (error) {
      // A directory that cannot go (still mounted, a child still writing) is left for the leftover check to report.
      console.warn(`scratch: could not remove ${dir}: ${(error as Error).message}`);
    }
  }
}

afterAll(removeScratch);
