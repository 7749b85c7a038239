// install/uninstall as text → text: idempotent, byte-for-byte restoring, other
// hooks untouched, unparsable files refused — on hand-formatted files and on
// random formattings of random settings (fast-check).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AGENT_SETTINGS, INSTALL_AGENTS, type InstallAgent } from "../../src/install/agents.js";
import { isManagedHandler, managedEntries, type InstallRequest } from "../../src/install/entries.js";
import { unwrapHookWords, wrapHookCommand } from "../../src/install/hook-wrapper.js";
import { shellWords } from "../../src/shell-words.js";
import { installedEntries, planInstall, planUninstall, SettingsRefused, skeletonText } from "../../src/install/plan.js";

const request = (agent: InstallAgent, extra: Partial<InstallRequest> = {}): InstallRequest => ({
  agent,
  node: "/usr/bin/node",
  cli: "/opt/gate house/bin/gatehouse.js",
  hookOptions: [],
  http: null,
  ...extra,
});
const entriesFor = (agent: InstallAgent, extra: Partial<InstallRequest> = {}) => managedEntries(AGENT_SETTINGS[agent], request(agent, extra));
const install = (agent: InstallAgent, text: string | null, extra: Partial<InstallRequest> = {}) => planInstall(text, AGENT_SETTINGS[agent], entriesFor(agent, extra));
const uninstall = (agent: InstallAgent, text: string) => planUninstall(text, AGENT_SETTINGS[agent]);

/** Hand-formatted files: odd indentation, CRLF, inline arrays, other hooks, comments where the agent allows them. */
const HAND_FORMATTED: Record<string, [InstallAgent, string]> = {
  "claude, 3-space indent, other hooks in the same event and another": [
    "claude",
    `{
   "model":   "opus",
   "hooks": {
      "PreToolUse": [
         { "matcher": "Write", "hooks": [ {"type":"command","command":"./lint.sh"} ] }
      ],
      "PostToolUse": [{"matcher": "*", "hooks": [{"type": "command", "command": "log"}]}]
   },
   "permissions": {"allow": ["Bash(ls)"]}
}
`,
  ],
  "claude, tabs and CRLF, no trailing newline": ["claude", '{\r\n\t"env": {\r\n\t\t"A": "1"\r\n\t}\r\n}'],
  "claude, one line": ["claude", '{"model":"sonnet","hooks":{"Stop":[{"hooks":[{"type":"command","command":"say done"}]}]}}'],
  "claude, empty object": ["claude", "{}"],
  "claude, empty object and newline": ["claude", "{}\n"],
  "claude, empty hooks object": ["claude", '{\n  "hooks": {\n    "SessionStart": []\n  }\n}\n'],
  "gemini, comments and trailing commas": [
    "gemini",
    `// Gemini settings, kept by hand
{
  /* theme */ "theme": "GitHub",
  "hooks": {
    // keep the formatter
    "BeforeTool": [
      {"matcher": "write_file", "hooks": [{"type": "command", "command": "prettier --check"},],},
    ],
  },
  "hooksConfig": { "enabled": true }, // on
}
`,
  ],
  "gemini, empty object holding a comment": ["gemini", "{\n  // nothing yet\n}\n"],
  "codex, description only": ["codex", '{\n    "description": "team hooks"\n}\n'],
  "cursor, other hooks": [
    "cursor",
    '{\n  "version": 1,\n  "hooks": {\n    "afterFileEdit": [{ "command": "./format.sh" }],\n    "beforeShellExecution": [\n      { "command": "./audit.sh" }\n    ]\n  }\n}\n',
  ],
};

