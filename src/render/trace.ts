// Human-readable rendering of a trace: `gatehouse explain` without --json, and
// the page's explain pane (the same text in both).
import type { Trace, TraceNode, TracedContribution } from "../model/trace.js";
import { formatDecision, formatEffect } from "./decision.js";

const clip = (s: string) => (s.length > 100 ? `${s.slice(0, 99)}…` : s);
const json = (v: unknown) => clip(JSON.stringify(v) ?? "null");

const isEffectLike = (v: unknown): v is { verb: string; target_class?: string; attrs?: Record<string, string | number | boolean> } =>
  typeof v === "object" && v !== null && typeof (v as { verb?: unknown }).verb === "string";

/** Effects (and effect patterns) read as `verb × class {attrs}`; anything else as JSON. */
function show(v: unknown): string {
  if (isEffectLike(v)) return formatEffect({ verb: v.verb as never, target_class: (v.target_class ?? "*") as never, attrs: v.attrs ?? {} });
  if (Array.isArray(v) && v.length > 0 && v.every(isEffectLike)) return clip(`[${v.map(show).join("; ")}]`);
  return json(v);
}
const list = (items: readonly string[]) => (items.length === 0 ? "—" : items.join(", "));

function treeLines(node: TraceNode, indent: string): string[] {
  const mark = node.value === null ? "·" : node.value ? "✓" : "✗";
  const star = node.decisive ? "*" : " ";
  const bottoms = node.bottoms.length > 0 ? `  ⊥ ${node.bottoms.join(", ")}` : "";
  if (node.children.length > 0 || node.node === "all" || node.node === "any" || node.node === "not")
    return [`${indent}${star}${mark} ${node.node}${bottoms}`, ...node.children.flatMap((c) => treeLines(c, `${indent}  `))];
  const leaf = node.leaf === null ? node.node : `${node.leaf.field} ${node.leaf.pred} ${show(node.leaf.value)}`;
  // An `effect` leaf tests the effects listed above; other leaves show the values they tested.
  const saw = node.value === null ? "  (not evaluated)" : node.node === "keyword" || node.leaf?.field === "effect" ? "" : `  saw ${node.observed === null ? "nothing" : show(node.observed)}`;
  return [`${indent}${star}${mark} ${leaf}${saw}${bottoms}`];
}

const contribution = (c: TracedContribution) =>
  `${c.artifact_id ?? c.atom_id ?? "?"} ${c.verdict} (tier ${c.tier}, ${c.mode}${c.ground_key !== null ? `, excepted under ${c.ground_key}` : ""})`;


/**
 * One count, one meaning: every rule of the bundle is evaluated, skipped (another event type) or ruled out by
 * the index before its tree ran — listed as `filtered` with what it needs, or, filed under keywords only, counted.
 */
function rulesLine(trace: Trace): string {
  const p = trace.prefilter;
  const count = (outcome: string) => trace.artifacts.filter((a) => a.outcome === outcome).length;
  const rules = trace.artifacts.length + p.unlisted;
  const evaluated = count("fired") + count("not_fired");
  const skipped = count("other_event_type");
  const listed = count("filtered");
  const ruledOut = !p.enabled
    ? "the index off: none ruled out"
    : p.unlisted === 0
      ? `${p.ruled_out} ruled out by the index before their tree ran (each listed below as filtered, with what it needs)`
      : `${p.ruled_out} ruled out by the index before their tree ran (${listed} listed below as filtered, with what they need; ${p.unlisted} filed under keywords only, counted, not listed)`;
  return `rules: ${rules} — ${evaluated} evaluated, ${skipped} skipped (another event type), ${ruledOut}; ${trace.join.exceptions.length} exception(s) in the join`;
}

