// Shell analysis: shell text (or an already-split argv) → every simple command
// it would run, after wrappers are peeled and inline scripts parsed, plus the
// coverage gaps found on the way (SPEC §6.1, §6.3).
import type { ShellAnalysis } from "../shell-analysis.js";
import type { InlineCodeAnalysis, InlineLanguage } from "../inline-code/index.js";
import { SHAPE } from "./gaps.js";
import { Analyzer } from "./analyzer.js";
import type { HostScript } from "../host-facts.js";
import type { ProgramRegistry } from "../programs/known.js";
import { LAUNCHERS, launcherFor, type LauncherTable } from "./launchers/index.js";
import { MAX_COMMAND_BYTES, MAX_SIMPLE_COMMANDS, MAX_WRAPPER_DEPTH } from "./limits.js";
import { utf8Length } from "../text.js";
import { homeAwareWord, literalWord } from "./words.js";
import { typedPowerShell } from "../programs/powershell.js";
import { loadShellParser, parserOf, type GrammarBytes, type ShellParser } from "./parser.js";

export type { ShellAnalysis, ParsedCommand, StdinSource, FindContext, RunsOn, Feed } from "../shell-analysis.js";
export type { GrammarBytes, ShellParser };
export { loadShellParser, MAX_COMMAND_BYTES, MAX_SIMPLE_COMMANDS, MAX_WRAPPER_DEPTH };

/** What the walker is given: the effect table's program knowledge; another launcher table (default: the built-in one); a reader of inline code in other languages. */
export interface AnalyzeOptions {
  /** What the effect table knows of programs (programs/known.ts; the engine hands in effects/ EFFECT_PROGRAMS): the walker never imports effects/. */
  programs: ProgramRegistry;
  launchers?: LauncherTable;
  /** Reads `python -c`/`node -e`/`ruby -e` code and literal heredocs fed to them (SPEC §6.7); without it that code is shape 6. */
  inlineCode?: (language: InlineLanguage, code: string) => InlineCodeAnalysis;
  /** What the host read of a file a command runs (src/classify/host-facts.ts); without it files are judged by the text alone. */
  hostFile?: (path: string) => HostScript | undefined;
}

function oversize(reason: string): ShellAnalysis {
  return { commands: [], unknown: [{ shape: SHAPE.OVERSIZE, reason, command: "" }] };
}

function run(parser: ShellParser, opts: AnalyzeOptions, body: (a: Analyzer) => void): ShellAnalysis {
  const analyzer = new Analyzer(parserOf(parser), opts.launchers ?? LAUNCHERS, opts.programs, opts.inlineCode ?? null, opts.hostFile ?? null);
  try {
    body(analyzer);
  } catch (err) {
    // Never throw on input: whatever went wrong is a gap, and the commands
    // found before it are kept.
    const message = err instanceof Error ? err.message : String(err);
    analyzer.gaps.add(SHAPE.PARSE_ERROR, `shell analysis failed: ${message.slice(0, 200)}`, "");
  }
  return analyzer.controls.length > 0 ? { commands: analyzer.commands, unknown: analyzer.gaps.items, controls: analyzer.controls } : { commands: analyzer.commands, unknown: analyzer.gaps.items };
}

/** Analyze shell text (a Bash command line or script). Never throws on any string. */
export function analyzeShellText(parser: ShellParser, text: string, opts: AnalyzeOptions): ShellAnalysis {
  const src = typeof text === "string" ? text : String(text ?? "");
  if (src.length * 3 > MAX_COMMAND_BYTES && utf8Length(src) > MAX_COMMAND_BYTES) {
    return oversize(`command text over ${MAX_COMMAND_BYTES} bytes`);
  }
  return run(parser, opts, (a) => {
    a.analyzeText(src, a.rootEnv(src));
    // PowerShell typed into a Bash tool is also read as `pwsh -Command` would run it: its cmdlets, pipelines
    // and `$env:`/`$HOME` mean what PowerShell makes of them (the Bash reading above stays).
    const launchers = opts.launchers ?? LAUNCHERS;
    if (typedPowerShell(src, (p) => opts.programs.hasEffects(p), (p) => launcherFor(launchers, p) !== undefined)) a.analyzeWords(["pwsh", "-NoProfile", "-Command", src].map((w) => literalWord(w)), a.rootEnv(src));
  });
}

/**
 * Analyze an already-split command (Codex `command` array, ACP `terminal/create`
 * command + args): the words are not shell-parsed — each is a literal, except
 * that a home reference keeps its meaning (`homeAwareWord`) — but wrappers are
 * peeled and inline scripts (`bash -c …`) are parsed.
 */
export function analyzeArgv(parser: ShellParser, argv: string[], opts: AnalyzeOptions): ShellAnalysis {
  const words = (Array.isArray(argv) ? argv : []).map((a) => homeAwareWord(typeof a === "string" ? a : String(a)));
  let bytes = 0;
  for (const w of words) bytes += utf8Length(w.value) + 1;
  if (bytes > MAX_COMMAND_BYTES) return oversize(`command over ${MAX_COMMAND_BYTES} bytes`);
  return run(parser, opts, (a) => {
    const raw = words.map((w) => w.raw).join(" ");
    a.analyzeWords(words, a.rootEnv(raw));
  });
}
