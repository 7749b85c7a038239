// `gatehouse check [--bundle B] [--cwd D] [--json] [--twin] -- CMD…` or `--command "…"`:
// one shell command as a pre_tool_use Bash event. Exit 0 allow, 2 deny, 3 ask/hold.
import { resolve } from "node:path";
import { parseArgs, UsageError } from "./args.js";
import { engineFromArgs, reportSkipped } from "./engine-options.js";
import { EXIT } from "./exit-codes.js";
import { formatDecision } from "./format.js";
import type { Io } from "./io.js";

/** Re-quote argv words so the shell text means what the words meant. */
export function shellJoin(words: string[]): string {
  return words.map((w) => (/^[A-Za-z0-9_@%+=:,./~^-]+$/.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`)).join(" ");
}

export async function checkCommand(argv: string[], io: Io): Promise<number> {
  const args = parseArgs(argv, { values: ["bundle", "cwd", "command", "home"], flags: ["json", "twin"] });
  const command = args.values.get("command") ?? (args.rest !== null ? shellJoin(args.rest) : null);
  if (command === null || command.trim() === "") throw new UsageError('check needs a command: gatehouse check -- CMD… or --command "…"');
  if (args.positionals.length > 0) throw new UsageError(`unexpected argument ${JSON.stringify(args.positionals[0])} (put the command after --)`);
  const engine = await engineFromArgs(args.values.get("bundle"), args.flags.has("twin") ? "twin" : "wasm");
  reportSkipped(engine, io.err);
  const home = args.values.get("home") ?? io.env.HOME;
  const event = {
    event_type: "pre_tool_use",
    session_id: "gatehouse-check",
    tool_use_id: "check",
    tool_name: "Bash",
    tool_input: { command },
    env: { cwd: resolve(args.values.get("cwd") ?? io.cwd), ...(home ? { home } : {}), path_dirs: [], additional_dirs: [] },
  };
  const envelope = engine.evaluate(event, null, io.now());
  if (args.flags.has("json")) io.out(JSON.stringify(envelope));
  else io.out(formatDecision(envelope.decision));
  const verdict = envelope.decision.verdict;
  return verdict === "allow" ? EXIT.OK : verdict === "deny" ? EXIT.DENY : EXIT.ASK;
}
