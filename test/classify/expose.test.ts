// Tunnels and file servers expose this machine (src/classify/effects/expose.ts):
// the rows' examples, `ssh -R`, and `python3 -m http.server` through the real
// walker and the whole shell table.
import { describe, expect, it } from "vitest";
import { shellEffects } from "../../src/classify/effects/index.js";
import { EXPOSE_ROWS } from "../../src/classify/effects/expose.js";
import { analyze } from "./shell/analyze.js";

const ENV = { cwd: "/home/u/p", home: "/home/u", path_dirs: [], additional_dirs: [] };
const exposes = (text: string) =>
  shellEffects(analyze(text), ENV)
    .effects.filter((e) => e.attrs.exposes !== undefined)
    .map((e) => `${e.verb} ${e.target_class} ${String(e.attrs.exposes)}`);

describe("the examples beside the rows", () => {
  it.each(EXPOSE_ROWS.flatMap((r) => r.examples.map((e) => [...e])))("%s → %s", (text, want) => {
    // The expose effect without its kind: tunnels send × network_host, file servers send × class(directory), relays send × class(file).
    expect(exposes(text).map((t) => t.replace(/ (tunnel|directory|file)$/, ""))).toEqual(want === "" ? [] : [want]);
  });
});

describe("ssh remote forwards and python's file server", () => {
  it.each([
    ["ssh -R 8022:localhost:22 tunnel@203.0.113.7 -N", ["send network_host tunnel"]],
    ["ssh -o RemoteForward=8022:localhost:22 host -N", ["send network_host tunnel"]],
    ["autossh -M 0 -R 2222:localhost:22 host", ["send network_host tunnel"]],
    ["ssh -L 5432:db.internal:5432 bastion -N", []],
    ["ssh -D 1080 host", []],
    ["python3 -m http.server 8000 --directory ~", ["send home_dir directory"]],
    ["python3 -m http.server -d / 8000", ["send filesystem_root directory"]],
    ["python3 -m http.server --directory=/home/u/.ssh", ["send secret_file directory"]],
    ["python3 -m http.server 8000 --directory dist", ["send workspace_file directory"]],
    ["python3 -m http.server", ["send workspace_root directory"]],
    ["ng serve --port 4200", []],
  ])("%s", (text, want) => {
    expect(exposes(text)).toEqual(want);
  });
});
