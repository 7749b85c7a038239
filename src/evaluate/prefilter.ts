// The keyword prefilter's inverted index (SPEC §7). Each artifact is anchored
// at one keyword its tree requires; per event only the artifacts anchored at a
// keyword the haystack hit (plus those with no required keyword) are
// considered, so 2,000 atoms whose keywords are absent cost a bitset walk,
// not 2,000 checks. Candidates are then visited in bundle order, and each
// still passes the full requirement check (every keyword, every feature).
import type { LoadedArtifact } from "../bundle/load.js";

export class PrefilterIndex {
  private readonly unanchored: Uint32Array;
  /** Artifact indices anchored at keyword k, for each k. */
  private readonly anchored: Uint32Array[];
  /** Per-event marks, reused: evaluate is synchronous, so one event at a time uses it. */
  private readonly marks: Uint8Array;

  constructor(artifacts: readonly LoadedArtifact[], keywordCount: number) {
    const unanchored: number[] = [];
    const anchored: number[][] = Array.from({ length: keywordCount }, () => []);
    artifacts.forEach((a, i) => {
      if (a.required.length === 0) unanchored.push(i);
      else anchored[a.required[0]!]!.push(i);
    });
    this.unanchored = Uint32Array.from(unanchored);
    this.anchored = anchored.map((list) => Uint32Array.from(list));
    this.marks = new Uint8Array(artifacts.length);
  }

  /** Whether an artifact's every required keyword was hit and every required event feature is present. */
  static passes(a: LoadedArtifact, hits: Uint32Array, features: () => ReadonlySet<string>): boolean {
    const required = a.required;
    for (let i = 0; i < required.length; i++) {
      const k = required[i]!;
      if (((hits[k >>> 5]! >>> (k & 31)) & 1) === 0) return false;
    }
    const needed = a.requiredFeatures;
    if (needed.length > 0) {
      const present = features();
      for (let i = 0; i < needed.length; i++) if (!present.has(needed[i]!)) return false;
    }
    return true;
  }

  /** Mark the candidate artifacts for an event's hit bitset; returns the marks (index-aligned with the bundle). */
  candidates(hits: Uint32Array): Uint8Array {
    const marks = this.marks;
    marks.fill(0);
    const unanchored = this.unanchored;
    for (let i = 0; i < unanchored.length; i++) marks[unanchored[i]!] = 1;
    for (let w = 0; w < hits.length; w++) {
      let word = hits[w]!;
      while (word !== 0) {
        const bit = 31 - Math.clz32(word & -word);
        word &= word - 1;
        const list = this.anchored[w * 32 + bit];
        if (list !== undefined) for (let i = 0; i < list.length; i++) marks[list[i]!] = 1;
      }
    }
    return marks;
  }
}
