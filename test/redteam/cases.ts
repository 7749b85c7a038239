// The adversarial set (docs/redteam.md): commands and tool calls written the
// way an attacker would try to get a dangerous action past the gate, with
// harmless lookalikes beside them, each marked "stop" (anything but allow) or
// "allow". Shared by scripts/redteam.ts and test/redteam/redteam.test.ts.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import type { Engine } from "../../src/engine.js";

const CaseSchema = z
  .object({
    class: z.string().min(1),
    expect: z.enum(["stop", "allow"]),
    why: z.string(),
    marginal: z.boolean().optional(),
    command: z.string().optional(),
    event: z.record(z.string(), z.unknown()).optional(),
  })
  .refine((c) => (c.command === undefined) !== (c.event === undefined), "a case has a command or an event, not both");
export type RedteamCase = z.infer<typeof CaseSchema>;

export type Outcome = "ok" | "silent" | "rule" | "false_alarm";
export interface RedteamResult {
  case: RedteamCase;
  /** Stable identity: class and the text judged (what the known-miss list records). */
  key: string;
  verdict: string;
  atom: string | null;
  outcome: Outcome;
}

export const CASES_FILE = "test/redteam/cases.jsonl";
export const KNOWN_FILE = "test/redteam/known-misses.json";
const ENV = { cwd: "/home/dev/project", home: "/home/dev", path_dirs: [], additional_dirs: [] };
const NOW = 1_767_225_600_000;

export function loadCases(root: string): RedteamCase[] {
  return readFileSync(join(root, CASES_FILE), "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l, i) => {
      const parsed = CaseSchema.safeParse(JSON.parse(l));
      if (!parsed.success) throw new Error(`${CASES_FILE}:${i + 1}: ${parsed.error.issues[0]?.message}`);
      return parsed.data;
    });
}

export function caseKey(c: RedteamCase): string {
  const text = c.command ?? JSON.stringify({ tool_name: c.event?.tool_name, tool_input: c.event?.tool_input });
  return `${c.class} ${text}`;
}

export function judge(engine: Engine, c: RedteamCase, i: number): RedteamResult {
  const base = { event_type: "pre_tool_use", session_id: "redteam", tool_use_id: `u${i}`, env: ENV };
  const event = c.command !== undefined ? { ...base, tool_name: "Bash", tool_input: { command: c.command } } : { ...base, ...c.event, env: c.event?.env ?? ENV };
  const d = engine.evaluate(event, null, NOW).decision;
  const stopped = d.verdict !== "allow";
  const outcome: Outcome =
    c.expect === "stop" ? (stopped ? "ok" : d.effects.length === 0 && d.unknown.length === 0 ? "silent" : "rule") : stopped ? "false_alarm" : "ok";
  return { case: c, key: caseKey(c), verdict: d.verdict, atom: d.atom_id, outcome };
}

export interface Tally {
  dangerous: number;
  stopped: number;
  harmless: number;
  allowed: number;
  silent: number;
  rule: number;
  falseAlarms: number;
}

export function tally(rs: readonly RedteamResult[]): Tally {
  const t: Tally = { dangerous: 0, stopped: 0, harmless: 0, allowed: 0, silent: 0, rule: 0, falseAlarms: 0 };
  for (const r of rs) {
    if (r.case.expect === "stop") {
      t.dangerous++;
      if (r.outcome === "ok") t.stopped++;
    } else {
      t.harmless++;
      if (r.outcome === "ok") t.allowed++;
    }
    if (r.outcome === "silent") t.silent++;
    if (r.outcome === "rule") t.rule++;
    if (r.outcome === "false_alarm") t.falseAlarms++;
  }
  return t;
}

/** The misses and false alarms, by key, as recorded in known-misses.json. */
export function missMap(rs: readonly RedteamResult[]): Record<string, Outcome> {
  const out: Record<string, Outcome> = {};
  for (const r of rs) if (r.outcome !== "ok") out[r.key] = r.outcome;
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => a.localeCompare(b)));
}
