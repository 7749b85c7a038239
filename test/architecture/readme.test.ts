// README says what works, as written: it stays short (a newcomer's page; the
// detail lives in docs/), every link in it names a file that exists, and each
// `gatehouse check -- CMD   # VERDICT rule` line it shows gives that verdict and rule.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadEngine } from "../../src/node/index.js";

const root = join(import.meta.dirname, "../..");
const readme = readFileSync(join(root, "README.md"), "utf8");

describe("README", () => {
  it("is at most ~150 lines", () => {
    expect(readme.split("\n").length).toBeLessThanOrEqual(150);
  });

  it("links only to files that exist", () => {
    const links = [...readme.matchAll(/\]\(([^)#\s]+)(#[^)]*)?\)/g)].map((m) => m[1]!).filter((l) => !/^https?:/.test(l));
    expect(links.length).toBeGreaterThan(5);
    expect(links.filter((l) => !existsSync(join(root, l)))).toEqual([]);
  });

  it("its `check` examples give the verdict and rule they show", async () => {
    const examples = [...readme.matchAll(/^npx gatehouse check -- (.+?)\s+# (ALLOW|ASK|DENY|HOLD)\b[ \t]*(\S+)?/gm)];
    expect(examples.length).toBeGreaterThanOrEqual(2);
    const engine = await loadEngine({});
    for (const [, command, verdict, rule] of examples) {
      const { decision } = engine.evaluate({ event_type: "pre_tool_use", session_id: "readme", tool_name: "Bash", tool_input: { command }, env: { cwd: "/home/dev/project", home: "/home/dev" } }, null, 0);
      expect({ command, verdict: decision.verdict, rule: rule === undefined ? undefined : decision.artifact_id }).toEqual({ command, verdict: verdict!.toLowerCase(), rule });
    }
  });
});
