// awk: the commands an awk program runs — `system("…")`, `print … | "…"`,
// `"…" | getline` — read from its program text with a small tokenizer, and
// parsed like top-level shell text (a computed command is shape 3).
import { GAP_SHAPE } from "../../../model/gap-shapes.js";
import { awkCommands, awkProgram } from "../../programs/awk.js";
import type { Launch, LauncherRow } from "./types.js";


function awk(call: Launch): number | null {
  const out = call.emit();
  const prog = awkProgram(call.words, call.i);
  if (!prog || prog.dynamic) return out;
  const { scripts, dynamic } = awkCommands(prog.value);
  if (dynamic) call.gap(GAP_SHAPE.DYNAMIC_SCRIPT, `${call.name} runs a command that is not a literal`);
  for (const s of scripts) call.inline(s, { inheritStdin: false, sameScope: false });
  return out;
}

export const AWK_ROWS: readonly LauncherRow[] = [
  {
    names: ["awk", "gawk", "mawk", "nawk"],
    runs: "itself, and the literal commands of `system()`, `| \"cmd\"` and `\"cmd\" | getline`",
    launch: awk,
    examples: [
      ["awk 'BEGIN { system(\"rm -rf /tmp/x\") }'", ["awk BEGIN { system(\"rm -rf /tmp/x\") }", "awk>rm -rf /tmp/x"]],
      ["awk '{ system($0) }'", ["awk { system($0) }"], [3]],
      ["awk 'BEGIN { print \"rm -rf /tmp/x\" | \"sh\" }'", ["awk BEGIN { print \"rm -rf /tmp/x\" | \"sh\" }", "awk>printf %s\\n rm -rf /tmp/x", "awk>sh>rm -rf /tmp/x"]],
      ["awk '{ print $1 | \"sh\" }'", ["awk { print $1 | \"sh\" }", "awk>sh"], [3]],
      ["awk '{ print $1 | \"sort -u\" }' f", ["awk { print $1 | \"sort -u\" } f", "awk>sort -u"]],
    ],
  },
];
