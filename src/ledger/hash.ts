// SHA-256 for the ledger's Node parts: Node's native hash (several times
// faster than the pure-JS one, which matters when verifying a million rows).
import { createHash } from "node:crypto";
import type { Digest } from "./row.js";

export function sha256Digest(text: string): Digest {
  return `sha256:${createHash("sha256").update(text, "utf8").digest("hex")}`;
}
