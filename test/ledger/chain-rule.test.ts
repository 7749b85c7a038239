// The chain rule, computed here from its definition in docs/ledger.md without
// the ledger's own code: a second implementation must arrive at these bytes.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { appendDecision } from "../../src/ledger/append.js";
import { neutralDecision } from "../../src/model/decision.js";
import { tempDir } from "./support.js";

/** Keys sorted by UTF-16 code unit, no whitespace, strings and numbers as JSON.stringify writes them. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(",")}]`;
  if (v !== null && typeof v === "object")
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
      .join(",")}}`;
  return JSON.stringify(v);
}
const sha256 = (bytes: Buffer) => `sha256:${createHash("sha256").update(bytes).digest("hex")}`;

describe("the chain rule (docs/ledger.md)", () => {
  it("hash = sha256(utf8(prev) ‖ utf8(canonical(row without hash))); genesis prev is sha256: + 64 zeros; event_digest = sha256(canonical(event))", async () => {
    const path = join(tempDir(), "rule.jsonl");
    const event = { event_type: "pre_tool_use", session_id: "s1", tool_use_id: "u1", tool_name: "Bash", tool_input: { command: "echo é ✓ \u0001" } };
    const envelope = { decision: neutralDecision(), state: { c: [], f: [], t: [], a: [], run: null }, engine_version: "gatehouse/0.1.0", bundle_digest: `sha256:${"0".repeat(63)}1` };
    for (const now_ms of [1, 2]) await appendDecision({ path, events: true }, { event, state_in: null, now_ms, envelope });
    const lines = readFileSync(path, "utf8").split("\n");
    expect(lines[2]).toBe(""); // every row ends in a newline
    let prev = `sha256:${"0".repeat(64)}`;
    for (const line of lines.slice(0, 2)) {
      const row = JSON.parse(line);
      expect(row.prev).toBe(prev);
      const { hash, ...rest } = row;
      expect(hash).toBe(sha256(Buffer.concat([Buffer.from(prev, "utf8"), Buffer.from(canonical(rest), "utf8")])));
      expect(row.event_digest).toBe(sha256(Buffer.from(canonical(event), "utf8")));
      expect(line).toBe(JSON.stringify(row)); // the line is JSON.stringify of the row, in schema order
      prev = hash;
    }
  });
});
