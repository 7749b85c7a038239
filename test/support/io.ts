// An in-memory Io for running CLI subcommands in-process.
import { readFileSync } from "node:fs";
import type { Io } from "../../src/cli/io.js";

export function memoryIo(options: { stdin?: string; files?: Record<string, string>; env?: Record<string, string>; cwd?: string } = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const io: Io = {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    readFile: (path) => (options.files && path in options.files ? options.files[path]! : readFileSync(path, "utf8")),
    readStdin: () => options.stdin ?? "",
    env: options.env ?? { HOME: "/home/dev" },
    cwd: options.cwd ?? "/home/dev/project",
    now: () => 1_767_225_600_000,
  };
  return { io, out, err };
}
