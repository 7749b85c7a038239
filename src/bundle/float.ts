// The bundle carries integers only (SPEC §4): any other number is `float_present`.

/** The JSON path of the first non-integer number in the value (document order), or null. */
export function firstFloat(value: unknown, path: PropertyKey[] = []): PropertyKey[] | null {
  if (typeof value === "number") return Number.isInteger(value) ? null : path;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = firstFloat(value[i], [...path, i]);
      if (found !== null) return found;
    }
    return null;
  }
  if (typeof value === "object" && value !== null) {
    for (const [k, v] of Object.entries(value)) {
      const found = firstFloat(v, [...path, k]);
      if (found !== null) return found;
    }
  }
  return null;
}

/** A non-integer number anywhere in the value. */
export function containsFloat(value: unknown): boolean {
  return firstFloat(value) !== null;
}
