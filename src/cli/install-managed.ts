// `install|uninstall AGENT --managed`: Gatehouse's entries in the agent's
// managed (system) settings file, plus the keys that make that layer win
// (src/install/managed.ts). What install added besides its entries is
// recorded in `gatehouse.installed.json` beside the file, written before it,
// so uninstall removes exactly that and the file comes back byte for byte
// (a file install created is deleted again once it holds nothing else).
import { existsSync, unlinkSync } from "node:fs";
import type { ManagedEntry } from "../install/entries.js";
import { addRequiredKeys, MANAGED, readManagedRecord, recordPathOf, removeAddedKeys, removeManagedRecord, RequiredKeyConflict, writeManagedRecord, type ManagedLayer, type ManagedRecord } from "../install/managed.js";
import { planInstall, planUninstall, SettingsRefused, skeletonText } from "../install/plan.js";
import { readSettings, SettingsUnreadable, writeSettings } from "../install/settings-file.js";
import { CliError } from "./engine-options.js";
import { EXIT } from "../model/exit-codes.js";
import { entryCount, type Target } from "./install-target.js";
import type { Io } from "./io.js";

function layerOf(target: Target): ManagedLayer {
  const support = MANAGED[target.settings.agent];
  if (support.kind !== "layer") throw new Error(`no managed layer for ${target.settings.agent}`);
  return support.layer;
}

function read(path: string): string | null {
  try {
    return readSettings(path);
  } catch (error) {
    if (error instanceof SettingsUnreadable) throw new CliError(error.message, EXIT.NO_INPUT);
    throw error;
  }
}

/** A write the managed directory refuses: almost always a missing `sudo`. */
function cannotWrite(path: string, error: unknown): CliError {
  const code = (error as NodeJS.ErrnoException).code ?? String(error);
  const hint = code === "EACCES" || code === "EPERM" ? " — the managed layer is the administrator's: run the command as root (sudo)" : "";
  return new CliError(`${path}: cannot write (${code}); left as it was${hint}`, EXIT.FAILURE);
}

const samePaths = (a: readonly (readonly string[])[], b: readonly (readonly string[])[]) => JSON.stringify(a) === JSON.stringify(b);

export function installManaged(target: Target, entries: readonly ManagedEntry[], runs: string, io: Io): number {
  const { settings, path } = target;
  const layer = layerOf(target);
  const text = read(path);
  let next: string;
  let added: string[][];
  try {
    const plan = planInstall(text, settings, entries);
    for (const w of plan.warnings) io.err(`gatehouse install: warning: ${path}: ${w}`);
    ({ text: next, added } = addRequiredKeys(plan.text, layer));
  } catch (error) {
    if (error instanceof SettingsRefused || error instanceof RequiredKeyConflict) throw new CliError(`${path}: ${error.message}; left untouched`, EXIT.FAILURE);
    throw error;
  }
  const previous = readManagedRecord(path);
  const record: ManagedRecord = {
    format: "gatehouse.managed-install/1",
    file: path,
    created: text === null || (previous?.created ?? false),
    added: [...(previous?.added ?? []), ...added.filter((p) => !(previous?.added ?? []).some((q) => samePaths([p], [q])))],
  };
  const recordChanged = previous === null || previous.created !== record.created || !samePaths(previous.added, record.added);
  if (next === text && !recordChanged) {
    io.out(`${settings.title}: ${path} already has Gatehouse's hooks (unchanged, managed scope)`);
    return EXIT.OK;
  }
  try {
    if (recordChanged) writeManagedRecord(record);
    if (next !== text) writeSettings(path, next);
  } catch (error) {
    throw cannotWrite(path, error);
  }
  io.out(`${settings.title}: wrote ${path} (managed scope)`);
  for (const e of entries) io.out(`  ${e.event}${e.matcher === null ? "" : ` ${e.matcher}`}`);
  io.out(`  runs: ${runs}`);
  for (const key of layer.requires) io.out(`  ${key.path.join(".")}: ${JSON.stringify(key.value)}${added.some((p) => key.path.join(".").startsWith(p.join("."))) ? " (added)" : " (already set)"} — ${key.why}`);
  io.out(`  recorded what install added in ${recordPathOf(path)} (uninstall --managed reads it)`);
  io.out(`  note: ${layer.note}`);
  io.out(`  next: ${settings.afterInstall}`);
  return EXIT.OK;
}

export function uninstallManaged(target: Target, io: Io): number {
  const { settings, path } = target;
  const text = read(path);
  const record = readManagedRecord(path);
  if (text === null) {
    if (record !== null) removeManagedRecord(path);
    io.out(`${settings.title}: ${path} does not exist (nothing to remove)`);
    return EXIT.OK;
  }
  let next: string;
  let removed: number;
  try {
    const plan = planUninstall(text, settings);
    for (const w of plan.warnings) io.err(`gatehouse uninstall: warning: ${path}: ${w}`);
    removed = plan.removed;
    next = record === null ? plan.text : removeAddedKeys(plan.text, record.added);
  } catch (error) {
    if (error instanceof SettingsRefused) throw new CliError(`${path}: ${error.message}; left untouched`, EXIT.FAILURE);
    throw error;
  }
  try {
    // A file install created and that holds nothing else now goes again: the layer is as it was before.
    if (record?.created === true && next === skeletonText(settings)) {
      unlinkSync(path);
      io.out(`${settings.title}: removed ${path} (install had created it)`);
    } else if (next !== text) {
      writeSettings(path, next);
      io.out(`${settings.title}: removed ${entryCount(removed)}${record !== null && record.added.length > 0 ? ` and ${record.added.map((p) => p.join(".")).join(", ")}` : ""} from ${path}`);
    } else io.out(`${settings.title}: ${path} has no Gatehouse hooks (unchanged)`);
    if (record !== null && existsSync(recordPathOf(path))) removeManagedRecord(path);
  } catch (error) {
    throw cannotWrite(path, error);
  }
  return EXIT.OK;
}
