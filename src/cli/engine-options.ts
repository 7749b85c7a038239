// Shared by the subcommands: load the engine a `--bundle` names (or the default),
// turning every load failure into one line naming the file and the problem.
import { BundleLoadError } from "../bundle/load.js";
import type { Engine } from "../engine.js";
import { loadEngine } from "../node/index.js";

export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
  }
}

export async function engineFromArgs(bundlePath: string | undefined, implementation?: "wasm" | "twin"): Promise<Engine> {
  try {
    return await loadEngine({ bundlePath, implementation });
  } catch (error) {
    if (error instanceof BundleLoadError) {
      const where = bundlePath ?? "the default bundle";
      throw new CliError(error.message.startsWith(where) ? error.message : `${where}: ${error.message}`, 1);
    }
    throw error;
  }
}

/** Print the bundle's skipped items to stderr, one line each (the engine never logs). */
export function reportSkipped(engine: Engine, write: (line: string) => void): void {
  for (const s of engine.skipped) write(`gatehouse: skipped ${s.kind || "(no kind)"} ${JSON.stringify(s.id)}: ${s.reason}`);
}
