// The prefilter's inverted index (SPEC §7, and SPEC §13: an event's cost grows
// with the artifacts that could match it, not with the bundle). Each artifact's
// requirements (src/bundle/requirements.ts) are clauses over atoms — `content`
// keywords and event features (src/evaluate/features.ts: `tool.name`,
// `command.program`, `effect.verb` / `target_class`, `event.type`, `path.class`,
// `url.host`). The artifact is filed under every atom of ONE
// clause, the one least likely to be present. Per event, the candidates are
// the artifacts filed under a keyword the haystack hit or a feature the event
// has, plus those that require nothing; each candidate still passes the full
// requirement check (one atom of every clause) before its tree runs. An
// artifact filed under nothing present cannot hold — so 10,000 artifacts that
// cannot match an event cost that event a few lookups, not 10,000 checks.
import type { LoadedArtifact } from "./compiled.js";
import type { Classification } from "../model/classification.js";
import type { Event } from "../model/event.js";
import { FEATURE_KINDS, type FeatureKind } from "./features.js";

const KIND: ReadonlyMap<string, FeatureKind> = new Map(FEATURE_KINDS.map((f) => [f.kind, f]));

/** A keyword's chance: literals of a large bundle are mostly absent from any one event, longer ones more so. */
const keywordChance = (literal: string) => 0.1 / Math.max(1, literal.length / 4);

/** Where an artifact is filed: atom codes (a keyword index k, or keywordCount + a feature id); empty: nowhere, a candidate for every event. */
export type Anchor = Int32Array;

export class PrefilterIndex {
  /** Artifacts that require nothing: candidates for every event. */
  private readonly always: Uint32Array;
  /** Artifact indices filed under each atom code (undefined: none). */
  private readonly byAtom: (Uint32Array | undefined)[];
  /** Feature values → feature id, per kind the bundle's artifacts name (no string is built per event to find them). */
  private readonly featureIds = new Map<string, Map<string, number>>();
  /** The kinds the bundle names, each with the function that marks an event's values of it present. */
  private readonly marking: { kind: FeatureKind; mark: (value: string) => void }[] = [];
  /** Per artifact: its clauses as atom codes, `[clauses, len₁, atoms…, len₂, atoms…]`. */
  private readonly clauses: Int32Array[];
  private readonly keywordCount: number;
  /** Per-event state, reused (evaluate is synchronous: one event at a time): features present, candidates. */
  private readonly present: Uint8Array;
  private readonly presentList: number[] = [];
  private readonly buffer: Uint32Array;
  private unsorted = false;
  /** Where each artifact is filed (index-aligned with the bundle's artifacts). */
  readonly anchors: readonly Anchor[];

  constructor(artifacts: readonly LoadedArtifact[], keywords: readonly string[]) {
    this.keywordCount = keywords.length;
    let features = 0;
    const chance: number[] = keywords.map(keywordChance);
    const code = (atom: string): number => {
      if (atom.startsWith("k:")) return Number(atom.slice(2));
      const colon = atom.indexOf(":");
      const kind = KIND.get(atom.slice(0, colon));
      if (kind === undefined) throw new Error(`prefilter: unknown feature kind in ${JSON.stringify(atom)}`);
      let table = this.featureIds.get(kind.kind);
      if (table === undefined) {
        const ids = (table = new Map());
        this.featureIds.set(kind.kind, ids);
        this.marking.push({ kind, mark: (value) => this.mark(ids, value) });
      }
      const value = atom.slice(colon + 1);
      let id = table.get(value);
      if (id === undefined) {
        table.set(value, (id = features++));
        chance[keywords.length + id] = kind.chance(value);
      }
      return keywords.length + id;
    };
    const always: number[] = [];
    const filed: number[][] = [];
    const anchors: Anchor[] = [];
    this.clauses = artifacts.map((a, i) => {
      const list: number[][] = [...Array.from(a.required, (k) => [k]), ...a.requiredFeatures.map((f) => [code(f)]), ...a.requiredOneOf.map((c) => c.map(code))];
      // The clause least likely to be satisfied: the sum of its atoms' chances.
      let best: number[] | null = null;
      let bestChance = Infinity;
      for (const c of list) {
        const p = c.reduce((sum, atom) => sum + (chance[atom] ?? 1), 0);
        if (p < bestChance) [best, bestChance] = [c, p];
      }
      anchors.push(Int32Array.from(best ?? []));
      if (best === null) always.push(i);
      else for (const atom of best) (filed[atom] ??= []).push(i);
      return Int32Array.from([list.length, ...list.flatMap((c) => [c.length, ...c])]);
    });
    this.always = Uint32Array.from(always);
    this.byAtom = Array.from({ length: keywords.length + features }, (_, atom) => (filed[atom] === undefined ? undefined : Uint32Array.from(filed[atom]!)));
    this.present = new Uint8Array(features);
    this.buffer = new Uint32Array(Math.max(1, artifacts.reduce((n, _a, i) => n + Math.max(1, anchors[i]!.length), 0)));
    this.anchors = anchors;
  }

