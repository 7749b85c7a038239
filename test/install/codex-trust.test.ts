// Codex's trust state as doctor and install read it (src/install/codex-trust.ts). The hash vectors
// are what `codex app-server` (`hooks/list`, @openai/codex 0.171.0) reported as `currentHash` for
// these exact hooks.json texts; test/e2e/codex.e2e.test.ts compares against the live agent too.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";
import { memoryIo } from "../support/io.js";
import { codexEventLabel, codexHookHash, codexManagedHooks, codexTrust, codexTrustToml, type CodexTrustInput } from "../../src/install/codex-trust.js";
import { scratchDir } from "../support/scratch.js";

const MEASURED = [
  {
    event: "PreToolUse",
    matcher: "^(Bash|apply_patch|mcp__.*)$",
    handler: { type: "command", command: "/usr/bin/node /tmp/e2e2/prefix/lib/node_modules/gatehouse/bin/gatehouse.js hook codex", timeout: 10 },
    hash: "sha256:4a7a1264ef5b3cd935d56624bc2c4f05317fef60e481703d6dbca52c32d1a50c",
  },
  // no timeout (600), a status message, quotes and non-ASCII in the command
  { event: "PreToolUse", matcher: "Bash", handler: { type: "command", command: `echo 'a "b"' é`, statusMessage: "checking" }, hash: "sha256:3140a1d75ec38392b6255585d31ad223fa59a70bd632f96d6304f0ac0ba62f60" },
  // no matcher, timeout 0 (raised to 1), async
  { event: "PreToolUse", matcher: null, handler: { type: "command", command: "x", timeout: 0, async: true }, hash: "sha256:71a6e535f71333a20b3c69a6e38748c4e9c5ba73193ba777262720aefafd5756" },
  // Stop drops its matcher
  { event: "Stop", matcher: "ignored", handler: { type: "command", command: "node /x/gatehouse.js hook codex", timeout: 5 }, hash: "sha256:51687aa6d84bfaf928a54a07322631ad98296eb884991f03144e79deee240fae" },
];

describe("Codex's hook hash", () => {
  it.each(MEASURED)("$event $matcher $handler.command: what Codex computed", ({ event, matcher, handler, hash }) => {
    expect(codexHookHash(event, matcher, handler)).toBe(hash);
  });
  it("changes with anything Codex hashes, not with the order of the handler's keys", () => {
    const { event, matcher, handler, hash } = MEASURED[0]!;
    expect(codexHookHash(event, matcher, { timeout: handler.timeout, command: handler.command, type: "command" })).toBe(hash);
    expect(codexHookHash(event, matcher, { ...handler, command: `${handler.command} --on-error closed` })).not.toBe(hash);
    expect(codexHookHash(event, "^Bash$", handler)).not.toBe(hash);
    expect(codexHookHash(event, matcher, { ...handler, timeout: 11 })).not.toBe(hash);
  });
  it("event labels are snake case", () => {
    expect(["PreToolUse", "PostToolUse", "PermissionRequest", "UserPromptSubmit", "Stop"].map(codexEventLabel)).toEqual(["pre_tool_use", "post_tool_use", "permission_request", "user_prompt_submit", "stop"]);
  });
});

const root = scratchDir("gatehouse-codex-trust-");
afterAll(() => rmSync(root, { recursive: true, force: true }));

const HOOK = "/usr/bin/node /opt/gh/bin/gatehouse.js hook codex";
const hooksText = (groups: unknown[]) => JSON.stringify({ hooks: { PreToolUse: groups } });
const OURS = { matcher: "^(Bash|apply_patch|mcp__.*)$", hooks: [{ type: "command", command: HOOK, timeout: 10 }] };

function world(name: string, config: string | null, groups: unknown[] = [OURS]): CodexTrustInput & { home: string } {
  const dir = join(root, name);
  const project = join(dir, "project");
  const home = join(dir, "codex-home");
  mkdirSync(join(project, ".git"), { recursive: true });
  mkdirSync(home, { recursive: true });
  if (config !== null) writeFileSync(join(home, "config.toml"), config);
  const hooksFile = join(project, ".codex/hooks.json");
  const read = (p: string) => (existsSync(p) ? readFileSync(p, "utf8") : null);
  return { scope: "project", project, hooksFile, hooksText: hooksText(groups), env: { CODEX_HOME: home, HOME: "/nonexistent" }, read, exists: existsSync, home };
}

