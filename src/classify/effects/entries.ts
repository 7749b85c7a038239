// A program the effect table keeps as code, stated in one place (issue 19 item
// 1): its names, the function that walks its words (the target of each operand
// is where that operand's path resolves, which no subcommand row can say), and
// examples beside it — the commands it judges and the lookalikes it leaves
// alone, in the family rows' format (families/rows.ts `Example`). A handler
// table is built from the entries; test/classify/handler-entries.test.ts runs
// every example through the real walker and the whole table, and fails on an
// entry without a positive example and a lookalike.
import type { Example } from "./families/rows.js";
import type { Ctx } from "./common.js";

export type Handler = (ctx: Ctx) => void;

export interface ProgramEntry {
  /** Program names as the walker gives them (basename, lowercased, `.exe` stripped). */
  names: readonly string[];
  handler: Handler;
  /** `[command, expected effects]`: at least one with effects, and one lookalike with none (`""`). */
  examples: readonly Example[];
  /** A catch-all (`aws … delete-*`): a family row that claims the command replaces it (the flag travels with the program lookup, effects/program-order.ts). */
  fallback?: boolean;
}

export const entry = (names: readonly string[], handler: Handler, examples: readonly Example[], more: Pick<ProgramEntry, "fallback"> = {}): ProgramEntry => ({ names, handler, examples, ...more });

/** The handler table of some entries: each name to its entry's handler (one function per entry, so a program shared by names is one handler). */
export function handlerTable(entries: readonly ProgramEntry[]): Record<string, Handler> {
  const table: Record<string, Handler> = {};
  for (const e of entries) for (const name of e.names) table[name] = e.handler;
  return table;
}
