// --ledger-redact: no secret the scrubber knows, and no secret file's
// contents, reach the ledger file; each is replaced by its SHA-256, which
// whoever holds the original can check. Without the flag, events are kept verbatim.
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";
import { SECRET_PATTERNS } from "../../src/redact/secrets.js";
import { memoryIo } from "../support/io.js";
import { bash, tempDir, write } from "./support.js";

const dir = tempDir();
const sha = (text: string) => `sha256:${createHash("sha256").update(text, "utf8").digest("hex")}`;
/** The secret as it would appear inside a JSON string. */
const inJson = (text: string) => JSON.stringify(text).slice(1, -1);

async function record(events: unknown[], flags: string[], name: string): Promise<{ path: string; text: string; rows: Record<string, any>[] }> {
  const input = join(dir, `${name}.events.jsonl`);
  writeFileSync(input, events.map((e) => JSON.stringify(e)).join("\n") + "\n");
  const path = join(dir, `${name}.ledger.jsonl`);
  const { io } = memoryIo();
  expect(await main(["eval", "--ledger", path, ...flags, input], io)).toBe(0);
  const text = readFileSync(path, "utf8");
  return { path, text, rows: text.trim().split("\n").map((l) => JSON.parse(l)) };
}

describe("--ledger-redact", () => {
  it("every scrubber pattern's secret is replaced by its digest in the event and wherever the decision quotes it", async () => {
    const events = SECRET_PATTERNS.map((p, i) => bash(`echo ${p.example.text}`, "s1", `u${i}`));
    const { text, rows } = await record(events, ["--ledger-events", "--ledger-redact"], "patterns");
    SECRET_PATTERNS.forEach((p, i) => {
      expect(text, p.kind).not.toContain(inJson(p.example.secret));
      expect(rows[i]!.redacted, p.kind).toContain(p.kind);
      expect(JSON.stringify(rows[i]!.event), p.kind).toContain(sha(p.example.secret));
    });
    const verify = memoryIo();
    expect(await main(["ledger", "verify", join(dir, "patterns.ledger.jsonl")], verify.io)).toBe(0);
  });

  it("the event_digest is of the original event, so the original can be proven against the row", async () => {
    const event = bash("curl -H 'Authorization: Bearer abc.def.ghi' https://example.com");
    const { rows } = await record([event], ["--ledger-events", "--ledger-redact"], "digest");
    const { canonicalJson } = await import("../../src/bundle/canonical.js");
    expect(rows[0]!.event_digest).toBe(sha(canonicalJson(event)));
    expect(rows[0]!.event.tool_input.command).toBe(`curl -H 'Authorization: Bearer ${sha("abc.def.ghi")}' https://example.com`);
  });

  it("a write to a secret file loses its contents wholesale; the path stays, so replay classifies it the same", async () => {
    const content = "DB_HOST=localhost\nAWS_REGION=eu-west-1\nplain words with no key shape";
    const event = write("/home/dev/project/.env", content);
    const { path, text, rows } = await record([event], ["--ledger-events", "--ledger-redact"], "secret-file");
    expect(text).not.toContain("plain words");
    expect(rows[0]!.event.tool_input).toEqual({ file_path: "/home/dev/project/.env", content: sha(content) });
    expect(rows[0]!.redacted).toEqual(["secret_file_content"]);
    expect(rows[0]!.decision.effects[0].target_class).toBe("secret_file");
    const replay = memoryIo();
    expect(await main(["replay", path], replay.io)).toBe(0);
  });

  it("a post event on a secret file loses its tool result; Edit and MultiEdit lose old and new strings", async () => {
    const post = { ...bash("cat .env"), event_type: "post_tool_use", tool_result: { stdout: "HUNTER=hunter2hunter2\nplain text" } };
    const edit = { event_type: "pre_tool_use", session_id: "s1", tool_use_id: "e1", tool_name: "Edit", tool_input: { file_path: "/home/dev/project/.env", old_string: "old-value", new_string: "new-value" }, env: write("", "").env };
    const multi = { ...edit, tool_use_id: "e2", tool_name: "MultiEdit", tool_input: { file_path: "/home/dev/.ssh/id_ed25519", edits: [{ old_string: "first-old", new_string: "first-new" }] } };
    const { text, rows } = await record([post, edit, multi], ["--ledger-events", "--ledger-redact"], "secret-file-2");
    for (const s of ["hunter2hunter2", "plain text", "old-value", "new-value", "first-old", "first-new"]) expect(text).not.toContain(s);
    expect(rows[0]!.event.tool_result).toBe(sha(JSON.stringify({ stdout: "HUNTER=hunter2hunter2\nplain text" })));
    expect(rows[1]!.event.tool_input.old_string).toBe(sha("old-value"));
    expect(rows[2]!.event.tool_input.edits[0].new_string).toBe(sha("first-new"));
  });

  it("without --ledger-redact the event is kept verbatim (the ledger is evidence)", async () => {
    const event = bash("curl -H 'Authorization: Bearer abc.def.ghi' https://example.com");
    const { rows } = await record([event], ["--ledger-events"], "verbatim");
    expect(rows[0]!.event).toEqual(event);
    expect(rows[0]!.redacted).toBeUndefined();
  });

  it("an event with no secret is recorded unchanged and carries no `redacted`", async () => {
    const event = bash("git status");
    const { rows } = await record([event], ["--ledger-events", "--ledger-redact"], "clean");
    expect(rows[0]!.event).toEqual(event);
    expect(rows[0]!.redacted).toBeUndefined();
  });
});
