// `gatehouse bundle resolve [--canonical] B`: print the resolved bundle — every
// `extends` loaded, every `overrides` applied — which is what the engine loads
// and what `bundle_digest` is over. `--canonical` prints the exact bytes the
// digest hashes (keys sorted, no whitespace). Skips and warnings go to stderr.
import { canonicalJson } from "../bundle/canonical.js";
import type { ParsedArgs } from "./args.js";
import { loadBundleArgument, skippedLine } from "./bundle-load.js";
import { EXIT } from "../model/exit-codes.js";
import type { Io } from "./io.js";

export async function bundleResolveCommand(args: ParsedArgs, io: Io): Promise<number> {
  const file = args.positionals[0]!;
  const loaded = loadBundleArgument(file);
  // --canonical: exactly the digest's bytes (no newline), so `… | sha256sum` prints the digest.
  if (args.flags.has("canonical")) (io.write ?? io.out)(canonicalJson(loaded.resolved));
  else io.out(JSON.stringify(loaded.resolved, null, 2));
  for (const s of loaded.skipped) io.err(`gatehouse bundle resolve: ${skippedLine(s)}`);
  for (const w of loaded.warnings) io.err(`gatehouse bundle resolve: warning ${w.code}: ${w.detail}`);
  io.err(`gatehouse bundle resolve: ${file}: ${loaded.artifacts.length} artifact(s) from ${loaded.sources.length} bundle(s); digest ${loaded.digest}`);
  return EXIT.OK;
}
