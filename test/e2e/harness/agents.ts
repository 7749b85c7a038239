// The real agents, pinned in e2e/package.json and installed from the npm
// registry by scripts/e2e-agents.sh into a cache outside the repository's
// lockfile ($GATEHOUSE_E2E_AGENTS names its node_modules). One shape for all:
// an agent writes its own configuration into the sandbox (pointing it at the
// scripted model server), and `run` starts it headless on a prompt.
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ModelServer } from "./model-server.js";
import { baseEnv, runAsUser, type AgentRun, type RunAs, type Sandbox } from "./sandbox.js";
import { REPO } from "./gatehouse.js";

/** The agents' node_modules: $GATEHOUSE_E2E_AGENTS, else e2e/node_modules of this checkout. */
export function agentsDir(): string {
  return process.env.GATEHOUSE_E2E_AGENTS ?? join(REPO, "e2e/node_modules");
}

export function agentBin(name: string): string {
  return join(agentsDir(), ".bin", name);
}

export function pinnedVersion(pkg: string): string {
  return JSON.parse(readFileSync(join(agentsDir(), pkg, "package.json"), "utf8")).version as string;
}

/** One agent, as the suite drives it. */
export interface AgentSpec {
  /** `gatehouse install <installName>`. */
  installName: string;
  /** The npm package, for its pinned version. */
  pkg: string;
  /** Write the agent's configuration into the sandbox (model server, no telemetry, headless approvals). */
  configure(box: Sandbox, server: ModelServer): void;
  /** The command line and environment of one headless run on `prompt`. */
  command(box: Sandbox, server: ModelServer, prompt: string): { bin: string; args: string[]; env: Record<string, string> };
}

function writeJson(path: string, value: unknown): void {
  mkdirSync(join(path, ".."), { recursive: true });
  writeFileSync(path, `${JSON.stringify(value, null, 2)}\n`);
}

/** Claude Code: `claude -p` with bypassPermissions against an Anthropic Messages endpoint. */
export const claude: AgentSpec = {
  installName: "claude",
  pkg: "@anthropic-ai/claude-code",
  configure(box) {
    // The first-run screens are interactive only, but mark them done so nothing waits on them.
    writeJson(join(box.home, ".claude.json"), { hasCompletedOnboarding: true, bypassPermissionsModeAccepted: true, projects: { [box.project]: { hasTrustDialogAccepted: true } } });
  },
  command(box, server, prompt) {
    return {
      bin: agentBin("claude"),
      args: ["-p", prompt, "--permission-mode", "bypassPermissions", "--output-format", "json", "--model", "claude-sonnet-4-5", "--max-turns", "30"],
      env: {
        ANTHROPIC_BASE_URL: server.url,
        ANTHROPIC_API_KEY: "sk-ant-e2e-not-a-key",
        CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
        DISABLE_AUTOUPDATER: "1",
        DISABLE_TELEMETRY: "1",
        DISABLE_ERROR_REPORTING: "1",
        CLAUDE_CODE_DISABLE_TERMINAL_TITLE: "1",
      },
    };
  },
};

/** Gemini CLI: `gemini -p --yolo` against a Gemini API endpoint (GOOGLE_GEMINI_BASE_URL); usage statistics off, or it waits on the network. */
export const gemini: AgentSpec = {
  installName: "gemini",
  pkg: "@google/gemini-cli",
  configure(box) {
    writeJson(join(box.home, ".gemini/settings.json"), {
      privacy: { usageStatisticsEnabled: false },
      telemetry: { enabled: false },
      general: { disableAutoUpdate: true, disableUpdateNag: true },
      ui: { hideBanner: true, hideTips: true },
      security: { auth: { selectedType: "gemini-api-key" } },
    });
    // An untrusted folder turns --yolo back into the default approval mode and ignores the project's settings (and so its hooks).
    writeJson(join(box.home, ".gemini/trustedFolders.json"), { [box.project]: "TRUST_FOLDER" });
  },
  command(_box, server, prompt) {
    return {
      bin: agentBin("gemini"),
      args: ["-p", prompt, "--yolo", "--model", "gemini-2.5-pro", "--output-format", "json"],
      env: { GEMINI_API_KEY: "e2e-not-a-key", GOOGLE_GEMINI_BASE_URL: server.url, GEMINI_CLI_NO_RELAUNCH: "true" },
    };
  },
};

/**
 * An ACP agent (claude-code-acp and its successor claude-agent-acp) driven by harness/acp-client.mjs, an
 * @agentclientprotocol/sdk client whose person approves everything; `gate` is how the client consults
 * Gatehouse: not at all (the control), `gatehouse hook acp` per request, or `createAcpGate()` imported
 * from the installed package.
 */
