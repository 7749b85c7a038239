// A state directory that cannot be made says what the system said (issue 22
// item 4): a read-only file system is EROFS, a directory this user may not
// write is EACCES — not the ENOENT Node's recursive mkdir reports on a
// read-only mount. Both need root: the mount, and root without its capabilities
// (setpriv drops the bounding set, so the permission bits bind root too — a
// switch to another uid could not read a checkout in a 0700 directory, as CI's
// fresh clone is); each skips, saying so, without.
import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { StateDirStore } from "../../src/node/state-dir.js";
import type { StateStamp } from "../../src/state/store.js";
import { countingBundle, claude } from "../support/hook-payloads.js";
import { BIN } from "../support/spawn-hook.js";
import { scratchDir } from "../support/scratch.js";

const stamp: StateStamp = { layout: { c: 1, f: 0, t: 0, a: 0, run: false }, bundleDigest: "sha256:aaa" };
const inc = () => ({ state: { c: [1], f: [], t: [], a: [], run: null } as never, result: 0 });

const isRoot = process.getuid?.() === 0;
const ok = (cmd: string, args: string[]) => spawnSync(cmd, args, { stdio: "ignore" }).status === 0;

const roDir = scratchDir("gatehouse-state-ro-");
const mounted = isRoot && ok("mount", ["-t", "tmpfs", "-o", "ro,size=64k", "tmpfs", roDir]);
afterAll(() => {
  if (mounted) execFileSync("umount", [roDir]);
});
if (!mounted) console.warn("state-dir-errors: mount -t tmpfs -o ro refused (not root, or no mount permission): the EROFS case is skipped");

const DROP_CAPS = ["--bounding-set=-all", "--inh-caps=-all"];
const hasSetpriv = isRoot && ok("setpriv", [...DROP_CAPS, "true"]);
if (!hasSetpriv) console.warn("state-dir-errors: no setpriv dropping root's capabilities (not root?): the EACCES case is skipped");

describe("a state directory that cannot be made", () => {
  it.skipIf(!mounted)("on a read-only file system: EROFS, as the system said", async () => {
    const store = new StateDirStore(join(roDir, "gatehouse", "state"));
    await expect(store.update("s", stamp, inc)).rejects.toThrow(`${join(roDir, "gatehouse", "state")}: cannot create the state directory (EROFS)`);
  });

  it.skipIf(!hasSetpriv)("in a directory the hook's user may not write: EACCES, through the hook process", () => {
    const dir = scratchDir("gatehouse-state-eacces-");
    const bundle = join(dir, "counting.json");
    writeFileSync(bundle, JSON.stringify(countingBundle(1)));
    const locked = join(dir, "locked");
    mkdirSync(locked, { mode: 0o555 });
    chmodSync(locked, 0o555);
    const stateDir = join(locked, "a", "state");
    const run = spawnSync(
      "setpriv",
      [...DROP_CAPS, process.execPath, BIN, "hook", "claude", "--bundle", bundle, "--state-dir", stateDir],
      { input: JSON.stringify(claude.pre("ls")), encoding: "utf8", env: { PATH: process.env.PATH ?? "", HOME: dir, GATEHOUSE_CACHE_DIR: join(dir, "cache") } },
    );
    expect(run.stderr).toContain(`${stateDir}: cannot create the state directory (EACCES)`);
    expect(run.status).toBe(0); // open: evaluated with the state unknown
  });
});