  /** Mark the event's features the index knows (of the kinds the bundle names). */
  private markFeatures(event: Event, classification: Classification): void {
    for (const id of this.presentList) this.present[id] = 0;
    this.presentList.length = 0;
    if (this.present.length === 0) return;
    for (const m of this.marking) m.kind.values(event, classification, m.mark);
  }

  private mark(ids: Map<string, number>, value: string): void {
    const id = ids.get(value);
    if (id !== undefined && this.present[id] === 0) {
      this.present[id] = 1;
      this.presentList.push(id);
    }
  }

  /**
   * The candidate artifacts for an event: indices into the bundle's
   * artifacts, ascending (bundle order), each once. Also records the event's
   * features for `passes`. A view of a reused buffer, valid until the next call.
   */
  candidates(hits: Uint32Array, event: Event, classification: Classification): Uint32Array {
    this.markFeatures(event, classification);
    this.unsorted = false;
    let n = this.append(this.always, 0);
    for (let w = 0; w < hits.length; w++) {
      let word = hits[w]!;
      while (word !== 0) {
        const bit = 31 - Math.clz32(word & -word);
        word &= word - 1;
        const list = this.byAtom[w * 32 + bit];
        if (list !== undefined) n = this.append(list, n);
      }
    }
    for (const id of this.presentList) {
      const list = this.byAtom[this.keywordCount + id];
      if (list !== undefined) n = this.append(list, n);
    }
    const view = this.buffer.subarray(0, n);
    if (!this.unsorted) return view;
    // Lists are each ascending; once merged out of order, sort — and drop an artifact filed under two present atoms.
    view.sort();
    let m = 0;
    for (let i = 0; i < n; i++) if (i === 0 || view[i] !== view[i - 1]) view[m++] = view[i]!;
    return view.subarray(0, m);
  }

  /** Append `list` at `n`; returns the new length. */
  private append(list: Uint32Array, n: number): number {
    if (list.length === 0) return n;
    if (n > 0 && list[0]! <= this.buffer[n - 1]!) this.unsorted = true;
    this.buffer.set(list, n);
    return n + list.length;
  }

  /** Whether artifact `i` has one present atom in every clause (`hits`: the event's keywords; features as of the last `candidates`). */
  passes(i: number, hits: Uint32Array): boolean {
    const c = this.clauses[i]!;
    const k = this.keywordCount;
    let at = 1;
    for (let clause = c[0]!; clause > 0; clause--) {
      const len = c[at++]!;
      let ok = false;
      for (let j = 0; j < len && !ok; j++) {
        const atom = c[at + j]!;
        ok = atom < k ? ((hits[atom >>> 5]! >>> (atom & 31)) & 1) === 1 : this.present[atom - k] === 1;
      }
      if (!ok) return false;
      at += len;
    }
    return true;
  }
}
