// The plugin files `gatehouse install opencode|kilo|pi` writes. Neither agent has a
// hook command: each loads JavaScript modules in-process from a directory of
// its own, a project's and the user's —
//
// | agent | project | user | what it runs |
// |---|---|---|---|
// | OpenCode | `.opencode/plugins/gatehouse.js` | `$XDG_CONFIG_HOME/opencode/plugins/` (default `~/.config/opencode/`) | every export, as a plugin |
// | Kilo Code | `.kilo/plugins/gatehouse.js` | `$XDG_CONFIG_HOME/kilo/plugins/` (default `~/.config/kilo/`) | every export, as a plugin (OpenCode's API) |
// | Pi | `.pi/extensions/gatehouse.js` | `$PI_CODING_AGENT_DIR/extensions/` (default `~/.pi/agent/`) | the default export, with its API |
//
// A bare specifier (`from "gatehouse-guard/opencode"`) resolves only where a
// project installed the package, so the file imports this installation's module
// by absolute file URL. Its first line marks it as Gatehouse's: install rewrites
// only such a file, uninstall deletes only such a file.
import { join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
/** The hook's --on-error posture (adapters/types.ts ErrorPosture, a layer above: spelled here as the value it writes). */
type ErrorPosture = "open" | "closed";

export const PLUGIN_MARK = "// gatehouse-managed:";

// The names live with the other agents' (agents.ts), which the CLI's usage text reads without loading this file.
import { type PluginAgent } from "./agents.js";
export { isPluginAgent, PLUGIN_AGENTS, type PluginAgent } from "./agents.js";

type Env = Record<string, string | undefined>;

export interface PluginFileSpec {
  title: string;
  /** The module of this installation the file imports (under `dist/`), and the factory it calls. */
  module: string;
  factory: string;
  /** How the file exports what the factory makes (OpenCode runs every export, Pi the default one). */
  exportAs: string;
  /** The file relative to a project, and in the user's directory (from $HOME and the agent's environment variable). */
  project: string;
  user(home: string, env: Env): string;
  /** The hook event the file gates, as doctor lists it. */
  event: string;
  /** What the person does for the agent to load it. */
  next: string;
}

/** A directory named by an environment variable (unset or empty: undefined), made absolute. */
export const envDir = (env: Env, name: string): string | undefined => {
  const v = env[name];
  return v !== undefined && v !== "" ? resolve(v) : undefined;
};

export const PLUGIN_FILES: Readonly<Record<PluginAgent, PluginFileSpec>> = {
  opencode: {
    title: "OpenCode",
    module: "opencode.js",
    factory: "createGatehousePlugin",
    exportAs: "export const GatehousePlugin =",
    project: ".opencode/plugins/gatehouse.js",
    user: (home, env) => join(envDir(env, "XDG_CONFIG_HOME") ?? join(home, ".config"), "opencode", "plugins", "gatehouse.js"),
    event: "tool.execute.before",
    next: "OpenCode loads it when it starts",
  },
  kilo: {
    title: "Kilo Code",
    module: "kilo.js",
    factory: "createGatehouseKiloPlugin",
    exportAs: "export const GatehouseKiloPlugin =",
    // Kilo also reads a project's .kilocode/ (its older name); .kilo/ is the one it writes itself.
    project: ".kilo/plugins/gatehouse.js",
    user: (home, env) => join(envDir(env, "XDG_CONFIG_HOME") ?? join(home, ".config"), "kilo", "plugins", "gatehouse.js"),
    event: "tool.execute.before",
    next: "Kilo Code loads it when it starts",
  },
  pi: {
    title: "Pi",
    module: "pi.js",
    factory: "createGatehousePiExtension",
    exportAs: "export default",
    project: ".pi/extensions/gatehouse.js",
    // Pi's agent directory: $PI_CODING_AGENT_DIR, else ~/.pi/agent (its config.js getAgentDir).
    user: (home, env) => join(envDir(env, "PI_CODING_AGENT_DIR") ?? join(home, ".pi", "agent"), "extensions", "gatehouse.js"),
    event: "tool_call",
    next: "Pi loads it when a session starts (/reload in a running one)",
  },
};

export interface PluginRequest {
  /** The absolute path of this installation's module (`dist/<spec.module>`). */
  module: string;
  bundlePath?: string;
  stateDir?: string;
  onError?: ErrorPosture;
}

/** Where the plugin file goes: in the project, or in the user's directory for the agent. */
export function pluginPath(agent: PluginAgent, scope: "project" | "user", base: string, env: Env): string {
  const spec = PLUGIN_FILES[agent];
  return scope === "project" ? join(base, spec.project) : spec.user(base, env);
}

/** The file's text: the mark, then one import and one export. */
export function pluginText(agent: PluginAgent, request: PluginRequest): string {
  const spec = PLUGIN_FILES[agent];
  const options: Record<string, string> = {};
  if (request.bundlePath !== undefined) options.bundlePath = request.bundlePath;
  if (request.stateDir !== undefined) options.stateDir = request.stateDir;
  if (request.onError !== undefined) options.onError = request.onError;
  return [
    `${PLUGIN_MARK} written by \`gatehouse install ${agent}\`; \`gatehouse uninstall ${agent}\` removes it.`,
    `// ${spec.title} loads it in-process; it loads Gatehouse's gate from one installation by absolute path.`,
    `import { ${spec.factory} } from ${JSON.stringify(pathToFileURL(request.module).href)};`,
    `${spec.exportAs} ${spec.factory}(${JSON.stringify(options)});`,
    "",
  ].join("\n");
}

export const isPluginText = (text: string) => text.startsWith(PLUGIN_MARK);

/** The module a Gatehouse plugin file imports (a file URL made a path), or null when it names none. */
export function pluginModule(text: string): string | null {
  const m = /^import \{ \w+ \} from ("file:[^"\n]+");$/m.exec(text);
  if (m === null) return null;
  try {
    return fileURLToPath(JSON.parse(m[1]!) as string);
  } catch {
    return null;
  }
}
