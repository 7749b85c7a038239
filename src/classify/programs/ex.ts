// Vim/Neovim Ex commands that run a shell command: `:!cmd`, `:r !cmd`,
// `:w !cmd`, a range filter `:%!cmd`, `:silent !cmd`, `:call system('cmd')`,
// `:terminal cmd`; and those whose effect cannot be read (`:exe …`, `:py …`,
// `:lua …`). The walker reads `vim -c CMD`, `+CMD`, `--cmd CMD` and an Ex
// script on stdin with it (src/classify/shell/launchers/tools.ts).

import type { OptionSpec } from "./options.js";

export interface ExRuns {
  /** Shell commands, literal. */
  commands: string[];
  /** Something runs that the text does not spell out (`:exe`, a computed `system()`, inline Python/Lua). */
  dynamic: boolean;
  /** What the commands write: the buffer back to its file (`:w`, `:wq`, `:x`, `:up`, `:wa`), and named files (`:w F`, `:w >> F`, `:sav F`). */
  writes?: { buffer: boolean; files: string[] };
}

/** `:w[rite]`, `:wq`, `:wn`, `:x[it]`, `:exi[t]`, `:up[date]`, `:wa[ll]`, `:wqa[ll]`, `:xa[ll]`, `:sav[eas]`, with `!` and an optional `>>`/file. */
const WRITE = /^(w(?:r(?:i(?:te?)?)?)?|wq|wn|wN|x(?:it?)?|exi(?:t)?|up(?:d(?:a(?:te?)?)?)?|wa(?:ll?)?|wqa(?:ll?)?|xa(?:ll?)?|sav(?:e(?:as?)?)?)!?(?:\s+(?:\+\+\S+\s+)*(>>\s*)?(\S.*?))?\s*$/s;

