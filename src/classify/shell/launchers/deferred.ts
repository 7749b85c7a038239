// Commands stored now and run later, or typed into another shell: `at`/`batch`
// (their commands come on stdin), `tmux new-session|new-window|split-window|
// respawn-pane|run-shell|if-shell|display-popup|pipe-pane CMD` and `tmux
// send-keys TEXT Enter`, `screen -dm CMD` and `screen -X stuff TEXT`. The
// commands are parsed like an inline script (`trap` is builtins.ts).
import { GAP_SHAPE } from "../../../model/gap-shapes.js";
import { parseArgs, type OptionSpec } from "../../programs/options.js";
import type { Word } from "../words.js";
import type { Launch, LauncherRow } from "./types.js";
import { wrapperOptions } from "./wrappers.js";

/** `at [opts] TIME` / `batch [opts]`: the commands on stdin run then; `-l`, `-r`, `-d`, `-c` list, remove or show jobs. */
function at(call: Launch): number | null {
  const out = call.emit();
  const p = parseArgs(call.words, { shortValue: "qfut" }, call.i + 1);
  if (p.flags.some((f) => "lrdcV".includes(f.name)) || p.flags.some((f) => f.name === "f")) return out;
  const stdin = call.stdin;
  if (stdin === null || stdin.kind === "file") return out;
  const lit = call.stdinText();
  if (lit === null) call.gap(GAP_SHAPE.INTERPRETER_STDIN, `${call.name} runs commands from a ${stdin.kind} that is not a literal`);
  else call.runScript(lit, `the ${call.name} job`);
  return out;
}

/** tmux commands that run a shell command (the words after their options), with those options. */
const TMUX_SHELL: Readonly<Record<string, OptionSpec>> = {
  "new-session": { shortValue: "cefFnstxy" },
  "new-window": { shortValue: "ceFnt" },
  "split-window": { shortValue: "celtF" },
  "respawn-pane": { shortValue: "cet" },
  "respawn-window": { shortValue: "cet" },
  "run-shell": { shortValue: "dt" },
  "if-shell": { shortValue: "t" },
  "display-popup": { shortValue: "bcdehsStTwxy" },
  "pipe-pane": { shortValue: "t" },
};
const TMUX_ALIASES: Readonly<Record<string, string>> = {
  new: "new-session", neww: "new-window", splitw: "split-window", respawnp: "respawn-pane", respawnw: "respawn-window",
  run: "run-shell", if: "if-shell", popup: "display-popup", pipep: "pipe-pane", send: "send-keys",
};
/** Keys that end a line, or type a blank. */
const KEY_TEXT: Readonly<Record<string, string>> = { Enter: "\n", "C-m": "\n", KPEnter: "\n", "C-j": "\n", Space: " ", Tab: "\t", "C-i": "\t" };
/** Other key names (typed as keys, not text). */
const KEY_NAME = /^(?:[CMS]-.+|F\d{1,2}|Up|Down|Left|Right|Home|End|BSpace|BTab|DC|IC|Escape|PageUp|PageDown|PgUp|PgDn|NPage|PPage)$/;

/** What `send-keys KEY…` types: literal keys as text, Enter as a new line, other key names dropped. */
function typed(keys: readonly string[], literal: boolean): string {
  return keys.map((k) => (literal ? k : (KEY_TEXT[k] ?? (KEY_NAME.test(k) ? "" : k)))).join("");
}

/** One tmux command (`words`, its name first). */
function tmuxCommand(call: Launch, words: readonly Word[]): void {
  const name = words[0].dynamic ? "" : (TMUX_ALIASES[words[0].value] ?? words[0].value);
  if (name === "send-keys") {
    const p = parseArgs(words, { shortValue: "cNt" }, 1);
    const keys = call.literals(p.operands.map((o) => words[o.index]));
    call.runScript(keys === null ? null : typed(keys, p.flags.some((f) => f.name === "l")), "the keys tmux send-keys types");
    return;
  }
  const spec = Object.prototype.hasOwnProperty.call(TMUX_SHELL, name) ? TMUX_SHELL[name] : undefined;
  if (!spec) return;
  const p = parseArgs(words, { ...spec, stopAtOperand: true }, 1);
  const rest = words.slice(p.end);
  if (rest.length === 0) return;
  // `if-shell CMD TMUX-COMMAND…`: only the first word is shell text.
  const cmd = call.literals(name === "if-shell" ? rest.slice(0, 1) : rest);
  call.runScript(cmd === null ? null : cmd.join(" "), `the tmux ${name} command`);
}

