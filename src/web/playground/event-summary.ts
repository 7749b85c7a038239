// One line of text for an event in the corpus table: the tool (with the event
// type when it is not pre_tool_use) and the command or input, shortened.
export function eventSummary(event: unknown): { tool: string; input: string } {
  const e = (typeof event === "object" && event !== null ? event : {}) as Record<string, unknown>;
  const input = e.tool_input as Record<string, unknown> | undefined;
  let shown: string;
  try {
    shown = typeof input?.command === "string" ? input.command : (JSON.stringify(input ?? null) ?? "");
  } catch {
    shown = "(input too deep to show)";
  }
  const type = e.event_type === "pre_tool_use" || e.event_type === undefined ? "" : ` (${String(e.event_type)})`;
  return { tool: `${typeof e.tool_name === "string" ? e.tool_name : "?"}${type}`, input: shown.length > 200 ? `${shown.slice(0, 197)}…` : shown };
}