function noteWrite(out: ExRuns, cmd: string): void {
  const m = WRITE.exec(cmd);
  if (!m) return;
  const w = (out.writes ??= { buffer: false, files: [] });
  const file = m[3];
  // `:w %.bak`, `:w #`: names built from the buffer's own name.
  if (file !== undefined && /[%#]|<c?file>/.test(file)) out.dynamic = true;
  else if (file !== undefined) w.files.push(file);
  else w.buffer = true;
}

/** Vim's command line: the options that take a value (`-c CMD`, `--cmd CMD`, `-S FILE`, …). */
export const VIM_OPTIONS: OptionSpec = { shortValue: "cSsuUiTtqrwWV", longValue: ["cmd", "servername", "remote-send", "remote-expr", "startuptime", "log"] };

/** In Ex mode (`ex`, `vim -e`/`-E`) `-s` is silent mode, not `-s SCRIPTIN`: `ex -sc '%d|x' f`, `vi -es -c '!cmd'`. */
export const VIM_EX_OPTIONS: OptionSpec = { ...VIM_OPTIONS, shortValue: "cSuUiTtqrwWV" };

/** A flag word that puts Vim in silent Ex mode (`-es`, `-Es`, `-se`). */
export function exSilentFlag(w: { value: string; dynamic: boolean }): boolean {
  return !w.dynamic && /^-(e|E)s?$|^-s(e|E)$/.test(w.value);
}

/** [Ex command text, writes the buffer, files written, dynamic] — run by test/classify/programs/. */
export const EX_WRITE_EXAMPLES: ReadonlyArray<readonly [string, boolean, string[], boolean]> = [
  ["%d | wq", true, [], false],
  ["%d|x", true, [], false],
  ["g/x/d | update | q", true, [], false],
  ["w! /tmp/copy", false, ["/tmp/copy"], false],
  ["1,5w >> notes.txt", false, ["notes.txt"], false],
  ["saveas ~/.bashrc", false, ["~/.bashrc"], false],
  ["wqall", true, [], false],
  ["w %.bak", false, [], true],
  ["set nu | q!", false, [], false],
  ["x", true, [], false],
];

/** Modifiers that run the command after them (`:silent! !cmd`, `:keepalt r !cmd`). */
const MODIFIERS = /^(sil(ent)?!?|keep(alt|marks|jumps|patterns)?|lockm(arks)?|noa(utocmd)?|uns(ilent)?|verb(ose)?|vert(ical)?|tab|bel(owright)?|abo(veleft)?|to(pleft)?|bo(tright)?|hid(e)?|conf(irm)?|bro(wse)?|sandbox)\s*/;
const RANGE = /^(?:[%.$]|\d+|'[a-z<>]|\/(?:[^/\\]|\\.)*\/|\?(?:[^?\\]|\\.)*\?|[+-]\d*|[,;])*/;

/** Read one Ex command line (a `|` separates commands, except after `!`, which takes the rest). */
export function exRuns(text: string, out: ExRuns = { commands: [], dynamic: false }, level = 0): ExRuns {
  let rest = text;
  for (let guard = 0; guard < 64 && rest.trim() !== ""; guard++) {
    let line = rest.replace(/^[\s:]+/, "");
    for (let m = MODIFIERS.exec(line); m && m[0] !== ""; m = MODIFIERS.exec(line)) line = line.slice(m[0].length).replace(/^[\s:]+/, "");
    line = line.slice(RANGE.exec(line)?.[0].length ?? 0).replace(/^\s+/, "");
    const bang = /^(?:(?:r|re|rea|read|w|wr|wri|writ|write)\s*)?!(.*)$/s.exec(line);
    // `:!cmd` and `:r !cmd` run cmd; `:w!` (no blank) is a forced write, read on below; `:w !cmd` pipes the buffer into cmd.
    if (bang && (!/^w\w*!/.test(line) || /^w\w*\s+!/.test(line))) {
      if (bang[1].trim() !== "") out.commands.push(bang[1].replace(/\s*$/, ""));
      // The buffer flows into it: what runs is not in the text when it is a shell.
      if (/^w/.test(line)) out.dynamic = true;
      return out;
    }
    const bar = line.search(/(?<!\\)\|/);
    const cmd = bar < 0 ? line : line.slice(0, bar);
    rest = bar < 0 ? "" : line.slice(bar + 1);
    noteWrite(out, cmd.trim());
    const term = /^ter(m|minal)?!?\s+(?:\+\+\S+\s+)*(.+)$/s.exec(cmd);
    if (term) out.commands.push(term[2].trim());
    else if (/^(exe(cute)?|py(thon)?3?|pyx|pyt(hon)?|lua|luado|luafile|perl|ruby|rub|tcl|mz(scheme)?|py3do|pydo|source|so|runtime|norm(al)?)\b/.test(cmd)) out.dynamic = true;
    else {
      for (const m of cmd.matchAll(/\b(?:system|systemlist|jobstart|termopen|vim\.fn\.system)\s*\(\s*(?:'((?:[^']|'')*)'|"((?:[^"\\]|\\.)*)"|([^)]*))/g)) {
        if (m[1] !== undefined) out.commands.push(m[1].replace(/''/g, "'"));
        else if (m[2] !== undefined) out.commands.push(m[2].replace(/\\(.)/g, "$1"));
        else out.dynamic = true;
      }
    }
    if (level > 4) break;
  }
  return out;
}

/** [Ex command text, the shell commands it runs, dynamic] — run by test/classify/programs/. */
export const EX_EXAMPLES: ReadonlyArray<readonly [string, string[], boolean]> = [
  [":!rm -rf /tmp/x", ["rm -rf /tmp/x"], false],
  ["silent !rm -rf /tmp/x | q", ["rm -rf /tmp/x | q"], false],
  ["%!sort", ["sort"], false],
  ["r !ls", ["ls"], false],
  ["w!", [], false],
  ["w !sh", ["sh"], true],
  ["call system('rm -rf /tmp/x') | q", ["rm -rf /tmp/x"], false],
  ["exe '!' . g:x", [], true],
  ["terminal rm -rf /tmp/x", ["rm -rf /tmp/x"], false],
  ["set nu | wq", [], false],
];