describe("install then uninstall restores the file byte for byte", () => {
  for (const [name, [agent, text]] of Object.entries(HAND_FORMATTED)) {
    it(name, () => {
      const installed = install(agent, text);
      expect(installed.changed).toBe(true);
      expect(installedEntries(installed.text, AGENT_SETTINGS[agent])).toHaveLength(AGENT_SETTINGS[agent].events.length);
      // A second install changes nothing.
      const again = install(agent, installed.text);
      expect(again.changed).toBe(false);
      expect(again.text).toBe(installed.text);
      const removed = uninstall(agent, installed.text);
      expect(removed.removed).toBe(AGENT_SETTINGS[agent].events.length);
      expect(removed.text).toBe(text);
    });
  }

  it("the installed file keeps every other key and hook, and the entries are shaped per agent", () => {
    const [, text] = HAND_FORMATTED["claude, 3-space indent, other hooks in the same event and another"]!;
    const parsed = JSON.parse(install("claude", text).text);
    expect(parsed.model).toBe("opus");
    expect(parsed.permissions).toEqual({ allow: ["Bash(ls)"] });
    expect(parsed.hooks.PostToolUse).toHaveLength(1);
    expect(parsed.hooks.PreToolUse).toHaveLength(2);
    expect(parsed.hooks.PreToolUse[0].matcher).toBe("Write");
    const mine = parsed.hooks.PreToolUse[1];
    expect(mine.matcher).toBe("^(Bash|Write|Edit|MultiEdit|NotebookEdit|NotebookRead|Read|LS|Glob|Grep|WebFetch|WebSearch|Agent|Task|mcp__.*)$");
    expect(mine.hooks).toEqual([{ type: "command", command: wrapHookCommand("claude", ["/usr/bin/node", "/opt/gate house/bin/gatehouse.js", "hook", "claude"]), timeout: 600 }]);
    // Inserted with the file's own 3-space indentation.
    expect(install("claude", text).text).toContain('\n         {\n            "matcher": "^(Bash');
  });

  it("per-agent shapes: Gemini times in ms and names the hook; Cursor is flat with version 1; Codex matches apply_patch", () => {
    const gemini = JSON.parse(install("gemini", null).text);
    expect(gemini.hooks.BeforeTool[0].hooks[0]).toMatchObject({ type: "command", name: "gatehouse", timeout: 600_000 });
    expect(gemini.hooks.BeforeTool[0].matcher).toContain("run_shell_command");
    const cursor = JSON.parse(install("cursor", null).text);
    expect(cursor.version).toBe(1);
    expect(Object.keys(cursor.hooks)).toEqual(["beforeShellExecution", "beforeMCPExecution", "beforeReadFile"]);
    expect(cursor.hooks.beforeShellExecution).toEqual([{ command: wrapHookCommand("cursor", ["/usr/bin/node", "/opt/gate house/bin/gatehouse.js", "hook", "cursor"]) }]);
    const codex = JSON.parse(install("codex", null).text);
    expect(Object.keys(codex)).toEqual(["hooks"]);
    expect(codex.hooks.PreToolUse[0].matcher).toBe("^(Bash|apply_patch|mcp__.*)$");
    expect(codex.hooks.PreToolUse[0].hooks[0].timeout).toBe(600);
  });

  it("an empty hooks object (or empty list of the gated event) present before install is removed by uninstall", () => {
    expect(uninstall("claude", install("claude", '{"hooks": {}}').text).text).toBe("{}");
    expect(uninstall("claude", install("claude", '{"hooks": {"PreToolUse": []}}').text).text).toBe("{}");
  });

  it("a file install created (text null) is left as its skeleton by uninstall", () => {
    for (const agent of INSTALL_AGENTS) {
      const created = install(agent, null).text;
      expect(uninstall(agent, created).text).toBe(skeletonText(AGENT_SETTINGS[agent]));
    }
  });
});

