// "Try the corpus": a JSONL of events run against the bundle in the editor,
// shown as a table of verdicts — the author's regression check before
// shipping. A line that is not JSON is a row with its error, never a stop
// (the worker parses and runs the lines).
import { byId, el, fill } from "./dom.js";
import type { EngineClient } from "./engine-client.js";
import type { RunRow } from "./protocol.js";

function row(r: RunRow): HTMLTableRowElement {
  const d = r.envelope?.decision;
  const mismatch = d !== undefined && r.expected !== null && r.expected !== d.verdict;
  const tr = el(
    "tr",
    { class: r.error !== null ? "error" : mismatch ? "mismatch" : "" },
    el("td", {}, String(r.line)),
    el("td", {}, r.tool),
    el("td", { class: "input" }, r.input),
    el("td", { class: `verdict-cell ${d?.verdict ?? ""}`, testid: "corpus-verdict" }, d?.verdict ?? "error"),
    el("td", {}, d?.artifact_id ?? ""),
    el("td", {}, r.expected === null ? "" : mismatch ? `${r.expected} ✗` : `${r.expected} ✓`),
    el("td", {}, r.error ?? d?.reason ?? ""),
  );
  return tr;
}

export async function runCorpus(client: EngineClient, text: string): Promise<void> {
  const answer = await client.request({ type: "run", text }, "corpus");
  if (answer === null) return;
  const rows = answer.rows;
  fill(byId("corpus-table").querySelector("tbody")!, rows.map(row));
  const counts = new Map<string, number>();
  for (const r of rows) {
    const key = r.envelope?.decision.verdict ?? "error";
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const checked = rows.filter((r) => r.expected !== null && r.envelope !== null);
  const mismatched = checked.filter((r) => r.envelope!.decision.verdict !== r.expected).length;
  const tally = ["deny", "hold", "ask", "allow", "error"].filter((k) => counts.has(k)).map((k) => `${counts.get(k)} ${k}`);
  byId("corpus-summary").textContent =
    `${rows.length} line(s): ${tally.join(", ") || "nothing to run"}` +
    (checked.length > 0 ? ` · ${checked.length - mismatched} of ${checked.length} expected verdict(s) match` : "") +
    ` · ${answer.ms.toFixed(1)} ms`;
}
