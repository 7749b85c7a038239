// `gatehouse check [--bundle B] [--cwd D] [--json] [--twin] -- CMD…` or `--command "…"`
// (`--command -` reads it from stdin, for commands over the argument limit):
// one shell command as a pre_tool_use Bash event. Exit 0 allow, 2 deny, 3 ask/hold.
import { resolve } from "node:path";
import { quoteWord } from "../model/shell-quote.js";
import { shellQuote } from "../shell-words.js";
import { UsageError, type ParsedArgs } from "./args.js";
import { engineFromArgs, reportSkipped, unreadable } from "./engine-options.js";
import { EXIT } from "../model/exit-codes.js";
import { formatDecision } from "../render/decision.js";
import type { Io } from "./io.js";

/** A word that reads like a whole command line: `--` made it one word, a program named e.g. `ls; rm`. */
const LOOKS_LIKE_A_COMMAND_LINE = /;|\||&&/;

/**
 * The words after `--` as one command line. Each is re-quoted so it means what
 * it meant, except a leading tilde prefix (`~`, `~/x`, `~user/x`): a tilde
 * that reached `check` unexpanded is judged as the home it names — the
 * stronger reading, and what the same words typed bare into a shell do.
 */
function argvCommand(words: readonly string[]): string {
  return words
    .map((word) => {
      const m = /^(~[A-Za-z0-9_.-]*)(?:\/(.*))?$/s.exec(word);
      if (m === null) return quoteWord(word);
      return m[2] === undefined ? m[1]! : m[2] === "" ? `${m[1]}/` : `${m[1]}/${quoteWord(m[2])}`;
    })
    .join(" ");
}

/** The command a `check`/`explain` invocation names: `--command` (stdin for `-`) or the words after `--`. */
export function commandFromArgs(args: ParsedArgs, io: Io, name: string): string {
  const option = args.values.get("command");
  if (option !== undefined && args.rest !== null) throw new UsageError(`give the command either after -- or as --command, not both`);
  let command: string | null = null;
  if (option === "-") {
    try {
      command = io.readStdin().replace(/\r?\n$/, "");
    } catch (error) {
      throw unreadable("stdin", error);
    }
  } else if (option !== undefined) command = option;
  else if (args.rest !== null) {
    if (args.rest.length === 1 && LOOKS_LIKE_A_COMMAND_LINE.test(args.rest[0]!))
      io.err(`gatehouse ${name}: warning: the one word after -- holds ${/&&/.test(args.rest[0]!) ? "&&" : /;/.test(args.rest[0]!) ? ";" : "|"}, so it is judged as a single word (one program of that name); for a command line use --command ${shellQuote([args.rest[0]!])}`);
    command = argvCommand(args.rest);
  }
  if (command === null || command.trim() === "") throw new UsageError(`${name} needs a command: gatehouse ${name} -- CMD… or --command "…" (- for stdin)`);
  return command;
}

/** The pre_tool_use Bash event `check` and `explain` evaluate. */
export function bashEvent(command: string, args: ParsedArgs, io: Io) {
  const home = args.values.get("home") ?? io.env.HOME;
  return {
    event_type: "pre_tool_use",
    session_id: "gatehouse-check",
    tool_use_id: "check",
    tool_name: "Bash",
    tool_input: { command },
    env: { cwd: resolve(io.cwd, args.values.get("cwd") ?? "."), ...(home ? { home } : {}), path_dirs: [], additional_dirs: [] },
  };
}

export async function checkCommand(args: ParsedArgs, io: Io): Promise<number> {
  const command = commandFromArgs(args, io, "check");
  const engine = await engineFromArgs(args.values.get("bundle"), args.flags.has("twin") ? "twin" : "wasm");
  reportSkipped(engine, io.err);
  const envelope = engine.evaluate(bashEvent(command, args, io), null, io.now());
  if (args.flags.has("json")) io.out(JSON.stringify(envelope));
  else io.out(formatDecision(envelope.decision));
  const verdict = envelope.decision.verdict;
  return verdict === "allow" ? EXIT.OK : verdict === "deny" ? EXIT.DENY : EXIT.ASK;
}
