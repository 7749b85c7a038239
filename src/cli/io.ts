// The CLI's window on the world, injected so subcommands are testable in-process.
import { readFileSync } from "node:fs";

export interface Io {
  out(line: string): void;
  /** Stdout exactly as given, no newline added (bytes a pipe hashes); hosts without it get `out`. */
  write?(text: string): void;
  err(line: string): void;
  readFile(path: string): string;
  readStdin(): string;
  env: Record<string, string | undefined>;
  cwd: string;
  now(): number;
}

export function processIo(): Io {
  return {
    out: (line) => process.stdout.write(`${line}\n`),
    write: (text) => process.stdout.write(text),
    err: (line) => process.stderr.write(`${line}\n`),
    readFile: (path) => readFileSync(path, "utf8"),
    readStdin: () => readFileSync(0, "utf8"),
    env: process.env,
    cwd: process.cwd(),
    now: () => Date.now(),
  };
}
