// The hook adapters by agent name (`gatehouse hook <agent>`, the daemon's
// `/v1/hook/<agent>`), in a module of its own so the pipeline can consult the
// other adapters without an import cycle through index.ts.
import { acpAdapter } from "./acp.js";
import { clineAdapter } from "./cline.js";
import { claudeAdapter } from "./claude.js";
import { codexAdapter } from "./codex.js";
import { copilotAdapter } from "./copilot.js";
import { cursorAdapter } from "./cursor.js";
import { geminiAdapter } from "./gemini.js";
import { droidAdapter } from "./droid.js";
import { qwenAdapter } from "./qwen.js";
import type { HookAdapter, HookAgent } from "./types.js";

export const ADAPTERS: Readonly<Record<HookAgent, HookAdapter<any>>> = {
  claude: claudeAdapter,
  codex: codexAdapter,
  gemini: geminiAdapter,
  cursor: cursorAdapter,
  copilot: copilotAdapter,
  qwen: qwenAdapter,
  droid: droidAdapter,
  cline: clineAdapter,
  acp: acpAdapter,
};
