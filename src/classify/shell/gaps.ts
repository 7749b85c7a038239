// Coverage gaps the shell analysis reports (SPEC §6.3; the shapes and their
// titles are in src/model/gap-shapes.ts). Shapes 5 and 8 are decided
// downstream by the effect table from the word facts and `inSubstitution`.
import type { UnknownCommand } from "../../model/classification.js";
import { GAP_SHAPE, type GapShape } from "../../model/gap-shapes.js";

/** The shapes by name (`SHAPE.PARSE_ERROR`); one enum for the parser and the table. */
export const SHAPE = GAP_SHAPE;

/** Collects gaps: one per shape per command (the first reason is kept). */
export class GapList {
  readonly items: UnknownCommand[] = [];
  private readonly seen = new Set<string>();

  add(shape: GapShape, reason: string, command: string): void {
    const key = `${shape}\u0000${command}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.items.push({ shape, reason, command });
  }

  /** Remove and return the gaps added since `from` (a probe's, judged elsewhere). */
  take(from: number): UnknownCommand[] {
    const taken = this.items.splice(from);
    for (const g of taken) this.seen.delete(`${g.shape}\u0000${g.command}`);
    return taken;
  }

  has(shape: GapShape): boolean {
    return this.items.some((g) => g.shape === shape);
  }
}

/** Trim a piece of source for use inside a reason. */
export function excerpt(text: string, max = 80): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? flat.slice(0, max - 1) + "…" : flat;
}
