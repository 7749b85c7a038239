// footprintEnricher (src/node/footprint.ts): the host object it shares per cwd
// holds exactly what a fresh computation gives, follows the base as it grows,
// and an event's own host facts are kept, never replaced by the shared one.
import { describe, expect, it } from "vitest";
import { footprintEnricher, projectFootprint } from "../../src/node/footprint.js";

const fresh = (base: readonly string[], cwd: string) => [...new Set([...base, ...projectFootprint(cwd)])];

describe("footprintEnricher", () => {
  it("gives each call the footprint of its own cwd, call after call", () => {
    const enrich = footprintEnricher(["/home/u/.local/state/gatehouse"], "/srv");
    for (const cwd of ["/home/u/app", "/home/u/app/sub", "/home/u/app", "/tmp", "/home/u/app"]) {
      const out = enrich({ tool_name: "Bash", tool_input: { command: "ls" }, env: { cwd } });
      expect(out.host?.gate).toEqual(fresh(["/home/u/.local/state/gatehouse"], cwd));
    }
    // No cwd (or a relative one): the host's.
    expect(enrich({ tool_name: "Bash", env: { cwd: "rel" } }).host?.gate).toEqual(fresh(["/home/u/.local/state/gatehouse"], "/srv"));
  });

  it("sees what is added to the base later (the daemon's URL and pid once it listens)", () => {
    const base = ["/a"];
    const enrich = footprintEnricher(base, "/srv");
    const event = { tool_name: "Bash", env: { cwd: "/w" } };
    expect(enrich(event).host?.gate).toEqual(fresh(["/a"], "/w"));
    base.push("http://127.0.0.1:4283", "pid:42");
    expect(enrich(event).host?.gate).toEqual(fresh(["/a", "http://127.0.0.1:4283", "pid:42"], "/w"));
  });

  it("keeps an event's own host facts and adds the footprint to its gate", () => {
    const enrich = footprintEnricher(["/a"], "/srv");
    enrich({ tool_name: "Bash", env: { cwd: "/w" } }); // a shared host for /w exists now
    const out = enrich({ tool_name: "Bash", env: { cwd: "/w" }, host: { gate: ["/given"], links: { "/l": "/r" } } });
    expect(out.host).toEqual({ gate: fresh(["/given", "/a"], "/w"), links: { "/l": "/r" } });
  });
});
