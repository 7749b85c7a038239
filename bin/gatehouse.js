#!/usr/bin/env node
// The `gatehouse` command: a thin launcher for the bundled CLI in dist/.
import { existsSync } from "node:fs";
import { setFlagsFromString } from "node:v8";
import { fileURLToPath } from "node:url";

// `guard` runs per Write/Edit call and needs none of the engine: its own bundle starts in half the time.
const entry = process.argv[2] === "guard" ? "../dist/guard.js" : "../dist/cli.js";
const cli = fileURLToPath(new URL(entry, import.meta.url));
if (!existsSync(cli)) {
  process.stderr.write(`gatehouse: ${entry.slice(3)} is missing — run \`npm run build\` first\n`);
  process.exit(70);
}
// A process that answers one call and exits gains nothing from V8's optimising
// WebAssembly tier: left on, its background compilation of the shell grammar
// delays process exit by ~0.7 s. (The library and a long-lived daemon keep it.)
setFlagsFromString("--liftoff-only");
const { main } = await import(cli);
const code = await main(process.argv.slice(2));
// Exit as soon as the output is flushed.
process.stdout.write("", () => process.stderr.write("", () => process.exit(code)));
