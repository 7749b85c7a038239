// The whole-bundle checks (SPEC §4): a bundle that is not JSON, not an object,
// of another schema major, or with a malformed top-level field fails as a
// whole with BundleLoadError. Used for the bundle being loaded and for every
// bundle it extends (the message then names that bundle).
import { BUNDLE_DEPTH_CAP, tooDeepAt } from "./depth.js";
import { SCHEMA_MAJOR } from "../version.js";
import { describeIssue, formatPath } from "./detail.js";
import { BundleTopSchema, type BundleTop } from "./schema.js";
import { zodCheck, type SchemaCheck } from "../model/schema-check.js";

export class BundleLoadError extends Error {
  override readonly name = "BundleLoadError";
}

export interface TopLevel {
  top: BundleTop;
  raw: Record<string, unknown>;
}

/** `source` names an inherited bundle in the messages (null: the bundle itself). */
export function parseTopLevel(input: unknown, source: string | null = null, check: SchemaCheck = zodCheck): TopLevel {
  const fail = (message: string): never => {
    throw new BundleLoadError(source === null ? message : `${source}: ${message}`);
  };
  let value = input;
  if (typeof input === "string") {
    try {
      value = JSON.parse(input);
    } catch (error) {
      fail(`bundle is not JSON: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    fail(`bundle must be a JSON object, got ${Array.isArray(value) ? "an array" : value === null ? "null" : typeof value}`);
  }
  const deep = tooDeepAt(value);
  if (deep !== null) fail(`bundle is nested more than ${BUNDLE_DEPTH_CAP} levels deep at ${formatPath(deep.slice(0, 6))}…`);
  const raw = value as Record<string, unknown>;
  const version = raw.schema_version;
  if (typeof version !== "string") fail(`bundle schema_version must be a string like "${SCHEMA_MAJOR}.0", got ${JSON.stringify(version) ?? "nothing"}`);
  const major = /^(\d+)(\.\d+)*$/.exec(version as string);
  if (major === null || Number(major[1]) !== SCHEMA_MAJOR)
    fail(`bundle schema_version ${JSON.stringify(version)} is not supported: this engine reads major ${SCHEMA_MAJOR}`);
  const parsed = check(BundleTopSchema, raw);
  if (!parsed.success) {
    const { path, text } = describeIssue(parsed.error.issues[0]!, raw);
    return fail(`bundle top level is malformed at ${formatPath(path)}: ${text}`);
  }
  return { top: parsed.data, raw };
}
