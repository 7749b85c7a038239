// The host lists what an extraction would write (src/node/archive-members.ts):
// tar (ustar prefix, GNU long names, pax paths), a gzip'd tar (whole and cut
// short), zip's central directory; xz/zstd and zip64 are named, not listed.
// Then the whole hook path: the gatherer's listing makes `tar xf` of an archive
// holding `.claude/settings.json` ask, and a harmless one stay allowed.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { listArchiveFile } from "../../src/node/archive-members.js";
import { gatherHostFacts } from "../../src/node/host-facts.js";
import { loadEngine } from "../../src/node/load-engine.js";
import { HOST_BOUNDS } from "../../src/model/host-bounds.js";
import type { EventInput } from "../../src/model/event.js";
import { scratchDir } from "../support/scratch.js";

const dir = scratchDir("gatehouse-archive-");

/** One tar header block (ustar) for `name` of `size` bytes, `type` '0' file, '5' dir, 'L' GNU long name, 'x' pax. */
function header(name: string, size: number, type = "0", prefix = "", linkname = ""): Buffer {
  const h = Buffer.alloc(512);
  h.write(name.slice(0, 100), 0, "utf8");
  h.write(linkname, 157, "utf8");
  h.write("0000644\0", 100);
  h.write("0000000\0", 108);
  h.write("0000000\0", 116);
  h.write(size.toString(8).padStart(11, "0") + "\0", 124);
  h.write("00000000000\0", 136);
  h.write(type, 156);
  h.write("ustar\0", 257);
  h.write("00", 263);
  h.write(prefix, 345);
  h.fill(" ", 148, 156);
  let sum = 0;
  for (const b of h) sum += b;
  h.write(sum.toString(8).padStart(6, "0") + "\0 ", 148);
  return h;
}
const body = (text: string) => {
  const b = Buffer.from(text);
  return Buffer.concat([b, Buffer.alloc((512 - (b.length % 512)) % 512)]);
};
const END = Buffer.alloc(1024);
const tar = (...parts: Buffer[]) => Buffer.concat([...parts, END]);

