// Shell builtins that change what later words mean, and `trap`, which stores
// a command to run later: `cd`/`pushd`/`popd` move `$PWD`/`$OLDPWD`; `read`,
// `mapfile`, `getopts`, `printf -v`, `let` assign values the text cannot know;
// `trap 'CMD' SIG` runs CMD in this shell when SIG arrives (values.ts keeps
// the variables; the effect table tracks the working directory for relative
// paths itself).
import { GAP_SHAPE } from "../../../model/gap-shapes.js";
import { parseArgs } from "../../programs/options.js";
import { printfOutput } from "../../programs/echo-printf.js";
import { isolated, valOfWord, type Val } from "../values.js";
import type { Word } from "../words.js";
import type { Launch, LauncherRow } from "./types.js";

const HOME: Val = { value: "~", tilde: true, vars: [] };
const ENV_PWD: Val = { value: "$PWD", tilde: false, vars: ["PWD"] };

/** The directory `cd WORD` changes to, from `pwd` (the current one), or null when it cannot be known. */
function cdTarget(w: Word | undefined, pwd: Val | null): Val | null {
  if (w === undefined) return HOME;
  const v = valOfWord(w);
  if (v === null || v.vars.length > 0) return null;
  if (v.tilde || v.value.startsWith("/")) return v;
  if (pwd === null) return null;
  return { value: `${pwd.value.replace(/\/+$/, "")}/${v.value}`, tilde: pwd.tilde, vars: pwd.vars };
}

/** `cd [-L|-P|-e|-@] [DIR]`, `pushd DIR`, `popd`: `$PWD` and `$OLDPWD` for the rest of the text. */
function cd(call: Launch): number | null {
  const vars = call.scope.vars;
  const args = call.words.slice(call.i + 1).filter((w) => w.dynamic || !/^-[LPe@]+$/.test(w.value));
  const current = vars.get("PWD");
  const pwd = current === undefined ? ENV_PWD : current?.length === 1 ? current[0] : null;
  let next: Val | null;
  if (call.name === "popd" || (call.name === "pushd" && (args.length === 0 || /^[+-]\d+$/.test(args[0].value)))) next = null;
  else if (args[0] && !args[0].dynamic && args[0].value === "-") {
    const old = vars.get("OLDPWD");
    next = old && old.length === 1 ? old[0] : null;
  } else next = cdTarget(args[0], pwd);
  vars.set("OLDPWD", pwd === null ? null : [pwd]);
  vars.set("PWD", next === null ? null : [next]);
  return call.emit();
}

/** Builtins that assign the variables they name (`read NAME…`, `getopts OPTS NAME`, `mapfile ARRAY`): unknown values. */
function assigns(names: (call: Launch) => string[]): (call: Launch) => number | null {
  return (call) => {
    for (const n of names(call)) call.scope.vars.set(n, null);
    return call.emit();
  };
}

const operandsOf = (call: Launch, shortValue: string) =>
  parseArgs(call.words, { shortValue }, call.i + 1).operands.filter((o) => !o.arg.dynamic).map((o) => o.value);

function read(call: Launch): string[] {
  const p = parseArgs(call.words, { shortValue: "adinNptu" }, call.i + 1);
  const names = p.operands.map((o) => o.value);
  for (const f of p.flags) if (f.name === "a" && f.value) names.push(f.value);
  return names.length ? names : ["REPLY"];
}

function mapfile(call: Launch): number | null {
  const p = parseArgs(call.words, { shortValue: "dnOsuCc" }, call.i + 1);
  call.scope.vars.set(p.operands[0]?.value ?? "MAPFILE", null);
  const out = call.emit();
  // `-C CALLBACK` is evaluated for every `-c` lines read.
  const cb = p.flags.find((f) => f.name === "C");
  if (cb && cb.value !== null) {
    call.runScript(call.flagText(cb), `the ${call.name} -C callback`, { sameScope: true });
  }
  return out;
}

/** `printf -v NAME FORMAT ARGS…`: NAME gets what printf would print, when that is known. */
function printf(call: Launch): number | null {
  const w = call.words;
  const k = call.i + 1;
  if (w[k] && !w[k].dynamic && w[k].value === "-v" && w[k + 1] && !w[k + 1].dynamic) {
    const lits = w.slice(k + 2).map((x) => call.literal(x));
    const out = lits.every((l) => l !== null) ? printfOutput(lits as string[]) : null;
    call.scope.vars.set(w[k + 1].value, out === null ? null : [{ value: out, tilde: false, vars: [] }]);
  }
  return call.emit();
}

