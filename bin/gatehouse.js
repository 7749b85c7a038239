#!/usr/bin/env node
// The `gatehouse` command: a thin launcher for the bundled CLI in dist/,
// compiled through V8's code cache (src/node/code-cache.ts; docs/performance.md
// "Hook process start"). CommonJS (bin/package.json says so, and the installed
// hook commands name this file): Node then runs it without its ES-module
// loader, whose start-up and `node:fs` facade cost a hook process ~5 ms.
"use strict";
const { existsSync, readFileSync } = require("node:fs");
const { join } = require("node:path");

const argv = process.argv.slice(2);
// Run by the wrapper `install` writes (src/install/hook-wrapper.ts): it blocks the agent's call on any exit code
// Gatehouse does not answer on purpose. A crashing node also exits 1, so Gatehouse's own exit 1 is answered as 65
// (the wrapper turns it back into 1), and a build it cannot load as 69 (the wrapper blocks).
const wrapped = process.env.GATEHOUSE_HOOK_WRAPPED === "1";
delete process.env.GATEHOUSE_HOOK_WRAPPED;
const answerCode = (code) => (wrapped && code === 1 ? 65 : code);
// `guard` runs per Write/Edit call and needs none of the engine: its own bundle starts in half the time.
const name = argv[0] === "guard" ? "guard" : "cli";
const cli = join(__dirname, "..", "dist", `${name}.cjs`);
if (!existsSync(cli)) {
  process.stderr.write(`gatehouse: ${cli} is missing — run \`npm run build\` in ${join(__dirname, "..")} (or reinstall Gatehouse)\n`);
  process.exit(wrapped ? 69 : 70);
}
// `hook AGENT --daemon URL`: a running `gatehouse serve` answers, and this process loads none of the engine
// (src/node/hook-forward.ts); `--daemon auto`: this user's daemon on its Unix socket, started when none answers
// (src/node/socket-forward.ts). When the daemon does not answer, the call is evaluated here as usual.
const daemonAt = argv[0] === "hook" ? argv.findIndex((a) => a === "--daemon" || a.startsWith("--daemon=")) : -1;
if (daemonAt > 0) {
  const auto = (argv[daemonAt] === "--daemon" ? argv[daemonAt + 1] : argv[daemonAt].slice(9)) === "auto";
  (auto ? require("../dist/socket-forward.cjs").forwardAutoHook(argv.slice(1), join(__dirname, "..")) : require("../dist/hook-forward.cjs").forwardHook(argv.slice(1)))
    .then((forwarded) => {
      if (forwarded.kind === "usage") return finish(`gatehouse hook: ${forwarded.message} (gatehouse hook --help)\n`, "", 64);
      if (forwarded.kind === "answered") {
        const { stdout, stderr, exitCode } = forwarded.answer;
        return finish(stderr === null ? "" : `${stderr}\n`, stdout === "" ? "" : `${stdout}\n`, exitCode);
      }
      if (forwarded.why !== "") process.stderr.write(`gatehouse hook ${argv[1]}: ${forwarded.why}\n`);
      runCli(forwarded.stdin);
    });
} else runCli(null);

/** Write what a forwarded call answered and exit once it is flushed. */
function finish(err, out, code) {
  const writeOut = () => (out === "" ? process.exit(answerCode(code)) : process.stdout.write(out, () => process.exit(answerCode(code))));
  if (err === "") writeOut();
  else process.stderr.write(err, writeOut);
}

/** Run the bundled CLI; `stdin`: what a forwarding attempt already read from stdin (null: nothing read). */
function runCli(stdin) {
  // node:v8 only here: a forwarded call never loads it (its bindings cost a forwarding hook ~13 M instructions, 2.5 % of a bare node).
  const { setFlagsFromString } = require("node:v8");
  // A process that answers one call and exits gains nothing from V8's optimising
  // WebAssembly tier: left on, its background compilation of the shell grammar
  // delays process exit by ~0.7 s. The daemon (`serve`) is long-lived and keeps
  // it, as the library does: its parses then run optimised code.
  if (argv[0] !== "serve") setFlagsFromString("--liftoff-only");
  const { CODE_CACHE_FLAGS, codeCacheDigestDir, codeCacheDir, requireWithCodeCache, watchStdio } = require("../dist/code-cache.cjs");
  for (const flag of CODE_CACHE_FLAGS) setFlagsFromString(flag);
  // The build checks the file is ASCII (scripts/build.mjs), so latin1 reads the same string as UTF-8 would, without the decode.
  const source = readFileSync(cli, "latin1");
  // The build digest scripts/build.mjs appended names this build's cache, one per command (holding what that
  // command compiles); a file without one (not built by it) runs without a cache.
  const build = /^\/\/# gatehouse-build=([0-9a-f]{64})\n$/.exec(source.slice(source.lastIndexOf("\n", source.length - 2) + 1))?.[1];
  const command = /^[a-z]+$/.test(argv[0] ?? "") ? argv[0] : "none";
  const dir = build === undefined ? null : codeCacheDir(process.env);
  const stdio = watchStdio(process);
  // A cache runs only if the digest its writer kept in the state directory vouches for it (src/node/code-cache.ts).
  const loaded = requireWithCodeCache(cli, { dir, key: `${name}-${build}-${command}`, digestDir: codeCacheDigestDir(process.env, argv) }, source);
  const io = stdin === null ? undefined : { ...loaded.exports.processIo(), readStdin: () => stdin };
  loaded.exports.main(argv, io).then((code) => {
    // A run that compiled less than its command usually does (a hook answered without the engine) keeps no cache.
    if (loaded.exports.savesCodeCache?.() !== false) loaded.save();
    // Exit as soon as what was written is flushed; a stream never opened (a hook's silent allow) is not opened to flush it.
    const streams = stdio.opened();
    const flush = (i) => (i === streams.length ? process.exit(answerCode(code)) : streams[i].write("", () => flush(i + 1)));
    flush(0);
  });
}
