// Whether GitHub Copilot CLI runs the hooks install wrote. A project's
// `.github/hooks/*.json` loads only in a trusted folder — measured with
// @github/copilot 1.0.102 (`-p`): untrusted, the hook never ran and the force
// push went through; trusted, it ran. A folder is trusted when it, or a folder
// above it, is listed in `trustedFolders` of `$COPILOT_HOME/config.json`
// (default `~/.copilot`), or for one run with `--trust-folder` or
// `COPILOT_ALLOW_ALL=true` (neither of which a file can show). The user's
// `~/.copilot/hooks/*.json` need no trust.
import { resolve, sep } from "node:path";
import type { CodexTrust, ReadText } from "./codex-trust.js";

type Env = Record<string, string | undefined>;

/** `$COPILOT_HOME`, else `~/.copilot`; null without either. */
export function copilotHome(env: Env): string | null {
  if (env.COPILOT_HOME !== undefined && env.COPILOT_HOME !== "") return resolve(env.COPILOT_HOME);
  return env.HOME !== undefined && env.HOME !== "" ? resolve(env.HOME, ".copilot") : null;
}

const within = (dir: string, folder: string) => {
  const f = resolve(folder);
  return dir === f || dir.startsWith(f.endsWith(sep) ? f : f + sep);
};

/** The same three answers as Codex's trust (trusted, not, cannot tell), for the project scope; the user scope is always trusted. */
export function copilotTrust(input: { scope: "project" | "user"; project: string; env: Env; read: ReadText }): CodexTrust {
  if (input.scope === "user") return { trusted: true, where: "user hooks (~/.copilot/hooks) need no folder trust" };
  const home = copilotHome(input.env);
  if (home === null) return { trusted: null, where: "$COPILOT_HOME or $HOME", why: "neither is set" };
  const file = `${home}/config.json`;
  const fix = `add "${resolve(input.project)}" to "trustedFolders" in ${file} (or answer Copilot's folder-trust prompt once), or run it with --trust-folder or COPILOT_ALLOW_ALL=true`;
  let text: string | null;
  try {
    text = input.read(file);
  } catch (error) {
    return { trusted: null, where: file, why: error instanceof Error ? error.message : String(error) };
  }
  if (text === null) return { trusted: false, where: file, why: `${file} does not exist, so no folder is trusted`, fix };
  let folders: unknown;
  try {
    folders = (JSON.parse(text) as { trustedFolders?: unknown }).trustedFolders;
  } catch {
    return { trusted: null, where: file, why: "not valid JSON" };
  }
  const listed = Array.isArray(folders) ? folders.filter((f): f is string => typeof f === "string" && f !== "") : [];
  const project = resolve(input.project);
  const match = listed.find((f) => within(project, f));
  if (match !== undefined) return { trusted: true, where: `${file}: trustedFolders has ${match}` };
  return { trusted: false, where: file, why: `${project} is not in trustedFolders of ${file}, so Copilot does not load the project's .github/hooks`, fix };
}
