// What `gatehouse install` wrote and what the hook it wrote runs, kept in the
// state directory (`<state dir>/installs.json`, 0600) so that every hook and
// daemon reading that directory can hand the whole footprint to the classifier
// as `host.gate` (SPEC §6.8) — also the parts a hook process cannot see of
// itself: another project's settings file, the ledger another install names,
// the daemon URL of an `--http` install. One entry per settings file;
// `uninstall` removes its entry. The file is part of the footprint it lists
// (it lives in the state directory), so the agent cannot rewrite it unasked.
import { readFileSync } from "node:fs";
import { makeDirs } from "../files/make-dirs.js";
import { dirname, join } from "node:path";
import { z } from "zod";
import { writeFileAtomic } from "../files/durable-file.js";

export const INSTALL_RECORD_FILE = "installs.json";

const InstallEntrySchema = z.object({
  agent: z.string(),
  scope: z.string(),
  /** The settings file written. */
  settings: z.string(),
  /** The files the hook command runs: the node binary, the launcher. */
  runs: z.array(z.string()).default([]),
  bundle: z.string().nullable().default(null),
  stateDir: z.string().nullable().default(null),
  ledger: z.string().nullable().default(null),
  /** A daemon URL the hook talks to: `--http` or `--daemon`. */
  daemon: z.string().nullable().default(null),
});
export type InstallEntry = z.infer<typeof InstallEntrySchema>;

const InstallRecordSchema = z.object({
  format: z.literal("gatehouse.installs/1"),
  installs: z.array(InstallEntrySchema),
});

/** A bound on what a hook reads per call: a real record is a few hundred bytes per install. */
const MAX_RECORD_BYTES = 1 << 20;

export const installRecordPath = (stateDir: string) => join(stateDir, INSTALL_RECORD_FILE);

/** The entries recorded in `stateDir`; none when the file is missing, too big or unreadable (the host's own facts still apply). */
export function readInstallRecord(stateDir: string): InstallEntry[] {
  try {
    const text = readFileSync(installRecordPath(stateDir), "utf8");
    if (text.length > MAX_RECORD_BYTES) return [];
    return InstallRecordSchema.parse(JSON.parse(text)).installs;
  } catch {
    return [];
  }
}

/** Replace the entry for `entry.settings` (or, with `entry` null, remove the one for `settings`); atomic, 0600. */
export function updateInstallRecord(stateDir: string, settings: string, entry: InstallEntry | null): void {
  const before = readInstallRecord(stateDir);
  const kept = before.filter((e) => e.settings !== settings);
  if (entry === null && kept.length === before.length) return; // nothing recorded for it: no file written
  if (entry !== null) kept.push(entry);
  const file = installRecordPath(stateDir);
  makeDirs(dirname(file), 0o700);
  writeFileAtomic(file, `${JSON.stringify({ format: "gatehouse.installs/1", installs: kept }, null, 2)}\n`, 0o600);
}
