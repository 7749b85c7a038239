// Build and package tools whose arguments name a command they run:
// `cmake -E` (its portable commands are the POSIX command each one is —
// `rm`, `copy`, `rename`, … —; `env`, `time`, `chdir DIR` run the rest), Maven's exec plugin
// (`-Dexec.executable=PROG -Dexec.args=…`), and APT's hook options
// (`-o APT::Update::Pre-Invoke::=CMD`, `-o DPkg::Post-Invoke::=CMD`: a shell
// command apt runs), and rake's `-e|-p|-E CODE` (Ruby, read with its grammar).
// Each is emitted itself, then the command it runs.
import { GAP_SHAPE } from "../../../model/gap-shapes.js";
import { parseArgs } from "../../programs/options.js";
import { runInlineCode } from "./inline-code.js";
import type { Launch, LauncherRow } from "./types.js";

/**
 * `cmake -E SUB ARGS…` as the POSIX command it is: `rm [-r] [-f] PATH…`, `remove [-f] FILE…`, `remove_directory
 * DIR…` an rm; `copy`, `copy_directory`, `rename`, `make_directory`, `touch`, `create_symlink`, `tar` their cp,
 * mv, mkdir, touch, ln, tar (`cmake -E copy /tmp/x .claude/settings.json` writes the settings).
 */
const CMAKE_AS: Readonly<Record<string, readonly string[]>> = {
  rm: ["rm"],
  remove: ["rm"],
  remove_directory: ["rm", "-r", "-f"],
  copy: ["cp"],
  copy_if_different: ["cp"],
  copy_directory: ["cp", "-r", "-T"],
  copy_directory_if_different: ["cp", "-r", "-T"],
  rename: ["mv"],
  make_directory: ["mkdir", "-p"],
  touch: ["touch"],
  touch_nocreate: ["touch", "-c"],
  create_symlink: ["ln", "-s"],
  create_hardlink: ["ln"],
  tar: ["tar"],
};

function cmake(call: Launch): number | null {
  const out = call.emit();
  const w = call.words;
  const at = w.findIndex((x, k) => k > call.i && !x.dynamic && x.value === "-E");
  if (at < 0 || at + 1 >= w.length) return out;
  const sub = call.literal(w[at + 1]);
  if (sub === null) return out;
  if (Object.hasOwn(CMAKE_AS, sub)) {
    const rest = call.literals(w.slice(at + 2));
    if (rest === null) call.gap(GAP_SHAPE.DYNAMIC_SCRIPT, `cmake -E ${sub} names a path the text does not spell out`);
    // `copy_directory A B DEST` copies each A's contents into DEST: cp -r -T takes one source, so one call each.
    else if (rest.length > 0 && CMAKE_AS[sub]!.includes("-T")) for (const src of rest.slice(0, -1)) call.runArgv([...CMAKE_AS[sub]!, src, rest[rest.length - 1]!]);
    else if (rest.length > 0) call.runArgv([...CMAKE_AS[sub]!, ...rest]);
  } else if (sub === "env") {
    let k = at + 2;
    while (k < w.length && !w[k].dynamic && (/^[A-Za-z_][A-Za-z0-9_]*=/.test(w[k].value) || /^--(unset=|modify|$)/.test(w[k].value))) k++;
    if (k < w.length) call.run(k);
  } else if (sub === "time") {
    if (at + 2 < w.length) call.run(at + 2);
  } else if (sub === "chdir") {
    if (at + 3 < w.length) call.run(at + 3);
  }
  return out;
}

