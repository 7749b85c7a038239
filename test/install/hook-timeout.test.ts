// The hook timeout install writes (issue 17): every agent kills a hook at its timeout and then lets
// the call through unexamined, so a short timeout is a bypass (a slow call walks around the gate);
// a long one only waits. Each agent's written value, read in that agent's unit, is at least the
// floor, and doctor — through a real settings file and a real hook process — warns about a hook
// installed with a shorter one and waits for its self-test as long as the agent would.
import { mkdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DoctorReportSchema } from "../../src/cli/doctor.js";
import { main } from "../../src/cli/main.js";
import { AGENT_SETTINGS, effectiveTimeoutSeconds, INSTALL_AGENTS, MIN_HOOK_TIMEOUT_SECONDS } from "../../src/install/agents.js";
import { handlerView, managedEntries } from "../../src/install/entries.js";
import { memoryIo } from "../support/io.js";
import { scratchDir } from "../support/scratch.js";

const dirs: string[] = [];
const fresh = () => {
  const dir = realpathSync(scratchDir("gatehouse-timeout-"));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const request = (agent: (typeof INSTALL_AGENTS)[number], http: string | null) => ({ agent, node: "/usr/bin/node", cli: "/opt/gatehouse/bin/gatehouse.js", hookOptions: [], http });

describe("the hook timeout install writes", () => {
  for (const agent of INSTALL_AGENTS) {
    const settings = AGENT_SETTINGS[agent];
    it(`${agent}: the agent waits at least ${MIN_HOOK_TIMEOUT_SECONDS} s before it kills the hook and lets the call go ahead`, () => {
      const requests = [request(agent, null), ...(settings.http ? [request(agent, "http://127.0.0.1:4283")] : [])];
      for (const r of requests)
        for (const written of managedEntries(settings, r)) {
          // Read back under the shared field names (Copilot writes `timeoutSec`).
          const handler = handlerView(settings, written.handler);
          if (settings.timeout === null) {
            expect(handler.timeout).toBeUndefined(); // Cursor documents no timeout field
            continue;
          }
          expect(effectiveTimeoutSeconds(settings, handler)).toBeGreaterThanOrEqual(MIN_HOOK_TIMEOUT_SECONDS);
          expect(handler.timeout).toBe(settings.timeout.unit === "ms" ? settings.timeout.seconds * 1000 : settings.timeout.seconds);
        }
    });
  }

  it("is read in each agent's unit: Gemini CLI's field is milliseconds, Claude Code's and Codex's seconds", () => {
    expect(effectiveTimeoutSeconds(AGENT_SETTINGS.gemini, { timeout: 600_000 })).toBe(600);
    expect(effectiveTimeoutSeconds(AGENT_SETTINGS.gemini, { timeout: 600 })).toBe(0.6); // seconds written for Gemini: 0.6 s
    expect(effectiveTimeoutSeconds(AGENT_SETTINGS.claude, { timeout: 600 })).toBe(600);
    expect(effectiveTimeoutSeconds(AGENT_SETTINGS.codex, { timeout: 600 })).toBe(600);
    // No field: the agent's own default (Gemini CLI's 60 s is below the floor; Claude Code's and Codex's 600 s are not).
    expect(effectiveTimeoutSeconds(AGENT_SETTINGS.gemini, {})).toBe(60);
    expect(effectiveTimeoutSeconds(AGENT_SETTINGS.claude, {})).toBe(600);
    expect(effectiveTimeoutSeconds(AGENT_SETTINGS.cursor, {})).toBeNull();
  });
});

describe("doctor and the hook timeout", () => {
  const doctor = async (project: string, home: string) => {
    const io = memoryIo({ cwd: project, env: { HOME: home, PATH: process.env.PATH ?? "" } });
    await main(["doctor", "--json"], io.io);
    return DoctorReportSchema.parse(JSON.parse(io.out[0]!));
  };
  const timeoutWarnings = (r: Awaited<ReturnType<typeof doctor>>) => r.findings.filter((f) => f.level === "warn" && /kills the hook after/.test(f.message)).map((f) => `${f.subject}: ${f.message}`);

  it("warns about an installed hook with a short timeout (the old 10 s / 10000 ms), not about what install writes now", async () => {
    const project = fresh();
    const home = fresh();
    const env = { HOME: home, PATH: process.env.PATH ?? "", XDG_STATE_HOME: join(home, ".state") };
    for (const agent of ["claude", "gemini"] as const) expect(await main(["install", agent], memoryIo({ cwd: project, env }).io)).toBe(0);
    expect(timeoutWarnings(await doctor(project, home))).toEqual([]);

    // The same entries as an older version wrote them: 10 s for Claude Code, 10 000 ms for Gemini CLI.
    for (const [file, unit] of [[".claude/settings.json", 10], [".gemini/settings.json", 10_000]] as const) {
      const path = join(project, file);
      const text = readFileSync(path, "utf8").replace(/"timeout": \d+/g, `"timeout": ${unit}`);
      writeFileSync(path, text);
    }
    const warnings = timeoutWarnings(await doctor(project, home));
    expect(warnings).toEqual([
      expect.stringMatching(/^claude project: timeout 10 \(s\): Claude Code kills the hook after 10 s and then lets the call through unexamined, .* at least 120 s is safe .* run gatehouse install claude again$/),
      expect.stringMatching(/^gemini project: timeout 10000 \(ms\): Gemini CLI kills the hook after 10 s .* run gatehouse install gemini again$/),
    ]);
  });

  it("a Gemini CLI hook with no timeout field gets Gemini's 60 s default: below the floor", async () => {
    const project = fresh();
    mkdirSync(join(project, ".gemini"));
    const home = fresh();
    const env = { HOME: home, PATH: process.env.PATH ?? "", XDG_STATE_HOME: join(home, ".state") };
    expect(await main(["install", "gemini"], memoryIo({ cwd: project, env }).io)).toBe(0);
    const path = join(project, ".gemini", "settings.json");
    writeFileSync(path, readFileSync(path, "utf8").replace(/,\s*"timeout": \d+/g, ""));
    expect(timeoutWarnings(await doctor(project, home))).toEqual([expect.stringMatching(/^gemini project: no timeout \(Gemini CLI's default\): Gemini CLI kills the hook after 60 s /)]);
  });
});
