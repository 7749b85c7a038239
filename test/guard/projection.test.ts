// Seed 004's settings projection as behaviour: the exact PreToolUse wire
// shape, the spec file it carries, nothing for an empty touch set, and a
// command line that really runs this installation's guard through `sh -c`
// even when the paths hold spaces and single quotes.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { guardFilesFor, guardFilesOfCommand, removeGuardSpecFile, writeGuardSpecFile } from "../../src/guard/guard-files.js";
import { GUARD_HOOK_TIMEOUT_S, projectTouchSetGuard, WRITE_TOOL_MATCHER } from "../../src/guard/projection.js";
import { shellQuote, shellWords } from "../../src/shell-words.js";
import { parseGuardSpec } from "../../src/guard/spec.js";
import { BIN } from "../support/bin.js";
import { scratchDir } from "../support/scratch.js";

const LAUNCHER = [process.execPath, BIN];

const input = (touchSet: string[], root = "/repo") => ({
  touchSet,
  sessionCwd: `${root}/worktree`,
  specFile: `${root}/state/guard/spec.json`,
  recordFile: `${root}/state/guard/records.jsonl`,
  launcher: LAUNCHER,
});

describe("guard settings projection", () => {
  it("is one PreToolUse matcher group for the write tools with one bounded command handler", () => {
    const p = projectTouchSetGuard(input(["src/**"]));
    if (p.kind !== "hook") throw new Error(p.kind);
    expect(WRITE_TOOL_MATCHER).toBe("Write|Edit|MultiEdit|NotebookEdit");
    expect(p.hookEntry).toEqual({
      matcher: "Write|Edit|MultiEdit|NotebookEdit",
      hooks: [
        {
          type: "command",
          command: `${shellQuote([process.execPath, BIN])} guard --config /repo/state/guard/spec.json --record-file /repo/state/guard/records.jsonl`,
          timeout: GUARD_HOOK_TIMEOUT_S,
        },
      ],
    });
    expect(GUARD_HOOK_TIMEOUT_S).toBeGreaterThanOrEqual(120); // a guard killed at its timeout lets the write through
    expect(p.hookEntry.hooks[0].command).not.toMatch(/\bnpx\b/);
  });

  it("carries the spec file: seed 004's camelCase keys, the touch set verbatim", () => {
    const touchSet = ["src/**", "!src/generated/**"];
    const p = projectTouchSetGuard(input(touchSet));
    if (p.kind !== "hook") throw new Error(p.kind);
    expect(p.specFile).toBe("/repo/state/guard/spec.json");
    expect(Object.keys(JSON.parse(p.specText))).toEqual(["version", "gate", "sessionCwd", "touchSet", "recordFile"]);
    expect(parseGuardSpec(p.specText, "spec")).toEqual({
      version: 1,
      gate: "out_of_contract_write",
      sessionCwd: "/repo/worktree",
      touchSet,
      recordFile: "/repo/state/guard/records.jsonl",
    });
  });

  it("an empty touch set (or only blanks and comments) projects nothing", () => {
    expect(projectTouchSetGuard(input([]))).toEqual({ kind: "none" });
    expect(projectTouchSetGuard(input(["", "  ", "# nothing"]))).toEqual({ kind: "none" });
  });

  it("refuses a broken pattern or a relative path instead of projecting a guard that blocks everything", () => {
    const broken = projectTouchSetGuard(input(["src/**", "["]));
    expect(broken.kind).toBe("invalid");
    if (broken.kind === "invalid") expect(broken.message).toContain('"["');
    expect(projectTouchSetGuard({ ...input(["src/**"]), specFile: "spec.json" }).kind).toBe("invalid");
    expect(projectTouchSetGuard({ ...input(["src/**"]), launcher: ["node", BIN] }).kind).toBe("invalid");
  });

  it("shell quoting closes, escapes and reopens a single quote, and every word reads back whole", () => {
    expect(shellQuote(["/a/o'brien"])).toBe("'/a/o'\\''brien'");
    const odd = ["/a/o'brien/spec.json", "/x y/$HOME/`id`/r.jsonl"];
    const p = projectTouchSetGuard({ ...input(["src/**"]), specFile: odd[0]!, recordFile: odd[1]! });
    if (p.kind !== "hook") throw new Error(p.kind);
    expect(shellWords(p.hookEntry.hooks[0].command)).toEqual([process.execPath, BIN, "guard", "--config", odd[0], "--record-file", odd[1]]);
  });

  it("the projected command runs the guard through sh -c, with quotes and spaces in every path", () => {
    const root = join(realpathSync(scratchDir("gatehouse-projection-")), "it's a dir");
    const p = projectTouchSetGuard(input(["src/**"], root));
    if (p.kind !== "hook") throw new Error(p.kind);
    mkdirSync(join(root, "worktree/src"), { recursive: true });
    mkdirSync(join(root, "state/guard"), { recursive: true });
    writeFileSync(p.specFile, p.specText);
    const run = (file_path: string) =>
      spawnSync("/bin/sh", ["-c", p.hookEntry.hooks[0].command], {
        input: JSON.stringify({ hook_event_name: "PreToolUse", tool_name: "Write", tool_input: { file_path, content: "x" } }),
        encoding: "utf8",
      });
    expect(run(join(root, "worktree/src/a.ts")).status).toBe(0);
    const blocked = run(join(root, "worktree/docs/oops.md"));
    expect(blocked.status).toBe(2);
    expect(blocked.stderr).toContain("docs/oops.md matches none of the touch-set patterns");
  });
});

describe("guard files of a project", () => {
  it("live in the state directory, one directory per project, the same for an aliased spelling", () => {
    const root = realpathSync(scratchDir("gatehouse-guard-files-"));
    mkdirSync(join(root, "app"));
    symlinkSync(join(root, "app"), join(root, "app-alias"));
    const state = join(root, "state");
    const files = guardFilesFor(state, join(root, "app"));
    expect(files.specFile.startsWith(join(state, "guard") + "/")).toBe(true);
    expect(files.recordFile).toBe(join(files.specFile, "..", "records.jsonl"));
    expect(guardFilesFor(state, join(root, "app-alias"))).toEqual(files);
    expect(guardFilesFor(state, join(root, "other")).specFile).not.toBe(files.specFile);

    const p = projectTouchSetGuard({ ...input(["src/**"], root), specFile: files.specFile, recordFile: files.recordFile });
    if (p.kind !== "hook") throw new Error(p.kind);
    writeGuardSpecFile(files.specFile, p.specText);
    expect(readFileSync(files.specFile, "utf8")).toBe(p.specText);
    expect(guardFilesOfCommand(p.hookEntry.hooks[0].command)).toEqual(files);
    expect(removeGuardSpecFile(files.specFile)).toBe("removed");
    expect(existsSync(files.specFile)).toBe(false);
    expect(removeGuardSpecFile(files.specFile)).toBe("absent");
    // A file that is not a guard spec is never removed, whatever a command line names.
    writeFileSync(join(root, "precious.json"), '{"mine": true}');
    expect(removeGuardSpecFile(join(root, "precious.json"))).toBe("not a guard spec");
    expect(existsSync(join(root, "precious.json"))).toBe(true);
    expect(guardFilesOfCommand("'/usr/bin/node' /x/bin/gatehouse.js hook claude")).toBeNull();
    expect(guardFilesOfCommand("/x/bin/gatehouse.js guard --config=/s.json")).toEqual({ specFile: "/s.json", recordFile: null });
  });
});
