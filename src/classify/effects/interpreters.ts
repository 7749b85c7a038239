// Interpreter rows: `bash|sh|python|node|ruby|perl|php … file` → execute × shell
// (the file is also a path the action names). `python -m pip install` is an
// install; `python -m MODULE` runs code (execute × shell). Inline code
// (`-c`, `-e`) is the parser's business (shapes 3 and 6) and the
// download-to-interpreter rule lives in network.ts.
import { parseGnu } from "../flags.js";
import { attrs, pathTarget, rawArg, type Ctx } from "./common.js";
import type { Handler } from "./filesystem.js";
import { INTERPRETERS, scriptOperand } from "./network.js";
import { pythonModuleInstall } from "./packages.js";

function interpreter(ctx: Ctx): void {
  if (ctx.program.startsWith("python")) {
    const p = parseGnu(ctx.argv, { shortValue: "WXcm", stopAtOperand: true });
    const m = p.flags.find((f) => f.name === "m" && f.value !== null);
    if (m) {
      const rest = ctx.argv.slice((m.valueIndex >= 0 ? m.valueIndex : m.index) + 1);
      if (m.value === "pip" && pythonModuleInstall(ctx, rest)) return;
      if (m.value === "pip") return;
      ctx.out.effect("execute", "shell", attrs(ctx));
      return;
    }
  }
  const script = scriptOperand(ctx);
  if (!script) return;
  // `bash <(…)`: the program comes from a process substitution — the parser's shape 7,
  // and execute × remote_code when a download feeds it (network.ts); not a script file.
  if (/^[<>]\(/.test(rawArg(ctx, script.index))) return;
  pathTarget(ctx, script.value, script.index, "consequential");
  ctx.out.effect("execute", "shell", attrs(ctx));
}

/** ts-node, tsx, and similar runners: the first operand is the script. */
function runner(ctx: Ctx): void {
  const p = parseGnu(ctx.argv, { shortValue: "rPOp", stopAtOperand: true });
  const first = p.operands[0];
  if (!first) return;
  pathTarget(ctx, first.value, first.index, "consequential");
  ctx.out.effect("execute", "shell", attrs(ctx));
}

export const INTERPRETER_HANDLERS: Record<string, Handler> = {
  ...Object.fromEntries([...INTERPRETERS].filter((p) => !["cmd", "iex", "invoke-expression"].includes(p)).map((p) => [p, interpreter])),
  "ts-node": runner,
  tsx: runner,
};
