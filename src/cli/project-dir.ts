// `--project DIR` of install, uninstall and doctor: an existing directory. A
// typo must not create a directory tree (install) or report a clean bill of
// health for a project that is not there (doctor, uninstall).
import { statSync } from "node:fs";
import { resolve } from "node:path";
import { CliError, unreadable } from "./engine-options.js";
import { EXIT } from "../model/exit-codes.js";
import type { Io } from "./io.js";

/** The absolute project directory `--project` names (default: the current directory); 66 when it is not one. */
export function projectDirArg(value: string | undefined, io: Io): string {
  const dir = resolve(io.cwd, value ?? ".");
  let isDirectory: boolean;
  try {
    isDirectory = statSync(dir).isDirectory();
  } catch (error) {
    throw unreadable(`--project ${dir}`, error, "no such project directory");
  }
  if (!isDirectory) throw new CliError(`--project ${dir}: not a directory`, EXIT.NO_INPUT);
  return dir;
}
