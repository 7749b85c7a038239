// One lookup keyed by program name (issue 19 item 2): every handler table's
// entries for a program, merged in one place. Most programs are in one table;
// a program two tables have rows for runs them in the order stated here, as
// data, so adding a table (or a name to one) cannot silently reorder or
// change another table's result — test/classify/program-order.test.ts fails on
// a program in two tables without a stated order, and on a stale order.
import type { Handler, ProgramEntry } from "./entries.js";

/** The tables (effects/index.ts HANDLER_TABLES keys) that share programs, in the order their handlers run for them. */
interface SharedOrder {
  names: readonly string[];
  tables: readonly string[];
  /** Why both tables hold the program. */
  why: string;
}
const shared = (names: readonly string[], tables: readonly string[], why: string): SharedOrder => ({ names, tables, why });

export const SHARED_PROGRAMS: readonly SharedOrder[] = [
  shared(["truncate"], ["filesystem", "database"], "GNU truncate shrinks a file; `truncate users` typed alone is a SQL statement"),
  shared(["awk", "gawk", "mawk", "nawk", "vim", "vi", "nvim", "ex"], ["reader", "script_write"], "they read their operands; their scripts (print > f, :w) write"),
  shared(["nc", "ncat", "netcat", "socat"], ["network", "reverse_shell"], "a connection to a host; with -e or a shell on its stdio, a reverse shell"),
  shared(["aws", "gcloud", "az"], ["infra", "credential_printer"], "the cloud catch-alls; their token printers (aws configure get aws_secret_access_key)"),
  shared(["npm", "pnpm", "yarn", "bun"], ["package", "self_protection"], "installs; removing or replacing the gatehouse package"),
  shared(["export", "declare", "typeset"], ["flow", "persistence"], "a dump of the environment; setting a control variable (GATEHOUSE_BUNDLE)"),
  shared(["systemctl", "launchctl"], ["persistence", "self_protection"], "installing a service; stopping the gate's own service"),
];

/** One table's handler for a program; `fallback`: a catch-all a family row's claim replaces (entries.ts). */
export interface ProgramHandler {
  table: string;
  handler: Handler;
  fallback: boolean;
}

/** Every program's handlers, in the stated order where tables share it; `unordered`: the programs in 2+ tables with no (or a stale) order. */
export function programLookup(
  tables: Readonly<Record<string, Record<string, Handler>>>,
  entryTables: Readonly<Record<string, readonly ProgramEntry[]>>,
  orders: readonly SharedOrder[] = SHARED_PROGRAMS,
): { byName: Map<string, ProgramHandler[]>; unordered: string[] } {
  const fallbacks = new Set(Object.entries(entryTables).flatMap(([t, es]) => es.filter((e) => e.fallback).flatMap((e) => e.names.map((n) => `${t}\0${n}`))));
  const byName = new Map<string, ProgramHandler[]>();
  for (const [table, t] of Object.entries(tables)) {
    for (const [name, handler] of Object.entries(t)) {
      const list = byName.get(name) ?? [];
      list.push({ table, handler, fallback: fallbacks.has(`${table}\0${name}`) });
      byName.set(name, list);
    }
  }
  const orderOf = new Map(orders.flatMap((o) => o.names.map((n) => [n, o.tables] as const)));
  const unordered: string[] = [];
  for (const [name, list] of byName) {
    const order = orderOf.get(name);
    const stated = order !== undefined && order.length === list.length && list.every((h) => order.includes(h.table));
    // (Until the test passes, an unordered program runs its tables in HANDLER_TABLES's order.)
    if (order !== undefined ? !stated : list.length > 1) unordered.push(name);
    if (stated) list.sort((a, b) => order.indexOf(a.table) - order.indexOf(b.table));
  }
  for (const name of orderOf.keys()) if (!byName.has(name)) unordered.push(name);
  return { byName, unordered };
}
