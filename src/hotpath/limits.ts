// Fixed bounds of the hot path. Every region below is allocated once per
// HotPath (at createHotPath), never per event, so one event can never make the
// WASM linear memory grow: its footprint is PER_EVENT_MEMORY_BYTES at most.

/** Max UTF-8 bytes of one JSON text (tool_input, then tool_result, one after the other) copied into WASM. */
export const INPUT_CAP = 512 * 1024;

/**
 * Max nesting depth of tool_input / tool_result serialised for the haystack
 * (src/hotpath/bounded-json.ts). Deeper input is over the per-event bound like
 * input over INPUT_CAP: real tool inputs nest a handful of levels, and nothing
 * downstream should have to recurse thousands of frames deep.
 */
export const INPUT_DEPTH_CAP = 512;

/** Max bytes of the flattened haystack; longer output is truncated here and flagged oversize. */
export const HAYSTACK_CAP = 256 * 1024;

/** Max keywords in one automaton (keyword i <-> bit i of the hit bitset). */
export const MAX_KEYWORDS = 65536;

/** Bytes of the hit bitset region at MAX_KEYWORDS (one bit per keyword). */
export const BITSET_CAP = MAX_KEYWORDS / 8;

/**
 * The per-event linear-memory bound:
 *   input region    INPUT_CAP    = 524,288 B (each JSON text is copied here in turn)
 * + haystack region HAYSTACK_CAP = 262,144 B
 * + hit bitset      BITSET_CAP   =   8,192 B (MAX_KEYWORDS bits; a smaller bundle uses less)
 * = 794,624 B (776 KiB).
 * The flattener needs no stack (object keys are recognised by a one-token
 * look-ahead for `:`), so nothing else is touched per event. The automaton
 * table is bundle-sized, copied once at load, and read-only during a scan.
 */
export const PER_EVENT_MEMORY_BYTES = INPUT_CAP + HAYSTACK_CAP + BITSET_CAP;

/**
 * Upper bound on the DFA table (Int32 entries, 256 MiB). A bundle whose keyword set
 * needs a larger dense table is refused by compileAutomaton with a RangeError
 * rather than exhausting memory at load.
 */
export const MAX_TABLE_ENTRIES = 64 * 1024 * 1024;
