// `--ledger-redact`: what a recorded row keeps of secrets. Off by default —
// the ledger is evidence, and a redacted event may not replay to the same
// decision. On, every secret the one scrubber finds (src/redact/secrets.ts) in
// any string of the event is replaced by its digest, and an event that touches
// a secret file (the engine classified one of its effects as `secret_file`)
// loses that file's contents wholesale: the tool's result, and the content
// fields below. The decision is not scrubbed by pattern (its prose would be
// mangled: "secret.write: …" reads as an assignment) — instead every value
// removed from the event is also removed wherever the decision quotes it.
// Digests, not markers: whoever holds the original value can still prove which
// it was. Pure (no Node imports).
import { canonicalJson } from "../bundle/canonical.js";
import type { Decision } from "../model/decision.js";
import { scrubSecrets } from "../redact/secrets.js";
import type { DigestText } from "./row.js";

/**
 * Keys of a tool's input that carry file contents (not paths): replaced whole
 * when the event touches a secret file. Examples: Write `{file_path: ".env",
 * content}`; Edit/`replace` `{old_string, new_string}`; MultiEdit `{edits:
 * [{old_string, new_string}]}`; NotebookEdit `{new_source}`; Cursor
 * `search_replace`/`edit_file` `{old_string, new_string, code_edit}`; ACP
 * `fs/write_text_file` `{content}`. Paths stay, so replay classifies the event
 * the same way.
 */
export const SECRET_FILE_CONTENT_KEYS: readonly string[] = ["content", "old_string", "new_string", "new_source", "code_edit", "text", "contents"];

export const SECRET_FILE_KIND = "secret_file_content";

/** Values shorter than this are replaced in the event but not searched for in the decision's prose. */
export const MIN_QUOTED_SECRET = 4;

export interface Redaction {
  event: Record<string, unknown>;
  decision: Decision;
  /** Sorted kinds of what was replaced; empty when nothing was. */
  kinds: string[];
}

/**
 * Replace every string inside `value` by `map(string, key)` — `key` is the
 * nearest enclosing object key (an array's items get their array's) — keeping
 * keys. An explicit stack, not recursion: events may nest thousands deep.
 */
function mapStrings(value: unknown, map: (text: string, key: string | null) => string): unknown {
  const root: Record<string, unknown> = {};
  const work: { from: unknown; into: Record<string | number, unknown>; slot: string | number; key: string | null }[] = [{ from: value, into: root, slot: "v", key: null }];
  while (work.length > 0) {
    const { from, into, slot, key } = work.pop()!;
    if (typeof from === "string") put(into, slot, map(from, key));
    else if (Array.isArray(from)) {
      const out: unknown[] = new Array(from.length);
      put(into, slot, out);
      for (let i = from.length - 1; i >= 0; i--) work.push({ from: from[i], into: out as unknown as Record<number, unknown>, slot: i, key });
    } else if (from !== null && typeof from === "object") {
      const out: Record<string, unknown> = {};
      put(into, slot, out);
      const entries = Object.entries(from);
      // Keys are created in order first (the copy keeps the original key order), then filled.
      for (const [k] of entries) put(out, k, undefined);
      for (let i = entries.length - 1; i >= 0; i--) work.push({ from: entries[i]![1], into: out, slot: entries[i]![0], key: entries[i]![0] });
    } else put(into, slot, from);
  }
  return root.v;
}

/** An own, enumerable member — also for a key such as `__proto__`, which JSON.parse makes a plain member. */
function put(target: Record<string | number, unknown>, key: string | number, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

export function redactForLedger(event: Record<string, unknown>, decision: Decision, digest: DigestText): Redaction {
  const kinds = new Set<string>();
  const removed = new Map<string, string>(); // value → its digest
  const replace = (value: string, kind: string): string => {
    kinds.add(kind);
    const d = digest(value);
    removed.set(value, d);
    return d;
  };
  let source: Record<string, unknown> = event;
  if (decision.effects.some((e) => e.target_class === "secret_file")) {
    const whole = (value: unknown): string => (typeof value === "string" ? replace(value, SECRET_FILE_KIND) : (kinds.add(SECRET_FILE_KIND), digest(canonicalJson(value))));
    source = { ...event };
    if (source.tool_result !== undefined && source.tool_result !== null) source.tool_result = whole(source.tool_result);
    if (source.tool_input !== null && typeof source.tool_input === "object")
      source.tool_input = mapStrings(source.tool_input, (text, key) => (key !== null && SECRET_FILE_CONTENT_KEYS.includes(key) ? whole(text) : text));
  }
  const redactedEvent = mapStrings(source, (text) => scrubSecrets(text, replace)) as Record<string, unknown>;
  const quoted = [...removed.entries()].filter(([value]) => value.length >= MIN_QUOTED_SECRET).sort((a, b) => b[0].length - a[0].length);
  const redactedDecision =
    quoted.length === 0 ? decision : (mapStrings(decision, (text) => quoted.reduce((t, [value, d]) => (t.includes(value) ? t.split(value).join(d) : t), text)) as Decision);
  return { event: redactedEvent, decision: redactedDecision, kinds: [...kinds].sort() };
}
