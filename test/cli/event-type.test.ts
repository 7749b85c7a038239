// A caller's event_type as `eval` and /v1/evaluate read it (docs/spec.md §11):
// the agents' spellings of a known type are read as that type with a warning,
// anything else is refused — never the neutral allow of an ungated type,
// which would let `rm -rf ~` through.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";
import type { Engine } from "../../src/engine.js";
import { readEventType } from "../../src/model/event-type.js";
import { EVENT_TYPES } from "../../src/model/event.js";
import { loadEngine } from "../../src/node/index.js";
import { postJson, startTestDaemon, type TestDaemon } from "../daemon/harness.js";
import { memoryIo } from "../support/io.js";

const wipe = (event_type: unknown) => ({ event_type, session_id: "s", tool_name: "Bash", tool_input: { command: "rm -rf ~" } });
const SPELLINGS = ["PreToolUse", "pre-tool-use", "PRE_TOOL_USE", "preToolUse", "Pre Tool Use", "pre.tool.use"];
const REFUSED: unknown[] = ["PreToolUsed", "before_tool", "tool", 7, true, { type: "pre_tool_use" }, ["pre_tool_use"], null];

describe("readEventType", () => {
  it("each known type as documented is taken as given; missing keeps the default", () => {
    for (const t of EVENT_TYPES) expect(readEventType(t)).toEqual({ kind: "as_given" });
    expect(readEventType(undefined)).toEqual({ kind: "as_given" });
  });
  it("every known type in the agents' spellings is normalised, with a warning naming both", () => {
    for (const t of EVENT_TYPES) {
      const camel = t.split("_").map((w) => w[0]!.toUpperCase() + w.slice(1)).join("");
      for (const s of [camel, t.replace(/_/g, "-"), t.toUpperCase()].filter((s) => s !== t)) {
        const r = readEventType(s);
        expect(r).toMatchObject({ kind: "normalised", type: t });
        expect(r.kind === "normalised" && r.warning).toContain(JSON.stringify(s));
      }
    }
  });
  it("anything else is refused, naming the value and the known types", () => {
    for (const v of REFUSED) {
      const r = readEventType(v);
      expect(r.kind, JSON.stringify(v)).toBe("refused");
      expect(r.kind === "refused" && r.message).toMatch(/not an event type Gatehouse knows \(pre_tool_use, /);
    }
  });
});

describe("eval", () => {
  it("a known spelling is evaluated as pre_tool_use (rm -rf ~ denied) with a stderr warning; an unknown type fails its line", async () => {
    const lines = [...SPELLINGS.map(wipe), wipe("PreToolUsed"), wipe(42)];
    const { io, out, err } = memoryIo({ stdin: lines.map((l) => JSON.stringify(l)).join("\n") });
    expect(await main(["eval", "-"], io)).toBe(1);
    const rows = out.map((l) => JSON.parse(l));
    expect(rows.slice(0, SPELLINGS.length).map((r) => r.decision.verdict)).toEqual(SPELLINGS.map(() => "deny"));
    expect(rows[SPELLINGS.length].error.message).toMatch(/^event_type "PreToolUsed" is not an event type Gatehouse knows/);
    expect(rows[SPELLINGS.length + 1].error.message).toMatch(/^event_type 42 is not/);
    expect(err.slice(0, SPELLINGS.length)).toEqual(SPELLINGS.map((s, i) => `gatehouse eval: warning: line ${i + 1}: event_type ${JSON.stringify(s)} read as "pre_tool_use" (the spelling Gatehouse documents)`));
  });
});

describe("/v1/evaluate", () => {
  let engine: Engine;
  let daemon: TestDaemon;
  beforeAll(async () => {
    engine = await loadEngine();
    daemon = await startTestDaemon(engine);
  });
  afterAll(async () => daemon.stop());

  it("a known spelling: evaluated as pre_tool_use, the response's warnings say so; an unknown type: 400 bad_event", async () => {
    for (const s of SPELLINGS) {
      const r = await postJson(daemon.daemon.url, "/v1/evaluate", wipe(s));
      expect(r.status, s).toBe(200);
      const body = JSON.parse(r.body);
      expect(body.decision.verdict).toBe("deny");
      expect(body.warnings).toEqual([`event_type ${JSON.stringify(s)} read as "pre_tool_use" (the spelling Gatehouse documents)`]);
    }
    const ok = JSON.parse((await postJson(daemon.daemon.url, "/v1/evaluate", wipe("pre_tool_use"))).body);
    expect(ok).not.toHaveProperty("warnings");
    for (const v of REFUSED) {
      const r = await postJson(daemon.daemon.url, "/v1/evaluate", wipe(v));
      expect(r.status, JSON.stringify(v)).toBe(400);
      expect(JSON.parse(r.body).error).toMatchObject({ code: "bad_event" });
    }
  });
});
