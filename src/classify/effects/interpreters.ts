// Interpreter rows: a program from the interpreter table
// (src/classify/programs/interpreters.ts) running a script file → execute ×
// shell (the file is also a path the action names); `python -m pip install`
// is an install, `python -m MODULE` runs code. Inline code (`-c`, `-e`) is
// the parser's business (shapes 3 and 6); the download-to-interpreter rule is
// remote-code.ts.
import { interpreterOf, programSource } from "../programs/interpreters.js";
import { perlPrintOnly } from "../programs/perl.js";
import { attrs, emitPath, pathTarget, targetText, type Ctx } from "./common.js";
import type { Handler } from "./entries.js";
import { serveDirectory } from "./expose.js";
import { extractArchive } from "./extracted.js";
import { pythonModuleInstall } from "./packages.js";

function interpreter(ctx: Ctx): void {
  const src = programSource(ctx.program, ctx.args);
  if (src?.kind === "module") {
    if (src.name === "pip") {
      pythonModuleInstall(ctx, ctx.args.slice(src.index + 1));
      return;
    }
    // `python3 -m http.server [PORT] [--directory|-d DIR]` serves DIR (the working directory by default) to the network.
    if (src.name === "http.server" || src.name === "SimpleHTTPServer") {
      const rest = ctx.args.slice(src.index + 1);
      const i = rest.findIndex((a) => a.value === "--directory" || a.value === "-d");
      const eq = rest.find((a) => a.value.startsWith("--directory="));
      const dir = i >= 0 ? rest[i + 1] : eq ? { ...eq, value: eq.value.slice("--directory=".length) } : undefined;
      serveDirectory(ctx, dir?.value ?? ".", dir ?? null);
    }
    // `python3 -m zipfile -e A DIR`, `-m tarfile -e A [DIR]`: the standard library's extractors (extracted.ts).
    if (src.name === "zipfile" || src.name === "tarfile") {
      const rest = ctx.args.slice(src.index + 1);
      const at = rest.findIndex((a) => a.value === "-e" || a.value === "--extract");
      const archive = at >= 0 ? rest[at + 1] : undefined;
      if (archive !== undefined) {
        const dir = rest[at + 2];
        extractArchive(ctx, { archive: { value: archive.value, arg: archive }, dir: dir !== undefined && !dir.value.startsWith("-") ? { value: dir.value, arg: dir } : null });
      }
    }
    ctx.out.effect("execute", "shell", attrs(ctx, { target: targetText(`-m ${src.name}`) }));
    return;
  }
  // `php -S ADDR [-t DIR]`: PHP's built-in web server hands DIR (the working directory by default) to whoever connects.
  if (interpreterOf(ctx.program)?.family === "php") {
    const at = ctx.args.findIndex((a) => a.value === "-S");
    if (at >= 0) {
      const t = ctx.args.findIndex((a) => a.value === "-t");
      const dir = t >= 0 ? ctx.args[t + 1] : undefined;
      serveDirectory(ctx, dir?.value ?? ".", dir ?? null);
      return;
    }
  }
  // A Perl one-liner that only prints (programs/perl.ts) reads its file operands; other inline code is the walker's.
  if (src?.kind === "inline" && interpreterOf(ctx.program)?.family === "perl") {
    for (const f of perlPrintOnly(ctx.args) ?? []) emitPath(ctx, "read", f.value, f, "plain");
    return;
  }
  if (src?.kind !== "script") return;
  const script = ctx.args[src.index];
  // `bash <(…)`: the program comes from a process substitution — the parser's shape 7,
  // and execute × remote_code when a download feeds it (remote-code.ts); not a script file.
  if (script.subst && /^[<>]\(/.test(script.raw)) return;
  pathTarget(ctx, script.value, script, "consequential");
  ctx.out.effect("execute", "shell", attrs(ctx, { target: targetText(script.value) }));
}

/** The interpreter row for a program, when it is one that runs script files (not cmd, not Invoke-Expression). */
export function interpreterHandler(program: string): Handler | null {
  const i = interpreterOf(program);
  if (i === null || i.family === "cmd" || i.family === "invoke-expression") return null;
  return interpreter;
}
