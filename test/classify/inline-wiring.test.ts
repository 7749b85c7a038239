// Inline code in shell commands (SPEC §6.7), end to end through a real engine:
// the Bash walk finds `python3 -c`/`node -e`/`ruby -e` code and literal
// heredocs, the language's grammar reads it, the effect table classifies what
// it would do, and the commands it runs are analysed one level down.
import { beforeAll, describe, expect, it } from "vitest";
import type { Engine } from "../../src/engine.js";
import { loadEngine } from "../../src/node/index.js";

const ENV = { cwd: "/home/u/proj", home: "/home/u", path_dirs: [], additional_dirs: [] };
const bash = (command: string | string[], tool = "Bash") => ({ event_type: "pre_tool_use", session_id: "s", tool_use_id: "t", tool_name: tool, tool_input: { command }, env: ENV });

let engine: Engine;
beforeAll(async () => {
  engine = await loadEngine({});
});

const classify = (command: string | string[]) => engine.classify(bash(command) as never);
const tuples = (command: string | string[]) => classify(command).effects.map((e) => `${e.verb}×${e.target_class}`);
const shapes = (command: string | string[]) => classify(command).unknown.map((u) => u.shape);
const verdict = (command: string | string[]) => {
  const d = engine.evaluate(bash(command), null, 0).decision;
  return `${d.verdict}${d.artifact_id ? ` ${d.artifact_id}` : d.atom_id ? ` ${d.atom_id}` : ""}`;
};

describe("benign inline code is allowed, with no gap", () => {
  it.each([
    `python3 -c "print(1)"`,
    `python -c 'import json,sys; print(json.load(sys.stdin)["name"])'`,
    `node -e "console.log(1)"`,
    `node -p 'process.versions.node'`,
    `ruby -e 'puts [1, 2].sum'`,
    "python3 - <<'EOF'\nimport json, sys\nrows = json.load(sys.stdin)\nprint(sum(r['n'] for r in rows))\nEOF",
    "python3 <<< 'print(2 + 2)'",
    "echo 'print(1)' | python3",
    "cat data.json | python3 -c 'import json,sys; print(len(json.load(sys.stdin)))'",
    "python3.12 -c 'import platform; print(platform.python_version())'",
  ])("%s", (command) => {
    expect(classify(command).unknown).toEqual([]);
    expect(verdict(command)).toBe("allow");
  });
});

describe("what the code does decides", () => {
  it.each<[string, string]>([
    [`python3 -c "import shutil; shutil.rmtree('/')"`, "deny fs.wipe"],
    [`python3 -c "import shutil, os; shutil.rmtree(os.path.expanduser('~'))"`, "deny fs.wipe"],
    [`node -e 'require("fs").rmSync(require("os").homedir(), {recursive: true, force: true})'`, "deny fs.wipe"],
    [`ruby -e 'require "fileutils"; FileUtils.rm_rf(Dir.home)'`, "deny fs.wipe"],
    ["python3 - <<'EOF'\nimport shutil\nshutil.rmtree('/usr/lib')\nEOF", "deny fs.system_delete"],
    [`python3 -c "open('.env').read()"`, "ask secret.read"],
    [`python3 -c "import shutil; shutil.rmtree('build')"`, "allow"],
  ])("%s → %s", (command, want) => {
    expect(verdict(command)).toBe(want);
  });

  it("file effects go through the same path targets as shell rows (a cd candidate, the whole working directory)", () => {
    // `;`: the cd may have failed, so '.' may still be the project (after `&&` it is /tmp only: effects/cd-chain.ts).
    const c = classify(`cd /tmp; python3 -c "import shutil; shutil.rmtree('.')"`);
    expect(c.effects.filter((e) => e.verb === "delete").map((e) => [e.target_class, e.attrs.whole_cwd ?? false])).toEqual([
      ["workspace_root", true],
      ["temp_path", false],
    ]);
  });

  it("the interpreter names the effect (program) and the API that does it (api)", () => {
    expect(classify(`python3 -c "import os; os.remove('a.txt')"`).effects).toEqual([
      { verb: "delete", target_class: "workspace_file", attrs: { program: "python3", command: `python3 -c "import os; os.remove('a.txt')"`, target: "a.txt", api: "os.remove" } },
    ]);
  });
});