describe("codexTrust", () => {
  it("finds Gatehouse's handlers at their group and handler index, among another tool's", () => {
    const other = { matcher: "Bash", hooks: [{ type: "command", command: "lint-hook" }] };
    const mixed = { hooks: [{ type: "command", command: "audit" }, { type: "command", command: HOOK, timeout: 10 }] };
    const found = codexManagedHooks("/p/.codex/hooks.json", hooksText([other, mixed]));
    expect(found.map((h) => h.key)).toEqual(["/p/.codex/hooks.json:pre_tool_use:1:1"]);
    expect(found[0]!.hash).toBe(codexHookHash("PreToolUse", null, { type: "command", command: HOOK, timeout: 10 }));
    expect(codexManagedHooks("/p", "{not json")).toEqual([]);
  });

  it("no config: the project is not trusted, and the fix names both lines to add", () => {
    const w = world("none", null);
    const t = codexTrust(w);
    expect(t.trusted).toBe(false);
    if (t.trusted !== false) return;
    expect(t.why).toContain(`does not trust ${w.project}`);
    expect(t.fix).toContain(`[projects.${JSON.stringify(w.project)}]`);
    expect(t.fix).toContain(`[hooks.state.${JSON.stringify(`${w.hooksFile}:pre_tool_use:0:0`)}]`);
  });

  it("a trusted project without the hook's trust: inactive; with the lines install prints: trusted", () => {
    const w = world("hook", null);
    const config = `model = "x"\n[projects.${JSON.stringify(w.project)}]\ntrust_level = "trusted"\n`;
    writeFileSync(join(w.home, "config.toml"), config);
    const t = codexTrust(w);
    expect(t.trusted).toBe(false);
    if (t.trusted === false) expect(t.why).toContain("has no trusted_hash");
    writeFileSync(join(w.home, "config.toml"), `${config}${codexTrustToml(w, false).join("\n")}\n`);
    expect(codexTrust(w)).toMatchObject({ trusted: true, projectTrusted: true });
  });

  it("the project is found by its git root too, as Codex looks it up", () => {
    const w = world("root", null);
    const sub = join(w.project, "pkg");
    mkdirSync(sub, { recursive: true });
    const input = { ...w, project: sub, hooksFile: join(sub, ".codex/hooks.json") };
    writeFileSync(join(w.home, "config.toml"), `[projects.${JSON.stringify(w.project)}]\ntrust_level = "trusted"\n${codexTrustToml(input, false).join("\n")}\n`);
    expect(codexTrust(input).trusted).toBe(true);
  });

  it("a stale hash (the hook changed since it was trusted), a disabled hook, an untrusted project, hooks off: each inactive with its reason", () => {
    const w = world("stale", null);
    const trust = (extra: string) => writeFileSync(join(w.home, "config.toml"), `[projects.${JSON.stringify(w.project)}]\ntrust_level = "trusted"\n${extra}`);
    const key = `${w.hooksFile}:pre_tool_use:0:0`;
    trust(`[hooks.state.${JSON.stringify(key)}]\ntrusted_hash = "sha256:0000"\n`);
    const stale = codexTrust(w);
    expect(stale.trusted === false && stale.why).toMatch(/changed since it was trusted .*sha256:0000/);
    trust(`[hooks.state.${JSON.stringify(key)}]\nenabled = false\n`);
    expect((codexTrust(w) as { why: string }).why).toContain("disabled");
    trust(`[features]\nhooks = false\n`);
    expect((codexTrust(w) as { why: string }).why).toContain("switched off");
    writeFileSync(join(w.home, "config.toml"), `[projects.${JSON.stringify(w.project)}]\ntrust_level = "untrusted"\n`);
    expect((codexTrust(w) as { why: string }).why).toContain("marked untrusted");
    writeFileSync(join(w.home, "config.toml"), `bypass_hook_trust = true\n[projects.${JSON.stringify(w.project)}]\ntrust_level = "trusted"\n`);
    expect(codexTrust(w)).toMatchObject({ trusted: true, where: expect.stringContaining("bypass_hook_trust") });
  });

  it("a config.toml that does not parse: unknown (a warning), never trusted", () => {
    const w = world("bad", "[projects\nnope");
    expect(codexTrust(w)).toMatchObject({ trusted: null, why: expect.stringMatching(/^it is not valid TOML/) });
  });

  it("user scope needs no project trust", () => {
    const w = world("user", null);
    const input = { ...w, scope: "user" as const, hooksFile: join(w.home, "hooks.json") };
    writeFileSync(join(w.home, "config.toml"), `${codexTrustToml(input, false).join("\n")}\n`);
    expect(codexTrust(input).trusted).toBe(true);
  });
});

describe("gatehouse install codex and doctor, on real files", () => {
  const cli = async (argv: string[], cwd: string, env: Record<string, string>) => {
    const m = memoryIo({ cwd, env });
    const code = await main(argv, m.io);
    return { code, out: m.out.join("\n"), err: m.err.join("\n") };
  };

  it("install prints the step while the hook is inert; doctor says inactive (exit 1) until the printed lines are in config.toml", async () => {
    const dir = join(root, "cli");
    const project = join(dir, "project");
    const codexHome = join(dir, "codex-home");
    mkdirSync(join(project, ".git"), { recursive: true });
    mkdirSync(codexHome, { recursive: true });
    const env = { HOME: join(dir, "home"), CODEX_HOME: codexHome };
    const installed = await cli(["install", "codex", "--project", project], dir, env);
    expect(installed.code, installed.err).toBe(0);
    expect(installed.out).toContain(`trust: not yet — Codex does not run this hook until then: it loads a project's .codex/ only in a trusted project, and ${join(codexHome, "config.toml")} does not trust ${project}`);
    const before = await cli(["doctor", "--project", project], dir, env);
    expect(before.code).toBe(1);
    expect(before.out).toMatch(/^error  codex project: inactive: Codex CLI does not run this hook: .* so every call runs unexamined/m);
    expect(before.out).toMatch(/^inactive: Gatehouse installed for 1 agent scope\(s\), 1 problem\(s\), 1 hook\(s\) inactive$/m);
    // A person following the step: the indented TOML lines, as printed.
    const lines = installed.out.split("\n").filter((l) => /^ {4}(\[|trust_level =|trusted_hash =)/.test(l)).map((l) => l.trim());
    expect(lines).toHaveLength(4);
    writeFileSync(join(codexHome, "config.toml"), `${lines.join("\n")}\n`);
    const again = await cli(["install", "codex", "--project", project], dir, env);
    expect(again.out).toContain(`trust: project and hook trusted in ${join(codexHome, "config.toml")}`);
    const after = await cli(["doctor", "--project", project, "--json"], dir, env);
    const report = JSON.parse(after.out);
    expect(report.findings).toContainEqual({ level: "ok", subject: "codex project", message: `project and hook trusted in ${join(codexHome, "config.toml")}` });
    expect(report.findings.filter((f: { message: string }) => f.message.startsWith("inactive:"))).toEqual([]);
  });
});
