// The hook adapters by agent name, and the pipeline that runs one.
export { acpAdapter } from "./acp.js";
export { claudeAdapter } from "./claude.js";
export { codexAdapter } from "./codex.js";
export { copilotAdapter } from "./copilot.js";
export { cursorAdapter } from "./cursor.js";
export { geminiAdapter } from "./gemini.js";
export { qwenAdapter } from "./qwen.js";
export { droidAdapter } from "./droid.js";
export { ADAPTERS } from "./registry.js";
export { handleHook, handlePayload, MAX_HOOK_INPUT_BYTES, oneLine, type DecisionRecord, type HookDeps, type HookOutcome } from "./respond.js";
export * from "./types.js";
