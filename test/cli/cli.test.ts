// The CLI in-process (src/cli/main.ts with an in-memory Io): exit codes,
// output shapes, and one-line errors for bad input.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";
import { ONE_OF_EACH } from "../support/bundles.js";
import { memoryIo } from "../support/io.js";
import { scratchDir } from "../support/scratch.js";

const dir = scratchDir("gatehouse-cli-");
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

describe("gatehouse check", () => {
  it("exit 2 for deny, naming the rule and the argument", async () => {
    const { io, out } = memoryIo();
    expect(await main(["check", "--", "rm", "-rf", "~"], io)).toBe(2);
    expect(out.join("\n")).toMatch(/DENY\s+fs\.wipe/);
    expect(out.join("\n")).toContain("~");
  });
  it("a leading tilde after -- stays the home it names; one elsewhere in a word is quoted", async () => {
    expect(await main(["check", "--", "rm", "-rf", "~/"], memoryIo().io)).toBe(2);
    expect(await main(["check", "--", "rm", "-rf", "~/.ssh dir"], memoryIo().io)).toBe(3);
    expect(await main(["check", "--", "rm", "-rf", "a~"], memoryIo().io)).toBe(0);
  });
  it("exit 0 for allow, 3 for ask", async () => {
    expect(await main(["check", "--", "rm", "-rf", "build"], memoryIo().io)).toBe(0);
    expect(await main(["check", "--command", 'bash -c "$X"'], memoryIo().io)).toBe(3);
  });
  it("--json prints the envelope", async () => {
    const { io, out } = memoryIo();
    await main(["check", "--json", "--cwd", "/repo", "--command", "git reset --hard"], io);
    const envelope = JSON.parse(out[0]!);
    expect(Object.keys(envelope)).toEqual(["decision", "state", "engine_version", "bundle_digest"]);
    expect(envelope.decision.artifact_id).toBe("git.reset_hard");
  });
  it("words after -- are re-quoted so they mean what they meant", async () => {
    const { io, out } = memoryIo();
    await main(["check", "--json", "--", "echo", "rm -rf /"], io);
    expect(JSON.parse(out[0]!).decision.verdict).toBe("allow");
  });
  it("usage errors exit 64 with one line", async () => {
    const { io, err } = memoryIo();
    expect(await main(["check"], io)).toBe(64);
    expect(await main(["check", "--frobnicate", "--", "ls"], io)).toBe(64);
    expect(err).toHaveLength(2);
    expect(await main(["teleport"], memoryIo().io)).toBe(64);
  });
  it("a broken --bundle is one line naming the file: exit 1 when it is not a bundle, 66 when it cannot be read", async () => {
    const broken = file("broken.json", "{ not json");
    const { io, err } = memoryIo();
    expect(await main(["check", "--bundle", broken, "--", "ls"], io)).toBe(1);
    expect(err).toHaveLength(1);
    expect(err[0]).toContain(broken);
    expect(err[0]).toContain("not JSON");
    const missing = memoryIo();
    expect(await main(["check", "--bundle", join(dir, "nope.json"), "--", "ls"], missing.io)).toBe(66);
    expect(missing.err[0]).toMatch(/nope\.json: cannot read bundle \(ENOENT\)/);
  });
  it("a bundle left with no enforcing rule says so on stderr (it allows rm -rf ~), as do eval and explain", async () => {
    const typo = file("typo.json", JSON.stringify({ schema_version: "2.0", bundle_id: "typo", artifacts: [{ kind: "t1_predicate_tree", artifact_id: "no.rm", body: { when: { field: "command.program", pred: "eq", value: "rm" }, verdict: "block" } }] }));
    for (const argv of [["check", "--bundle", typo, "--", "rm", "-rf", "/home/dev"], ["explain", "--bundle", typo, "--", "rm", "-rf", "/home/dev"]]) {
      const { io, err } = memoryIo();
      await main(argv, io);
      expect(err).toEqual([expect.stringMatching(/^gatehouse: skipped t1_predicate_tree "no\.rm": body_parse_error/), expect.stringMatching(/^gatehouse: warning no_enforcing_artifact: artifacts: no active rule/)]);
    }
  });
});

describe("gatehouse check input", () => {
  it("--command - reads the command from stdin (a trailing newline dropped)", async () => {
    const long = `echo ${"x".repeat(200_000)}; rm -rf ~\n`;
    const { io, out } = memoryIo({ stdin: long });
    expect(await main(["check", "--json", "--command", "-"], io)).toBe(3); // over the 16 KiB shell bound: unknown shape 1 → ask
    expect(JSON.parse(out[0]!).decision.unknown[0].shape).toBe(1);
    const small = memoryIo({ stdin: "rm -rf ~\n" });
    expect(await main(["check", "--command", "-"], small.io)).toBe(2);
  });
  it("one word after -- holding ; | or && is judged as one word, with a warning naming --command", async () => {
    for (const word of ["ls; rm -rf ~", "cat x | sh", "make && make install"]) {
      const { io, err } = memoryIo();
      await main(["check", "--", word], io);
      expect(err).toHaveLength(1);
      expect(err[0]).toMatch(/warning: the one word after -- holds (;|\||&&), so it is judged as a single word/);
      expect(err[0]).toContain("--command '");
    }
    const quiet = memoryIo();
    await main(["check", "--", "ls", ";", "rm"], quiet.io);
    expect(quiet.err).toEqual([]);
  });
  it("--command and -- together is a usage error", async () => {
    expect(await main(["check", "--command", "ls", "--", "ls"], memoryIo().io)).toBe(64);
  });
  it("an unreadable input file is 66 whichever command reads it", async () => {
    const absent = join(dir, "absent.json");
    for (const argv of [["check", "--bundle", absent, "--", "ls"], ["eval", absent], ["eval", "--bundle", absent, file("ok.jsonl", "")], ["corpus", absent], ["bundle", "lint", absent], ["demo", "--bundle", absent], ["explain", "--event", absent], ["explain", "--bundle", absent, "--", "ls"]]) {
      const { io, err } = memoryIo();
      expect(await main(argv, io), argv.join(" ")).toBe(66);
      expect(err).toHaveLength(1);
      expect(err[0]).toContain("absent.json");
    }
  });
});

