// Shared by the subcommands: load the engine a `--bundle` names (or the default),
// turning every load failure into one line naming the file and the problem.
// A bundle file that cannot be read is unreadable input (66), like any other
// input file; one that reads but does not load is an explained failure (1).
import { readFileSync } from "node:fs";
import { BundleLoadError } from "../bundle/load.js";
import type { Engine, EngineOptions } from "../engine.js";
import { bundleIdentity } from "../node/bundle-file.js";
import { loadEngine } from "../node/load-engine.js";
import { CliError } from "./cli-error.js";
import { EXIT } from "../model/exit-codes.js";
import { PRECOMPILED_DEFAULT } from "./precompiled-default.js";

export { CliError } from "./cli-error.js";

/** The one-line reason an input file cannot be read: `ENOENT`, `EACCES`, `EISDIR`, … */
export function unreadable(path: string, error: unknown, what = "cannot read"): CliError {
  return new CliError(`${path}: ${what} (${(error as NodeJS.ErrnoException).code ?? String(error)})`, EXIT.NO_INPUT);
}

/** A bundle file's parsed JSON: 66 when it cannot be read, 1 when it is not JSON. */
export function readBundleArg(path: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw unreadable(path, error, "cannot read bundle");
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new CliError(`${path}: bundle is not JSON: ${error instanceof Error ? error.message : String(error)}`, EXIT.FAILURE);
  }
}

export async function engineFromArgs(bundlePath: string | undefined, implementation?: "wasm" | "twin", classificationCache?: EngineOptions["classificationCache"]): Promise<Engine> {
  const bundle = bundlePath === undefined ? undefined : readBundleArg(bundlePath);
  // The default bundle's build-time form, in a built CLI (it applies only if the file still holds that text).
  const precompiled = bundle === undefined ? (PRECOMPILED_DEFAULT ?? undefined) : undefined;
  try {
    // The file's identity: its relative `extends` resolve from its directory, and a base naming it back is a cycle.
    return await loadEngine({ bundle, bundleKey: bundlePath === undefined ? undefined : bundleIdentity(bundlePath), implementation, precompiled, classificationCache });
  } catch (error) {
    if (error instanceof BundleLoadError) {
      const where = bundlePath ?? "the default bundle";
      throw new CliError(error.message.startsWith(where) ? error.message : `${where}: ${error.message}`, EXIT.FAILURE);
    }
    throw error;
  }
}

/**
 * Print the bundle's skipped items to stderr, one line each with its detail (the engine never logs),
 * and say so when nothing is left to enforce: such a bundle allows every call without an unknown shape.
 */
export function reportSkipped(engine: Engine, write: (line: string) => void): void {
  for (const s of engine.skipped) write(`gatehouse: skipped ${s.kind || "(no kind)"} ${JSON.stringify(s.id)}: ${s.reason} — ${s.detail}`);
  for (const w of engine.bundleWarnings) if (w.code === "no_enforcing_artifact") write(`gatehouse: warning ${w.code}: ${w.detail}`);
}