/** `mvn exec:exec -Dexec.executable=PROG -Dexec.args="ARGS"`: PROG ARGS run (exec:java runs Java, not read). */
function maven(call: Launch): number | null {
  const out = call.emit();
  const words = call.words.slice(call.i + 1);
  if (!words.some((x) => !x.dynamic && /^exec:exec$|:exec-maven-plugin:[^:]*:?exec$/.test(x.value))) return out;
  let exe: string | null | undefined;
  let args = "";
  for (const x of words) {
    const v = call.literal(x);
    if (v === null) {
      if (/^-Dexec\.(executable|args)=/.test(x.raw.replace(/["']/g, ""))) exe = null;
      continue;
    }
    const m = /^-Dexec\.(executable|args)=(.*)$/s.exec(v);
    if (!m) continue;
    if (m[1] === "executable") exe = exe === null ? null : m[2];
    else args = m[2];
  }
  if (exe === undefined) return out;
  call.runScript(exe === null ? null : `${exe} ${args}`, "the Maven exec plugin's command");
  return out;
}

/** APT configuration items whose value is a shell command apt runs (apt.conf(5), `*::Pre-Invoke`, `*::Post-Invoke`, …). */
const APT_HOOK = /^(APT::Update::(Pre|Post)-Invoke(-Success)?|DPkg::(Pre|Post)-Invoke|DPkg::Pre-Install-Pkgs|APT::Periodic::\w+|DPkg::Tools::Options::\S+)(::)?=/i;

function apt(call: Launch): number | null {
  const out = call.emit();
  const w = call.words;
  for (let k = call.i + 1; k < w.length; k++) {
    if (w[k].dynamic) continue;
    const attached = /^(?:-o|--option)=?(.+)$/s.exec(w[k].value);
    const item = attached && w[k].value !== "-o" && w[k].value !== "--option" ? attached[1] : w[k].value === "-o" || w[k].value === "--option" ? (w[k + 1] ? call.literal(w[++k]) : null) : undefined;
    if (item === undefined) continue;
    if (item === null) {
      call.gap(GAP_SHAPE.DYNAMIC_SCRIPT, `an ${call.name} -o option that is not a literal`);
      continue;
    }
    const m = APT_HOOK.exec(item);
    if (m) call.runScript(item.slice(m[0].length), `the ${call.name} ${m[1]} hook`);
  }
  return out;
}

/** rake `-e|--execute`, `-p|--execute-print`, `-E|--execute-continue CODE`: Ruby run before (or instead of) the tasks. */
function rake(call: Launch): number | null {
  const p = parseArgs(call.words, { shortValue: "epEfCIjRrgG", longValue: ["execute", "execute-print", "execute-continue", "rakefile", "directory", "libdir", "jobs", "rakelibdir", "require", "trace"], aliases: { e: "execute", p: "execute-print", E: "execute-continue" } }, call.i + 1);
  const f = p.flags.find((x) => /^execute/.test(x.name) && x.value !== null);
  if (!f) return call.emit();
  const code = call.flagText(f);
  const read = code === null ? undefined : runInlineCode(call, "ruby", code);
  if (read !== undefined) return read;
  call.gap(GAP_SHAPE.INLINE_INTERPRETER, `inline rake code (Ruby) not read`);
  return call.emit();
}

export const BUILD_TOOL_ROWS: readonly LauncherRow[] = [
  {
    names: ["cmake"],
    runs: "itself; `-E rm|remove|remove_directory|copy|rename|make_directory|touch|create_symlink|tar` as the rm, cp, mv, mkdir, touch, ln or tar it is, and the command of `-E env|time|chdir DIR`",
    launch: cmake,
    examples: [
      ["cmake -E rm -rf /tmp/x", ["cmake -E rm -rf /tmp/x", "cmake>rm -rf /tmp/x"]],
      ["cmake -E remove_directory /tmp/x", ["cmake -E remove_directory /tmp/x", "cmake>rm -r -f /tmp/x"]],
      ["cmake -E copy /tmp/x a.json", ["cmake -E copy /tmp/x a.json", "cmake>cp /tmp/x a.json"]],
      ["cmake -E rename a b", ["cmake -E rename a b", "cmake>mv a b"]],
      ["cmake -E env CC=clang make", ["cmake -E env CC=clang make", "cmake>make"]],
      ["cmake -S . -B build", ["cmake -S . -B build"]],
    ],
  },
  {
    names: ["mvn", "mvnw", "mvnd"],
    runs: "itself, and the exec plugin's `-Dexec.executable` with its `-Dexec.args`",
    launch: maven,
    examples: [
      ["mvn exec:exec -Dexec.executable=rm '-Dexec.args=-rf /tmp/x'", ["mvn exec:exec -Dexec.executable=rm -Dexec.args=-rf /tmp/x", "mvn>rm -rf /tmp/x"]],
      ["mvn -q test", ["mvn -q test"]],
    ],
  },
  {
    names: ["rake"],
    runs: "itself, and the Ruby code of `-e`/`-p`/`-E` (read with its grammar; shape 6 when it cannot be)",
    launch: rake,
    // The table's test has no code reader: the Ruby is shape 6 there; the engine reads it (test/corpus/specs/redteam-r2.ts).
    examples: [["rake -e 'system(\"rm -rf /tmp/x\")'", ["rake -e system(\"rm -rf /tmp/x\")"], [6]], ["rake db:migrate", ["rake db:migrate"]]],
  },
  {
    names: ["apt-get", "apt"],
    runs: "itself, and the shell command of an `-o …::Pre-Invoke|Post-Invoke…=CMD` hook option",
    launch: apt,
    examples: [
      ["apt-get -o APT::Update::Pre-Invoke::='rm -rf /tmp/x' update", ["apt-get -o APT::Update::Pre-Invoke::=rm -rf /tmp/x update", "apt-get>rm -rf /tmp/x"]],
      ["apt-get -o Dpkg::Options::=--force-confdef install -y jq", ["apt-get -o Dpkg::Options::=--force-confdef install -y jq"]],
    ],
  },
];
