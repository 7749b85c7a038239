#!/usr/bin/env node
// The `gatehouse` command: a thin launcher for the bundled CLI in dist/,
// compiled through V8's code cache (src/node/code-cache.ts; docs/performance.md
// "Hook process start").
import { existsSync, readFileSync } from "node:fs";
import { setFlagsFromString } from "node:v8";
import { fileURLToPath } from "node:url";

const argv = process.argv.slice(2);
// `guard` runs per Write/Edit call and needs none of the engine: its own bundle starts in half the time.
const name = argv[0] === "guard" ? "guard" : "cli";
const cli = fileURLToPath(new URL(`../dist/${name}.cjs`, import.meta.url));
if (!existsSync(cli)) {
  process.stderr.write(`gatehouse: dist/${name}.cjs is missing — run \`npm run build\` first\n`);
  process.exit(70);
}
// A process that answers one call and exits gains nothing from V8's optimising
// WebAssembly tier: left on, its background compilation of the shell grammar
// delays process exit by ~0.7 s. The daemon (`serve`) is long-lived and keeps
// it, as the library does: its parses then run optimised code.
if (argv[0] !== "serve") setFlagsFromString("--liftoff-only");
const { CODE_CACHE_FLAGS, codeCacheDir, requireWithCodeCache } = await import(new URL("../dist/code-cache.js", import.meta.url).href);
for (const flag of CODE_CACHE_FLAGS) setFlagsFromString(flag);
const source = readFileSync(cli, "utf8");
// The build digest scripts/build.mjs appended names this build's cache, one per command (holding what that
// command compiles); a file without one (not built by it) runs without a cache.
const build = /^\/\/# gatehouse-build=([0-9a-f]{64})\n$/.exec(source.slice(source.lastIndexOf("\n", source.length - 2) + 1))?.[1];
const command = /^[a-z]+$/.test(argv[0] ?? "") ? argv[0] : "none";
const dir = build === undefined ? null : codeCacheDir(process.env);
const loaded = requireWithCodeCache(cli, { dir, key: `${name}-${build}-${command}` }, source);
const code = await loaded.exports.main(argv);
loaded.save();
// Exit as soon as the output is flushed.
process.stdout.write("", () => process.stderr.write("", () => process.exit(code)));
