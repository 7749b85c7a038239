// The download-to-interpreter rule: code fetched from the network and run —
// `curl … | sh`, `wget -O- … | tee x | python`, `bash <(curl …)`,
// `sh -c "$(curl …)"`, `source <(curl …)`, `bash x.sh` after `curl -o x.sh`
// → execute × remote_code. Which programs run code, and where they take it
// from, is the interpreter table's (src/classify/programs/interpreters.ts).
import { interpreterOf, programSource } from "../programs/interpreters.js";
import type { Arg } from "../programs/args.js";
import { programName } from "../programs/name.js";
import { attrs, resolveAll, type Ctx } from "./common.js";

export const DOWNLOADERS = new Set(["curl", "wget", "fetch", "aria2c", "axel", "lwp-download", "http", "https", "xh", "invoke-webrequest", "iwr", "invoke-restmethod", "irm"]);

/** A downloader at the start of a substitution: `$(curl …`, `` `wget … ``, `<(sudo curl …`. */
const SUBST_DOWNLOAD = new RegExp(`(\\$\\(|\`|<\\()\\s*(sudo\\s+)?(${[...DOWNLOADERS].join("|")})\\b`, "i");

function upstreamDownload(ctx: Ctx, index: number, depth = 0): string | null {
  const pc = ctx.analysis.commands[index];
  if (!pc || depth > 16 || pc.stdin?.kind !== "pipe") return null;
  const up = ctx.analysis.commands[pc.stdin.upstream];
  if (!up || pc.stdin.upstream >= index) return null;
  if (DOWNLOADERS.has(up.cmd.program)) return up.cmd.program;
  return upstreamDownload(ctx, pc.stdin.upstream, depth + 1);
}

const STDIN_PATH = /^(\/dev\/stdin|\/proc\/self\/fd\/0|\/dev\/fd\/0|-)$/;

/** Does the command take its program from stdin (no script operand, `-`, `/dev/stdin`, `sh -s`, `source /dev/stdin`)? */
function readsProgramFromStdin(ctx: Ctx): boolean {
  if (ctx.program === "source" || ctx.program === ".") return STDIN_PATH.test(ctx.argv[0] ?? "");
  return programSource(ctx.program, ctx.args)?.kind === "stdin";
}

/** The script file an interpreter runs (`bash x.sh`, `python3.12 a.py`, `node s.js`), or null. */
export function scriptOperand(ctx: Ctx): Arg | null {
  const src = programSource(ctx.program, ctx.args);
  return src?.kind === "script" ? ctx.args[src.index] : null;
}

/** A file a downloader wrote earlier in the text, or one under a tree it fetched (a `dir/` entry: `git clone URL dir && bash dir/install.sh`). */
function isDownloaded(ctx: Ctx, path: string): boolean {
  return ctx.state.downloaded.has(path) || [...ctx.state.downloaded].some((d) => d.endsWith("/") && path.startsWith(d));
}

/** `wget -O /tmp/a URL && chmod +x /tmp/a && /tmp/a`: the program itself is a file a downloader wrote earlier in the text. */
function runsDownloadedProgram(ctx: Ctx): boolean {
  if (ctx.state.downloaded.size === 0) return false;
  // The walker keeps the program's basename; the word as written (`/tmp/a`, `./i`) is in the command's text.
  const words = ctx.pc.cmd.raw.split(/\s+/).map((w) => w.replace(/^["']|["']$/g, "")).filter((w) => /[/\\]/.test(w) && programName(w) === ctx.program);
  return words.some((w) => resolveAll(ctx, w, false).some((r) => isDownloaded(ctx, r.normalized)));
}

export function remoteCode(ctx: Ctx): void {
  const program = ctx.program;
  if (runsDownloadedProgram(ctx)) ctx.out.effect("execute", "remote_code", attrs(ctx, { target: "file" }));
  if (interpreterOf(program) === null && program !== "source" && program !== "." && program !== "eval") return;
  // `target` says where the code came from: the downloader, a substitution, or a downloaded file.
  const extra = (source: string) => attrs(ctx, { target: source });
  if (program !== "eval") {
    const dl = upstreamDownload(ctx, ctx.index);
    if (dl && readsProgramFromStdin(ctx)) ctx.out.effect("execute", "remote_code", extra(dl));
  }
  // A download inside a substitution that becomes the program (`bash <(curl …)`, `sh -c "$(curl …)"`,
  // `eval "$(curl …)"`) — also single-quoted (`sh -c '$(curl …)'`): the shell it is handed expands it.
  const texts = [...ctx.pc.cmd.raw_argv, ...ctx.pc.redirects.map((r) => `${r.op}${r.target.raw}`)];
  for (const t of texts) {
    const m = SUBST_DOWNLOAD.exec(t);
    if (m) ctx.out.effect("execute", "remote_code", extra(m[3].toLowerCase()));
  }
  const stdin = ctx.pc.stdin;
  if (stdin && (stdin.kind === "heredoc" || stdin.kind === "herestring") && stdin.text === null && SUBST_DOWNLOAD.test(ctx.pc.cmd.raw)) {
    ctx.out.effect("execute", "remote_code", extra("substitution"));
  }
  // A script file a downloader wrote earlier in the same text.
  const script = scriptOperand(ctx);
  // A script operand that is a URL (`deno run -A https://…/mod.ts`, `uv run https://…/x.py`): fetched and run unread.
  if (script && !script.dynamic && /^https?:\/\//i.test(script.value)) ctx.out.effect("execute", "remote_code", extra("url"));
  if (script) {
    for (const r of resolveAll(ctx, script.value, false)) if (isDownloaded(ctx, r.normalized)) ctx.out.effect("execute", "remote_code", extra("file"));
  }
}
