// What the guard reads from Claude Code's PreToolUse payload (shared/hooks.md
// §1): the tool, its target path, and the ids a record carries. Tolerant of
// every other key; a payload without a tool name is one the guard cannot judge.
import * as z from "./zod.js";

/** The file-writing tools the guard judges (MultiEdit: 1.x CLIs; harmless on newer ones). */
export const WRITE_TOOLS = ["Write", "Edit", "MultiEdit", "NotebookEdit"] as const;

const optionalString = z.catch(z.optional(z.string()), undefined);

export const GuardHookPayloadSchema = z.object({
  hook_event_name: optionalString,
  session_id: optionalString,
  tool_use_id: optionalString,
  tool_name: z.string().check(z.minLength(1)),
  tool_input: z.catch(z.optional(z.record(z.string(), z.unknown())), undefined),
});
export type GuardHookPayload = z.infer<typeof GuardHookPayloadSchema>;

export class HookPayloadError extends Error {
  override readonly name = "HookPayloadError";
}

export function parseGuardHookPayload(text: string): GuardHookPayload {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new HookPayloadError(`stdin is not JSON: ${(error instanceof Error ? error.message : String(error)).replace(/\s+/g, " ")}`);
  }
  const parsed = GuardHookPayloadSchema.safeParse(raw);
  if (!parsed.success) throw new HookPayloadError("the hook payload has no tool_name");
  return parsed.data;
}

export const isWriteTool = (tool: string): boolean => (WRITE_TOOLS as readonly string[]).includes(tool);

/** The write's target: `file_path`, or NotebookEdit's `notebook_path`; undefined when neither is a non-empty string. */
export function writeTarget(payload: GuardHookPayload): string | undefined {
  for (const key of ["file_path", "notebook_path"]) {
    const value = payload.tool_input?.[key];
    if (typeof value === "string" && value.trim() !== "") return value;
  }
  return undefined;
}
