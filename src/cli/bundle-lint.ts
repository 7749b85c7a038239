// `gatehouse bundle lint [--json] [--strict] B`: load a bundle (composition
// included) and report what did not activate and what looks wrong, each with a
// one-line `detail` naming the JSON path. Exit 0 even with skips; `--strict`
// (for CI) exits 1 on any skip or warning; 1 when the bundle cannot load; 66
// when the file cannot be read.
import type { ParsedArgs } from "./args.js";
import { loadBundleArgument, skippedLine } from "./bundle-load.js";
import { EXIT } from "../model/exit-codes.js";
import type { Io } from "./io.js";

export async function bundleLintCommand(args: ParsedArgs, io: Io): Promise<number> {
  const file = args.positionals[0]!;
  const loaded = loadBundleArgument(file);
  const clean = loaded.skipped.length === 0 && loaded.warnings.length === 0;
  const exit = args.flags.has("strict") && !clean ? EXIT.FAILURE : EXIT.OK;
  if (args.flags.has("json")) {
    io.out(JSON.stringify({ skipped: loaded.skipped, warnings: loaded.warnings }));
    return exit;
  }
  for (const s of loaded.skipped) io.out(skippedLine(s));
  for (const w of loaded.warnings) io.out(`warning ${w.code}: ${w.detail}`);
  const from = loaded.sources.length > 1 ? ` from ${loaded.sources.length} bundles` : "";
  io.out(
    `${file}: ${loaded.artifacts.length} artifact(s) active${from}, ${loaded.skipped.length} skipped, ${loaded.warnings.length} warning(s); digest ${loaded.digest}` +
      (exit === EXIT.OK ? "" : " (--strict: failing)"),
  );
  return exit;
}
