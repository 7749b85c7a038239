// `gatehouse bundle lint [--json] B`: load a bundle and report what did not
// activate. Exit 0 even with skips; 1 when the bundle itself cannot load; 66
// when the file cannot be read.
import { loadBundle } from "../bundle/load.js";
import type { ParsedArgs } from "./args.js";
import { CliError, readBundleArg } from "./engine-options.js";
import { EXIT } from "./exit-codes.js";
import type { Io } from "./io.js";

export async function bundleLintCommand(args: ParsedArgs, io: Io): Promise<number> {
  const file = args.positionals[0]!;
  const raw = readBundleArg(file);
  let loaded;
  try {
    loaded = loadBundle(raw);
  } catch (error) {
    throw new CliError(`${file}: ${error instanceof Error ? error.message : String(error)}`, EXIT.FAILURE);
  }
  if (args.flags.has("json")) {
    io.out(JSON.stringify({ skipped: loaded.skipped, warnings: loaded.warnings }));
    return EXIT.OK;
  }
  for (const s of loaded.skipped) io.out(`skipped ${s.kind || "(no kind)"} ${JSON.stringify(s.id)}: ${s.reason}`);
  for (const w of loaded.warnings) io.out(`warning: ${w}`);
  io.out(`${file}: ${loaded.artifacts.length} artifact(s) active, ${loaded.skipped.length} skipped, ${loaded.warnings.length} warning(s); digest ${loaded.digest}`);
  return EXIT.OK;
}
