// The managed (system) layer of each agent that has one: a settings file an
// administrator owns (root, 0644) that the user's and the project's settings
// cannot remove or override, so neither can an agent running as the user
// (SPEC §11 install scopes). `install AGENT --managed` writes Gatehouse's
// entries there, plus the keys that make the layer win (Claude Code's
// `allowManagedHooksOnly`); what install added beyond its entries is recorded
// beside the file, so `uninstall --managed` gives back the original bytes.
//
// Sources: Claude Code 2.1.332's settings loader (managed-settings.json in
// /etc/claude-code, /Library/Application Support/ClaudeCode; hooks from policy
// only when `allowManagedHooksOnly` is true); Gemini CLI 0.61's settings
// loader (system settings merged last, over user and workspace; hooks lists
// concatenated; `hooksConfig.enabled` replaced by the system value); Cursor's
// enterprise hooks.json (hooks.md §2). Codex's managed layer is a TOML
// requirements file (below): documented, not written.
import { existsSync, readFileSync, unlinkSync } from "node:fs";
import { makeDirs } from "../files/make-dirs.js";
import { dirname, isAbsolute, join } from "node:path";
import { getNodeValue } from "jsonc-parser/lib/esm/main.js";
import * as z from "zod";
import { writeFileAtomic } from "../files/durable-file.js";
import type { InstallAgent } from "./agents.js";
import { addProperty, detectLayout, parseDocument, propertyValue, removeChild, type JsonNode } from "./json-edit.js";

/** A key path and the value that makes the managed layer hold (e.g. `["allowManagedHooksOnly"]`, true). */
export interface RequiredKey {
  path: readonly string[];
  value: unknown;
  /** Why, for install's output and doctor. */
  why: string;
}

export interface ManagedLayer {
  /** The file per platform (an absolute path; under $GATEHOUSE_MANAGED_ROOT when that is set). */
  files: { linux: string; darwin: string };
  requires: readonly RequiredKey[];
  /** What the layer does and does not stop, said after install. */
  note: string;
}

export type ManagedSupport = { kind: "layer"; layer: ManagedLayer } | { kind: "unsupported"; reason: string };

export const MANAGED: Record<InstallAgent, ManagedSupport> = {
  claude: {
    kind: "layer",
    layer: {
      files: { linux: "/etc/claude-code/managed-settings.json", darwin: "/Library/Application Support/ClaudeCode/managed-settings.json" },
      requires: [{ path: ["allowManagedHooksOnly"], value: true, why: "only managed hooks run: project, local and user settings (and --settings) can neither remove Gatehouse's hook nor switch it off with disableAllHooks" }],
      note: "With allowManagedHooksOnly, Claude Code runs no hook from user or project settings (yours included); put any you need in this file too.",
    },
  },
  gemini: {
    kind: "layer",
    layer: {
      files: { linux: "/etc/gemini-cli/settings.json", darwin: "/Library/Application Support/GeminiCli/settings.json" },
      requires: [{ path: ["hooksConfig", "enabled"], value: true, why: "system settings override user and workspace settings, so hooksConfig.enabled: false elsewhere cannot switch hooks off" }],
      note: "Gemini CLI still honours hooksConfig.disabled from user and workspace settings (a list it unions across layers): a hook named there does not run; doctor reports it.",
    },
  },
  cursor: {
    kind: "layer",
    layer: {
      files: { linux: "/etc/cursor/hooks.json", darwin: "/Library/Application Support/Cursor/hooks.json" },
      requires: [],
      note: "Cursor runs enterprise, user and project hooks alike; a user cannot remove the enterprise file (it is root's), and no setting switches it off.",
    },
  },
  copilot: {
    kind: "unsupported",
    reason: "GitHub Copilot CLI documents no system-wide hooks file (its allowManagedHooksOnly comes from organisation policy on GitHub), so there is no managed layer install can write",
  },
  qwen: {
    kind: "unsupported",
    reason:
      "Qwen Code reads system settings (/etc/qwen-code/settings.json, or $QWEN_CODE_SYSTEM_SETTINGS_PATH) and concatenates their hooks, but install does not write that layer yet, nor checked that a user's disableAllHooks cannot switch it off",
  },
  droid: {
    kind: "unsupported",
    reason:
      "Factory Droid 0.225.2 reads a system settings file (/etc/factory/settings.json; /Library/Application Support/Factory on macOS) besides the organisation's settings it pulls from Factory, but install does not write that layer yet, nor checked that a user's hooks.hooksDisabled cannot switch it off",
  },
  codex: {
    kind: "unsupported",
    reason:
      "Codex's managed layer is /etc/codex/requirements.toml (TOML: allow_managed_hooks_only = true and [[hooks.PreToolUse]] groups; managed hooks need no /hooks trust), which install does not edit yet; docs/cli.md (\"Managed scope\") shows the entry to add by hand",
  },
};