/** `trap [--] 'CMD' SIG…`: CMD runs in this shell when a SIG arrives (or on EXIT). */
function trap(call: Launch): number | null {
  const out = call.emit();
  let k = call.i + 1;
  const w = call.words;
  if (w[k] && !w[k].dynamic && /^-[lp]+$/.test(w[k].value)) return out;
  if (w[k] && !w[k].dynamic && w[k].value === "--") k++;
  // One operand is a signal to reset; `-` or a bare number in the command's place resets too.
  if (w.length - k < 2 || (!w[k].dynamic && /^(-|\d+)$/.test(w[k].value))) return out;
  const lit = call.literal(w[k]);
  if (lit === null) {
    call.gap(GAP_SHAPE.DYNAMIC_SCRIPT, "the trap command is not a literal");
    return out;
  }
  if (lit.trim() === "") return out;
  // A cleanup handler's variable the text never assigns but names a temp file (`rm -f "$TMPFILE"`):
  // the idiom is a file under the temp dir (mktemp's), judged as such there — never a home or root.
  const vars = call.scope.vars;
  const temps = [...lit.matchAll(/\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?/g)].map((m) => m[1]).filter((n) => TEMP_NAME.test(n) && n !== "TMPDIR" && vars.get(n) === undefined);
  if (temps.length === 0) call.inline(lit, { inheritStdin: false, sameScope: true });
  else {
    isolated(vars, () => {
      for (const n of temps) vars.set(n, [{ value: `$TMPDIR/${n.toLowerCase()}`, tilde: false, vars: ["TMPDIR"] }]);
      call.inline(lit, { inheritStdin: false, sameScope: true });
    });
  }
  return out;
}

/** A variable named for a temp file or directory (`TMPFILE`, `tmp_dir`, `MY_TEMP`); not `ATTEMPTS`. */
const TEMP_NAME = /(^|_)(tmp|temp)/i;

export const BUILTIN_ROWS: readonly LauncherRow[] = [
  {
    names: ["cd", "pushd", "popd", "chdir"],
    runs: "nothing; sets `$PWD` and `$OLDPWD` for the rest of the text",
    launch: cd,
    examples: [
      ["cd /tmp && rm -rf \"$PWD\"", ["cd /tmp", "rm -rf /tmp"]],
      ["cd ~; rm -rf \"$OLDPWD\"", ["cd ~", "rm -rf $PWD"]],
    ],
  },
  {
    names: ["read"],
    runs: "nothing; its variables get values only the input knows",
    launch: assigns(read),
    examples: [["d=/tmp/x; read d; rm -rf \"$d\"", ["read d", "rm -rf $d"]]],
  },
  { names: ["mapfile", "readarray"], runs: "its `-C` callback; its array gets values only the input knows", launch: mapfile, examples: [["mapfile -C 'rm -rf /tmp/x' -c 1 a < f", ["mapfile -C rm -rf /tmp/x -c 1 a", "mapfile>rm -rf /tmp/x"]]] },
  {
    names: ["getopts"],
    runs: "nothing; its variable (and `OPTARG`) get values from the arguments",
    launch: assigns((call) => [...operandsOf(call, "").slice(1, 2), "OPTARG", "OPTIND"]),
    examples: [["getopts ab: o", ["getopts ab: o"]]],
  },
  { names: ["let"], runs: "nothing; arithmetic assignments", launch: assigns((call) => operandsOf(call, "").map((o) => o.replace(/[^A-Za-z0-9_].*$/s, ""))), examples: [["let x=1", ["let x=1"]]] },
  { names: ["printf"], runs: "nothing; `-v NAME` assigns what it would print", launch: printf, examples: [["printf -v d %s /tmp/x; rm -rf \"$d\"", ["printf -v d %s /tmp/x", "rm -rf /tmp/x"]]] },
  {
    names: ["trap"],
    runs: "its command, in this shell, when the signal arrives",
    launch: trap,
    examples: [
      ["trap 'rm -rf /tmp/x' EXIT", ["trap rm -rf /tmp/x EXIT", "trap>rm -rf /tmp/x"]],
      ["trap - INT", ["trap - INT"]],
      ['trap "$X" INT', ["trap $X INT"], [3]],
      ["trap 'rm -f \"$TMPFILE\"' EXIT", ["trap rm -f \"$TMPFILE\" EXIT", "trap>rm -f $TMPDIR/tmpfile"]],
      ["trap 'rm -rf \"$DIR\"' EXIT", ["trap rm -rf \"$DIR\" EXIT", "trap>rm -rf $DIR"]],
    ],
  },
];
