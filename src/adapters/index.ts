// The hook adapters by agent name, and the pipeline that runs one.
import { acpAdapter } from "./acp.js";
import { claudeAdapter } from "./claude.js";
import { codexAdapter } from "./codex.js";
import { cursorAdapter } from "./cursor.js";
import { geminiAdapter } from "./gemini.js";
import type { HookAdapter, HookAgent } from "./types.js";

export const ADAPTERS: Readonly<Record<HookAgent, HookAdapter<any>>> = {
  claude: claudeAdapter,
  codex: codexAdapter,
  gemini: geminiAdapter,
  cursor: cursorAdapter,
  acp: acpAdapter,
};

export { acpAdapter, claudeAdapter, codexAdapter, cursorAdapter, geminiAdapter };
export { handleHook, handlePayload, MAX_HOOK_INPUT_BYTES, oneLine, type DecisionRecord, type HookDeps, type HookOutcome } from "./respond.js";
export * from "./types.js";
