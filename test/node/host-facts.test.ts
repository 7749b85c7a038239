// The gatherer's bounds (src/node/host-facts.ts, HOST_BOUNDS): 16 files, 64 KiB
// a file, 256 KiB a call, 4 script levels, 1,024 operands, 64 links. Over a
// bound is a fact the classifier turns into an unknown shape, never silence;
// a call that names nothing on disk comes back as the same event object.
import { linkSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { gatherHostFacts, type GatherStats, type WantsSource } from "../../src/node/host-facts.js";
import { HOST_BOUNDS } from "../../src/model/host-bounds.js";
import { loadEngine } from "../../src/node/load-engine.js";
import type { EventInput } from "../../src/model/event.js";
import { scratchDir } from "../support/scratch.js";

const dir = scratchDir("gatehouse-gather-");
const engine = await loadEngine({});
const ENV = { home: "/home/u", cwd: dir, path_dirs: [], additional_dirs: [] };
const bash = (command: string): EventInput => ({ event_type: "pre_tool_use", tool_name: "Bash", tool_input: { command }, env: ENV });
/** A wants source that names these paths and files once (the next rounds want nothing new). */
const fixed = (files: string[], paths: string[] = []): WantsSource => ({ hostWants: () => ({ files, paths }) });
const stats = (): GatherStats => ({ rounds: 0, files: 0, bytes: 0, links: 0, operands: 0 });

describe("gatherHostFacts", () => {
  it("a call that names nothing on disk is handed back as the same object", () => {
    const e = bash("git status && cat missing.txt");
    expect(gatherHostFacts(engine, e)).toBe(e);
  });

  it(`reads at most ${HOST_BOUNDS.files} files; the rest are unread facts (shape 3)`, () => {
    const files = Array.from({ length: 20 }, (_, i) => join(dir, `f${i}.sh`));
    for (const f of files) writeFileSync(f, "echo hi\n");
    const s = stats();
    const out = gatherHostFacts(fixed(files), bash("true"), undefined, s);
    const got = Object.values(out.host!.files!);
    expect(got.filter((f) => f.text === "echo hi\n")).toHaveLength(HOST_BOUNDS.files);
    expect(got.filter((f) => f.text === null && /16 files/.test(f.error ?? ""))).toHaveLength(4);
    expect(s.files).toBe(HOST_BOUNDS.files);
  });

  it("a file over 64 KiB is kept truncated; past 256 KiB a call reads no more", () => {
    const big = Array.from({ length: 5 }, (_, i) => join(dir, `big${i}.sh`));
    for (const f of big) writeFileSync(f, "x".repeat(70 * 1024));
    const s = stats();
    const out = gatherHostFacts(fixed(big), bash("true"), undefined, s);
    const got = big.map((f) => out.host!.files![f]!);
    expect(got.slice(0, 3).every((f) => f.truncated === true && f.text!.length === HOST_BOUNDS.fileBytes)).toBe(true);
    expect(got[3]!.truncated).toBe(true); // the last 64 KiB of the call's budget
    expect(got[4]).toMatchObject({ text: null, error: expect.stringMatching(/256 KiB/) });
    expect(s.bytes).toBe(HOST_BOUNDS.callBytes);
  });

  it(`resolves symlinks in the operands' parents, at most ${HOST_BOUNDS.links}`, () => {
    const links = join(dir, "links");
    mkdirSync(links);
    const paths: string[] = [];
    for (let i = 0; i < 70; i++) {
      symlinkSync("/tmp", join(links, `l${i}`));
      paths.push(join(links, `l${i}`, "x"));
    }
    const out = gatherHostFacts(fixed([], paths), bash("true"));
    expect(Object.keys(out.host!.links!)).toHaveLength(HOST_BOUNDS.links);
    expect(out.host!.links![join(links, "l0")]).toMatch(/tmp$/);
    expect(out.host!.incomplete).toEqual([expect.stringMatching(/more than 64 symlinks/)]);
  });

  it(`looks at most ${HOST_BOUNDS.operands} operand paths`, () => {
    const paths = Array.from({ length: 1100 }, (_, i) => join(dir, "none", `p${i}`));
    const s = stats();
    const out = gatherHostFacts(fixed([], paths), bash("true"), undefined, s);
    expect(s.operands).toBe(HOST_BOUNDS.operands);
    expect(out.host!.incomplete).toEqual([expect.stringMatching(/more than 1024 operand paths/)]);
  });

  it(`follows scripts ${HOST_BOUNDS.levels} levels deep, then says the rest was not read`, () => {
    for (let i = 0; i < 6; i++) writeFileSync(join(dir, `s${i}.sh`), i < 5 ? `bash s${i + 1}.sh\n` : "rm -rf ~\n");
    const s = stats();
    const out = gatherHostFacts(engine, bash("bash s0.sh"), undefined, s);
    expect(Object.keys(out.host!.files!).sort()).toEqual([0, 1, 2, 3].map((i) => join(dir, `s${i}.sh`)));
    expect(out.host!.incomplete).toEqual([expect.stringMatching(/deeper than 4 levels/)]);
    expect(engine.evaluate(out, null, 0).decision.verdict).toBe("ask");
  });

  it("a hard link to a footprint file is recorded as a link to it: a write to the other name asks", () => {
    const project = join(dir, "hard");
    mkdirSync(join(project, ".claude"), { recursive: true });
    writeFileSync(join(project, ".claude", "settings.json"), "{}");
    linkSync(join(project, ".claude", "settings.json"), join(project, "x.json"));
    writeFileSync(join(project, "y.json"), "{}");
    const env = { ...ENV, cwd: project };
    const call = (command: string): EventInput => ({ ...bash(command), env, host: { gate: [join(project, ".claude")], links: {}, files: {} } });
    const out = gatherHostFacts(engine, call("echo {} > x.json"));
    expect(out.host!.links).toEqual({ [join(project, "x.json")]: join(project, ".claude", "settings.json") });
    expect(engine.evaluate(out, null, 0).decision).toMatchObject({ verdict: "ask", artifact_id: "agent.controls" });
    expect(engine.evaluate(gatherHostFacts(engine, call("cp /tmp/a x.json")), null, 0).decision.verdict).toBe("ask");
    // The other name removed, or another file written: allowed.
    expect(engine.evaluate(gatherHostFacts(engine, call("rm x.json")), null, 0).decision.verdict).toBe("allow");
    expect(engine.evaluate(gatherHostFacts(engine, call("echo {} > y.json")), null, 0).decision.verdict).toBe("allow");
  });

  it("an unreadable file is a fact with its error; a directory is not a script", () => {
    mkdirSync(join(dir, "d.sh"));
    const out = gatherHostFacts(engine, bash("bash d.sh"));
    expect(out.host!.files![join(dir, "d.sh")]).toMatchObject({ text: null, error: "not a regular file" });
    expect(engine.evaluate(out, null, 0).decision.verdict).toBe("ask");
  });
});