describe("re-install and other tools' hooks", () => {
  it("re-install with other options replaces Gatehouse's older entry, once", () => {
    const first = install("claude", "{}\n").text;
    const second = install("claude", first, { hookOptions: ["--bundle", "/etc/policy.json"] });
    expect(second.changed).toBe(true);
    expect(second.removed).toBe(1);
    const entries = installedEntries(second.text, AGENT_SETTINGS.claude);
    expect(entries).toHaveLength(1);
    expect(entries[0]!.handler.command).toContain("--bundle /etc/policy.json");
    expect(uninstall("claude", second.text).text).toBe("{}\n");
  });

  it("a hand-written npx entry counts as Gatehouse's and is replaced by the absolute-path command", () => {
    const text = JSON.stringify({ hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "npx gatehouse hook claude" }] }] } }, null, 2);
    const next = JSON.parse(install("claude", text).text);
    expect(next.hooks.PreToolUse).toHaveLength(1);
    expect(unwrapHookWords(shellWords(next.hooks.PreToolUse[0].hooks[0].command))).toEqual(["/usr/bin/node", "/opt/gate house/bin/gatehouse.js", "hook", "claude"]);
  });

  it("a group shared with another tool's handler: only Gatehouse's handler is removed", () => {
    const text = `{
  "hooks": {
    "PreToolUse": [
      {
        "matcher": "Bash",
        "hooks": [
          { "type": "command", "command": "./audit.sh" },
          { "type": "command", "command": "/usr/bin/node /x/bin/gatehouse.js hook claude" }
        ]
      }
    ]
  }
}
`;
    const removed = uninstall("claude", text);
    expect(removed.removed).toBe(1);
    expect(JSON.parse(removed.text).hooks.PreToolUse[0].hooks).toEqual([{ type: "command", command: "./audit.sh" }]);
    // install: the shared group is not "already installed"; Gatehouse's own group is added, the other handler kept.
    const installed = JSON.parse(install("claude", text).text);
    expect(installed.hooks.PreToolUse[0].hooks).toEqual([{ type: "command", command: "./audit.sh" }]);
    expect(installed.hooks.PreToolUse).toHaveLength(2);
  });

  it("recognises its handlers by command or daemon URL, and nobody else's", () => {
    expect(isManagedHandler({ type: "command", command: "'/usr/bin/node' '/a b/bin/gatehouse.js' hook gemini --bundle x" })).toBe(true);
    expect(isManagedHandler({ type: "command", command: "gatehouse hook cursor" })).toBe(true);
    expect(isManagedHandler({ command: "/home/u/.local/bin/gatehouse hook cursor" })).toBe(true);
    expect(isManagedHandler({ type: "http", url: "http://127.0.0.1:8787/v1/hook/claude" })).toBe(true);
    expect(isManagedHandler({ type: "command", command: "gatehouse guard --config touch.json" })).toBe(true); // the touch-set guard (install --touch-set)
    expect(isManagedHandler({ type: "command", command: "my-gatehouse hook claude" })).toBe(false);
    expect(isManagedHandler({ type: "command", command: "echo gatehouse hook" })).toBe(false);
    expect(isManagedHandler({ type: "command", command: "env GATEHOUSE_X=1 npx -y gatehouse hook claude" })).toBe(true);
    expect(isManagedHandler({ type: "http", url: "http://127.0.0.1/other" })).toBe(false);
    expect(isManagedHandler({ type: "prompt", prompt: "gatehouse hook claude" })).toBe(false);
    expect(isManagedHandler("gatehouse hook claude")).toBe(false);
  });

  it("--http writes Claude's http handler to the daemon's hook route", () => {
    const text = install("claude", null, { http: "http://127.0.0.1:8787" }).text;
    expect(JSON.parse(text).hooks.PreToolUse[0].hooks).toEqual([{ type: "http", url: "http://127.0.0.1:8787/v1/hook/claude", timeout: 600 }]);
    // Switching back to a command replaces the http entry.
    const back = install("claude", text);
    expect(back.removed).toBe(1);
    expect(installedEntries(back.text, AGENT_SETTINGS.claude)[0]!.handler.type).toBe("command");
  });
});

describe("files install will not edit are refused untouched", () => {
  const refused: [string, string][] = [
    ["not JSON", '{ "model": "opus",, }'],
    ["truncated", '{ "hooks": { "PreToolUse": ['],
    ["an array at the top", "[]"],
    ["a string at the top", '"x"'],
    ["empty", ""],
    ["hooks not an object", '{ "hooks": [] }'],
    ["the event not a list", '{ "hooks": { "PreToolUse": {} } }'],
  ];
  for (const [name, text] of refused)
    it(name, () => {
      expect(() => install("claude", text)).toThrow(SettingsRefused);
      if (name !== "the event not a list") expect(() => uninstall("claude", text)).toThrow(SettingsRefused);
    });
  it("the message names the problem and where", () => {
    expect(() => install("claude", '{\n  "a": 1,,\n}')).toThrow(/not valid JSON \(PropertyNameExpected at line 2, column 10\)/);
  });
  it("comments in a strict-JSON agent's file are kept, with a warning", () => {
    const text = '{\n  // mine\n  "model": "opus"\n}\n';
    const plan = install("claude", text);
    expect(plan.warnings[0]).toMatch(/comments, which Claude Code does not accept/);
    expect(uninstall("claude", plan.text).text).toBe(text);
    expect(install("gemini", text).warnings).toEqual([]);
  });
});

// ── random settings, random formatting ──────────────────────────────────────

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

interface Style {
  unit: string;
  eol: string;
  inline: boolean[];
  colon: string;
  comments: boolean;
}

