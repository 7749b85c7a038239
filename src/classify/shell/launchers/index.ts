// The launcher table: program name → the row that finds the command(s) it
// runs. One map, keyed by normalised program name (shellcheck keys its
// checks by command name the same way); an interpreter's versioned name
// (`python3.12`, `node22`) finds its canonical row. To add a launcher, add a
// row to the file of its kind (or a new file, listed below) — see
// docs/shell.md.
import { interpreterName } from "../../programs/interpreters.js";
import { AWK_ROWS } from "./awk.js";
import { BUILTIN_ROWS } from "./builtins.js";
import { DEFERRED_ROWS } from "./deferred.js";
import { ENV_RUNNER_ROWS } from "./envs.js";
import { GIT_ROWS } from "./git.js";
import { REMOTE_ROWS } from "./remote.js";
import { CLOUD_RUN_ROWS } from "./cloud-run.js";
import { TOOL_ROWS } from "./tools.js";
import { DATABASE_SHELL_ROWS } from "./database-shells.js";
import { BUILD_TOOL_ROWS } from "./build-tools.js";
import { FRAMEWORK_ROWS } from "./frameworks.js";
import { RUNNER_ROWS } from "./runners.js";
import { SHELL_ROWS } from "./shells.js";
import type { LauncherRow } from "./types.js";
import { WRAPPER_ROWS } from "./wrappers.js";

export type { Launch, LauncherRow, LaunchExample } from "./types.js";

export type LauncherTable = ReadonlyMap<string, LauncherRow>;

/** Build a table from rows; a name claimed twice is a bug in the rows. */
export function launcherTable(rows: readonly LauncherRow[]): LauncherTable {
  const table = new Map<string, LauncherRow>();
  for (const row of rows) {
    for (const name of row.names) {
      if (table.has(name)) throw new Error(`launcher ${name} is listed twice`);
      table.set(name, row);
    }
  }
  return table;
}

export const LAUNCHER_ROWS: readonly LauncherRow[] = [
  ...WRAPPER_ROWS, ...SHELL_ROWS, ...RUNNER_ROWS, ...AWK_ROWS, ...BUILTIN_ROWS, ...GIT_ROWS, ...ENV_RUNNER_ROWS, ...REMOTE_ROWS, ...CLOUD_RUN_ROWS, ...DEFERRED_ROWS, ...TOOL_ROWS, ...DATABASE_SHELL_ROWS, ...BUILD_TOOL_ROWS, ...FRAMEWORK_ROWS,
];

export const LAUNCHERS: LauncherTable = launcherTable(LAUNCHER_ROWS);

/** The row for a normalised program name, or undefined when the program runs no other command. */
export function launcherFor(table: LauncherTable, name: string): LauncherRow | undefined {
  const row = table.get(name);
  if (row !== undefined) return row;
  const canonical = interpreterName(name);
  return canonical !== null && canonical !== name ? table.get(canonical) : undefined;
}
