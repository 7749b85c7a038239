// How deep a bundle's JSON nests, measured without recursion. Loading walks a
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
