// "Try the corpus": a JSONL of events run against the bundle in the editor,
// shown as a table of verdicts — the author's regression check before
// shipping. A line that is not JSON is a row with its error, never a stop.
import { byId, el, fill } from "./dom.js";
import type { EngineClient } from "./engine-client.js";
import type { RunLine, RunRow } from "./protocol.js";

function inputSummary(event: unknown): { tool: string; input: string } {
  const e = (typeof event === "object" && event !== null ? event : {}) as Record<string, unknown>;
  const input = e.tool_input as Record<string, unknown> | undefined;
  const shown = typeof input?.command === "string" ? input.command : JSON.stringify(input ?? null);
  const type = e.event_type === "pre_tool_use" || e.event_type === undefined ? "" : ` (${String(e.event_type)})`;
  return { tool: `${typeof e.tool_name === "string" ? e.tool_name : "?"}${type}`, input: shown.length > 200 ? `${shown.slice(0, 197)}…` : shown };
}

function row(r: RunRow): HTMLTableRowElement {
  const { tool, input } = inputSummary(r.event);
  const d = r.envelope?.decision;
  const mismatch = d !== undefined && r.expected !== null && r.expected !== d.verdict;
  const tr = el(
    "tr",
    { class: r.error !== null ? "error" : mismatch ? "mismatch" : "" },
    el("td", {}, String(r.line)),
    el("td", {}, tool),
    el("td", { class: "input" }, input),
    el("td", { class: `verdict-cell ${d?.verdict ?? ""}`, testid: "corpus-verdict" }, d?.verdict ?? "error"),
    el("td", {}, d?.artifact_id ?? ""),
    el("td", {}, r.expected === null ? "" : mismatch ? `${r.expected} ✗` : `${r.expected} ✓`),
    el("td", {}, r.error ?? d?.reason ?? ""),
  );
  return tr;
}

/** Parse the text into lines to run; unparsable lines come back as rows with their error. */
export function splitLines(text: string): { lines: RunLine[]; bad: RunRow[] } {
  const lines: RunLine[] = [];
  const bad: RunRow[] = [];
  text.split("\n").forEach((raw, i) => {
    if (raw.trim() === "") return;
    try {
      lines.push({ line: i + 1, value: JSON.parse(raw) });
    } catch (error) {
      bad.push({ line: i + 1, event: null, envelope: null, error: `not JSON: ${error instanceof Error ? error.message : String(error)}`, expected: null });
    }
  });
  return { lines, bad };
}

export async function runCorpus(client: EngineClient, text: string): Promise<void> {
  const { lines, bad } = splitLines(text);
  const answer = await client.request({ type: "run", lines }, "corpus");
  if (answer === null) return;
  const rows = [...answer.rows, ...bad].sort((a, b) => a.line - b.line);
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
