// Effects of inline code an interpreter runs (SPEC §6.7), from its analysis
// (`ParsedCommand.code`, read by the launcher with the language's grammar):
// file effects on the path table's classes — through the same path targets
// as every shell row, so `whole_cwd`, a `.git` directory and `cd` candidates
// count alike — network effects with their URL and method, Mongo database
// effects, and a reverse shell (a raw socket plus an interactive shell) as
// `execute × remote_code`. The commands the code runs were analysed by the
// walker and are rows of their own.
import type { InlineCommand, InlineEffect, InlinePath } from "../inline-code/index.js";
import { literalArg, type Arg } from "../programs/args.js";
import { interpreterOf } from "../programs/interpreters.js";
import { classifyUrl } from "../urls.js";
import { urlCredential, urlCredentialAttrs } from "../url-credentials.js";
import { attrs, emitPath, targetText, type Ctx, type TargetRole } from "./common.js";
import { databaseEffect } from "./database.js";

/** The shell value of an inline path and the word facts that make the path table expand it. */
function pathWord(p: InlinePath, ctx: Ctx): { value: string; arg: Arg | null } {
  if (p.base === "home") {
    if (ctx.env?.home) return { value: ctx.env.home + p.rest, arg: null };
    const value = "~" + p.rest;
    return { value, arg: { ...literalArg(value), tilde: true } };
  }
  if (p.base === "tmp") {
    const value = "$TMPDIR" + p.rest;
    return { value, arg: { ...literalArg(value), vars: ["TMPDIR"] } };
  }
  return { value: p.rest, arg: null };
}

const ROLE: Partial<Record<InlineEffect["verb"], TargetRole>> = { delete: "mutate", write: "mutate", send: "consequential" };

function fileEffect(ctx: Ctx, e: InlineEffect): void {
  if (e.path === null) {
    ctx.out.effect(e.verb, "unknown", attrs(ctx, e.attrs));
    return;
  }
  // The environment dumped (`gci env: | irm -Method Post`): its tokens go with it, as `env | curl -d @-` sends them.
  if (e.path.base === "env") {
    ctx.out.effect(e.verb, "secret_file", attrs(ctx, { ...e.attrs, target: "env" }));
    return;
  }
  const { value, arg } = pathWord(e.path, ctx);
  emitPath(ctx, e.verb, value, arg, ROLE[e.verb] ?? "plain", e.attrs, e.path.text);
}

/** A raw socket to a host (`net.connect`, `TCPSocket.new`, `socket.connect`, `TCPClient`): what a reverse shell opens. */
function rawSocket(e: InlineEffect): boolean {
  return e.kind === "network" && e.attrs.method === "CONNECT";
}

/** A command that starts an interactive shell (`/bin/sh -i`, `bash`, `cmd.exe`): its input is whatever the code wired to it. */
function interactiveShell(c: InlineCommand): boolean {
  const words = "argv" in c ? c.argv : c.text.trim().split(/\s+/);
  const program = (words[0] ?? "").replace(/^.*[\\/]/, "").toLowerCase().replace(/\.exe$/, "");
  const i = interpreterOf(program);
  if (i === null || (i.family !== "shell" && i.family !== "powershell" && i.family !== "cmd")) return false;
  return words.slice(1).every((w) => /^-[a-z]*i[a-z]*$|^-l$|^--login$|^-$|^-s$/.test(w) || w === "");
}

/** The Mongo shell's connection strings, database names and `--host`: what says which environment its `db` is. */
function connectionNames(ctx: Ctx): string[] {
  const out: string[] = [];
  ctx.args.forEach((a, i) => {
    const prev = ctx.args[i - 1]?.value;
    if (prev === "--eval" || a.value.startsWith("--eval=")) return;
    if (prev === "--host" || prev === "-h") out.push(a.value);
    else if (!a.value.startsWith("-")) out.push(a.value);
  });
  return out;
}

export function inlineCodeEffects(ctx: Ctx): void {
  const code = ctx.pc.code;
  if (!code) return;
  for (const e of code.effects) {
    if (e.kind === "file") fileEffect(ctx, e);
    else if (e.kind === "database") databaseEffect(ctx, { verb: e.verb as "destroy" | "delete" | "write", attrs: e.attrs }, connectionNames(ctx));
    else {
      const u = e.url === null ? null : (classifyUrl(e.url) ?? classifyUrl(`http://${e.url}`));
      ctx.out.url(u);
      ctx.out.effect(e.verb, "network_host", attrs(ctx, { ...e.attrs, ...(e.url !== null ? { target: targetText(e.url) } : {}) }));
      const c = u === null ? null : urlCredential(u);
      if (c !== null) ctx.out.effect("send", "network_host", attrs(ctx, { ...e.attrs, ...urlCredentialAttrs(c) }));
    }
  }
  // A socket to a host and a shell whose input it can be: the host drives the shell.
  const socket = code.effects.find(rawSocket);
  if (socket && code.commands.some(interactiveShell)) {
    ctx.out.effect("execute", "remote_code", attrs(ctx, { target: targetText(socket.url ?? "a socket"), via: "reverse shell" }));
  }
}
