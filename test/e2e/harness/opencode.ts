// OpenCode: `opencode run` against an OpenAI Chat Completions endpoint declared as a provider
// (`@ai-sdk/openai-compatible`, which OpenCode bundles), every permission allowed (as Claude Code's
// bypassPermissions: Gatehouse is then the only gate), no sharing, no update check, no models fetch.
// Kilo Code (harness/kilo.ts), an OpenCode fork, takes the same configuration under its own names.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { agentBin, type AgentSpec } from "./agents.js";

/** An agent of OpenCode's family: its install name, package, binary, config file under HOME, and environment. */
export function openCodeStyle(o: { installName: string; pkg: string; bin: string; configFile: string; env: Record<string, string> }): AgentSpec {
  return {
    installName: o.installName,
    pkg: o.pkg,
    configure(box, server) {
      const path = join(box.home, o.configFile);
      mkdirSync(join(path, ".."), { recursive: true });
      const config = {
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
      writeFileSync(path, `${JSON.stringify(config, null, 2)}\n`);
    },
    command(_box, _server, prompt) {
      return { bin: agentBin(o.bin), args: ["run", "--print-logs", "--log-level", "INFO", prompt], env: o.env };
    },
  };
}

export const opencode: AgentSpec = openCodeStyle({
  installName: "opencode",
  pkg: "opencode-ai",
  bin: "opencode",
  configFile: ".config/opencode/opencode.json",
  env: { OPENCODE_DISABLE_AUTOUPDATE: "1", OPENCODE_DISABLE_MODELS_FETCH: "1", OPENCODE_DISABLE_SHARE: "1", OPENCODE_DISABLE_LSP_DOWNLOAD: "1", OPENCODE_DISABLE_DEFAULT_PLUGINS: "1" },
});