describe("gatehouse bundle lint", () => {
  it("--json reports each skip reason; exit 0 even with skips", async () => {
    const path = file("one-of-each.json", JSON.stringify(ONE_OF_EACH));
    const { io, out } = memoryIo();
    expect(await main(["bundle", "lint", "--json", path], io)).toBe(0);
    const report = JSON.parse(out[0]!);
    expect(Object.keys(report)).toEqual(["skipped", "warnings"]);
    const reasons = new Set(report.skipped.map((s: { reason: string }) => s.reason));
    for (const r of ["below_floor", "float_present", "unknown_kind", "body_parse_error", "unknown_field", "unknown_predicate", "bad_pattern", "invalid_optimize_directive", "same_layer_conflict"])
      expect(reasons.has(r), r).toBe(true);
    expect(report.skipped.some((s: { kind: string }) => s.kind === "effect_class_entry")).toBe(true);
  });
  it("the good artifact in that bundle still decides", async () => {
    const path = file("one-of-each-2.json", JSON.stringify(ONE_OF_EACH));
    const { io, out, err } = memoryIo();
    expect(await main(["check", "--bundle", path, "--json", "--", "ls"], io)).toBe(2);
    expect(JSON.parse(out[0]!).decision.artifact_id).toBe("good");
    expect(err.length).toBeGreaterThanOrEqual(9); // one line per skipped item on stderr
  });
  it("exit 1 when the bundle itself cannot load", async () => {
    const path = file("v3.json", JSON.stringify({ schema_version: "3.0" }));
    const { io, err } = memoryIo();
    expect(await main(["bundle", "lint", path], io)).toBe(1);
    expect(err[0]).toContain("3.0");
  });
});

describe("gatehouse eval", () => {
  it("one envelope per line, state carried per session, bad lines reported and skipped", async () => {
    const counter = {
      schema_version: "2.0",
      artifacts: [
        {
          kind: "t2_program",
          artifact_id: "count",
          body: { on: ["pre_tool_use"], registers: { c: 1 }, ops: [{ op: "INC_SAT", c: 0 }], fire: { reg: "c0", gte: 2 }, verdict: "deny", reason: "second call" },
        },
      ],
    };
    const bundle = file("counter.json", JSON.stringify(counter));
    const ev = (session: string) => JSON.stringify({ event_type: "pre_tool_use", session_id: session, tool_name: "Read", tool_input: { file_path: "a" } });
    const lines = [ev("a"), "{oops", ev("b"), JSON.stringify({ event: JSON.parse(ev("a")), now_ms: 5 }), JSON.stringify({ event: JSON.parse(ev("a")), state: { c: [0], f: [], t: [], a: [], run: null } }), "[1]"];
    const input = file("events.jsonl", lines.join("\n") + "\n");
    const { io, out } = memoryIo();
    expect(await main(["eval", "--bundle", bundle, input], io)).toBe(1);
    const rows = out.map((l) => JSON.parse(l));
    expect(rows).toHaveLength(6);
    expect(rows[0].decision.verdict).toBe("allow");
    expect(rows[1]).toEqual({ error: { line: 2, message: expect.any(String) } });
    expect(rows[2].decision.verdict).toBe("allow"); // session b starts blank
    expect(rows[3].decision.verdict).toBe("deny"); // session a's second call
    expect(rows[3].state.c).toEqual([2]);
    expect(rows[4].decision.verdict).toBe("allow"); // a frame's state overrides the carried one
    expect(rows[5].error.line).toBe(6);
  });
  it("a missing file is exit 66 with one line", async () => {
    const { io, err } = memoryIo();
    expect(await main(["eval", join(dir, "absent.jsonl")], io)).toBe(66);
    expect(err).toHaveLength(1);
  });
});

describe("gatehouse corpus and demo", () => {
  it("corpus prints N passed, N failed and exits 1 on a failure", async () => {
    const good = JSON.stringify({
      name: "neutral",
      bundle: { schema_version: "2.0", artifacts: [] },
      event: { event_type: "pre_tool_use", tool_name: "Read", tool_input: { file_path: "a" } },
      now_ms: 1,
      state_in: null,
      expected: {
        decision: { verdict: "allow", artifact_id: null, atom_id: null, policy_public_id: null, dimension: null, mode: null, tier: null, reason: "", would_have_verdict: null, inconclusive_facts: [], rewrite: null, optimize: null, hold: null, effects: [{ verb: "read", target_class: "unknown", attrs: { program: "Read", target: "a" } }], undecided: true, unknown: [], anomalies: [], ground_key: null, warnings: [] },
        state_out: { c: [], f: [], t: [], a: [], run: null },
      },
    });
    const bad = good.replace('"verdict":"allow"', '"verdict":"deny"');
    const path = file("mini.jsonl", `${good}\n${bad}\nnot json\n`);
    const { io, out } = memoryIo();
    expect(await main(["corpus", path], io)).toBe(1);
    expect(out[out.length - 1]).toBe("1 passed, 2 failed");
    expect(out.join("\n")).toContain("decision.verdict");
  });
  it("demo prints decisions including a deny", async () => {
    const { io, out } = memoryIo();
    expect(await main(["demo"], io)).toBe(0);
    expect(out.join("\n")).toMatch(/DENY\s+fs\.wipe/);
  });
});
