#!/usr/bin/env node
// The `gatehouse` command: a thin launcher for the bundled CLI in dist/.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const cli = fileURLToPath(new URL("../dist/cli.js", import.meta.url));
if (!existsSync(cli)) {
  process.stderr.write("gatehouse: dist/cli.js is missing — run `npm run build` first\n");
  process.exit(70);
}
const { main } = await import(cli);
const code = await main(process.argv.slice(2));
// Exit as soon as the output is flushed: V8 would otherwise keep optimising the
// shell grammar's WebAssembly in the background for ~0.5 s before the process ends.
process.stdout.write("", () => process.stderr.write("", () => process.exit(code)));
