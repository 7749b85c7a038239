// JSON text of a caller's value, produced within a bound. `JSON.stringify`
// recurses (a tool_input nested a few thousand levels deep throws RangeError)
// and materialises the whole text (a 100 MB string is copied before the hot
// path keeps its first 512 KiB). This serialiser walks with an explicit stack,
// stops at a nesting depth and a length, and never throws: whatever it could
// not serialise is reported as `truncated`, which the engine treats like any
// input over the per-event memory bound (unknown shape 1 for shell tools, a
// warning for others).
//
// Within the bounds its output is exactly `JSON.stringify(value) ?? "null"`
// for JSON data (the property test in test/hotpath/bounded-json.test.ts), so
// the haystack of every event that fits is unchanged.
import { INPUT_CAP, INPUT_DEPTH_CAP } from "./limits.js";

export interface BoundedJson {
  /** The JSON text, cut at `maxChars` UTF-16 units when truncated. */
  text: string;
  /** Over `maxChars`, deeper than `maxDepth`, or not serialisable (a throwing getter or toJSON). */
  truncated: boolean;
}

interface ObjectFrame {
  readonly keys: string[];
  readonly value: Record<string, unknown>;
  index: number;
  wrote: boolean;
}

interface ArrayFrame {
  readonly items: ArrayLike<unknown>;
  index: number;
}

type Frame = ObjectFrame | ArrayFrame;

/** What JSON.stringify writes for a value before structure: toJSON, boxed primitives. */
function unwrap(value: unknown, key: string): unknown {
  if (value !== null && typeof value === "object") {
    const toJSON = (value as { toJSON?: unknown }).toJSON;
    if (typeof toJSON === "function") return toJSON.call(value, key);
    if (value instanceof Number || value instanceof String || value instanceof Boolean) return value.valueOf();
  } else if (typeof value === "bigint") {
    // JSON.stringify throws on a BigInt; its digits are what a reader would search for.
    return value.toString();
  }
  return value;
}

/** Values an object member omits and an array slot writes as `null`. */
function isSkipped(value: unknown): boolean {
  return value === undefined || typeof value === "function" || typeof value === "symbol";
}

/**
 * `JSON.stringify(value) ?? "null"` within `maxChars` UTF-16 units and
 * `maxDepth` nested containers. The default `maxChars` is one unit over the
 * hot path's input region: a text longer than INPUT_CAP units is over INPUT_CAP
 * UTF-8 bytes too, so the hot path sees the same first INPUT_CAP bytes it would
 * have seen from the whole text.
 */
export function boundedJson(value: unknown, maxChars: number = INPUT_CAP + 1, maxDepth: number = INPUT_DEPTH_CAP): BoundedJson {
  const parts: string[] = [];
  let length = 0;
  let truncated = false;
  const put = (s: string): boolean => {
    const room = maxChars - length;
    if (s.length > room) {
      parts.push(s.slice(0, room));
      length = maxChars;
      truncated = true;
      return false;
    }
    parts.push(s);
    length += s.length;
    return true;
  };
  const stack: Frame[] = [];

  /** Write an unwrapped value: a scalar, or open a container (pushed on the stack). False once a bound is hit. */
  const open = (v: unknown): boolean => {
    if (v === null || isSkipped(v)) return put("null"); // skipped values reach here only as array slots
    switch (typeof v) {
      case "string": {
        // Cut a string longer than the room left before escaping it, so a huge string is never copied whole.
        const room = maxChars - length;
        if (v.length <= room) return put(JSON.stringify(v));
        put(JSON.stringify(v.slice(0, room)));
        truncated = true;
        return false;
      }
      case "number":
        return put(Number.isFinite(v) ? String(v) : "null");
      case "boolean":
        return put(v ? "true" : "false");
      case "object":
        break;
      default:
        return put("null");
    }
    if (stack.length >= maxDepth) {
      truncated = true;
      return false;
    }
    if (Array.isArray(v)) {
      stack.push({ items: v, index: 0 });
      return put("[");
    }
    stack.push({ keys: Object.keys(v as object), value: v as Record<string, unknown>, index: 0, wrote: false });
    return put("{");
  };

  try {
    const root = unwrap(value, "");
    if (isSkipped(root)) return { text: "null", truncated: false };
    let going = open(root);
    while (going && stack.length > 0) {
      const frame = stack[stack.length - 1]!;
      if ("items" in frame) {
        if (frame.index >= frame.items.length) {
          stack.pop();
          going = put("]");
          continue;
        }
        const i = frame.index++;
        if (i > 0 && !put(",")) break;
        going = open(unwrap(frame.items[i], String(i)));
        continue;
      }
      if (frame.index >= frame.keys.length) {
        stack.pop();
        going = put("}");
        continue;
      }
      const key = frame.keys[frame.index++]!;
      const member = unwrap(frame.value[key], key);
      if (isSkipped(member)) continue;
      if (frame.wrote && !put(",")) break;
      frame.wrote = true;
      if (!put(`${JSON.stringify(key)}:`)) break;
      going = open(member);
    }
  } catch {
    // A throwing getter, toJSON or proxy trap: what was written so far stands, flagged.
    truncated = true;
  }
  return { text: parts.join(""), truncated };
}