export function acpAgent(pkg: string, bin: string, gate: "none" | "hook" | "library", gatehouse: { bin: string; packageDir: string } | null): AgentSpec {
  return {
    installName: `acp-${bin}-${gate}`,
    pkg,
    configure(box) {
      writeJson(join(box.home, ".claude.json"), { hasCompletedOnboarding: true, projects: { [box.project]: { hasTrustDialogAccepted: true } } });
    },
    command(box, server, prompt) {
      const config = {
        sdk: join(agentsDir(), "@agentclientprotocol/sdk/dist/v1/stable/acp.js"),
        agent: agentBin(bin),
        cwd: box.project,
        prompt,
        gate,
        gatehouseBin: gatehouse?.bin,
        gateModule: gatehouse === null ? undefined : join(gatehouse.packageDir, "dist/acp.js"),
        report: join(box.root, "acp-report.json"),
      };
      // The client runs as the unprivileged agent user, who may not be able to enter the checkout (a clone
      // in a 0700 `mktemp -d` directory): it runs from the sandbox, which that user can read.
      const client = join(box.root, "acp-client.mjs");
      copyFileSync(join(import.meta.dirname, "acp-client.mjs"), client);
      return {
        bin: process.execPath,
        args: [client],
        env: { ...claude.command(box, server, prompt).env, ACP_E2E_CONFIG: JSON.stringify(config) },
      };
    },
  };
}

/**
 * Codex: `codex exec` with approvals and its sandbox off (as Claude Code's bypassPermissions and Gemini's
 * --yolo: Gatehouse is then the only gate), against an OpenAI Responses endpoint declared as a model
 * provider. The model name is one Codex knows (it offers apply_patch only to those). Nothing is trusted:
 * a test trusts the project and the hook with the lines `gatehouse install codex` prints
 * (harness/codex.ts), as a person following them would.
 */
export const codex: AgentSpec = {
  installName: "codex",
  pkg: "@openai/codex",
  configure(box, server) {
    // Nothing trusted yet (no [projects] entry): a test trusts what `gatehouse install codex` says to.
    const toml = [
      `model = "gpt-5.5"`,
      `model_provider = "e2e"`,
      `check_for_update_on_startup = false`,
      `[model_providers.e2e]`,
      `name = "e2e"`,
      `base_url = "${server.url}/v1"`,
      `env_key = "E2E_OPENAI_API_KEY"`,
      `wire_api = "responses"`,
      `[analytics]`,
      `enabled = false`,
      ``,
    ];
    mkdirSync(join(box.home, ".codex"), { recursive: true });
    writeFileSync(join(box.home, ".codex/config.toml"), toml.join("\n"));
  },
  command(box, _server, prompt) {
    return {
      bin: agentBin("codex"),
      args: ["exec", "--dangerously-bypass-approvals-and-sandbox", "--skip-git-repo-check", "--color", "never", "--json", "-C", box.project, prompt],
      env: { E2E_OPENAI_API_KEY: "sk-e2e-not-a-key", CODEX_HOME: join(box.home, ".codex"), RUST_LOG: "warn" },
    };
  },
};

/**
 * GitHub Copilot CLI: `copilot -p` with every tool allowed, offline (COPILOT_OFFLINE: no GitHub sign-in, no
 * telemetry, no update) against an OpenAI Chat Completions endpoint as a BYOK provider. A project's
 * `.github/hooks` load only in a trusted folder: the sandbox's HOME trusts the project in
 * `~/.copilot/config.json` (`trustedFolders`) unless a test says otherwise.
 */
export function copilotAgent(options: { trustProject: boolean } = { trustProject: true }): AgentSpec {
  return {
    installName: "copilot",
    pkg: "@github/copilot",
    configure(box) {
      writeJson(join(box.home, ".copilot/config.json"), options.trustProject ? { trustedFolders: [box.project] } : {});
    },
    command(box, server, prompt) {
      return {
        bin: agentBin("copilot"),
        args: ["-p", prompt, "--allow-all-tools", "--no-auto-update", "--disable-client-telemetry", "--log-dir", join(box.root, "copilot-logs")],
        env: {
          COPILOT_OFFLINE: "true",
          COPILOT_PROVIDER_BASE_URL: `${server.url}/v1`,
          COPILOT_PROVIDER_API_KEY: "sk-e2e-not-a-key",
          COPILOT_MODEL: "gpt-4.1",
          COPILOT_AUTO_UPDATE: "false",
          NO_COLOR: "1",
        },
      };
    },
  };
}
export const copilot = copilotAgent();

/**
 * Qwen Code: `qwen -p --yolo` against an OpenAI Chat Completions endpoint (its `openai` auth: OPENAI_BASE_URL,
 * OPENAI_API_KEY, OPENAI_MODEL), usage statistics and telemetry off, no update check. Folder trust is off by
 * default, so the project's `.qwen/settings.json` hooks load.
 */
