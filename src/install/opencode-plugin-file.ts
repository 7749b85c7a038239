// The plugin file `gatehouse install opencode` writes. OpenCode has no hook
// command: it loads every `{plugin,plugins}/*.{js,ts}` of `.opencode/` (a
// project) or of its config directory (`$XDG_CONFIG_HOME/opencode`, default
// `~/.config/opencode`) in-process, each export a plugin. A bare specifier
// (`from "gatehouse-guard/opencode"`) resolves only where a project installed the
// package, so the file imports this installation's module by absolute file URL.
// Its first line marks it as Gatehouse's: install rewrites only such a file,
// uninstall deletes only such a file.
import { join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
/** The hook's --on-error posture (adapters/types.ts ErrorPosture, a layer above: spelled here as the value it writes). */
type ErrorPosture = "open" | "closed";

export const OPENCODE_MARK = "// gatehouse-managed:";

export interface OpenCodePluginRequest {
  /** The absolute path of this installation's `dist/opencode.js`. */
  module: string;
  bundlePath?: string;
  stateDir?: string;
  onError?: ErrorPosture;
}

type Env = Record<string, string | undefined>;

/** Where the plugin file goes: `<project>/.opencode/plugins/` or the user's OpenCode config directory. */
export function openCodePluginPath(scope: "project" | "user", base: string, env: Env): string {
  if (scope === "project") return join(base, ".opencode", "plugins", "gatehouse.js");
  const xdg = env.XDG_CONFIG_HOME;
  const config = xdg !== undefined && xdg !== "" ? resolve(xdg) : join(base, ".config");
  return join(config, "opencode", "plugins", "gatehouse.js");
}

/** The file's text: the mark, then one named export (OpenCode runs every export as a plugin). */
export function openCodePluginText(request: OpenCodePluginRequest): string {
  const options: Record<string, string> = {};
  if (request.bundlePath !== undefined) options.bundlePath = request.bundlePath;
  if (request.stateDir !== undefined) options.stateDir = request.stateDir;
  if (request.onError !== undefined) options.onError = request.onError;
  return [
    `${OPENCODE_MARK} written by \`gatehouse install opencode\`; \`gatehouse uninstall opencode\` removes it.`,
    "// OpenCode loads it in-process; it loads Gatehouse's gate from one installation by absolute path.",
    `import { createGatehousePlugin } from ${JSON.stringify(pathToFileURL(request.module).href)};`,
    `export const GatehousePlugin = createGatehousePlugin(${JSON.stringify(options)});`,
    "",
  ].join("\n");
}

export const isOpenCodePluginText = (text: string) => text.startsWith(OPENCODE_MARK);

/** The module a Gatehouse plugin file imports (a file URL made a path), or null when it names none. */
export function openCodePluginModule(text: string): string | null {
  const m = /^import \{ createGatehousePlugin \} from ("file:[^"\n]+");$/m.exec(text);
  if (m === null) return null;
  try {
    return fileURLToPath(JSON.parse(m[1]!) as string);
  } catch {
    return null;
  }
}
