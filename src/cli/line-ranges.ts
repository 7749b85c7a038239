// The line numbers of a ledger's rows of one kind, for a report line:
// "line 7", "lines 11–14", "lines 11, 40–42, 1214", or past the bound
// "lines 3, 5, 7, 9, 11, 13, 15, 17 and 12 more". Lines arrive in increasing
// order; memory is bounded (at most MAX_RANGES ranges kept, the rest counted).

/** The most ranges a report line names; lines after them are counted as "and N more". */
export const MAX_RANGES = 8;

export class LineRanges {
  count = 0;
  private readonly ranges: [number, number][] = [];
  private more = 0;

  add(line: number): void {
    this.count++;
    const last = this.ranges.at(-1);
    if (last !== undefined && line === last[1] + 1 && this.more === 0) last[1] = line;
    else if (this.ranges.length < MAX_RANGES) this.ranges.push([line, line]);
    else this.more++;
  }

  /** `line N` for one line, else `lines …`: ranges with an en dash, commas between, `and N more` past the bound. */
  toString(): string {
    if (this.count === 1) return `line ${this.ranges[0]![0]}`;
    const listed = this.ranges.map(([a, b]) => (a === b ? `${a}` : `${a}–${b}`)).join(", ");
    return `lines ${listed}${this.more > 0 ? ` and ${this.more} more` : ""}`;
  }
}
