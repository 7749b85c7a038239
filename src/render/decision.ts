// Human-readable rendering of a decision: the terminal (`check`, `demo`) and
// the trace text below (`explain`, the page). Pure: no I/O, no Node.
import type { Effect } from "../model/classification.js";
import type { Decision } from "../model/decision.js";

export function formatEffect(e: Effect): string {
  const attrs = Object.entries(e.attrs)
    .filter(([k]) => k !== "program")
    .map(([k, v]) => (v === true ? k : `${k}=${String(v)}`));
  return `${e.verb} × ${e.target_class}${attrs.length > 0 ? ` {${attrs.join(", ")}}` : ""}`;
}

export function formatDecision(d: Decision): string {
  const lines: string[] = [];
  const who = d.undecided ? "no rule matched" : `${d.artifact_id ?? d.atom_id ?? "?"} (tier ${d.tier}, ${d.dimension ?? "no dimension"}${d.mode === "monitor" ? ", monitor" : ""})`;
  lines.push(`${d.verdict.toUpperCase()}  ${who}`);
  if (d.reason !== "") lines.push(`  reason:  ${d.reason}`);
  if (d.ground_key !== null) lines.push(`  exception: ${d.ground_key}`);
  if (d.hold !== null) lines.push(`  hold:    resolve by ${d.hold.resolve ?? "?"}`);
  if (d.would_have_verdict !== null) lines.push(`  monitor: would have said ${d.would_have_verdict}`);
  lines.push(`  effects: ${d.effects.length === 0 ? "(none)" : d.effects.map(formatEffect).join("; ")}`);
  for (const u of d.unknown) lines.push(`  unknown: shape ${u.shape} — ${u.reason}${u.command !== "" ? ` [${u.command}]` : ""}`);
  if (d.inconclusive_facts.length > 0) lines.push(`  inconclusive facts: ${d.inconclusive_facts.join(", ")}`);
  for (const a of d.anomalies) lines.push(`  anomaly: ${a.code}${a.artifact_id !== null ? ` (${a.artifact_id})` : ""}`);
  for (const w of d.warnings) lines.push(`  warning: ${w}`);
  return lines.join("\n");
}