/** `$GATEHOUSE_MANAGED_ROOT`: a directory the managed paths are placed under (tests, packagers staging a tree); default `/`. */
export const MANAGED_ROOT_ENV = "GATEHOUSE_MANAGED_ROOT";

export function managedRoot(env: Record<string, string | undefined>): string {
  const root = env[MANAGED_ROOT_ENV];
  return root !== undefined && root !== "" && isAbsolute(root) ? root : "/";
}

/** The agent's managed file on this platform, or null (no layer, or a platform without one known). */
export function managedPath(agent: InstallAgent, env: Record<string, string | undefined>, platform: NodeJS.Platform = process.platform): string | null {
  const support = MANAGED[agent];
  if (support.kind !== "layer") return null;
  const file = platform === "darwin" ? support.layer.files.darwin : platform === "linux" ? support.layer.files.linux : null;
  return file === null ? null : join(managedRoot(env), file);
}

/** What install added to a managed file besides its entries: kept beside it, read back by uninstall. */
const RecordSchema = z.object({
  format: z.literal("gatehouse.managed-install/1"),
  file: z.string(),
  /** The file did not exist before install. */
  created: z.boolean(),
  /** Key paths install added (each the shortest path it created). */
  added: z.array(z.array(z.string())),
});
export type ManagedRecord = z.infer<typeof RecordSchema>;

export const recordPathOf = (file: string) => join(dirname(file), "gatehouse.installed.json");

export function readManagedRecord(file: string): ManagedRecord | null {
  try {
    const record = RecordSchema.parse(JSON.parse(readFileSync(recordPathOf(file), "utf8")));
    return record.file === file ? record : null;
  } catch {
    return null;
  }
}

export function writeManagedRecord(record: ManagedRecord): void {
  makeDirs(dirname(record.file));
  writeFileAtomic(recordPathOf(record.file), `${JSON.stringify(record, null, 2)}\n`, 0o644);
}

export function removeManagedRecord(file: string): void {
  if (existsSync(recordPathOf(file))) unlinkSync(recordPathOf(file));
}

/** A required key that is already there with another value: install will not overwrite an administrator's choice. */
export class RequiredKeyConflict extends Error {
  override readonly name = "RequiredKeyConflict";
}

function lookup(root: JsonNode, path: readonly string[]): { node: JsonNode | undefined; parent: JsonNode; depth: number } {
  let parent = root;
  for (let i = 0; i < path.length; i++) {
    const node = propertyValue(parent, path[i]!);
    if (node === undefined) return { node: undefined, parent, depth: i };
    if (i === path.length - 1) return { node, parent, depth: i };
    if (node.type !== "object") throw new RequiredKeyConflict(`"${path.slice(0, i + 1).join(".")}" is not an object`);
    parent = node;
  }
  throw new Error("empty key path");
}

const parse = (text: string): JsonNode => {
  const parsed = parseDocument(text);
  if (!parsed.ok || parsed.root.type !== "object") throw new Error("managed settings: not a JSON object");
  return parsed.root;
};

/** Add the layer's required keys that are missing; the key paths added. A key present with another value is refused. */
export function addRequiredKeys(text: string, layer: ManagedLayer): { text: string; added: string[][] } {
  let current = text;
  const added: string[][] = [];
  for (const key of layer.requires) {
    const { node, parent, depth } = lookup(parse(current), key.path);
    if (node !== undefined) {
      const value = JSON.stringify(getNodeValue(node));
      if (value !== JSON.stringify(key.value)) throw new RequiredKeyConflict(`"${key.path.join(".")}" is ${value}, and Gatehouse's managed hook needs ${JSON.stringify(key.value)} (${key.why}); change or remove it, then install again`);
      continue;
    }
    // The missing rest of the path, as one property of the deepest object that exists.
    let value = key.value;
    for (let i = key.path.length - 1; i > depth; i--) value = { [key.path[i]!]: value };
    current = addProperty(current, parent, key.path[depth]!, value, detectLayout(current));
    added.push(key.path.slice(0, depth + 1) as string[]);
  }
  return { text: current, added };
}

/** Remove the key paths install recorded as added (those still there), last first. */
export function removeAddedKeys(text: string, added: readonly (readonly string[])[]): string {
  let current = text;
  for (const path of [...added].reverse()) {
    const root = parse(current);
    const { node, parent } = lookup(root, path);
    if (node === undefined) continue;
    const index = parent.children!.findIndex((p) => p.children?.[0]?.value === path.at(-1));
    if (index >= 0) current = removeChild(current, parent, index);
  }
  return current;
}

/** Whether the layer's required keys hold in `text` (doctor). */
export function requiredKeysHold(text: string, layer: ManagedLayer): boolean {
  try {
    const root = parse(text);
    return layer.requires.every((key) => {
      const { node } = lookup(root, key.path);
      return node !== undefined && JSON.stringify(getNodeValue(node)) === JSON.stringify(key.value);
    });
  } catch {
    return false;
  }
}
