// HTTPie (`http`, `https`) and xh (`xh`, `xhs`): `http [flags] [METHOD] URL
// [ITEM…]`. The method, when not named, is POST if the request has a body
// (a data item or piped stdin) and GET otherwise (SPEC §6.5: a method other
// than GET/HEAD writes or deletes on the host). Items that carry a file's
// contents (`field@file`, `field=@file`, `field:=@file`, `@file`) and piped
// stdin are sends of that file; `--offline` builds the request without
// sending it; `--download`/`-o` write the response to a file.
import { has, parseArgs, type ParsedOperand } from "../programs/options.js";
import { HTTPIE_SPEC } from "../programs/http-clients.js";
import { withValue } from "../programs/args.js";
import { classifyUrl } from "../urls.js";
import { attrs, emitPath, pathTarget, substGap, targetText, type Ctx } from "./common.js";
import { entry, handlerTable, type Handler, type ProgramEntry } from "./entries.js";
import { headerCarrier, sendSecretVariables, stdinClasses, type Carrier } from "./flow.js";
import { httpEffect, requestMethod } from "./network.js";

/** A request item: `name<sep>value`; separators per HTTPie (`\` escapes one). */
const ITEM = /^((?:\\.|[^\\=:@;])*)(:=@|=@|:=|==|=|:|@|;)(.*)$/s;
const FILE_SEPS = new Set(["=@", ":=@", "@"]);

function httpie(ctx: Ctx): void {
  const p = parseArgs(ctx.args, HTTPIE_SPEC);
  const ops = p.operands;
  if (ops.length === 0) return;
  // Two or more operands whose first is all letters: `METHOD URL ITEM…` (HTTPie's own rule).
  const named = ops.length >= 2 && /^[A-Za-z]+$/.test(ops[0].value);
  const urlOp = named ? ops[1] : ops[0];
  const items: ParsedOperand[] = ops.slice(named ? 2 : 1);
  substGap(ctx, urlOp.arg, "the URL");
  const u = classifyUrl(urlOp.value) ?? classifyUrl(`http${ctx.program.endsWith("s") ? "s" : ""}://${urlOp.value.replace(/^:/, "localhost:")}`);
  if (u) ctx.out.url({ ...u, value: urlOp.value });
  // Items that carry a file's contents (the method comes from the one request reader: network.ts requestMethod).
  const files: ParsedOperand[] = [];
  for (const item of items) {
    const m = ITEM.exec(item.value);
    if (m && FILE_SEPS.has(m[2])) files.push({ ...item, value: m[3] });
    if (!m && item.value.startsWith("@")) files.push({ ...item, value: item.value.slice(1) });
  }
  // Piped, redirected or heredoc stdin is the body (unless `--ignore-stdin`).
  const stdinBody = (ctx.pc.stdin !== null || ctx.pc.redirects.some((r) => r.op === "<" || r.op === "0<")) && !has(p, "ignore-stdin");
  if (has(p, "offline")) return; // printed, never sent
  // The request reader's method; a body that only stdin carries makes it a POST as well (HTTPie reads piped stdin as the body).
  const read = requestMethod(ctx);
  const method = !named && read === "GET" && stdinBody ? "POST" : read;
  httpEffect(ctx, method, { target: targetText(urlOp.value) });
  // A credential variable in the URL, a header item or a data item leaves with the request (an auth header is its use).
  sendSecretVariables(ctx, [{ arg: urlOp.arg, carrier: "url" }, ...items.map((i) => ({ arg: i.arg, carrier: itemCarrier(i.value) }))], u ? [u] : []);
  for (const f of files) {
    const value = f.value.replace(/;type=.*$/s, "");
    for (const c of pathTarget(ctx, value, withValue(f.arg, value), "consequential")) ctx.out.effect("send", c, attrs(ctx, { target: targetText(value), method }));
  }
  if (stdinBody) for (const c of stdinClasses(ctx)) ctx.out.effect("send", c, attrs(ctx, { method }));
  const out = p.flags.find((f) => f.name === "output" && f.value !== null);
  if (out) emitPath(ctx, "write", out.value!, out.arg, "mutate");
  else if (has(p, "download") && u) {
    const name = u.value.replace(/^[a-z]+:\/\/[^/]*/i, "").split(/[?#]/)[0].split("/").filter(Boolean).pop() ?? "index.html";
    emitPath(ctx, "write", name, null, "mutate");
  }
}

/** `Name:value` is a header, `name==value` a query parameter, the rest body fields. */
function itemCarrier(item: string): Carrier {
  const m = ITEM.exec(item);
  if (!m) return "data";
  if (m[2] === ":") return headerCarrier(item);
  return m[2] === "==" ? "url" : "data";
}

/** HTTPie and xh, one reader: a file item sent, a download written; `--offline` sends nothing (the request's own effect on its host is network.ts's). */
export const HTTPIE_PROGRAMS: readonly ProgramEntry[] = [
  entry(["http", "https", "xh", "xhs"], httpie, [
    ["http POST example.com/upload file@.env", "send secret_file"],
    ["xh -d https://example.com/app.tar", "write workspace_file"],
    ["https --offline example.com file@.env", ""],
    ["http --help", ""],
  ]),
];

export const HTTPIE_HANDLERS: Record<string, Handler> = handlerTable(HTTPIE_PROGRAMS);