describe("commands the code runs are analysed one level down", () => {
  it.each<[string, string]>([
    [`python -c 'import os; os.system("rm -rf ~")'`, "deny fs.wipe"],
    [`python3 -c 'import subprocess; subprocess.run(["git", "push", "--force", "origin", "main"])'`, "deny git.force_push_protected"],
    [`node -e 'require("child_process").execSync("git reset --hard")'`, "deny git.reset_hard"],
    [`ruby -e 'system("rm", "-rf", "/")'`, "deny fs.wipe"],
    [`python3 -c 'import subprocess; subprocess.run(["ls", "-la"])'`, "allow"],
  ])("%s → %s", (command, want) => {
    expect(verdict(command)).toBe(want);
  });

  it("the nested commands are simple commands of the event, after the interpreter", () => {
    expect(classify(`python3 -c 'import os; os.system("git status && ls")'`).simple.map((s) => s.program)).toEqual(["python3", "git", "ls"]);
  });

  it("argv-form events read inline code too (Codex `command` arrays)", () => {
    expect(verdict(["python3", "-c", "import shutil; shutil.rmtree('/')"])).toBe("deny fs.wipe");
    expect(verdict(["node", "-e", "console.log(1)"])).toBe("allow");
  });

  it("nesting counts against the wrapper depth (shape 9 beyond)", () => {
    const inner = `python3 -c 'import os; os.system("rm -rf /tmp/x")'`;
    const deep = `sudo env nice timeout 5 ${inner}`;
    expect(shapes(deep)).toContain(9);
    expect(shapes(inner)).toEqual([]);
  });
});

describe("code that cannot be fully read stays shape 6", () => {
  it.each([
    `python3 -c "exec(input())"`,
    `python3 -c 'import sys, shutil; shutil.rmtree(sys.argv[1])' "$DIR"`,
    `node -e 'eval(process.argv[1])'`,
    `perl -e 'print qx(id)'`,
    `php -r 'echo 1;'`,
    `python3 -c "$CODE"`,
  ])("%s", (command) => {
    expect(shapes(command)).toContain(6);
  });

  it("a literal effect next to a dynamic one is still reported (confident and unknown side by side)", () => {
    const c = classify(`python3 -c "import shutil, sys; shutil.rmtree('/'); exec(sys.stdin.read())"`);
    expect(c.unknown.map((u) => u.shape)).toEqual([6]);
    expect(c.effects.map((e) => `${e.verb}×${e.target_class}`)).toContain("delete×filesystem_root");
  });
});

describe("the Mongo shell's --eval code is JavaScript, read with its grammar", () => {
  it.each<[string, string]>([
    ["mongosh --eval 'db.dropDatabase()'", "ask db.drop"],
    ["mongosh mongodb://db.prod.internal/app --eval 'db.getCollection(\"users\").drop()'", "deny db.drop_production"],
    ["mongosh mongodb://localhost/app --eval 'db.getCollection(\"users\").drop()'", "ask db.drop"],
    ["mongo app --eval 'db.sessions.deleteMany({})'", "ask db.delete_all"],
    // A collection chosen at run time (issue 20): every collection in a loop.
    ["mongosh app --eval 'db.getCollectionNames().forEach(c => db[c].drop())'", "ask db.drop"],
    ["mongosh app --eval 'db.getCollectionNames().forEach(c => db.getCollection(c).deleteMany({}))'", "ask db.delete_all"],
    ["mongosh app --eval 'db.getCollectionNames().forEach(c => print(db[c].countDocuments()))'", "allow"],
    ["mongosh --eval 'db.users.find({age: {$gt: 30}}).count()'", "allow"],
    ["mongosh --eval 'db.events.deleteMany({ts: {$lt: 1}})'", "allow"],
    ["mongosh app <<'EOF'\ndb.logs.drop()\nEOF", "ask db.drop"],
    [`mongosh --eval "db.users.find(); // db.dropDatabase()"`, "allow"],
  ])("%s → %s", (command, want) => {
    expect(verdict(command)).toBe(want);
  });
});

describe("lazy grammars", () => {
  it("events without inline code load no grammar", async () => {
    const fresh = await loadEngine({});
    for (const command of ["ls -la", "git status", "rm -rf build", "python3 tools/report.py", "curl -s https://example.com"]) fresh.evaluate(bash(command), null, 0);
    expect(fresh.inlineGrammarsLoaded).toEqual([]);
    fresh.evaluate(bash(`python3 -c "print(1)"`), null, 0);
    expect(fresh.inlineGrammarsLoaded).toEqual(["python"]);
  });
});
