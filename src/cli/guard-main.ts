// The guard's own entry point (dist/guard.js). The hook starts a process per
// Write/Edit call, so `gatehouse guard …` loads only the guard — not the engine,
// the shell grammar or the default bundle — which halves its start-up
// (bench/guard-process.mjs). Same contract as src/cli/main.ts.
import { EXIT } from "./exit-codes.js";
import { guardCommand } from "./guard.js";
import { processIo, type Io } from "./io.js";

export async function main(argv: string[], io: Io = processIo()): Promise<number> {
  try {
    return await guardCommand(argv.slice(1), io);
  } catch (error) {
    io.err(`gatehouse guard: internal error: ${error instanceof Error ? error.message : String(error)}`);
    return EXIT.INTERNAL;
  }
}