export const qwen: AgentSpec = {
  installName: "qwen",
  pkg: "@qwen-code/qwen-code",
  configure(box) {
    writeJson(join(box.home, ".qwen/settings.json"), {
      privacy: { usageStatisticsEnabled: false },
      telemetry: { enabled: false },
      general: { disableAutoUpdate: true, disableUpdateNag: true },
      ui: { hideBanner: true, hideTips: true },
      security: { auth: { selectedType: "openai" } },
    });
  },
  command(_box, server, prompt) {
    return {
      bin: agentBin("qwen"),
      args: ["-p", prompt, "--yolo", "--output-format", "json"],
      env: { OPENAI_API_KEY: "sk-e2e-not-a-key", OPENAI_BASE_URL: `${server.url}/v1`, OPENAI_MODEL: "qwen3-coder-plus", NO_COLOR: "1" },
    };
  },
};

/**
 * Pi: `pi -p` (print mode: no UI, so an ask cannot be put to a person) against an OpenAI Chat Completions
 * endpoint declared as a provider in `~/.pi/agent/models.json`, offline (PI_OFFLINE: no version check, no
 * package updates), install telemetry off, no session file.
 */
export const pi: AgentSpec = {
  installName: "pi",
  pkg: "@mariozechner/pi-coding-agent",
  configure(box, server) {
    writeJson(join(box.home, ".pi/agent/models.json"), {
      providers: {
        e2e: {
          baseUrl: `${server.url}/v1`,
          api: "openai-completions",
          apiKey: "sk-e2e-not-a-key",
          compat: { supportsDeveloperRole: false, supportsReasoningEffort: false },
          models: [{ id: "e2e-model" }],
        },
      },
    });
  },
  command(_box, _server, prompt) {
    return {
      bin: agentBin("pi"),
      args: ["-p", "--no-session", "--provider", "e2e", "--model", "e2e-model", prompt],
      env: { PI_OFFLINE: "1", PI_TELEMETRY: "0", PI_SKIP_VERSION_CHECK: "1", NO_COLOR: "1" },
    };
  },
};

/**
 * Factory Droid: `droid exec --skip-permissions-unsafe` (Droid's own approvals off, as the others' yolo modes)
 * with a BYOK model in `~/.factory/settings.json` (`customModels`, provider `generic-chat-completion-api`: OpenAI
 * Chat Completions at the model server's /v1) and no Factory login; air-gapped (FACTORY_AIRGAP_ENABLED), so it
 * asks Factory's servers for nothing. The pinned package is the linux-x64 binary itself: `droid` on npm stops at
 * 0.215.0 and `@factory/cli` 0.225.1 names a linux-x64 build the registry does not have.
 */
export const droid: AgentSpec = {
  installName: "droid",
  pkg: "@factory/cli-linux-x64",
  configure(box, server) {
    writeJson(join(box.home, ".factory/settings.json"), {
      customModels: [{ model: "e2e-model", displayName: "e2e", baseUrl: `${server.url}/v1`, apiKey: "sk-e2e-not-a-key", provider: "generic-chat-completion-api" }],
    });
  },
  command(_box, _server, prompt) {
    return {
      bin: join(agentsDir(), "@factory/cli-linux-x64/bin/droid"),
      args: ["exec", "--skip-permissions-unsafe", "-m", "custom:e2e-model", "-o", "json", prompt],
      env: { FACTORY_AIRGAP_ENABLED: "true", FACTORY_DISABLE_KEYRING: "true", FACTORY_DROID_AUTO_UPDATE_ENABLED: "false", NO_COLOR: "1" },
    };
  },
};

export const AGENTS = { claude, gemini, codex, copilot, qwen, pi, droid } as const;

export async function runAgent(spec: AgentSpec, box: Sandbox, server: ModelServer, as: RunAs | null, prompt: string, extraEnv: Record<string, string> = {}): Promise<AgentRun> {
  const c = spec.command(box, server, prompt);
  if (!existsSync(c.bin)) throw new Error(`e2e: ${c.bin} is not installed (run scripts/e2e-agents.sh)`);
  return runAsUser(as, c.bin, c.args, { cwd: box.project, env: { ...baseEnv(box, as), ...c.env, ...extraEnv }, timeoutMs: 180_000 });
}

/** `gatehouse install <agent> --project <project> …extra`, run as the agent user with the sandbox's HOME (so it writes what a user's install writes). */
export async function installGatehouse(gatehouseBin: string, spec: AgentSpec, box: Sandbox, as: RunAs | null, extra: string[] = []): Promise<AgentRun> {
  const run = await runAsUser(as, gatehouseBin, ["install", spec.installName, "--project", box.project, ...extra], { cwd: box.project, env: baseEnv(box, as), timeoutMs: 120_000 });
  if (run.exitCode !== 0) throw new Error(`e2e: gatehouse install ${spec.installName} failed (${run.exitCode}): ${run.stderr}${run.stdout}`);
  return run;
}

/** A gatehouse command as the agent user (doctor, serve, …). */
export function gatehouse(gatehouseBin: string, box: Sandbox, as: RunAs | null, args: string[], timeoutMs = 120_000): Promise<AgentRun> {
  return runAsUser(as, gatehouseBin, args, { cwd: box.project, env: baseEnv(box, as), timeoutMs });
}
