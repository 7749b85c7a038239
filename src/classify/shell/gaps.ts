// Coverage gaps the shell analysis reports (SPEC §6.3). Shapes 5 and 8 are
// decided downstream by the effect table from `raw_argv` and `inSubstitution`.
import type { UnknownCommand } from "../../model/classification.js";

export const SHAPE = {
  OVERSIZE: 1,
  PARSE_ERROR: 2,
  DYNAMIC_SCRIPT: 3,
  DYNAMIC_PROGRAM: 4,
  INLINE_INTERPRETER: 6,
  INTERPRETER_STDIN: 7,
  DEPTH: 9,
  REDIRECT_TARGET: 10,
  DEFINE_AND_INVOKE: 11,
  QUOTE_OBFUSCATION: 12,
} as const;

/** Collects gaps: one per shape per command (the first reason is kept). */
export class GapList {
  readonly items: UnknownCommand[] = [];
  private readonly seen = new Set<string>();

  add(shape: number, reason: string, command: string): void {
    const key = `${shape}\u0000${command}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.items.push({ shape, reason, command });
  }

  has(shape: number): boolean {
    return this.items.some((g) => g.shape === shape);
  }
}

/** Trim a piece of source for use inside a reason. */
export function excerpt(text: string, max = 80): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? flat.slice(0, max - 1) + "…" : flat;
}
