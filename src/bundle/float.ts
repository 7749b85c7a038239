// The bundle carries integers only (SPEC §4): any other number is `float_present`.

/** The JSON path of the first non-integer number in the value (document order), or null. */
export function firstFloat(value: unknown, path: PropertyKey[] = []): PropertyKey[] | null {
  const at = [...path];
  return floatAt(value, at) ? at : null;
}

/** True when `value` holds a non-integer number; `path` (one array, pushed and popped) then ends at it. */
function floatAt(value: unknown, path: PropertyKey[]): boolean {
  if (typeof value === "number") return !Number.isInteger(value);
  if (value === null || typeof value !== "object") return false;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      path.push(i);
      if (floatAt(value[i], path)) return true;
      path.pop();
    }
    return false;
  }
  for (const k of Object.keys(value)) {
    path.push(k);
    if (floatAt((value as Record<string, unknown>)[k], path)) return true;
    path.pop();
  }
  return false;
}

/** A non-integer number anywhere in the value. */
export function containsFloat(value: unknown): boolean {
  return firstFloat(value) !== null;
}
