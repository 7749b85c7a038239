// `gatehouse bundle lint [--json] B`: load a bundle and report what did not
// activate. Exit 0 even with skips; 1 when the bundle itself cannot load.
import { loadBundle } from "../bundle/load.js";
import { readBundleFile } from "../node/bundle-file.js";
import { parseArgs, UsageError } from "./args.js";
import { CliError } from "./engine-options.js";
import { EXIT } from "./exit-codes.js";
import type { Io } from "./io.js";

export async function bundleCommand(argv: string[], io: Io): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub !== "lint") throw new UsageError(`unknown bundle subcommand ${JSON.stringify(sub ?? "")} (expected: lint)`);
  const args = parseArgs(rest, { flags: ["json"] });
  const [file, ...extra] = args.positionals;
  if (file === undefined || extra.length > 0) throw new UsageError("bundle lint needs exactly one bundle file");
  let loaded;
  try {
    loaded = loadBundle(readBundleFile(file));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new CliError(message.startsWith(file) ? message : `${file}: ${message}`, EXIT.FAILURE);
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
