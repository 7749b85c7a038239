// Reading bundles from disk: the error names the file and what is wrong. Also
// the Node resolver for `extends` (SPEC §4): `gatehouse:default` is the
// package's default bundle; any other reference is a path relative to the
// extending bundle's file (or, for a bundle with no file, the working directory).
import { readFileSync, realpathSync } from "node:fs";
import { dirname, isAbsolute, join, relative, resolve } from "node:path";
import { DEFAULT_BUNDLE_REF, type BaseResolver } from "../bundle/compose.js";
import { BundleLoadError } from "../bundle/load.js";
import { packageRoot } from "./package-root.js";

/** The embedded default bundle shipped in the package. */
export function defaultBundlePath(): string {
  return join(packageRoot(), "bundles", "default.json");
}

function readText(path: string, name: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "unreadable";
    throw new BundleLoadError(`${name}: cannot read bundle (${code})`);
  }
}

function parseJson(text: string, name: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new BundleLoadError(`${name}: bundle is not JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** `name` is how messages call the file (default: the path as given). */
export function readBundleFile(path: string, name: string = path): unknown {
  return parseJson(readText(path, name), name);
}

/**
 * A bundle file's text, checked to be JSON (so the errors still name the
 * file). Read as text so that a precompiled form of that text
 * (src/bundle/precompiled.ts) can apply; the second parse costs ~0.1 ms for
 * the default bundle.
 */
export function readBundleText(path: string, name: string = path): string {
  const text = readText(path, name);
  parseJson(text, name);
  return text;
}

/** A bundle file's identity for composition (its real path): relative `extends` start in its directory; a base naming it back is a cycle. */
export function bundleIdentity(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path);
  }
}

/** How messages name a file: relative to `cwd` when under it, else absolute. */
function shown(path: string, cwd: string): string {
  const rel = relative(cwd, path);
  return rel !== "" && !rel.startsWith("..") && !isAbsolute(rel) ? rel : path;
}

/** Resolves `extends` references from files; `cwd` anchors references made by a bundle that has no file. */
export function fileBaseResolver(cwd: string = process.cwd()): BaseResolver {
  return (ref, fromKey) => {
    if (ref === DEFAULT_BUNDLE_REF) return { value: readBundleFile(defaultBundlePath()), source: DEFAULT_BUNDLE_REF, key: DEFAULT_BUNDLE_REF };
    if (ref.startsWith("gatehouse:")) throw new BundleLoadError(`unknown built-in bundle ${JSON.stringify(ref)} (the built-in one is ${DEFAULT_BUNDLE_REF})`);
    const from = fromKey === null || fromKey === DEFAULT_BUNDLE_REF ? cwd : dirname(fromKey);
    const path = resolve(from, ref);
    const name = shown(path, cwd);
    return { value: readBundleFile(path, name), source: name, key: bundleIdentity(path) };
  };
}

/**
 * What Engine.load / loadBundle need for a bundle file (or, with no path, the
 * default bundle): its JSON (`asText`: its text), its identity, the resolver.
 */
export function bundleFileSource(path?: string, cwd: string = process.cwd(), asText = false): { bundle: unknown; bundleKey: string; resolveBase: BaseResolver } {
  const resolveBase = fileBaseResolver(cwd);
  const read = asText ? readBundleText : readBundleFile;
  if (path === undefined) return { bundle: read(defaultBundlePath()), bundleKey: DEFAULT_BUNDLE_REF, resolveBase };
  return { bundle: read(path), bundleKey: bundleIdentity(path), resolveBase };
}
