// What one line of a ledger file is: a row, a torn write, or damage. The same
// reading serves `verify`, the appender (which chains to the last line that is
// a row) and `show`/`replay` (which skip what is not a row), so all of them
// agree on where the chain is.
import { tooDeepAt } from "../bundle/depth.js";
import { isTornRowPrefix } from "./json-prefix.js";
import { LedgerRowSchema, type LedgerRow } from "./row.js";

/** A row line longer than this is refused by the appender and reported as damage by `verify`. */
export const MAX_ROW_BYTES = 16 * 1024 * 1024;

/** Nesting an event may have and still be recorded in its row (deeper: the row keeps its digest only); JSON.stringify manages about twice this. */
export const MAX_EVENT_DEPTH = 2048;
/** No row the appender writes nests deeper (the row, then its event): a deeper line is damage, never walked. */
export const MAX_ROW_DEPTH = MAX_EVENT_DEPTH + 1;

export type LineReading =
  /** `raw` is the parsed JSON (what the hash is over); `canonical`: the line is exactly its serialization. */
  | { kind: "row"; row: LedgerRow; raw: Record<string, unknown>; canonical: boolean }
  /**
   * A proper prefix of a row line: a write a crash cut short. Outside the chain. `nulPadding`: the
   * line ends in that many NUL bytes — what some file systems leave where a crash lost the data of
   * a grown file — after a torn prefix, a row whose newline never landed, or nothing.
   */
  | { kind: "torn"; nulPadding?: number }
  /** Not JSON (and not a torn write), or not valid UTF-8, or over MAX_ROW_BYTES. */
  | { kind: "unparsable"; message: string }
  /** JSON, but not a ledger row. */
  | { kind: "not_a_row"; message: string };

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

function decode(bytes: Uint8Array): { text: string; cut: boolean } | null {
  try {
    return { text: strictUtf8.decode(bytes), cut: false };
  } catch {
    // A torn write may stop inside a multi-byte character: decode all but that tail.
    try {
      const text = new TextDecoder("utf-8", { fatal: true }).decode(bytes, { stream: true });
      return { text, cut: true };
    } catch {
      return null;
    }
  }
}

export function readLedgerLine(bytes: Uint8Array): LineReading {
  if (bytes.length > MAX_ROW_BYTES) return { kind: "unparsable", message: `the line is ${bytes.length} bytes, over the ${MAX_ROW_BYTES}-byte row limit` };
  const padded = nulPadded(bytes);
  if (padded !== null) return padded;
  const decoded = decode(bytes);
  if (decoded === null) return { kind: "unparsable", message: "the line is not valid UTF-8" };
  const { text, cut } = decoded;
  if (cut) return isTornRowPrefix(text) ? { kind: "torn" } : { kind: "unparsable", message: "the line is not valid UTF-8" };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    if (isTornRowPrefix(text)) return { kind: "torn" };
    return { kind: "unparsable", message: text === "" ? "the line is empty" : `not JSON (${error instanceof Error ? error.message : String(error)})` };
  }
  const deep = tooDeepAt(raw, MAX_ROW_DEPTH);
  if (deep !== null) return { kind: "not_a_row", message: `not a ledger row: nested more than ${MAX_ROW_DEPTH} levels deep (at ${deep.slice(0, 4).join(".")}…)` };
  const parsed = LedgerRowSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const at = issue.path.length > 0 ? issue.path.join(".") : "the row";
    return { kind: "not_a_row", message: `not a ledger row: ${at}: ${issue.message}` };
  }
  return { kind: "row", row: parsed.data, raw: raw as Record<string, unknown>, canonical: JSON.stringify(raw) === text };
}

/**
 * A line ending in NUL bytes is a torn write when what comes before them is nothing, a torn prefix
 * or a whole row (its append never reached its newline and fsync, so it was never answered): the
 * NULs are where a crash lost data the file had grown by. No row or prefix holds a raw NUL (JSON
 * escapes it), so NULs anywhere else are damage.
 */
function nulPadded(bytes: Uint8Array): LineReading | null {
  let end = bytes.length;
  while (end > 0 && bytes[end - 1] === 0) end--;
  if (end === bytes.length) return null;
  const head = bytes.subarray(0, end);
  if (head.includes(0)) return null;
  const nulPadding = bytes.length - end;
  if (head.length === 0) return { kind: "torn", nulPadding };
  const reading = readLedgerLine(head);
  return reading.kind === "torn" || reading.kind === "row" ? { kind: "torn", nulPadding } : null;
}