/** Print JSON in a random hand style: per container inline or one member per line, any indent unit, comments between members. */
function printStyled(value: Json, style: Style): string {
  let n = 0;
  const go = (v: Json, indent: string): string => {
    if (v === null || typeof v !== "object") return JSON.stringify(v);
    const inline = style.inline[n++ % style.inline.length]!;
    const entries = Array.isArray(v) ? v.map((x) => go(x, indent + style.unit)) : Object.entries(v).map(([k, x]) => `${JSON.stringify(k)}${style.colon}${go(x, indent + style.unit)}`);
    const [open, close] = Array.isArray(v) ? ["[", "]"] : ["{", "}"];
    if (entries.length === 0) return `${open}${close}`;
    if (inline) return `${open}${entries.join(", ")}${close}`;
    const inner = indent + style.unit;
    const lines = entries.map((e, i) => `${style.comments && i % 2 === 1 ? `// note ${i}${style.eol}${inner}` : ""}${e}`);
    return `${open}${style.eol}${inner}${lines.join(`,${style.eol}${inner}`)}${style.eol}${indent}${close}`;
  };
  return go(value, "") + style.eol;
}

const scalar = fc.oneof(fc.constant(null), fc.boolean(), fc.integer(), fc.string({ maxLength: 8 }));
const jsonValue: fc.Arbitrary<Json> = fc.letrec<{ v: Json }>((tie) => ({
  v: fc.oneof({ depthSize: "small" }, scalar, fc.array(tie("v"), { maxLength: 3 }), fc.dictionary(fc.string({ minLength: 1, maxLength: 6 }), tie("v"), { maxKeys: 3 })),
})).v;
const otherHandler = fc.record({ type: fc.constant("command"), command: fc.constantFrom("./lint.sh", "log --all", "say hi") });
const otherGroup = fc.record({ matcher: fc.constantFrom("Write", "*", "Bash"), hooks: fc.array(otherHandler, { minLength: 1, maxLength: 2 }) });
const settingsArb = fc.record(
  {
    extra: fc.dictionary(fc.constantFrom("model", "env", "permissions", "theme", "x"), jsonValue, { maxKeys: 3 }),
    hooks: fc.dictionary(fc.constantFrom("PreToolUse", "PostToolUse", "BeforeTool", "Stop"), fc.array(otherGroup, { maxLength: 2 }), { maxKeys: 3 }),
  },
  { requiredKeys: ["extra"] },
);
const styleArb = fc.record({
  unit: fc.constantFrom(" ", "  ", "   ", "    ", "\t"),
  eol: fc.constantFrom("\n", "\r\n"),
  inline: fc.array(fc.boolean(), { minLength: 1, maxLength: 5 }),
  colon: fc.constantFrom(":", ": ", " : "),
  comments: fc.boolean(),
});

describe("property: any settings in any formatting", () => {
  it("install twice = install once; uninstall after install = the original bytes; the result parses to the original plus Gatehouse's entries", () => {
    fc.assert(
      fc.property(settingsArb, styleArb, fc.constantFrom<InstallAgent>("claude", "gemini", "codex"), (settings, style, agent) => {
        const event = AGENT_SETTINGS[agent].events[0]!.event;
        // Documented normalisation, not a round trip: an empty `hooks` object or an empty list for
        // the gated event, present before install, is removed by uninstall with Gatehouse's entry.
        fc.pre(settings.hooks === undefined || (Object.keys(settings.hooks).length > 0 && settings.hooks[event]?.length !== 0));
        const value: Json = { ...settings.extra, ...(settings.hooks !== undefined ? { hooks: settings.hooks as unknown as Json } : {}) };
        const text = printStyled(value, { ...style, comments: style.comments && agent === "gemini" });
        const once = install(agent, text);
        const twice = install(agent, once.text);
        expect(twice.changed).toBe(false);
        expect(uninstall(agent, once.text).text).toBe(text);
        if (agent !== "gemini" || !style.comments) {
          const after = JSON.parse(once.text);
          const before = (settings.hooks?.[event] as unknown[] | undefined) ?? [];
          expect(after.hooks[event].slice(0, before.length)).toEqual(before);
          expect(after.hooks[event]).toHaveLength(before.length + 1);
          for (const [k, v] of Object.entries(settings.extra)) if (k !== "hooks") expect(after[k]).toEqual(v);
        }
      }),
      { numRuns: 300 },
    );
  });
});
