// Rendering what the engine answered: the decision (verdict, rule, reason,
// tier, mode, would_have_verdict, …), effects, unknown shapes, paths and URLs
// with their classes, the commands as read, and the session state before and
// after (changed registers marked).
import type { BundleReport } from "./protocol.js";
import type { Trace } from "../../model/trace.js";
import type { Envelope } from "../../model/envelope.js";
import { byId, el, fill } from "./dom.js";

const text = (v: unknown) => (v === null || v === undefined ? "—" : typeof v === "string" ? v : JSON.stringify(v));

function attrs(a: Record<string, unknown>): string {
  const parts = Object.entries(a).map(([k, v]) => (v === true ? k : `${k}=${typeof v === "string" ? v : JSON.stringify(v)}`));
  return parts.length === 0 ? "" : ` {${parts.join(", ")}}`;
}

/** Longest explain text shown: a 2,000-rule bundle lists every candidate, and a page of it slows each keystroke's repaint. */
const MAX_TRACE_LINES = 400;

export function renderDecision(envelope: Envelope, trace: Pick<Trace, "paths" | "urls" | "shell">, traceText: string): void {
  const d = envelope.decision;
  const verdict = byId("verdict");
  verdict.className = `verdict ${d.verdict}`;
  verdict.replaceChildren(d.verdict, el("small", {}, d.artifact_id ?? (d.undecided ? "no rule matched" : "")));
  byId("reason").textContent = d.reason;
  // Always shown: what decided and how; the rest only when it has a value.
  const always: [string, unknown][] = [
    ["rule", d.artifact_id],
    ["tier", d.tier],
    ["mode", d.mode],
    ["would_have_verdict", d.would_have_verdict],
    ["dimension", d.dimension],
  ];
  const optional: [string, unknown][] = [
    ["policy", d.policy_public_id],
    ["atom", d.atom_id],
    ["hold", d.hold],
    ["ground_key", d.ground_key],
    ["inconclusive_facts", d.inconclusive_facts.length === 0 ? null : d.inconclusive_facts.join(", ")],
    ["anomalies", d.anomalies.length === 0 ? null : d.anomalies.map((a) => `${a.code} (${a.artifact_id ?? "?"})`).join(", ")],
    ["optimize", d.optimize],
    ["rewrite", d.rewrite],
    ["warnings", d.warnings.length === 0 ? null : d.warnings.join(" · ")],
  ];
  const fields = [...always, ...optional.filter(([, v]) => v !== null), ["undecided", d.undecided] as [string, unknown]];
  fill(byId("decision-fields"), fields.flatMap(([k, v]) => [el("dt", {}, k), el("dd", { testid: `field-${k}` }, text(v))]));

  fill(byId("effects"), d.effects.map((e) => el("li", {}, `${e.verb} × `, el("span", { class: "class" }, e.target_class), attrs(e.attrs))));
  fill(byId("unknown"), d.unknown.map((u) => el("li", {}, `shape ${u.shape}: ${u.reason}`, u.command === "" ? null : el("code", {}, ` ${u.command}`))));
  fill(byId("paths"), trace.paths.map((p) => el("li", {}, el("span", { class: "class" }, p.class), ` ${p.value}`, p.rel === null ? null : ` (rel ${JSON.stringify(p.rel)})`)));
  fill(
    byId("urls"),
    trace.urls.map((u) => el("li", {}, el("span", { class: "class" }, u.boundary), ` ${u.value}`, ` (host ${u.host}, tld ${u.tld || "—"}, ${u.scheme})`)),
  );
  fill(
    byId("commands"),
    (trace.shell?.commands ?? []).map((c) =>
      el(
        "li",
        {},
        el("strong", {}, c.program || "(no program)"),
        c.argv.length === 0 ? null : ` ${JSON.stringify(c.argv)}`,
        c.wrappers.length === 0 ? null : ` via ${c.wrappers.join(" › ")}`,
        c.redirects.length === 0 ? null : ` redirects ${c.redirects.map(([op, t]) => `${op} ${t}`).join(", ")}`,
        el("br"),
        el("small", {}, c.raw),
      ),
    ),
  );
  const lines = traceText.split("\n");
  byId("trace").textContent =
    lines.length > MAX_TRACE_LINES ? `${lines.slice(0, MAX_TRACE_LINES).join("\n")}\n… ${lines.length - MAX_TRACE_LINES} more lines (gatehouse explain prints them all)` : traceText;
  byId("envelope").textContent = JSON.stringify(envelope, null, 2);
}

/** The state as JSON, with each register that differs from `before` marked. */
export function renderState(target: HTMLElement, state: unknown, before: unknown): void {
  if (state === null || state === undefined) {
    target.textContent = "blank (no state yet)";
    return;
  }
  const s = state as Record<string, unknown>;
  const b = (before ?? {}) as Record<string, unknown>;
  const lines: (Node | string)[] = [];
  for (const key of Object.keys(s)) {
    const value = s[key];
    if (Array.isArray(value)) {
      const old = Array.isArray(b[key]) ? (b[key] as unknown[]) : [];
      lines.push(`${key}: [`);
      value.forEach((v, i) => {
        if (i > 0) lines.push(", ");
        lines.push(before !== undefined && old[i] !== v ? el("span", { class: "changed" }, JSON.stringify(v)) : JSON.stringify(v));
      });
      lines.push("]\n");
    } else {
      const changed = before !== undefined && JSON.stringify(b[key]) !== JSON.stringify(value);
      lines.push(`${key}: `, changed ? el("span", { class: "changed" }, JSON.stringify(value)) : JSON.stringify(value), "\n");
    }
  }
  target.replaceChildren(...lines);
}

/** Lists longer than this show their first items and a count: a page of thousands of rows helps no one and slows every repaint. */
const MAX_LISTED = 200;

function capped<T>(items: readonly T[], render: (item: T) => Node): Node[] {
  const shown = items.slice(0, MAX_LISTED).map(render);
  if (items.length > MAX_LISTED) shown.push(el("li", { class: "more" }, `… and ${items.length - MAX_LISTED} more (gatehouse bundle lint lists every one)`));
  return shown;
}

export function renderBundleReport(report: BundleReport, ms: number): void {
  fill(
    byId("skipped"),
    capped(report.skipped, (s) => el("li", {}, el("code", {}, `${s.kind || "(no kind)"} ${s.id || "(no id)"}`), `: ${s.reason} — ${s.detail}`)),
  );
  fill(byId("warnings"), capped(report.warnings, (w) => el("li", {}, el("code", {}, w.code), `: ${w.detail}`)));
  const from = report.sources.length > 1 ? ` from ${report.sources.map((s) => s ?? "this bundle").join(" + ")}` : "";
  byId("bundle-summary").textContent =
    `${report.artifacts} artifact(s) active${from}, ${report.skipped.length} skipped, ${report.warnings.length} warning(s) · ` +
    `${report.digest.slice(0, 19)}… · compiled in ${ms.toFixed(1)} ms`;
}

/** `earlier`: a bundle loaded before, so the decision shown is still that bundle's — say so, or it reads as this one's. */
export function renderBundleError(message: string, earlier: boolean): void {
  fill(byId("skipped"), []);
  fill(byId("warnings"), []);
  byId("bundle-summary").textContent = `the bundle cannot load: ${message}${earlier ? " — decisions below are from the last bundle that loaded" : ""}`;
}
