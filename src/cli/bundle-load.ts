// Load the bundle a `bundle` subcommand names, composition included:
// `gatehouse:default` names the embedded default bundle; `extends` resolve
// relative to the file. Unreadable file: 66; a bundle (or a base) that cannot
// load: one line, 1.
import { DEFAULT_BUNDLE_REF } from "../bundle/compose.js";
import { loadBundle, type LoadedBundle } from "../bundle/load.js";
import { bundleFileSource, bundleIdentity, fileBaseResolver } from "../node/bundle-file.js";
import { CliError, readBundleArg } from "./engine-options.js";
import { EXIT } from "../model/exit-codes.js";

export function loadBundleArgument(file: string): LoadedBundle {
  const source = file === DEFAULT_BUNDLE_REF ? bundleFileSource() : { bundle: readBundleArg(file), bundleKey: bundleIdentity(file), resolveBase: fileBaseResolver() };
  try {
    return loadBundle(source.bundle, { resolveBase: source.resolveBase, key: source.bundleKey });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new CliError(message.startsWith(file) ? message : `${file}: ${message}`, EXIT.FAILURE);
  }
}

/** One line per skipped item, `detail` included. */
export function skippedLine(s: { kind: string; id: string; reason: string; detail: string }): string {
  return `skipped ${s.kind || "(no kind)"} ${JSON.stringify(s.id)}: ${s.reason} — ${s.detail}`;
}
