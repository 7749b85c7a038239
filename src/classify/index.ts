// classifyEvent (SPEC §6): route an event to the shell table (shell-bearing
// tools, §6.1), the MCP effect classes (§6.6, supplied by the caller), or the
// non-shell tool table. Confident effects and coverage gaps side by side: the
// shell analysis's own gaps first, then the table's (shapes 5 and 8).
import type { Event } from "../model/event.js";
import { parseMcpName } from "../model/mcp-name.js";
import { shellEffects } from "./effects/index.js";
import type { ShellAnalysis } from "./shell-analysis.js";
import { toolEffects } from "./tools.js";
import type { Classification, ClassifiedUrl, Effect } from "../model/classification.js";
import { extractUrls } from "./urls.js";
import { mcpInputClassification } from "./mcp-input.js";
import type { InlineCodeAnalysis, InlineLanguage } from "./inline-code/index.js";
import { GAP_SHAPE } from "../model/gap-shapes.js";
import { envWithHost, hostOf, type HostWants } from "./host-env.js";
import { hostScript, incompleteGaps, type HostScript } from "./host-facts.js";

export { resolvePathClass } from "./paths.js";
export { classifyUrl, extractUrls } from "./urls.js";
export { EFFECT_PROGRAMS, hasEffectRows, shellEffects } from "./effects/index.js";
export { toolEffects } from "./tools.js";

export interface ClassifyDeps {
  /** `hostFile`: what the host read of a file a command runs (src/classify/host-facts.ts), present when the event carries host facts. */
  analyzeText(text: string, hostFile?: (path: string) => HostScript | undefined): ShellAnalysis;
  analyzeArgv(argv: string[], hostFile?: (path: string) => HostScript | undefined): ShellAnalysis;
  mcpEffects?(event: Event): Effect[];
  /** Read inline code with its grammar (SPEC §6.7); absent → inline code stays unknown shape 6. */
  inlineCode?(language: InlineLanguage, code: string): InlineCodeAnalysis;
}

/** What a shell-bearing event asks to run: a text to parse or an argv. */
export type ShellInput = { text: string } | { argv: string[] };

const SHELL_TOOLS = new Set(["Bash", "bash", "shell", "exec", "local_shell", "container.exec", "run_shell_command", "terminal/create", "execute_command", "run_terminal_cmd"]);

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

function isStringArray(v: unknown): v is string[] {
  return Array.isArray(v) && v.every((x) => typeof x === "string");
}

/**
 * The shell input of a shell-bearing event, or null. Shell-bearing: Claude
 * `Bash`, Codex `shell`/`exec`/`local_shell` (`command` array or string),
 * Gemini `run_shell_command`, ACP `terminal/create` (`command` + `args`), and
 * any tool whose input has a string `command` (MCP tools excepted).
 */
export function shellInput(event: Pick<Event, "tool_name" | "tool_input">): ShellInput | null {
  const input = event.tool_input;
  if (!isObject(input)) return null;
  const command = input.command;
  const name = event.tool_name;
  if (isMcpTool(name) && !SHELL_TOOLS.has(name)) return null;
  // Codex's apply_patch carries its patch in `command`: a patch, never shell text (tools.ts).
  if (name === "apply_patch") return null;
  if (name === "terminal/create") {
    if (typeof command !== "string") return null;
    if (isStringArray(input.args)) return { argv: [command, ...input.args] };
    return { text: command };
  }
  if (isStringArray(command) && command.length > 0) return { argv: command };
  if (typeof command === "string") return { text: command };
  if (SHELL_TOOLS.has(name) && typeof input.cmd === "string") return { text: input.cmd };
  return null;
}

export function isShellEvent(event: Pick<Event, "tool_name" | "tool_input">): boolean {
  return shellInput(event) !== null;
}

/** `mcp__server__tool` (Claude, Codex) or `mcp_server_tool` (Gemini). */
export function isMcpTool(name: string): boolean {
  return parseMcpName(name) !== null;
}

function stringsOf(value: unknown, out: string[], depth = 0): void {
  if (out.length >= 256 || depth > 16) return;
  if (typeof value === "string") out.push(value);
  else if (Array.isArray(value)) for (const v of value) stringsOf(v, out, depth + 1);
  else if (isObject(value)) for (const v of Object.values(value)) stringsOf(v, out, depth + 1);
}

/**
 * Classify an event. `wants` (Engine.hostWants): collect what the host should
 * look at — the absolute paths resolved and the files commands run or feed.
 */
export function classifyEvent(given: Event, deps: ClassifyDeps, wants?: HostWants): Classification {
  const c = classifyWithHost(given, deps, wants);
  // What the host could not look at within its bounds is a gap, never silence (host-facts.ts).
  const incomplete = incompleteGaps(given.host);
  if (incomplete.length > 0) c.unknown.push(...incomplete);
  return c;
}

function classifyWithHost(given: Event, deps: ClassifyDeps, wants?: HostWants): Classification {
  // The host's facts (SPEC §2 `host`) travel with the env to the path resolver (host-env.ts).
  const env = envWithHost(given.env, given.host, wants);
  const event = env === given.env ? given : { ...given, env };
  const shell = shellInput(event);
  if (shell) {
    // Scripts the command runs, as the host read them (or noted as wanted).
    const hostFile = hostOf(env) !== null && (wants !== undefined || Object.keys(given.host?.files ?? {}).length > 0) ? (path: string) => hostScript(env, path) : undefined;
    const analysis = "text" in shell ? deps.analyzeText(shell.text, hostFile) : deps.analyzeArgv(shell.argv, hostFile);
    const table = shellEffects(analysis, env);
    return {
      effects: table.effects,
      unknown: [...analysis.unknown, ...table.unknown],
      // Commands an unknown program only may run are judged as a gap, not listed as run.
      simple: analysis.commands.filter((c) => !c.possible).map((c) => c.cmd),
      paths: table.paths,
      urls: table.urls,
    };
  }
  if (SHELL_TOOLS.has(event.tool_name)) {
    // A shell tool whose command cannot be read is a gap, never a silent allow (seed 003: Uncertain).
    return { effects: [], unknown: [{ shape: GAP_SHAPE.PARSE_ERROR, reason: `${event.tool_name} carries no inspectable command`, command: "" }], simple: [], paths: [], urls: [] };
  }
  if (isMcpTool(event.tool_name)) {
    // The bundle's effect_classes entries first, then what the input names (SPEC §6.6): added, never replaced.
    const declared = deps.mcpEffects ? deps.mcpEffects(event) : [];
    const input = mcpInputClassification(event, deps, declared.length > 0);
    const keys = new Set(declared.map((e) => JSON.stringify(e)));
    const effects = [...declared, ...input.effects.filter((e) => !keys.has(JSON.stringify(e)))];
    // Every URL the action names: `scheme://` tokens in the MCP call's string arguments.
    const strings: string[] = [];
    stringsOf(event.tool_input, strings);
    const urls: ClassifiedUrl[] = [...input.urls];
    const seen = new Set<string>(urls.map((u) => u.value));
    for (const s of strings) for (const u of extractUrls(s.split(/\s+/))) if (!seen.has(u.value)) (seen.add(u.value), urls.push(u));
    return { effects, unknown: input.unknown, simple: input.simple, paths: input.paths, urls };
  }
  const t = toolEffects(event.tool_name, event.tool_input, env);
  return { effects: t.effects, unknown: t.unknown, simple: [], paths: t.paths, urls: t.urls };
}