export function formatTrace(trace: Trace, options: { trees: boolean } = { trees: true }): string {
  const out: string[] = [];
  const e = trace.event;
  out.push(`event     ${e.event_type} ${e.tool_name || "(no tool)"}  session ${e.session_id || "—"}`);
  out.push(`bundle    ${trace.bundle_digest.slice(0, 19)}…  engine ${trace.engine_version}`);
  if (!trace.gated) {
    out.push("", "this event type is not gated: the answer is the neutral allow, nothing evaluated");
    return out.join("\n");
  }
  if (trace.shell !== null) {
    const input = trace.shell.text ?? (trace.shell.argv !== null ? json(trace.shell.argv) : "(commands in the tool's input)");
    out.push(`input     ${input}`, "", `commands (${trace.shell.commands.length})`);
    trace.shell.commands.forEach((c, i) => {
      out.push(`  ${i + 1}. ${c.raw}`);
      out.push(`     program ${c.program}  argv ${json(c.argv)}`);
      const extras = [
        c.wrappers.length > 0 ? `wrappers peeled ${c.wrappers.join(" → ")}` : "",
        c.redirects.length > 0 ? `redirects ${c.redirects.map(([op, target]) => `${op} ${target}`).join(", ")}` : "",
        c.depth > 0 ? `inline script depth ${c.depth}` : "",
        c.in_substitution ? "inside a substitution" : "",
        c.stdin !== null ? `stdin ${c.stdin.kind}${c.stdin.kind === "pipe" ? ` from command ${c.stdin.upstream! + 1}` : c.stdin.path !== null ? ` ${c.stdin.path}` : ""}` : "",
        c.find !== null ? `find -exec over ${c.find.roots.join(" ")}${c.find.filtered ? " (filtered)" : ""}` : "",
      ].filter(Boolean);
      if (extras.length > 0) out.push(`     ${extras.join("; ")}`);
    });
  }
  out.push("", `effects   ${trace.effects.length === 0 ? "—" : trace.effects.map(formatEffect).join("; ")}`);
  out.push(`unknown   ${trace.unknown.length === 0 ? "—" : trace.unknown.map((u) => `shape ${u.shape} — ${u.reason}${u.command !== "" ? ` [${u.command}]` : ""}`).join("; ")}`);
  out.push(`paths     ${list(trace.paths.map((p) => `${p.value} → ${p.class}${p.rel !== null ? ` (rel ${p.rel})` : ""}`))}`);
  out.push(`urls      ${list(trace.urls.map((u) => `${u.value} → ${u.host} ${u.boundary}`))}`);
  out.push(`scan      ${trace.scan.haystack_bytes} bytes${trace.scan.oversize ? " (over the memory bound: truncated)" : ""}; keywords hit: ${list(trace.scan.keywords_hit.map((k) => json(k)))}`);

  const p = trace.prefilter;
  out.push("", rulesLine(trace));
  for (const a of trace.artifacts) {
    const label = a.outcome === "fired" ? "FIRED    " : a.outcome === "not_fired" ? "not fired" : a.outcome === "filtered" ? "filtered " : "skipped  ";
    out.push(`  ${label}  ${a.artifact_id}  (tier ${a.tier} ${a.verdict}${a.mode === "monitor" ? ", monitor" : ""})`);
    const showTree = options.trees && a.tree !== null && a.outcome !== "filtered";
    if (!showTree || a.program !== null) out.push(`             ${a.why}`);
    if (showTree) out.push(...treeLines(a.tree!, "             "));
  }

  const j = trace.join;
  out.push("", "join");
  out.push(`  contributions: ${list(j.contributions.map(contribution))}`);
  for (const x of j.exceptions)
    out.push(`  exception ${x.artifact_id} (${x.ground_key}): ${x.outcome.replace("_", " ")}${x.expired ? ", expired" : ""}${x.rewrote.length > 0 ? `; rewrote ${x.rewrote.join(", ")} to ${x.verdict}` : ""}`);
  if (j.exceptions.length > 0) out.push(`  after exceptions: ${list(j.final.map(contribution))}`);
  if (j.monitor.anomalies.length > 0) out.push(`  monitor: would have said ${j.monitor.would_have_verdict}`);
  out.push(`  decider: ${j.decider === null ? "none (nothing enforcing fired: allow)" : `${contribution(j.decider)} — the most severe enforcing contribution (ties: lower tier, then bundle order)`}`);
  out.push("", formatDecision(trace.decision));
  const t = trace.timings_us;
  out.push("", `timings (µs): ${Object.entries(t).map(([k, v]) => `${k} ${v}`).join(" · ")}`);
  return out.join("\n");
}
