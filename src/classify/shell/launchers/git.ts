// git runs commands of its own: `-c` settings and environment that name a
// command (`core.pager`, `core.sshCommand`, `core.fsmonitor`, `diff.external`,
// …), aliases (`-c alias.x='!…'`, or `git config alias.x '!…'` earlier in the
// text), subcommand options (`rebase -x`, `filter-branch --tree-filter`,
// `clone --upload-pack`, …), `submodule foreach`, `bisect run`, and `ext::`
// URLs. What git knows is data in src/classify/programs/git.ts; this row runs
// the commands it names (the effect table judges git itself).
import { GAP_SHAPE } from "../../../model/gap-shapes.js";
import { COMMAND_OPTIONS, configSet, invokedAlias, isCommandSetting, isOutsideHooksPath, isShellTextSetting, parseGit, RUNS_REST, subcommandConfig, type GitConfigSetting } from "../../programs/git.js";
import { parseArgs } from "../../programs/options.js";
import { splitWords } from "../../text.js";
import { literalWord, type Word } from "../words.js";
import type { Launch, LauncherRow } from "./types.js";
import { quoteWord } from "../../../model/shell-quote.js";

/** Parse `text` as a command git will run through the shell (a gap when it is not a literal). */
function shellCommand(call: Launch, text: string | null, what: string): void {
  call.runScript(text, what);
}

/** The value of a flag, when known: its own word or the word it is attached to. */
function flagText(call: Launch, f: { index: number; valueIndex: number; value: string | null }, offset: number): string | null {
  if (f.valueIndex >= 0) return call.literal(call.words[f.valueIndex + offset]);
  return call.words[f.index + offset].dynamic ? null : f.value;
}

function setting(call: Launch, c: GitConfigSetting, what: string): void {
  if (c.key === "core.hookspath" && isCommandSetting(c.key, c.value)) {
    // The repository's own hook dir (`.husky`, `.githooks`) is the project's code, like `./scripts/x.sh`;
    // a directory outside it holds hooks nothing in the text shows.
    if (c.arg.dynamic || (isOutsideHooksPath(c.value) && !/^\/dev\/null\/?$/.test(c.value.trim()))) call.gap(GAP_SHAPE.DYNAMIC_SCRIPT, `${what} ${c.key} runs the hooks in ${c.arg.dynamic ? c.arg.raw : c.value}, whose content is not in the text`);
    return;
  }
  if (!isShellTextSetting(c.key, c.value)) return;
  shellCommand(call, c.arg.dynamic ? null : c.value.replace(/^\s*!/, ""), `${what} ${c.key}`);
}

/** `ext::CMD ARG…` remote URLs: git runs CMD with its arguments (split at spaces; `% ` is a space in one, `%%` a `%`). */
function extUrl(value: string): string | null {
  if (!value.startsWith("ext::")) return null;
  const argv: string[] = [];
  let cur = "";
  const body = value.slice(5);
  for (let k = 0; k < body.length; k++) {
    const c = body[k];
    if (c === "%" && k + 1 < body.length) {
      const n = body[++k];
      cur += n === "s" || n === "S" ? "git-upload-pack" : n;
    } else if (c === " ") {
      if (cur !== "") argv.push(cur);
      cur = "";
    } else cur += c;
  }
  if (cur !== "") argv.push(cur);
  return argv.map(quoteWord).join(" ");
}

/** Could `v` be one of these options (`--exec…`, `-x…`, a cluster holding `x`)? */
function mayName(v: string, o: { short?: string; long: readonly string[]; shortOptional?: string; longOptional?: readonly string[] }): boolean {
  if (v.startsWith("--")) return [...o.long, ...(o.longOptional ?? [])].some((n) => n.startsWith(v.slice(2).split("=")[0]) || v.startsWith(`--${n}`));
  if (!v.startsWith("-") || v.length < 2) return false;
  const letters = (o.short ?? "") + (o.shortOptional ?? "");
  for (const c of letters) if (v.includes(c)) return true;
  return false;
}

