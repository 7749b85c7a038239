// Reading a bundle from disk: the error names the file and what is wrong.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { BundleLoadError } from "../bundle/load.js";
import { packageRoot } from "./package-root.js";

/** The embedded default bundle shipped in the package. */
export function defaultBundlePath(): string {
  return join(packageRoot(), "bundles", "default.json");
}

export function readBundleFile(path: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "unreadable";
    throw new BundleLoadError(`${path}: cannot read bundle (${code})`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new BundleLoadError(`${path}: bundle is not JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
}
