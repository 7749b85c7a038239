// The gate protects itself (SPEC §6.8): host.gate as the path resolver reads it
// (src/classify/gate.ts, paths.ts), and the commands of self-protection.ts —
// through the real walker, the whole shell table and the default bundle.
import { describe, expect, it } from "vitest";
import { loadEngine } from "../../src/node/load-engine.js";
import { resolvePathDetailed } from "../../src/classify/paths.js";
import { envWithHost } from "../../src/classify/host-env.js";
import { SELF_PROTECTION_EXAMPLES } from "../../src/classify/effects/self-protection.js";
import type { EventInput } from "../../src/model/event.js";

const ENV = { home: "/home/u", cwd: "/home/u/app", path_dirs: [], additional_dirs: [] };
const HOST = {
  gate: [
    "/home/u/app/.claude", "/home/u/.claude", "/home/u/tools/gh", "/home/u/tools/gh/bin/gatehouse.js", "/usr/bin/node", "/home/u/.local/state/gatehouse",
    "/home/u/.local/state/gatehouse/ledger.jsonl", "/home/u/.cache/gatehouse", "http://127.0.0.1:4283", "pid:4242",
  ],
  links: {},
  files: {},
};
const env = envWithHost(ENV, HOST);
const engine = await loadEngine({});
const bash = (command: string, host: unknown = HOST): EventInput => ({ event_type: "pre_tool_use", tool_name: "Bash", tool_input: { command }, env: ENV, host: host as EventInput["host"] });
const decide = (e: EventInput) => engine.evaluate(e, null, 0).decision;

describe("host.gate in the path resolver", () => {
  it.each([
    ["/home/u/tools/gh/dist/cli.cjs", "gatehouse", false],
    ["/home/u/tools/gh", "gatehouse", false],
    ["/HOME/U/TOOLS/GH/bin/gatehouse.js", "gatehouse", false],
    ["/home/u/tools", null, true],
    ["/home/u/tools/g*", "gatehouse", false],
    ["/home/u/tools/*", "gatehouse", false],
    ["/home/u/tools/.x*", null, false],
    ["~/.local", null, true],
    ["/home/u/tools/ghost", null, false],
    ["/home/u/tools/gh2/x", null, false],
    [".claude/settings.json", "agent_settings", false],
    ["..", null, true],
  ])("%s → persistence %s, holds %s", (path, persistence, holds) => {
    const r = resolvePathDetailed(path, env);
    expect(r.persistence).toBe(persistence);
    expect(r.holdsGate).toBe(holds);
  });
  it("with no env declared, absolute paths still meet the footprint and the no-env rows stay off", () => {
    const bare = envWithHost(null, HOST);
    expect(resolvePathDetailed("/home/u/tools/gh/bin", bare).persistence).toBe("gatehouse");
    expect(resolvePathDetailed("/usr/lib/x", bare).class).toBe(resolvePathDetailed("/usr/lib/x", null).class);
  });
});

describe("deletes, moves and writes of the footprint ask; its neighbours do not", () => {
  it.each([
    "rm -rf /home/u/tools/gh/dist", "echo 'process.exit(0)' > /home/u/tools/gh/bin/gatehouse.js", "chmod 000 /home/u/tools/gh/bin/gatehouse.js", "mv /home/u/tools/gh /home/u/tools/gh.bak",
    "rm -rf ~/tools", "chmod -R 000 /home/u/tools", "tar czf /tmp/a.tgz /home/u/tools/gh --remove-files", "find ~/tools -name '*.cjs' -delete", ": > /home/u/.local/state/gatehouse/ledger.jsonl",
    "rm -rf .claude", "rm -rf ./.claude", "mv .claude .claude.bak", "chmod 000 .claude", "rm -rf .c*", "rm -rf /usr/bin/node", "rm -rf ~/.cache",
  ])("%s stops", (command) => {
    expect(decide(bash(command)).verdict).not.toBe("allow");
  });
  it.each(["ls /home/u/tools/gh", "cat .claude/settings.json", "cp a.txt ~/tools/", "rm -rf build", "rm -rf build/gh", "chmod 755 /home/u/tools", "echo x > notes.txt"])("%s is allowed", (command) => {
    expect(decide(bash(command)).verdict).toBe("allow");
  });
  it("a file tool and an MCP tool on the footprint ask", () => {
    expect(decide({ event_type: "pre_tool_use", tool_name: "Write", tool_input: { file_path: "/home/u/tools/gh/dist/cli.cjs", content: "" }, env: ENV, host: HOST }).artifact_id).toBe("agent.controls");
    expect(decide({ event_type: "pre_tool_use", tool_name: "mcp__fs__move_file", tool_input: { source: "/home/u/tools/gh", destination: "/tmp/x" }, env: ENV, host: HOST }).verdict).toBe("ask");
    expect(decide({ event_type: "pre_tool_use", tool_name: "mcp__fs__delete_directory", tool_input: { path: "/home/u/tools" }, env: ENV, host: HOST }).verdict).toBe("ask");
    expect(decide({ event_type: "pre_tool_use", tool_name: "Write", tool_input: { file_path: "/home/u/app/src/x.ts", content: "" }, env: ENV, host: HOST }).verdict).toBe("allow");
  });
  it("inline code deleting the checkout asks", () => {
    expect(decide(bash("python3 -c 'import shutil; shutil.rmtree(\"/home/u/tools/gh\")'")).verdict).toBe("ask");
    expect(decide(bash("node -e 'require(\"fs\").rmSync(\"/home/u/tools\", {recursive: true})'")).verdict).not.toBe("allow");
  });
});

describe("the commands of self-protection.ts (their examples)", () => {
  it.each(SELF_PROTECTION_EXAMPLES.map((e) => [...e]))("%s → %s", (command, gate) => {
    const d = decide(bash(command as string));
    const effects = d.effects.filter((e) => e.attrs.persistence === "gatehouse");
    if (gate) {
      expect(d.verdict).not.toBe("allow");
      expect(effects.length + d.unknown.length).toBeGreaterThan(0);
    } else expect(effects).toEqual([]);
  });
});
