// vitest globalSetup: every test run gets its own temp directory, and its
// teardown fails the run on what the tests left there (issue 22 items 2 and 10):
// entries, and daemons still running from it (test/support/daemons.ts); then
// removes it. The directory is this run's alone, so parallel workers and other
// runs on the machine cannot make or hide a leftover here.
// The run's $TMPDIR is set before any worker starts, so os.tmpdir() in the
// workers and in every process they spawn names it. A test that makes temp
// directories should use test/support/scratch.ts (removed after its file); the
// report names the prefixes of those that were not removed, with their counts.
// GATEHOUSE_KEEP_TEMP=1 keeps the directory for a look.
import { chmodSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { stopDaemonsUnder } from "./daemons.js";

/** The name of a temp entry without mkdtemp's random suffix: `gatehouse-hook-Ab12Cd` → `gatehouse-hook-`. */
export const prefixOf = (name: string) => name.replace(/[A-Za-z0-9]{6}$/, "");

/** `N left: prefix ×count, …` for the entries of a run's temp directory, or null when it is empty. */
export function leftoverReport(names: readonly string[]): string | null {
  if (names.length === 0) return null;
  const counts = new Map<string, number>();
  for (const n of names) counts.set(prefixOf(n), (counts.get(prefixOf(n)) ?? 0) + 1);
  const list = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([p, c]) => `${p}* ×${c}`);
  return `${names.length} temp entr${names.length === 1 ? "y" : "ies"} left by tests (use test/support/scratch.ts): ${list.join(", ")}`;
}

export default function setup(): () => void {
  const root = mkdtempSync(join(tmpdir(), "gatehouse-vitest-"));
  chmodSync(root, 0o1777); // like /tmp: tests run processes as other users (setpriv, the e2e agents' user)
  process.env.TMPDIR = root;
  return () => {
    const daemons = stopDaemonsUnder(root);
    let names: string[] = [];
    try {
      names = readdirSync(root);
    } catch {
      return;
    }
    const report = [leftoverReport(names), daemons.length > 0 ? `${daemons.length} daemon(s) still running from it (pids ${daemons.join(", ")}), stopped` : null].filter((x) => x !== null);
    if (process.env.GATEHOUSE_KEEP_TEMP !== "1") rmSync(root, { recursive: true, force: true, maxRetries: 3 });
    if (report.length > 0) {
      // A thrown teardown error is printed but leaves vitest's exit code 0: fail the run by its exit code.
      console.error(`temp-root: FAIL ${root}: ${report.join("; ")}`);
      process.exitCode = 1;
    }
  };
}