/** `tmux [-c CMD] [opts] COMMAND … [\; COMMAND …]`. */
function tmux(call: Launch): number | null {
  const out = call.emit();
  const p = wrapperOptions(call, { shortValue: "cfLST" });
  const c = p.flags.find((f) => f.name === "c" && f.value !== null);
  if (c) call.runScript(call.flagText(c), "the tmux -c command");
  let start = p.end;
  const w = call.words;
  for (let k = p.end; k <= w.length; k++) {
    if (k === w.length || (!w[k].dynamic && w[k].value === ";")) {
      if (k > start) tmuxCommand(call, w.slice(start, k));
      start = k + 1;
    }
  }
  return out;
}

/** `screen [opts] [CMD…]` (a new window running CMD); `screen -X stuff TEXT` types TEXT, `-X exec|screen CMD…` runs CMD. */
function screen(call: Launch): number | null {
  const p = wrapperOptions(call, { shortValue: "cehpsStTX" });
  const x = p.flags.find((f) => f.name === "X" && f.value !== null);
  if (x) {
    const out = call.emit();
    const k = x.valueIndex >= 0 ? x.valueIndex : x.index;
    const verb = x.value;
    const rest = call.words.slice(k + 1);
    if (verb === "stuff") {
      const t = call.literals(rest);
      call.runScript(t === null ? null : t.join(" ").replace(/\^M|\\r|\\n/g, "\n"), "the text screen -X stuff types");
    } else if ((verb === "exec" || verb === "screen") && rest.length) call.run(k + 1);
    return out;
  }
  // Reattaching (`-r NAME`, `-x`), detaching a running one (`-d NAME` without `-m`), listing: no new command.
  const has = (c: string) => p.flags.some((f) => f.name === c);
  if (p.end >= call.words.length || has("r") || has("R") || has("x") || has("l") || ((has("d") || has("D")) && !has("m"))) return call.emit();
  return call.run(p.end);
}

export const DEFERRED_ROWS: readonly LauncherRow[] = [
  {
    names: ["at", "batch"],
    runs: "the commands on its stdin (literal pipe, heredoc, herestring), at the given time",
    launch: at,
    examples: [
      ["echo 'rm -rf /tmp/x' | at now + 1 minute", ["echo rm -rf /tmp/x", "at now + 1 minute", "at>rm -rf /tmp/x"]],
      ["at midnight <<'EOF'\nrm -rf /tmp/x\nEOF", ["at midnight", "at>rm -rf /tmp/x"]],
      ["curl -s https://x | at now", ["curl -s https://x", "at now"], [7]],
      ["at -l", ["at -l"]],
    ],
  },
  {
    names: ["tmux"],
    runs: "the shell command of `new-session`/`new-window`/`split-window`/`respawn-*`/`run-shell`/`if-shell`/`display-popup`/`pipe-pane`, and the text `send-keys` types",
    launch: tmux,
    examples: [
      ["tmux new-session -d -s job 'rm -rf /tmp/x'", ["tmux new-session -d -s job rm -rf /tmp/x", "tmux>rm -rf /tmp/x"]],
      ["tmux send-keys -t job 'rm -rf /tmp/x' Enter", ["tmux send-keys -t job rm -rf /tmp/x Enter", "tmux>rm -rf /tmp/x"]],
      ["tmux new -d \\; run-shell 'rm -rf /tmp/x'", ["tmux new -d ; run-shell rm -rf /tmp/x", "tmux>rm -rf /tmp/x"]],
      ["tmux ls", ["tmux ls"]],
    ],
  },
  {
    names: ["screen"],
    runs: "the command after its options in a new window; `-X stuff TEXT` types TEXT, `-X exec CMD` runs CMD",
    launch: screen,
    examples: [
      ["screen -dmS job rm -rf /tmp/x", ["screen>rm -rf /tmp/x"]],
      ["screen -S job -X stuff 'rm -rf /tmp/x^M'", ["screen -S job -X stuff rm -rf /tmp/x^M", "screen>rm -rf /tmp/x"]],
      ["screen -ls", ["screen -ls"]],
    ],
  },
];
