// How deep JSON nests, measured (and clipped) without recursion. Loading walks a
// bundle recursively (zod, the tree compiler, canonical JSON for the digest),
// so a bundle nested thousands of levels deep would overflow the stack; it is
// refused as a whole, with the path where it went too deep, before any walk.
import type { JsonPath } from "./detail.js";

/** Nesting levels a bundle may use: far beyond any policy a person writes (the default bundle nests 9). */
export const BUNDLE_DEPTH_CAP = 256;

/** The path of the first value nested deeper than `cap` levels, or null when the whole value fits. */
export function tooDeepAt(value: unknown, cap = BUNDLE_DEPTH_CAP): JsonPath | null {
  const stack: { value: unknown; path: PropertyKey[] }[] = [{ value, path: [] }];
  while (stack.length > 0) {
    const { value: v, path } = stack.pop()!;
    if (v === null || typeof v !== "object") continue;
    if (path.length >= cap) return path;
    if (Array.isArray(v)) v.forEach((item, i) => stack.push({ value: item, path: [...path, i] }));
    else for (const [k, item] of Object.entries(v)) stack.push({ value: item, path: [...path, k] });
  }
  return null;
}

/** A copy of `value` with everything nested deeper than `cap` levels replaced by null (no recursion). */
export function clipDepth(value: unknown, cap: number): unknown {
  const root: { v: unknown } = { v: null };
  const stack: { from: unknown; into: Record<string | number, unknown>; key: string | number; depth: number }[] = [{ from: value, into: root, key: "v", depth: 0 }];
  while (stack.length > 0) {
    const { from, into, key, depth } = stack.pop()!;
    if (from === null || typeof from !== "object") into[key] = from;
    else if (depth >= cap) into[key] = null;
    else if (Array.isArray(from)) {
      const copy: unknown[] = new Array(from.length);
      into[key] = copy;
      from.forEach((item, i) => stack.push({ from: item, into: copy as unknown as Record<number, unknown>, key: i, depth: depth + 1 }));
    } else {
      const copy: Record<string, unknown> = {};
      into[key] = copy;
      for (const [k, item] of Object.entries(from)) stack.push({ from: item, into: copy, key: k, depth: depth + 1 });
    }
  }
  return root.v;
}
