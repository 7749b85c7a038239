// Gatehouse as a user installs it: the package packed (`npm pack`) and
// installed globally into a scratch prefix from the tarball — no build step, no
// devDependencies. The suite's global setup does it once; every test runs that
// installation's `gatehouse`, never this checkout's.
import { execFileSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const REPO = join(import.meta.dirname, "../../..");

export interface PackedGatehouse {
  /** The scratch directory holding the tarball and the prefix. */
  dir: string;
  tarball: string;
  tarballBytes: number;
  /** `<prefix>/bin/gatehouse`, the installed command. */
  bin: string;
  /** The installed package's directory (`<prefix>/lib/node_modules/<name>`). */
  packageDir: string;
  name: string;
  version: string;
  /** Wall time of `npm install -g` from the tarball. */
  installMs: number;
}

const npm = (args: string[], cwd: string) => execFileSync("npm", args, { cwd, encoding: "utf8", env: { ...process.env, npm_config_audit: "false", npm_config_fund: "false", npm_config_update_notifier: "false" }, stdio: ["ignore", "pipe", "pipe"] });

/** Pack the built checkout (dist/ must be current: `npm run build` first) and install the tarball globally into a scratch prefix. */
export function packAndInstall(): PackedGatehouse {
  if (!existsSync(join(REPO, "dist/cli.cjs"))) throw new Error("e2e: dist/ is not built; run `npm run build` first");
  const dir = realpathSync(mkdtempSync(join(tmpdir(), "gatehouse-e2e-pkg-")));
  chmodSync(dir, 0o755);
  // --ignore-scripts: the checkout is already built; `prepare` would build it again.
  const out = JSON.parse(npm(["pack", "--ignore-scripts", "--json", "--pack-destination", dir], REPO)) as { filename: string; size: number; name: string; version: string }[];
  const { filename, size, name, version } = out[0]!;
  const tarball = join(dir, filename.replace(/^@[^/]+\//, "").replace(/\//g, "-"));
  const found = existsSync(tarball) ? tarball : join(dir, readdirSync(dir).find((f) => f.endsWith(".tgz"))!);
  const prefix = join(dir, "prefix");
  mkdirSync(prefix);
  const started = Date.now();
  npm(["install", "--global", "--prefix", prefix, "--omit=dev", found], dir);
  const installMs = Date.now() - started;
  const packageDir = join(prefix, "lib/node_modules", name);
  execFileSync("chmod", ["-R", "a+rX", dir]);
  return { dir, tarball: found, tarballBytes: size, bin: join(prefix, "bin/gatehouse"), packageDir, name, version, installMs };
}

export function removePacked(p: PackedGatehouse): void {
  rmSync(p.dir, { recursive: true, force: true });
}

/** The package's own name and version, as the tarball will carry them. */
export function packageJson(): { name: string; version: string } {
  return JSON.parse(readFileSync(join(REPO, "package.json"), "utf8"));
}