function git(call: Launch): number | null {
  const { words } = call;
  const g = parseGit(words, call.i + 1);
  const viaC = invokedAlias(words, g);
  const sub = g.sub >= 0 && !words[g.sub].dynamic ? words[g.sub].value : null;
  const scoped = viaC === null && sub !== null ? call.scope.gitAliases.get(sub.toLowerCase()) : undefined;
  let out: number | null;
  if (viaC !== null || scoped !== undefined) {
    const value = viaC ? (viaC.arg.dynamic ? null : viaC.value) : scoped ?? null;
    if (value === null) {
      call.gap(GAP_SHAPE.DYNAMIC_SCRIPT, "git alias is not a literal");
      return call.emit();
    }
    if (value.startsWith("!")) {
      out = call.emit();
      const rest = words.slice(g.sub + 1).map((w) => w.raw);
      call.inline([value.slice(1), ...rest].join(" "), { inheritStdin: true, sameScope: false });
    } else {
      // An alias to another git command: emit what git will run.
      const parts = splitWords(value) ?? [value];
      out = call.emit([...words.slice(0, g.sub), ...parts.map((p) => literalWord(p)), ...words.slice(g.sub + 1)]);
    }
  } else out = call.emit();
  for (const c of g.config) if (!c.key.startsWith("alias.")) setting(call, c, "git -c");
  if (sub === null) return out;
  const args = words.slice(g.sub + 1);
  for (const c of subcommandConfig(words, g.sub)) setting(call, c, `git ${sub} --config`);
  if (sub === "config") {
    const set = configSet(words, g.sub);
    if (set) {
      if (set.key.startsWith("alias.") && call.fromText) call.scope.gitAliases.set(set.key.slice(6), set.arg.dynamic ? null : set.value);
      // A setting stored now runs whenever git next needs it.
      if (!set.key.startsWith("alias.") || /^\s*!/.test(set.value)) setting(call, set, "git config");
    }
  }
  const own = (t: object) => Object.prototype.hasOwnProperty.call(t, sub);
  const opts = own(COMMAND_OPTIONS) ? COMMAND_OPTIONS[sub] : undefined;
  // Most invocations name none of these options: look before parsing.
  if (opts && args.some((w) => mayName(w.value, opts))) {
    const p = parseArgs(args, { shortValue: opts.short ?? "", longValue: opts.long, shortOptional: opts.shortOptional, longOptional: opts.longOptional });
    const names = new Set([...(opts.short ?? ""), ...(opts.shortOptional ?? ""), ...opts.long, ...(opts.longOptional ?? [])]);
    for (const f of p.flags) if (names.has(f.name) && f.value !== null) shellCommand(call, flagText(call, f, g.sub + 1), `git ${sub} ${f.text}`);
  }
  const rest = own(RUNS_REST) ? RUNS_REST[sub] : undefined;
  if (rest) {
    let k = g.sub + 1;
    while (k < words.length && !words[k].dynamic && words[k].value.startsWith("-")) k++;
    if (k < words.length && !words[k].dynamic && words[k].value === rest.word) {
      k++;
      while (k < words.length && !words[k].dynamic && rest.skip.includes(words[k].value)) k++;
      if (rest.shell) {
        const lits = words.slice(k).map((w) => call.literal(w));
        shellCommand(call, lits.some((l) => l === null) ? null : lits.join(" "), `git ${sub} ${rest.word}`);
      } else if (k < words.length) call.run(k, { stdin: "none" });
    }
  }
  for (const w of args as Word[]) {
    const ext = w.dynamic ? null : extUrl(w.value);
    if (ext !== null) shellCommand(call, ext, "git ext:: URL");
  }
  return out;
}

export const GIT_ROWS: readonly LauncherRow[] = [
  {
    names: ["git"],
    runs: "itself; aliases (`-c alias.X=…`, `git config alias.X …` then `git X`), command settings (`-c core.pager=…`, `git config core.sshCommand …`), `rebase -x`, `filter-branch --*-filter`, `--upload-pack`, `submodule foreach`, `bisect run`, `ext::` URLs",
    launch: git,
    examples: [
      ["git -c alias.x='!rm -rf /tmp/y' x", ["git -c alias.x=!rm -rf /tmp/y x", "git>rm -rf /tmp/y"]],
      ["git -c alias.p=push p -f origin main", ["git -c alias.p=push push -f origin main"]],
      ["git -c core.pager='rm -rf /tmp/y' log", ["git -c core.pager=rm -rf /tmp/y log", "git>rm -rf /tmp/y"]],
      ["git -c pager.log=false log", ["git -c pager.log=false log"]],
      ["git config alias.st '!rm -rf /tmp/y'; git st", ["git config alias.st !rm -rf /tmp/y", "git>rm -rf /tmp/y", "git st", "git>rm -rf /tmp/y"]],
      ["git rebase -x 'rm -rf /tmp/y' main", ["git rebase -x rm -rf /tmp/y main", "git>rm -rf /tmp/y"]],
      ["git submodule foreach --recursive rm -rf /tmp/y", ["git submodule foreach --recursive rm -rf /tmp/y", "git>rm -rf /tmp/y"]],
      ["git bisect run rm -rf /tmp/y", ["git bisect run rm -rf /tmp/y", "git>rm -rf /tmp/y"]],
      ["git filter-branch --tree-filter 'rm -f secrets.txt' HEAD", ["git filter-branch --tree-filter rm -f secrets.txt HEAD", "git>rm -f secrets.txt"]],
      ["git clone 'ext::sh -c rm% -rf% /tmp/y' x", ["git clone ext::sh -c rm% -rf% /tmp/y x", "git>sh>rm -rf /tmp/y"]],
      ['git -c core.sshCommand="$X" fetch', ["git -c core.sshCommand=$X fetch"], [3]],
      ["git clone --config core.fsmonitor='rm -rf /tmp/y' https://h/r.git", ["git clone --config core.fsmonitor=rm -rf /tmp/y https://h/r.git", "git>rm -rf /tmp/y"]],
      ["git clone -c core.autocrlf=false https://h/r.git", ["git clone -c core.autocrlf=false https://h/r.git"]],
      ["git -c core.hooksPath=/tmp/hooks commit -m x", ["git -c core.hooksPath=/tmp/hooks commit -m x"], [3]],
      ["git -c core.hooksPath=.husky commit -m x", ["git -c core.hooksPath=.husky commit -m x"]],
      ["git -c core.hooksPath=/dev/null commit -m x", ["git -c core.hooksPath=/dev/null commit -m x"]],
    ],
  },
];
