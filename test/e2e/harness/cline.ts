// Cline CLI (`cline` 3.0.65, on @cline/core): `cline --json` (act mode, every tool auto-approved: its default)
// against an OpenAI Chat Completions endpoint as its `openai-compatible` provider, the file `cline auth -p openai
// -b URL` writes (`~/.cline/data/settings/providers.json`); telemetry off. The local session backend: Cline's
// default (`auto`) starts a hub daemon (`cline --cline-hub-daemon`) that outlives the run.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { agentBin, type AgentSpec } from "./agents.js";

export const cline: AgentSpec = {
  installName: "cline",
  pkg: "cline",
  configure(box, server) {
    const dir = join(box.home, ".cline/data/settings");
    mkdirSync(dir, { recursive: true });
    const settings = { provider: "openai-compatible", apiKey: "sk-e2e-not-a-key", model: "e2e-model", baseUrl: `${server.url}/v1` };
    const providers = { version: 1, lastUsedProvider: "openai-compatible", modes: {}, providers: { "openai-compatible": { settings, updatedAt: "2026-01-01T00:00:00.000Z", tokenSource: "manual" } } };
    writeFileSync(join(dir, "providers.json"), `${JSON.stringify(providers, null, 2)}\n`);
  },
  command(_box, _server, prompt) {
    return {
      bin: agentBin("cline"),
      args: ["--json", "-P", "openai-compatible", "-m", "e2e-model", prompt],
      env: { CLINE_SESSION_BACKEND_MODE: "local", CLINE_NO_AUTO_UPDATE: "1", CLINE_TELEMETRY_DISABLED: "1", NO_COLOR: "1" },
    };
  },
};
