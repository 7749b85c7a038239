// The guard's spec file (seed 004's camelCase keys): everything `gatehouse
// guard` needs to judge one write, written by the installer, read per call.
// The hook command line carries only paths; the contract lives here.
import { readFileSync } from "node:fs";
import * as z from "./zod.js";

export const GUARD_SPEC_VERSION = 1;
/** The gate's name in specs, records and reasons: one gate, judged before the write (guard) and after (sweep). */
export const TOUCH_SET_GATE = "out_of_contract_write";

export const GuardSpecSchema = z.strictObject({
  version: z.literal(GUARD_SPEC_VERSION),
  gate: z.string().check(z.minLength(1)),
  /** The checkout the touch set is relative to; relative tool paths resolve against it. */
  sessionCwd: z.string().check(z.startsWith("/", "must be an absolute path")),
  touchSet: z.array(z.string()),
  /** Where blocks and errors are appended (JSONL). */
  recordFile: z.string().check(z.startsWith("/", "must be an absolute path")),
});
export type GuardSpec = z.infer<typeof GuardSpecSchema>;

export class GuardSpecError extends Error {
  override readonly name = "GuardSpecError";
  constructor(
    message: string,
    /** The spec's `recordFile`, when the file was readable enough to name one. */
    readonly recordFile: string | null,
    /** The file could not be read at all (as opposed to read and found invalid). */
    readonly unreadable = false,
  ) {
    super(message);
  }
}

/** Parse spec text; every problem is one line naming the file and the key. */
export function parseGuardSpec(text: string, where: string): GuardSpec {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new GuardSpecError(`${where}: spec is not JSON: ${(error instanceof Error ? error.message : String(error)).replace(/\s+/g, " ")}`, null);
  }
  const parsed = GuardSpecSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const key = issue.path.length > 0 ? issue.path.join(".") : "(top level)";
  const named = (raw as { recordFile?: unknown } | null)?.recordFile;
  const recordFile = typeof named === "string" && named.startsWith("/") ? named : null;
  throw new GuardSpecError(`${where}: invalid spec at ${key}: ${issue.message}`, recordFile);
}

/** Read and parse the spec at `path` (`read` is injected so the CLI's Io can serve it). */
export function loadGuardSpec(path: string, read: (path: string) => string = (p) => readFileSync(p, "utf8")): GuardSpec {
  let text: string;
  try {
    text = read(path);
  } catch (error) {
    throw new GuardSpecError(`${path}: cannot read spec (${(error as NodeJS.ErrnoException).code ?? String(error)})`, null, true);
  }
  return parseGuardSpec(text, path);
}

/** The spec file's text as the installer writes it (stable key order, trailing newline). */
export function formatGuardSpec(spec: GuardSpec): string {
  return `${JSON.stringify(GuardSpecSchema.parse(spec), null, 2)}\n`;
}
