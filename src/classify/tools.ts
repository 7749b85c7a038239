// Non-shell tools (SPEC §6.6): file tools, web tools and sub-agents of Claude
// Code, Gemini CLI, Cursor, Codex and ACP. Decisions (docs/classifier.md):
//
// | tools | effect |
// |---|---|
// | Write, Edit, MultiEdit, NotebookEdit; Gemini write_file, replace; Cursor edit_file, search_replace; ACP fs/write_text_file | write × class(file_path / notebook_path / absolute_path / target_file / path) |
// | Read, NotebookRead, LS, Glob, Grep; Gemini read_file, read_many_files, list_directory, glob, search_file_content; Cursor read_file, list_dir, grep_search, file_search; ACP fs/read_text_file | read × class(path); no path → workspace_root |
// | Cursor delete_file | delete × class(target_file) |
// | WebFetch, Gemini web_fetch (URLs inside `prompt`) | fetch × network_host + the URL(s); a `file:` URL is read × class(its path) |
// | WebSearch, Gemini google_web_search, Cursor web_search | fetch × network_host |
// | Task, Agent | execute × subagent |
// | Gemini save_memory | write × home_file (it appends to ~/.gemini/GEMINI.md) |
// | Codex apply_patch (`patch`, `input` or `command` text) | write/delete × class(each file the patch names, read as Codex reads it: apply-patch.ts); a move also deletes its source |
//
// Tool effects carry `program` (the tool name) and, for paths, `target` (the path as given);
// writes and deletes of persistence paths (`~/.bashrc`, `.claude/settings.json`) also `persistence`.
import type { EventEnv } from "../model/event.js";
import { Collector } from "./effects/collector.js";
import { targetText } from "./effects/common.js";
import { mutatedPersistence, resolvePathDetailed } from "./paths.js";
import { throughHostLink } from "./host-facts.js";
import { isSystemLog } from "./system-logs.js";
import type { ClassifiedPath, ClassifiedUrl, Effect, TargetClass, UnknownCommand, Verb } from "../model/classification.js";
import { classifyUrl, extractUrls, fileUrlPath } from "./urls.js";
import { braceExpand } from "./text.js";
import { urlCredential, urlCredentialAttrs } from "./url-credentials.js";
import { patchHunks } from "./apply-patch.js";

/** The effects of a Codex patch on its files: add/update write, delete deletes, a move writes its destination and removes its source. */
export function patchEffects(patch: string, onPath: (verb: Verb, path: string) => void): void {
  for (const h of patchHunks(patch).hunks) {
    if (h.path === "") continue;
    if (h.kind === "delete") onPath("delete", h.path);
    else onPath("write", h.path);
    if (h.kind === "update" && h.moveTo !== null && h.moveTo !== "") {
      onPath("delete", h.path);
      onPath("write", h.moveTo);
    }
  }
}

export interface ToolEffects {
  effects: Effect[];
  unknown: UnknownCommand[];
  paths: ClassifiedPath[];
  urls: ClassifiedUrl[];
}

type Input = Record<string, unknown>;

const WRITE_TOOLS: Record<string, string[]> = {
  Write: ["file_path", "path"],
  Edit: ["file_path", "path"],
  MultiEdit: ["file_path", "path"],
  NotebookEdit: ["notebook_path", "file_path"],
  write_file: ["file_path", "absolute_path", "path"],
  replace: ["file_path", "absolute_path", "path"],
  edit: ["file_path", "absolute_path", "path"],
  edit_file: ["target_file", "file_path", "path"],
  search_replace: ["file_path", "target_file", "path"],
  "fs/write_text_file": ["path"],
};

const READ_TOOLS: Record<string, string[]> = {
  Read: ["file_path", "path"],
  NotebookRead: ["notebook_path", "file_path"],
  LS: ["path"],
  Glob: ["path"],
  Grep: ["path"],
  read_file: ["absolute_path", "file_path", "target_file", "path"],
  list_directory: ["path", "dir_path"],
  list_dir: ["relative_workspace_path", "path"],
  glob: ["path", "dir_path"],
  search_file_content: ["path", "dir_path"],
  grep_search: ["path"],
  file_search: ["path"],
  "fs/read_text_file": ["path"],
};

const DELETE_TOOLS: Record<string, string[]> = {
  delete_file: ["target_file", "file_path", "path"],
};

/** Tools that list names (and metadata), not contents: `LS ~/.ssh` reads no secret, like `ls ~/.ssh` (SPEC §6.4). */
const LISTING_TOOLS = new Set(["LS", "Glob", "list_directory", "list_dir", "glob", "file_search"]);

/** Tools that search file contents, with a file-name filter field (`glob`, Gemini's `include`). */
const CONTENT_SEARCH_TOOLS = new Set(["Grep", "search_file_content", "grep_search"]);

