// The guard's own entry point (dist/guard.js; bin/gatehouse.js picks it for
// `gatehouse guard …`). The hook starts a process per Write/Edit call, so it
// loads only the guard — not the engine, the grammars or the default bundle —
// which halves its start-up (bench/guard-process.mjs). It reads argv by the
// same command descriptions as main.ts and reports errors the same way.
import { parseCommandArgs, UsageError } from "./args.js";
import { renderHelp } from "./command-spec.js";
import { commandSpec } from "./commands.js";
import { EXIT } from "../model/exit-codes.js";
import { GUARD_RUNNERS } from "./guard.js";
import { processIo, type Io } from "./io.js";

/** `argv` as main.ts gets it: `["guard", …]`. */
export async function main(argv: string[], io: Io = processIo()): Promise<number> {
  const name = argv[1] === "records" || argv[1] === "sweep" ? `guard ${argv[1]}` : "guard";
  const spec = commandSpec(name);
  try {
    const args = parseCommandArgs(argv.slice(name.split(" ").length), spec);
    if (args.flags.has("help")) {
      io.out(renderHelp(spec));
      return EXIT.OK;
    }
    return await GUARD_RUNNERS[name]!(args, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`gatehouse ${name}: ${error.message} (gatehouse ${name} --help)`);
      return EXIT.USAGE;
    }
    io.err(`gatehouse ${name}: internal error: ${error instanceof Error ? error.message : String(error)}`);
    return EXIT.INTERNAL;
  }
}
