// `gatehouse` command-line entry: dispatch to one file per subcommand and turn
// every failure into one line on stderr with a documented exit code.
import { UsageError } from "./args.js";
import { bundleCommand } from "./bundle-lint.js";
import { checkCommand } from "./check.js";
import { corpusCommand } from "./corpus.js";
import { demoCommand } from "./demo.js";
import { CliError } from "./engine-options.js";
import { evalCommand } from "./eval.js";
import { hookCommand } from "./hook.js";
import { EXIT } from "./exit-codes.js";
import { processIo, type Io } from "./io.js";

const COMMANDS: Record<string, (argv: string[], io: Io) => Promise<number>> = {
  check: checkCommand,
  eval: evalCommand,
  hook: hookCommand,
  corpus: corpusCommand,
  bundle: bundleCommand,
  demo: demoCommand,
};

const USAGE = `usage: gatehouse <command> [options]
  check [--bundle B] [--cwd D] [--json] -- CMD…   judge one shell command (exit 0 allow, 2 deny, 3 ask/hold)
  eval [--bundle B] FILE.jsonl                    evaluate events/frames, one envelope per line
  hook claude|codex|gemini|cursor|acp [--bundle B] [--state-dir D] [--on-error open|closed] [--grant-allow]
                                                  answer an agent's hook JSON (stdin) in its own protocol
  corpus FILE…                                    run conformance cases
  bundle lint [--json] B                          list skipped artifacts and warnings
  demo                                            evaluate sample events with the default bundle`;

export async function main(argv: string[], io: Io = processIo()): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === "help" || name === "--help" || name === "-h") {
    io.out(USAGE);
    return name === undefined ? EXIT.USAGE : EXIT.OK;
  }
  const command = COMMANDS[name];
  if (command === undefined) {
    io.err(`gatehouse: unknown command ${JSON.stringify(name)}\n${USAGE}`);
    return EXIT.USAGE;
  }
  try {
    return await command(rest, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`gatehouse ${name}: ${error.message}`);
      return EXIT.USAGE;
    }
    if (error instanceof CliError) {
      io.err(`gatehouse ${name}: ${error.message}`);
      return error.exitCode;
    }
    io.err(`gatehouse ${name}: internal error: ${error instanceof Error ? error.message : String(error)}`);
    return EXIT.INTERNAL;
  }
}
