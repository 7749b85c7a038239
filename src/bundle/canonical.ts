// Canonical JSON (keys sorted, no whitespace) and the bundle digest over it.
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex } from "@noble/hashes/utils.js";

/**
 * Keys sorted (UTF-16 code units), no whitespace, strings and numbers as
 * JSON.stringify writes them; `undefined` members dropped, `undefined` array
 * items `null`. Written with an explicit stack, not recursion, so an event
 * nested 100,000 levels deep (a hook payload JSON.parse accepts) still has a
 * digest instead of a stack overflow.
 */
export function canonicalJson(value: unknown): string {
  const out: string[] = [];
  // Work items: text to emit as is, or a value (boxed) still to write.
  const work: (string | { value: unknown })[] = [{ value }];
  while (work.length > 0) {
    const item = work.pop()!;
    if (typeof item === "string") {
      out.push(item);
      continue;
    }
    const v = item.value;
    if (v === null || typeof v !== "object") {
      out.push(JSON.stringify(v) ?? "null");
    } else if (Array.isArray(v)) {
      work.push("]");
      for (let i = v.length - 1; i >= 0; i--) {
        work.push({ value: v[i] === undefined ? null : v[i] });
        if (i > 0) work.push(",");
      }
      work.push("[");
    } else {
      const record = v as Record<string, unknown>;
      const keys = Object.keys(record)
        .filter((k) => record[k] !== undefined)
        .sort();
      work.push("}");
      for (let i = keys.length - 1; i >= 0; i--) {
        work.push({ value: record[keys[i]!] });
        work.push(`${JSON.stringify(keys[i])}:`);
        if (i > 0) work.push(",");
      }
      work.push("{");
    }
  }
  return out.join("");
}

export function sha256Hex(text: string): string {
  return bytesToHex(sha256(new TextEncoder().encode(text)));
}

/** `sha256:` + hex of the canonical bundle bytes (SPEC §3). */
export function bundleDigest(bundle: unknown): string {
  return `sha256:${sha256Hex(canonicalJson(bundle))}`;
}
