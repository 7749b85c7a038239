// What every artifact reads about one event, computed once per event: the
// parsed event, its classification, the haystack scan, the injected clock.
import type { Classification } from "../model/classification.js";
import type { Event } from "../model/event.js";

/** The types a bundle may declare a fact as (SPEC §4 `facts`). */
export const FACT_TYPES = ["string", "integer", "boolean", "string_list"] as const;
export type FactType = (typeof FACT_TYPES)[number];

export interface EventView {
  readonly event: Event;
  readonly classification: Classification;
  /** The flattened haystack (the `content` field). */
  readonly scan: { readonly length: number; text(): string };
  /** Injected by the caller; the engine never reads a clock. */
  readonly now_ms: number;
  readonly declaredFacts: ReadonlyMap<string, FactType>;
  /**
   * Field values computed once per event and shared by every artifact that
   * reads the field, at the field's slot (src/evaluate/fields.ts); start each
   * event with `[]`.
   */
  readonly memo: (readonly unknown[] | null | undefined)[];
}