/** Tools that read the workspace when given no path. */
const SEARCH_TOOLS = new Set(["Glob", "Grep", "LS", "list_directory", "list_dir", "glob", "search_file_content", "grep_search", "file_search"]);

function str(v: unknown): string | null {
  return typeof v === "string" && v !== "" ? v : null;
}

function firstField(input: Input, keys: string[]): string | null {
  for (const k of keys) {
    const v = str(input[k]);
    if (v !== null) return v;
  }
  return null;
}

export function toolEffects(toolName: string, toolInput: unknown, env: EventEnv | null): ToolEffects {
  const out = new Collector();
  const input: Input = toolInput !== null && typeof toolInput === "object" && !Array.isArray(toolInput) ? (toolInput as Input) : {};
  // Like shell effects, tool effects name their program (the tool) and target (the path), so a reason can quote them.
  const onPath = (verb: Verb, path: string, through = false): void => {
    const r = resolvePathDetailed(path, env, { names: verb === "read" && LISTING_TOOLS.has(toolName) });
    // Through a symlink the host saw (host.links): judged as its real path too; a write or read opens a bare link's target.
    if (!through) {
      const real = throughHostLink(env, r.normalized, path, verb !== "delete");
      if (real !== null && real !== r.normalized) onPath(verb, real, true);
    }
    out.path(path, r.class, r.rel);
    // A write or delete of a file whose contents run later or control the agent says so (src/classify/persistence.ts).
    const a: Record<string, string | boolean> = { program: toolName, target: targetText(path) };
    const persistence = mutatedPersistence(r, verb);
    if (persistence !== null) a.persistence = persistence;
    // The host's own record overwritten (src/classify/system-logs.ts).
    if (verb !== "read" && isSystemLog(r.normalized)) a.system_log = true;
    out.effect(verb, r.class, a);
  };
  const effect = (verb: Verb, target: TargetClass): void => out.effect(verb, target, { program: toolName });

  if (WRITE_TOOLS[toolName]) {
    const p = firstField(input, WRITE_TOOLS[toolName]);
    if (p !== null) onPath("write", p);
    else effect("write", "unknown");
  } else if (DELETE_TOOLS[toolName]) {
    const p = firstField(input, DELETE_TOOLS[toolName]);
    if (p !== null) onPath("delete", p);
    else effect("delete", "unknown");
  } else if (READ_TOOLS[toolName]) {
    const p = firstField(input, READ_TOOLS[toolName]);
    if (p !== null) onPath("read", p);
    else if (SEARCH_TOOLS.has(toolName)) onPath("read", ".");
    else effect("read", "unknown");
    // A content search narrowed by a file glob (`Grep {glob: "**/.env*"}`) reads the files the glob names.
    const filter = CONTENT_SEARCH_TOOLS.has(toolName) ? firstField(input, ["glob", "include"]) : null;
    if (filter !== null) for (const g of braceExpand(filter).slice(0, 16)) onPath("read", `${(p ?? ".").replace(/\/+$/, "")}/${g.replace(/^\.\//, "")}`);
  } else if (toolName === "read_many_files") {
    const paths = Array.isArray(input.paths) ? input.paths.filter((x): x is string => typeof x === "string") : [];
    if (paths.length === 0) onPath("read", ".");
    for (const p of paths) onPath("read", p);
  } else if (toolName === "WebFetch" || toolName === "web_fetch" || toolName === "fetch") {
    // A `file:` URL names a local path (SPEC §6.5): read × class(path) instead of a network fetch.
    const named: ClassifiedUrl[] = [];
    const url = str(input.url);
    if (url !== null) {
      const u = classifyUrl(url);
      if (u) named.push(u);
    }
    const prompt = str(input.prompt);
    if (prompt !== null) named.push(...extractUrls(prompt.split(/\s+/)));
    let network = named.length === 0;
    for (const u of named) {
      out.url(u);
      const local = u.scheme === "file" ? fileUrlPath(u.value) : null;
      if (local !== null) onPath("read", local);
      else network = true;
      const c = urlCredential(u);
      if (c !== null) out.effect("send", "network_host", { program: toolName, ...urlCredentialAttrs(c) });
    }
    if (network) effect("fetch", "network_host");
  } else if (toolName === "WebSearch" || toolName === "google_web_search" || toolName === "web_search") {
    effect("fetch", "network_host");
  } else if (toolName === "Task" || toolName === "Agent") {
    effect("execute", "subagent");
  } else if (toolName === "save_memory") {
    effect("write", "home_file");
  } else if (toolName === "apply_patch") {
    // The patch as Codex reads it (apply-patch.ts): every hunk's file, a moved file's source removed.
    const patch = firstField(input, ["patch", "input", "content", "command"]);
    if (patch !== null) patchEffects(patch, onPath);
    else effect("write", "unknown");
  }
  return { effects: out.effects, unknown: out.unknown, paths: out.paths, urls: out.urls };
}
