// How deep JSON nests, measured (and clipped) without recursion. Loading walks a
// bundle recursively (zod, the tree compiler, canonical JSON for the digest),
// so a bundle nested thousands of levels deep would overflow the stack; it is
// refused as a whole, with the path where it went too deep, before any walk.
import type { JsonPath } from "./detail.js";

/** Nesting levels a bundle may use: far beyond any policy a person writes (the default bundle nests 9). */
export const BUNDLE_DEPTH_CAP = 256;

/** A value still to visit, with the key it sits under and its parent: the path is built only for the value found. */
interface Visit {
  value: object;
  depth: number;
  key: PropertyKey;
  up: Visit | null;
}

function pathOf(visit: Visit): PropertyKey[] {
  const path: PropertyKey[] = [];
  for (let v: Visit | null = visit; v !== null && v.up !== null; v = v.up) path.push(v.key);
  return path.reverse();
}

/**
 * The path of the first value nested deeper than `cap` levels, or null when the whole value fits.
 * Paths are kept as parent links, not copied per value: every bundle load walks the whole bundle.
 */
export function tooDeepAt(value: unknown, cap = BUNDLE_DEPTH_CAP): JsonPath | null {
  if (value === null || typeof value !== "object") return null;
  const stack: Visit[] = [{ value, depth: 0, key: "", up: null }];
  while (stack.length > 0) {
    const visit = stack.pop()!;
    if (visit.depth >= cap) return pathOf(visit);
    const v = visit.value as Record<string, unknown>;
    const depth = visit.depth + 1;
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        const item: unknown = v[i];
        if (item !== null && typeof item === "object") stack.push({ value: item, depth, key: i, up: visit });
      }
    } else
      for (const k of Object.keys(v)) {
        const item = v[k];
        if (item !== null && typeof item === "object") stack.push({ value: item, depth, key: k, up: visit });
      }
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
