// OpenCode: `opencode run` against an OpenAI Chat Completions endpoint declared as a provider
// (`@ai-sdk/openai-compatible`, which OpenCode bundles), every permission allowed (as Claude Code's
// bypassPermissions: Gatehouse is then the only gate), no sharing, no update check, no models fetch.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { agentBin, type AgentSpec } from "./agents.js";

export const opencode: AgentSpec = {
  installName: "opencode",
  pkg: "opencode-ai",
  configure(box, server) {
    const dir = join(box.home, ".config/opencode");
    mkdirSync(dir, { recursive: true });
    const config = {
      $schema: "https://opencode.ai/config.json",
      model: "e2e/e2e-model",
      autoupdate: false,
      share: "disabled",
      permission: { "*": "allow", bash: "allow", edit: "allow", external_directory: "allow" },
      provider: {
        e2e: {
          npm: "@ai-sdk/openai-compatible",
          name: "e2e",
          options: { baseURL: `${server.url}/v1`, apiKey: "sk-e2e-not-a-key" },
          models: { "e2e-model": { name: "e2e-model", tool_call: true } },
        },
      },
    };
    writeFileSync(join(dir, "opencode.json"), `${JSON.stringify(config, null, 2)}\n`);
  },
  command(_box, _server, prompt) {
    return {
      bin: agentBin("opencode"),
      args: ["run", "--print-logs", "--log-level", "INFO", prompt],
      env: { OPENCODE_DISABLE_AUTOUPDATE: "1", OPENCODE_DISABLE_MODELS_FETCH: "1", OPENCODE_DISABLE_SHARE: "1", OPENCODE_DISABLE_LSP_DOWNLOAD: "1", OPENCODE_DISABLE_DEFAULT_PLUGINS: "1" },
    };
  },
};
