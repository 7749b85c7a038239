// Files a program's own script writes: awk's `print > "F"` / `>> "F"` and
// gawk's `-i inplace`, and Vim/Ex batch edits (`vim -es -c '%d' -c wq F`,
// `ex -sc '%d|x' F`, `:w F`, `:saveas F`). Each is a write × the file's class,
// judged like the shell redirection or `sed -i` it stands for, so an awk
// one-liner cannot empty an agent's settings or append to `~/.bashrc` unseen.
// A target built at run time is shape 10, as for a shell redirection. (sed's
// `w FILE` is read with its other options, in filesystem.ts.)
import { GAP_SHAPE } from "../../model/gap-shapes.js";
import { awkFiles, awkInPlace, awkProgram, awkWrites } from "../programs/awk.js";
import { literalArg } from "../programs/args.js";
import { exRuns, exSilentFlag, VIM_EX_OPTIONS, VIM_OPTIONS } from "../programs/ex.js";
import { parseArgs, type ParsedArgs } from "../programs/options.js";
import { attrs, emitPath, gap, stdinLiteral, targetText, type Ctx } from "./common.js";
import { entry, handlerTable, type Handler, type ProgramEntry } from "./entries.js";

function awk(ctx: Ctx): void {
  const prog = awkProgram(ctx.args, -1);
  if (prog === null || prog.dynamic) return;
  const w = awkWrites(prog.value);
  for (const f of w.files) emitPath(ctx, "write", f, null, "mutate");
  if (w.dynamic) {
    gap(ctx, GAP_SHAPE.REDIRECT_TARGET, `${ctx.program} prints into a file named at run time`);
    ctx.out.effect("write", "unknown", attrs(ctx, { target: targetText(prog.value) }));
  }
  if (awkInPlace(ctx.args, -1)) for (const op of awkFiles(ctx.args, -1)) emitPath(ctx, "write", op.value, op, "mutate");
}

/** The Ex command texts of a Vim command line (`-c`, `--cmd`, `+CMD`, an Ex script on stdin), null for one not literal. */
function exTexts(ctx: Ctx, p: ParsedArgs, silentEx: boolean): Array<string | null> {
  const texts: Array<string | null> = [];
  for (const f of p.flags) if ((f.name === "c" || f.name === "cmd") && f.value !== null) texts.push(f.arg.dynamic ? null : f.value);
  for (const o of p.operands) if (o.value.startsWith("+") && o.value.length > 1 && !/^\+\d+$/.test(o.value) && !o.value.startsWith("+/")) texts.push(o.arg.dynamic ? null : o.value.slice(1));
  const stdin = ctx.pc.stdin;
  const exMode = silentEx || p.flags.some((f) => f.name === "e" || f.name === "E");
  if (exMode && stdin !== null && (stdin.kind === "heredoc" || stdin.kind === "herestring")) texts.push(...(stdin.text === null ? [null] : stdin.text.split("\n")));
  return texts;
}

function vim(ctx: Ctx): void {
  const silentEx = ctx.program === "ex" || ctx.args.some(exSilentFlag);
  const p = parseArgs(ctx.args, silentEx ? VIM_EX_OPTIONS : VIM_OPTIONS);
  const files = p.operands.filter((o) => !o.value.startsWith("+"));
  let buffer = false;
  for (const t of exTexts(ctx, p, silentEx)) {
    if (t === null) continue; // the launcher reports a computed Ex command (shape 3)
    const w = exRuns(t.replace(/<CR>|\\r/gi, "\n")).writes;
    if (!w) continue;
    buffer ||= w.buffer;
    // Vim expands `~` in a file name, as the shell would.
    for (const f of w.files) emitPath(ctx, "write", f, f.startsWith("~") ? { ...literalArg(f), tilde: true } : null, "mutate");
  }
  if (buffer) for (const op of files) emitPath(ctx, "write", op.value, op.arg, "mutate");
}

/**
 * `ed [-s] FILE` with its script on stdin (`printf '1,$d\nw\n' | ed F`, `ed -s F <<< ',d'`): a write of FILE
 * unless the script is literal and has no `w`/`W`/`wq` command; `w NAME` writes NAME.
 */
function ed(ctx: Ctx): void {
  const files = ctx.args.filter((a) => !a.value.startsWith("-") || a.value === "-");
  const text = stdinLiteral(ctx);
  const lines = text === null ? null : text.split("\n").map((l) => l.trim());
  const writes = lines === null ? null : lines.map((l) => /^[0-9,.$;'a-z+-]*\s*(wq?|W)(\s+(.*))?$/.exec(l)).filter((m) => m !== null);
  if (writes === null || writes.length > 0) for (const f of files) if (f.value !== "-") emitPath(ctx, "write", f.value, f, "mutate");
  for (const m of writes ?? []) if (m[3] !== undefined && m[3] !== "" && !m[3].startsWith("!")) emitPath(ctx, "write", m[3], null, "mutate");
}

/** `rename EXPR FILE…` (Perl's; util-linux's `rename FROM TO FILE…`), `mmv FROM TO`: each file leaves its name. */
function rename(ctx: Ctx): void {
  const ops = ctx.args.filter((a) => !a.value.startsWith("-"));
  const skip = ctx.program === "mmv" ? 0 : ops.length >= 3 && !/^(s|y|tr)\W/.test(ops[0]!.value) ? 2 : 1;
  const files = ctx.program === "mmv" ? ops.slice(0, 1) : ops.slice(skip);
  for (const f of files) emitPath(ctx, "delete", f.value, f, "mutate");
  if (ctx.program === "mmv" && ops[1]) emitPath(ctx, "write", ops[1].value.replace(/#\d+/g, "x"), ops[1], "mutate");
}

/** The programs whose script writes files: names, handler and examples (entries.ts), positive and lookalike. */
export const SCRIPT_WRITE_PROGRAMS: readonly ProgramEntry[] = [
  entry(["awk", "gawk", "mawk", "nawk"], awk, [
    ["awk '{ print > \"/etc/hosts\" }' f", "read workspace_file; write system_path"],
    ["gawk -i inplace '{ print }' /etc/hosts", "read system_path; write system_path"],
    ["awk '$3 > 100 { print $1 }'", ""],
  ]),
  entry(["vim", "vi", "nvim", "ex", "vimdiff", "gvim"], vim, [
    ["ex -sc '%d|x' /etc/hosts", "read system_path; write system_path"],
    ["vim -c 'w! /etc/hosts' -c q", "write system_path"],
    ["vim -c 'set nu'", ""],
  ]),
  entry(["ed", "red"], ed, [
    ["printf '1,$d\\nw\\n' | ed /etc/hosts", "write system_path"],
    ["ed -s /etc/hosts <<< ',p'", ""],
  ]),
  entry(["rename", "prename", "file-rename", "perl-rename", "mmv"], rename, [
    ["rename 's/a/b/' /etc/hosts", "delete system_path"],
    ["rename --help", ""],
  ]),
];

export const SCRIPT_WRITE_HANDLERS: Record<string, Handler> = handlerTable(SCRIPT_WRITE_PROGRAMS);
