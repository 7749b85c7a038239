// Vim/Neovim Ex commands that run a shell command: `:!cmd`, `:r !cmd`,
// `:w !cmd`, a range filter `:%!cmd`, `:silent !cmd`, `:call system('cmd')`,
// `:terminal cmd`; and those whose effect cannot be read (`:exe …`, `:py …`,
// `:lua …`). The walker reads `vim -c CMD`, `+CMD`, `--cmd CMD` and an Ex
// script on stdin with it (src/classify/shell/launchers/tools.ts).

export interface ExRuns {
  /** Shell commands, literal. */
  commands: string[];
  /** Something runs that the text does not spell out (`:exe`, a computed `system()`, inline Python/Lua). */
  dynamic: boolean;
}

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
    if (bang) {
      // `:!cmd` and `:r !cmd` run cmd; `:w!` (no blank) is a forced write, `:w !cmd` pipes the buffer into cmd.
      if (!/^w\w*!/.test(line) || /^w\w*\s+!/.test(line)) {
        if (bang[1].trim() !== "") out.commands.push(bang[1].replace(/\s*$/, ""));
        // The buffer flows into it: what runs is not in the text when it is a shell.
        if (/^w/.test(line)) out.dynamic = true;
      }
      return out;
    }
    const bar = line.search(/(?<!\\)\|/);
    const cmd = bar < 0 ? line : line.slice(0, bar);
    rest = bar < 0 ? "" : line.slice(bar + 1);
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
