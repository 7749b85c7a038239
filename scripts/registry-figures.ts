// Issue 19 item 1 figures: the program tables and how many tables each program name is in.
// A "table" is one effect handler table (effects/index.ts TABLES), one tool family
// (effects/families/*.ts) or one launcher row table (shell/launchers/*.ts).
// Run: bash scripts/run-ts.sh scripts/registry-figures.ts [--names]
import { ENTRY_TABLES, HANDLER_TABLES } from "../src/classify/effects/index.js";
import { FAMILIES } from "../src/classify/effects/families/index.js";
import { AWK_ROWS } from "../src/classify/shell/launchers/awk.js";
import { BUILTIN_ROWS } from "../src/classify/shell/launchers/builtins.js";
import { DEFERRED_ROWS } from "../src/classify/shell/launchers/deferred.js";
import { ENV_RUNNER_ROWS } from "../src/classify/shell/launchers/envs.js";
import { GIT_ROWS } from "../src/classify/shell/launchers/git.js";
import { REMOTE_ROWS } from "../src/classify/shell/launchers/remote.js";
import { CLOUD_RUN_ROWS } from "../src/classify/shell/launchers/cloud-run.js";
import { TOOL_ROWS } from "../src/classify/shell/launchers/tools.js";
import { DATABASE_SHELL_ROWS } from "../src/classify/shell/launchers/database-shells.js";
import { BUILD_TOOL_ROWS } from "../src/classify/shell/launchers/build-tools.js";
import { FRAMEWORK_ROWS } from "../src/classify/shell/launchers/frameworks.js";
import { RUNNER_ROWS } from "../src/classify/shell/launchers/runners.js";
import { SHELL_ROWS } from "../src/classify/shell/launchers/shells.js";
import { WRAPPER_ROWS } from "../src/classify/shell/launchers/wrappers.js";
const LAUNCHER_TABLES = { AWK_ROWS, BUILTIN_ROWS, DEFERRED_ROWS, ENV_RUNNER_ROWS, GIT_ROWS, REMOTE_ROWS, CLOUD_RUN_ROWS, TOOL_ROWS, DATABASE_SHELL_ROWS, BUILD_TOOL_ROWS, FRAMEWORK_ROWS, RUNNER_ROWS, SHELL_ROWS, WRAPPER_ROWS };

const tables = new Map<string, Set<string>>();
const add = (table: string, names: Iterable<string>): void => {
  const s = tables.get(table) ?? new Set<string>();
  for (const n of names) s.add(n);
  tables.set(table, s);
};
for (const [name, t] of Object.entries(HANDLER_TABLES)) add(`handlers:${name}`, Object.keys(t));
for (const f of FAMILIES) add(`family:${f.name}`, f.programs.flatMap((p) => p.names));
for (const [name, rows] of Object.entries(LAUNCHER_TABLES)) add(`launchers:${name}`, rows.flatMap((r) => r.names));

const count = new Map<string, string[]>();
for (const [t, names] of tables) for (const n of names) count.set(n, [...(count.get(n) ?? []), t]);
const multi = [...count].filter(([, ts]) => ts.length >= 2).sort((a, b) => b[1].length - a[1].length);
const handlerTables = Object.keys(HANDLER_TABLES).length;
console.log(`tables: ${tables.size} (handler tables ${handlerTables}, families ${FAMILIES.length}, launcher tables ${Object.keys(LAUNCHER_TABLES).length})`);
console.log(`handler tables built from entries: ${Object.keys(ENTRY_TABLES).length}, entries ${Object.values(ENTRY_TABLES).reduce((n, t) => n + t.length, 0)}, examples ${Object.values(ENTRY_TABLES).reduce((n, t) => n + t.reduce((m, e) => m + e.examples.length, 0), 0)}`);
console.log(`family rows: ${FAMILIES.reduce((n, f) => n + f.programs.reduce((m, p) => m + p.rows.length, 0), 0)}`);
console.log(`program names: ${count.size}; in 2+ tables: ${multi.length}`);
console.log(`top: ${multi.slice(0, 12).map(([n, ts]) => `${n} ${ts.length}`).join(", ")}`);
if (process.argv.includes("--names")) for (const [n, ts] of multi) console.log(`${n}: ${ts.join(" ")}`);
