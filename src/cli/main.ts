// `gatehouse` command-line entry: find the command's description
// (commands.ts), parse argv by it, print its help on `--help`, run it, and turn
// every failure into one line on stderr with a documented exit code.
import { ENGINE_VERSION } from "../version.js";
import { parseCommandArgs, UsageError, type ParsedArgs } from "./args.js";
import { CliError } from "./cli-error.js";
import { renderGroupHelp, renderHelp, renderOverview, type CommandSpec } from "./command-spec.js";
import { COMMAND_SPECS } from "./commands.js";
import { EXIT } from "../model/exit-codes.js";
import { processIo, type Io } from "./io.js";

export { savesCodeCache } from "./code-cache-hint.js";
// The launcher hands a hook the stdin it already read (a call the daemon did not answer, src/node/hook-forward.ts).
export { processIo } from "./io.js";

export type CommandRunner = (args: ParsedArgs, io: Io, argv: string[]) => Promise<number>;

/**
 * What runs each described command (test/cli/help.test.ts checks the two lists
 * match), imported on first use: a hook process then loads — and initialises —
 * only the hook's modules, not install, doctor, explain or the ledger's
 * commands (docs/performance.md "Hook process start"; test/cli/lazy-commands.test.ts).
 */
export const RUNNERS: Record<string, () => Promise<CommandRunner>> = {
  check: async () => (await import("./check.js")).checkCommand,
  explain: async () => (await import("./explain.js")).explainCommand,
  eval: async () => (await import("./eval.js")).evalCommand,
  // hook.ts reads its own argv (the same words, already checked against the description here).
  hook: async () => {
    const { hookCommand } = await import("./hook.js");
    return (_args, io, argv) => hookCommand(argv, io);
  },
  install: async () => (await import("./install.js")).installCommand,
  uninstall: async () => (await import("./install.js")).uninstallCommand,
  doctor: async () => (await import("./doctor.js")).doctorCommand,
  corpus: async () => (await import("./corpus.js")).corpusCommand,
  "ledger verify": async () => (await import("./ledger.js")).verifyCommand,
  "ledger show": async () => (await import("./ledger.js")).showCommand,
  replay: async () => (await import("./replay.js")).replayCommand,
  serve: async () => (await import("./serve.js")).serveCommand,
  "service install": async () => (await import("./service.js")).serviceInstallCommand,
  "service uninstall": async () => (await import("./service.js")).serviceUninstallCommand,
  "service status": async () => (await import("./service.js")).serviceStatusCommand,
  "bundle lint": async () => (await import("./bundle-lint.js")).bundleLintCommand,
  "bundle resolve": async () => (await import("./bundle-resolve.js")).bundleResolveCommand,
  "bundle schema": async () => (await import("./bundle-schema.js")).bundleSchemaCommand,
  demo: async () => (await import("./demo.js")).demoCommand,
  playground: async () => (await import("./playground.js")).playgroundCommand,
  guard: async () => (await import("./guard.js")).GUARD_RUNNERS.guard!,
  "guard records": async () => (await import("./guard.js")).GUARD_RUNNERS["guard records"]!,
  "guard sweep": async () => (await import("./guard.js")).GUARD_RUNNERS["guard sweep"]!,
};

/** `gatehouse --version`: the package version (the engine's identity carries it too). */
export const VERSION = ENGINE_VERSION.replace(/^gatehouse\//, "");

const OVERVIEW = renderOverview(COMMAND_SPECS);

/** Errors are one line: a message that spans lines keeps its first, marked. */
const oneLine = (message: string) => (message.includes("\n") ? `${message.split("\n")[0]!.trimEnd()} …` : message);

const isHelpWord = (word: string | undefined) => word === "--help" || word === "-h";

/** The command argv names (one word, or a group and its subcommand) and the words after it. */
function findCommand(argv: readonly string[]): { spec: CommandSpec; rest: string[] } | { group: string } | { error: string } {
  const [first = "", second] = argv;
  // A two-word name first: `guard` is a command and `guard records` another.
  const pair = COMMAND_SPECS.find((s) => s.name === `${first} ${second}`);
  if (pair !== undefined) return { spec: pair, rest: argv.slice(2) };
  const exact = COMMAND_SPECS.find((s) => s.name === first);
  if (exact !== undefined) return { spec: exact, rest: argv.slice(1) };
  const group = COMMAND_SPECS.filter((s) => s.name.startsWith(`${first} `));
  if (group.length === 0) return { error: `unknown command ${JSON.stringify(first)}` };
  // `gatehouse ledger --help` asks about the group: its subcommands, exit 0.
  if (isHelpWord(second)) return { group: first };
  return { error: `${first} needs a subcommand: ${group.map((s) => s.name).join(", ")}${second === undefined ? "" : ` (got ${JSON.stringify(second)})`}` };
}

export async function main(argv: string[], io: Io = processIo()): Promise<number> {
  const [name] = argv;
  if (name === undefined) {
    io.err(OVERVIEW);
    return EXIT.USAGE;
  }
  if (isHelpWord(name) || (name === "help" && (argv.length === 1 || (argv.length === 2 && (isHelpWord(argv[1]) || argv[1] === "help"))))) {
    io.out(OVERVIEW);
    return EXIT.OK;
  }
  if (name === "--version" || name === "-V") {
    io.out(`gatehouse ${VERSION}`);
    return EXIT.OK;
  }
  // `gatehouse help ledger` is `gatehouse ledger --help`.
  const found = findCommand(name === "help" && argv.length === 2 ? [argv[1]!, "--help"] : name === "help" ? argv.slice(1) : argv);
  if ("group" in found) {
    io.out(renderGroupHelp(found.group, COMMAND_SPECS));
    return EXIT.OK;
  }
  if ("error" in found) {
    io.err(`gatehouse: ${found.error}\n${OVERVIEW}`);
    return EXIT.USAGE;
  }
  const { spec } = found;
  if (name === "help") {
    io.out(renderHelp(spec));
    return EXIT.OK;
  }
  try {
    const args = parseCommandArgs(found.rest, spec);
    if (args.flags.has("help")) {
      io.out(renderHelp(spec));
      return EXIT.OK;
    }
    const run = await RUNNERS[spec.name]!();
    return await run(args, io, found.rest);
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`gatehouse ${spec.name}: ${error.message} (gatehouse ${spec.name} --help)`);
      return EXIT.USAGE;
    }
    if (error instanceof CliError) {
      io.err(`gatehouse ${spec.name}: ${oneLine(error.message)}`);
      return error.exitCode;
    }
    io.err(`gatehouse ${spec.name}: internal error: ${oneLine(error instanceof Error ? error.message : String(error))}`);
    return EXIT.INTERNAL;
  }
}