/** A stored (uncompressed) zip of empty files. */
function zip(names: string[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let off = 0;
  for (const n of names) {
    const name = Buffer.from(n);
    const l = Buffer.alloc(30);
    l.writeUInt32LE(0x04034b50, 0);
    l.writeUInt16LE(name.length, 26);
    locals.push(l, name);
    const c = Buffer.alloc(46);
    c.writeUInt32LE(0x02014b50, 0);
    c.writeUInt16LE(name.length, 28);
    c.writeUInt32LE(off, 42);
    central.push(c, name);
    off += 30 + name.length;
  }
  const cd = Buffer.concat(central);
  const e = Buffer.alloc(22);
  e.writeUInt32LE(0x06054b50, 0);
  e.writeUInt16LE(names.length, 8);
  e.writeUInt16LE(names.length, 10);
  e.writeUInt32LE(cd.length, 12);
  e.writeUInt32LE(off, 16);
  return Buffer.concat([...locals, cd, e]);
}

const file = (name: string, data: Buffer) => {
  const p = join(dir, name);
  writeFileSync(p, data);
  return p;
};

describe("listArchiveFile", () => {
  it("lists a ustar archive: plain names, the ustar prefix, GNU long names, pax paths; contents are skipped", () => {
    const long = `${"d/".repeat(60)}x.txt`;
    const a = tar(
      header(".claude/", 0, "5"),
      header(".claude/settings.json", 3), body("{}\n"),
      header("settings.local.json", 0, "0", ".claude"),
      header("././@LongLink", long.length + 1, "L"), body(`${long}\0`), header(long.slice(0, 100), 0),
      header("PaxHeader", 30, "x"), body("26 path=.codex/hooks.json\n"), header("short", 0),
    );
    expect(listArchiveFile(file("a.tar", a))).toEqual({ members: [".claude/", ".claude/settings.json", ".claude/settings.local.json", long, ".codex/hooks.json"], truncated: false });
  });

  it("lists a gzip'd tar; one cut short keeps what it holds and says truncated", () => {
    const a = tar(header("src/a.ts", 5), body("x=1;\n"), header(".claude/settings.json", 0));
    expect(listArchiveFile(file("a.tgz", gzipSync(a)))).toEqual({ members: ["src/a.ts", ".claude/settings.json"], truncated: false });
    const cut = gzipSync(tar(...Array.from({ length: 50 }, (_, i) => [header(`f${i}`, 600), body("y".repeat(600))]).flat()), { level: 0 });
    const got = listArchiveFile(file("cut.tgz", cut.subarray(0, Math.floor(cut.length / 2))));
    expect(got).toMatchObject({ truncated: true });
    expect((got as { members: string[] }).members.length).toBeGreaterThan(5);
  });

  it(`stops at ${HOST_BOUNDS.archiveMembers} members (truncated)`, () => {
    const many = tar(...Array.from({ length: HOST_BOUNDS.archiveMembers + 5 }, (_, i) => header(`f${i}`, 0)));
    const got = listArchiveFile(file("many.tar", many)) as { members: string[]; truncated: boolean };
    expect(got.members).toHaveLength(HOST_BOUNDS.archiveMembers);
    expect(got.truncated).toBe(true);
  });

  it("lists a zip from its central directory", () => {
    expect(listArchiveFile(file("a.zip", zip(["src/a.ts", ".claude/settings.json"])))).toEqual({ members: ["src/a.ts", ".claude/settings.json"], truncated: false });
  });

  it("names what it cannot list, and reads anything else as no archive", () => {
    expect(listArchiveFile(file("a.tar.xz", Buffer.from([0xfd, 0x37, 0x7a, 0x58, 0x5a, 0, 1, 2])))).toEqual({ error: "xz-compressed: members not listed" });
    expect(listArchiveFile(file("a.tzst", Buffer.from([0x28, 0xb5, 0x2f, 0xfd, 1])))).toEqual({ error: "zstd-compressed: members not listed" });
    expect(listArchiveFile(file("x.patch", Buffer.from("--- a/x\n+++ b/x\n")))).toBeNull();
    expect(listArchiveFile(file("one.gz", gzipSync("just text")))).toEqual({ error: "gzip stream that holds no tar archive" });
  });

  it("reads what the system tar writes", () => {
    const src = join(dir, "src-tree");
    mkdirSync(join(src, ".claude"), { recursive: true });
    writeFileSync(join(src, ".claude", "settings.json"), "{}");
    execFileSync("tar", ["czf", join(dir, "sys.tgz"), "-C", src, ".claude"]);
    const got = listArchiveFile(join(dir, "sys.tgz")) as { members: string[] };
    expect(got.members.map((m) => m.replace(/\/$/, ""))).toEqual([".claude", ".claude/settings.json"]);
    expect(readFileSync(join(dir, "sys.tgz")).length).toBeGreaterThan(0);
  });
});

describe("the hook's gathering lists an archive the command extracts", async () => {
  const engine = await loadEngine({});
  const project = join(dir, "project");
  mkdirSync(project, { recursive: true });
  writeFileSync(join(project, "evil.tar"), tar(header(".claude/settings.json", 0)));
  writeFileSync(join(project, "good.tar"), tar(header("src/a.ts", 0)));
  // A link member, then a file under it: GNU tar writes the file where the link points.
  writeFileSync(join(project, "through.tar"), tar(header("l", 0, "2", "", ".claude"), header("l/settings.json", 0)));
  writeFileSync(join(project, "nested.tar"), tar(header("a/", 0, "5"), header("a/l", 0, "2", "", "../.claude"), header("a/l/settings.local.json", 0)));
  writeFileSync(join(project, "harmless-link.tar"), tar(header("l", 0, "2", "", "src"), header("l/a.ts", 0)));
  const ENV = { home: join(dir, "home"), cwd: project, path_dirs: [], additional_dirs: [] };
  const bash = (command: string): EventInput => ({ event_type: "pre_tool_use", tool_name: "Bash", tool_input: { command }, env: ENV, host: { gate: [join(project, ".claude")], links: {}, files: {} } });
  const decide = (command: string) => engine.evaluate(gatherHostFacts(engine, bash(command)), null, 0).decision;

  it("an archive holding .claude/settings.json: agent.controls asks", () => {
    expect(decide("tar xf evil.tar")).toMatchObject({ verdict: "ask", artifact_id: "agent.controls" });
  });
  it("a harmless archive stays allowed", () => {
    expect(decide("tar xf good.tar")).toMatchObject({ verdict: "allow" });
  });
  it("a link member, then a member through it onto the settings: asks; a link into src/ stays allowed", () => {
    expect(listArchiveFile(join(project, "through.tar"))).toEqual({ members: ["l", "l/settings.json"], truncated: false, links: { l: ".claude" } });
    expect(decide("tar xf through.tar")).toMatchObject({ verdict: "ask", artifact_id: "agent.controls" });
    expect(decide("tar xf nested.tar")).toMatchObject({ verdict: "ask", artifact_id: "agent.controls" });
    expect(decide("tar xf harmless-link.tar")).toMatchObject({ verdict: "allow" });
  });
  it("an archive that is not there, extracted into the project root: an unknown shape asks", () => {
    expect(decide("tar xf gone.tar")).toMatchObject({ verdict: "ask", unknown: [expect.objectContaining({ shape: 8 })] });
  });
});
