// No option list and no program name list is stated twice in src/classify
// (stated-once.ts); the check itself fails on a planted copy.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { nearCopies, statedTwice } from "./stated-once.js";

const ROOT = join(import.meta.dirname, "../../../src/classify");

function sources(dir: string): Array<[string, string]> {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e): Array<[string, string]> => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return e.name.endsWith(".ts") ? [[relative(ROOT, p), readFileSync(p, "utf8")]] : [];
  });
}

describe("program knowledge is stated once", () => {
  it("no option list or program name list of src/classify is stated twice", () => {
    const files = sources(ROOT);
    expect(files.length).toBeGreaterThan(100);
    expect(statedTwice(files)).toEqual([]);
  });

  it("fails on a planted copy of an option list (any order) and of a name list", () => {
    const files = sources(ROOT);
    const planted: Array<[string, string]> = [
      ...files,
      ["planted/env.ts", `export const ENV = { shortValue: "uCSP", longValue: ["split-string", "unset", "chdir"] };`],
      ["planted/fly.ts", `export const FLY = { names: ["flyctl", "fly"], runs: "x" };`],
    ];
    const found = statedTwice(planted);
    expect(found).toHaveLength(2);
    expect(found[0]).toMatch(/^option \[chdir, split-string, unset\]: programs\/.*planted\/env\.ts:1 longValue$/);
    expect(found[1]).toMatch(/^names \[fly, flyctl\]: .*planted\/fly\.ts:1 names$/);
  });

  it("reads only option and name keys, of three options or two names", () => {
    const twice = (a: string, b: string) => statedTwice([["a.ts", a], ["b.ts", b]]);
    expect(twice(`x = { methods: ["GET", "POST", "PUT"] }`, `y = { methods: ["PUT", "GET", "POST"] }`)).toEqual([]);
    expect(twice(`x = { longValue: ["a", "b"] }`, `y = { longValue: ["b", "a"] }`)).toEqual([]);
    expect(twice(`x = { names: ["kubectl"] }`, `y = { names: ["kubectl"] }`)).toEqual([]);
    expect(twice(`x = { params: ["a", "b", "c"] }`, `y = { valueOptions: ["c", "b", "a"] }`)).toHaveLength(1);
    expect(twice(`const NODE_VALUE_OPTIONS = new Set(["-r", "--require", "--title"])`, `x = { long: ["--title", "-r", "--require"] }`)).toHaveLength(1);
    expect(twice(`const KUBECTL_NAMES = ["kubectl", "oc"] as const`, `x = { names: ["oc", "kubectl"] }`)).toHaveLength(1);
  });
});

/**
 * Files whose option lists are near copies today, each one program's options read by two layers.
 * Probed (podman --cgroup-manager …, systemctl --when x …, psql --table-attr x …, mysql --defaults-file x …,
 * npm --install-strategy x publish, cargo --binstall x publish: the verdict without the option); uv and grep
 * not probed. Each is a place to forget an option, to be moved into one list. A new pair fails here.
 */
const KNOWN_NEAR_COPIES = [
  "effects/database.ts ~ shell/launchers/database-shells.ts", // psql, mysql
  "effects/families/clis.ts ~ effects/persistence.ts", // systemctl
  "effects/families/containers.ts ~ shell/launchers/remote.ts", // docker/podman globals
  "effects/families/registries.ts ~ effects/packages.ts", // npm, cargo
  "effects/packages.ts ~ shell/launchers/envs.ts", // uv/pip
  "effects/readers.ts ~ effects/self-protection.ts", // grep
];

describe("no new near copy of an option list", () => {
  it("the pairs of files with near-copied option lists are the known ones", () => {
    expect(nearCopies(sources(ROOT))).toEqual([...KNOWN_NEAR_COPIES].sort());
  });

  it("fails on a planted copy that forgot one option (the kubectl and HTTPie bypasses' shape)", () => {
    const planted = `export const K = { longValue: ["namespace", "context", "cluster", "kubeconfig", "server", "user", "token", "as"] };`;
    const full = `export const K = { longValue: ["namespace", "context", "cluster", "kubeconfig", "server", "user", "token", "as", "tls-server-name"] };`;
    expect(nearCopies([["a.ts", full], ["b.ts", planted]])).toEqual(["a.ts ~ b.ts"]);
    expect(nearCopies([["a.ts", full], ["b.ts", `x = { longValue: ["namespace", "context", "output", "file", "force", "user"] }`]])).toEqual([]);
    expect(nearCopies([["a.ts", `${full}\n${planted.replace("K", "L")}`]])).toEqual([]);
  });
});
