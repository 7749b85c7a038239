// Commands run elsewhere (SPEC §6.1): on another host (`ssh host CMD`,
// `mosh`, `ansible -a`, `pdsh`, `salt cmd.run`, `vagrant ssh -c`,
// `gcloud compute ssh --command`) or in a container (`docker|podman|nerdctl
// run|exec|create`, `docker compose run|exec`, `kubectl|oc exec|run|debug --`,
// `lxc|incus exec`, `multipass exec`). The program itself is emitted (its host
// is a URL; the effect table reads what it does here); what it runs there is
// parsed and its effects carry `runs_on` (`remote` | `container`). A remote
// command starts with none of this shell's variables.
import { quoteWord } from "../../../model/shell-quote.js";
import { GAP_SHAPE } from "../../../model/gap-shapes.js";
import { parseArgs, type OptionSpec } from "../../programs/options.js";
import { COMPOSE_GLOBAL, FLY_NAMES, KUBECTL_NAMES, programOptions } from "../../programs/registry.js";
import type { RunsOn } from "../../shell-analysis.js";
import { excerpt } from "../gaps.js";
import { literalWord, type Word } from "../words.js";
import type { Launch, LauncherRow } from "./types.js";
import { wrapperOptions } from "./wrappers.js";

/** The words, joined as the remote shell receives them (ssh joins its arguments with blanks), or null. */
function joined(call: Launch, words: readonly Word[]): string | null {
  return call.literals(words)?.join(" ") ?? null;
}

function runThere(call: Launch, text: string | null, what: string, runsOn: RunsOn): void {
  call.runScript(text, what, { inheritStdin: true, runsOn });
}

const SSH: OptionSpec = { shortValue: "BbcDEeFIiJLlmOoPpQRSWwM" };
/** `-o` options whose value is a command: ProxyCommand and friends run here, RemoteCommand there. */
const SSH_LOCAL_COMMANDS = /^(proxycommand|localcommand|knownhostscommand)$/i;

/** `ssh [opts] DEST [CMD…]`: CMD (or, with none, a literal stdin) through the remote user's shell; `-o ProxyCommand=…` here. */
function ssh(call: Launch): number | null {
  const out = call.emit();
  const p = wrapperOptions(call, SSH);
  for (const f of p.flags) {
    if (f.name !== "o" || f.value === null) continue;
    const m = /^\s*([A-Za-z]+)\s*[= ]\s*(.*)$/s.exec(f.value);
    if (!m) continue;
    const text = call.flagText(f) === null ? null : m[2].replace(/%[hnpr]/g, "x");
    if (SSH_LOCAL_COMMANDS.test(m[1])) call.runScript(text, `ssh ${m[1]}`, { runsOn: null });
    else if (/^remotecommand$/i.test(m[1])) runThere(call, text, `ssh ${m[1]}`, "remote");
  }
  if (p.end >= call.words.length) return out;
  const rest = call.words.slice(p.end + 1);
  if (rest.length > 0) runThere(call, joined(call, rest), "the ssh command", "remote");
  else if (call.stdin !== null && call.stdin.kind === "file") {
    // `ssh host < deploy.sh`: the remote shell runs the file's commands — the script the text wrote, or unknown.
    if (!call.runFile(literalWord(call.stdin.path), { sameScope: false, runsOn: "remote" })) {
      call.gap(GAP_SHAPE.INTERPRETER_STDIN, `the remote shell runs the commands in ${excerpt(call.stdin.path)}, which the text does not show`);
    }
  } else if (call.stdin !== null) {
    // No command: the remote shell reads its commands from stdin.
    const lit = call.stdinText();
    if (lit !== null) runThere(call, lit, "the ssh stdin", "remote");
    else call.gap(GAP_SHAPE.INTERPRETER_STDIN, `the remote shell runs commands from a ${call.stdin.kind} that is not a literal`);
  }
  return out;
}

/** `mosh [opts] [--] DEST [CMD…]`: CMD on DEST; `--ssh=CMD` runs here. */
function mosh(call: Launch): number | null {
  const out = call.emit();
  const p = wrapperOptions(call, { shortValue: "p", longValue: ["client", "server", "ssh", "port", "predict", "family", "bind-server", "experimental-remote-ip"] });
  const sshCmd = p.flags.find((f) => f.name === "ssh" && f.value !== null);
  if (sshCmd) call.runScript(call.flagText(sshCmd), "the mosh --ssh command", { runsOn: null });
  let k = p.end + 1;
  if (call.words[k] && !call.words[k].dynamic && call.words[k].value === "--") k++;
  if (k < call.words.length) runThere(call, joined(call, call.words.slice(k)), "the mosh command", "remote");
  return out;
}

// ── containers ───────────────────────────────────────────────────────────

const DOCKER_GLOBAL: OptionSpec = {
  shortValue: "Hcl",
  longValue: ["host", "context", "config", "log-level", "tlscacert", "tlscert", "tlskey", "connection", "url", "identity", "root", "runroot", "storage-driver", "cgroup-manager", "namespace", "address"],
};
/** `docker run|create` options that take a value (docker, podman, nerdctl). */
const RUN_VALUE = [
  "add-host", "annotation", "attach", "blkio-weight", "blkio-weight-device", "cap-add", "cap-drop", "cgroup-parent", "cgroupns", "cidfile",
  "cpu-count", "cpu-percent", "cpu-period", "cpu-quota", "cpu-rt-period", "cpu-rt-runtime", "cpu-shares", "cpus", "cpuset-cpus",
  "cpuset-mems", "detach-keys", "device", "device-cgroup-rule", "device-read-bps", "device-read-iops", "device-write-bps",
  "device-write-iops", "dns", "dns-option", "dns-search", "domainname", "entrypoint", "env", "env-file", "expose", "gpus", "group-add",
  "health-cmd", "health-interval", "health-retries", "health-start-period", "health-timeout", "hostname", "ip", "ip6", "ipc",
  "isolation", "kernel-memory", "label", "label-file", "link", "link-local-ip", "log-driver", "log-opt", "mac-address", "memory",
  "memory-reservation", "memory-swap", "memory-swappiness", "mount", "name", "network", "net", "network-alias", "oom-score-adj", "pid",
  "pids-limit", "platform", "publish", "pull", "restart", "runtime", "security-opt", "shm-size", "stop-signal", "stop-timeout",
  "storage-opt", "sysctl", "tmpfs", "ulimit", "user", "userns", "uts", "volume", "volume-driver", "volumes-from", "workdir", "pod",
  "arch", "os", "variant", "secret", "hooks-dir", "init-path", "log-level", "uidmap", "gidmap", "subuidname", "subgidname",
  "timeout", "cgroup-conf", "chrootdirs", "passwd-entry", "group-entry", "preserve-fd", "requires", "rootfs", "sdnotify", "seccomp-policy",
];
const RUN: OptionSpec = { shortValue: "acehlmpuvw", longValue: RUN_VALUE };
const EXEC: OptionSpec = { shortValue: "euw", longValue: ["env", "env-file", "user", "workdir", "detach-keys", "preserve-fd"] };

/** The container command: the words after IMAGE (or CONTAINER), with `--entrypoint` in front when given. */
function inContainer(call: Launch, spec: OptionSpec, from: number): void {
  const p = wrapperOptions(call, spec, from);
  const entry = p.flags.find((f) => f.name === "entrypoint" && f.value !== null);
  const cmd = p.end + 1;
  if (entry) {
    const e = call.words[entry.valueIndex >= 0 ? entry.valueIndex : entry.index];
    if (e.dynamic) call.gap(GAP_SHAPE.DYNAMIC_PROGRAM, "the container entrypoint is not a literal");
    else call.inline([entry.value!, ...call.words.slice(cmd).map((w) => w.raw)].join(" "), { inheritStdin: true, sameScope: false, runsOn: "container" });
    return;
  }
  if (cmd < call.words.length) call.run(cmd, { runsOn: "container", stdin: "keep" });
}

/** docker|podman|nerdctl [global] run|create|exec|container run|… ; compose run|exec. */
function docker(call: Launch): number | null {
  const out = call.emit();
  const g = wrapperOptions(call, DOCKER_GLOBAL);
  let k = g.end;
  const word = (i: number): string => (call.words[i] && !call.words[i].dynamic ? call.words[i].value : "");
  if (word(k) === "container") k++;
  if (word(k) === "compose" || call.name === "docker-compose" || call.name === "podman-compose") {
    if (word(k) === "compose") k++;
    const cg = wrapperOptions(call, COMPOSE_GLOBAL, k);
    k = cg.end;
    if (word(k) === "run") inContainer(call, { shortValue: "eluvwp", longValue: ["env", "label", "name", "user", "volume", "workdir", "entrypoint", "publish", "cap-add", "cap-drop", "env-from-file", "pull"] }, k + 1);
    else if (word(k) === "exec") inContainer(call, { shortValue: "euw", longValue: ["env", "user", "workdir", "index"] }, k + 1);
    return out;
  }
  const sub = word(k);
  if (sub === "run" || sub === "create") inContainer(call, RUN, k + 1);
  else if (sub === "exec") inContainer(call, EXEC, k + 1);
  return out;
}

/** kubectl's global options (its registry entry) and the exec/run/debug options that take a value. */
const KUBE: OptionSpec = {
  ...programOptions("kubectl")!,
  shortValue: `${programOptions("kubectl")!.shortValue ?? ""}cfl`,
  longValue: [...programOptions("kubectl")!.longValue!, "container", "filename", "pod-running-timeout", "image", "selector", "target"],
};

/** `kubectl|oc [flags] exec|run|debug … -- CMD…` (and the old `kubectl exec POD CMD…`); `oc rsh POD CMD…`. */
function kubectl(call: Launch): number | null {
  const out = call.emit();
  const w = call.words;
  const p = parseArgs(w, KUBE, call.i + 1);
  const sub = p.operands[0];
  if (!sub || sub.arg.dynamic || !["exec", "run", "debug", "rsh"].includes(sub.value)) return out;
  const dd = w.findIndex((x, k) => k > sub.index && !x.dynamic && x.value === "--");
  if (dd >= 0) {
    if (dd + 1 < w.length) call.run(dd + 1, { runsOn: "container" });
  } else if (sub.value === "exec" || sub.value === "rsh") {
    // The deprecated form: the operand after the pod is the command.
    const pod = p.operands[1];
    if (pod && pod.index + 1 < w.length) call.run(pod.index + 1, { runsOn: "container" });
  }
  return out;
}

/** `lxc|incus exec NAME [--] CMD…`, `multipass exec NAME [--] CMD…`. */
function execIn(call: Launch): number | null {
  const out = call.emit();
  const w = call.words;
  const p = parseArgs(w, { shortValue: "", longValue: ["env", "cwd", "user", "group", "mode", "working-directory", "project"], stopAtOperand: false }, call.i + 1);
  const sub = p.operands[0];
  if (!sub || sub.value !== "exec") return out;
  const dd = w.findIndex((x, k) => k > sub.index && !x.dynamic && x.value === "--");
  const name = p.operands[1];
  const next = dd >= 0 ? dd + 1 : name ? name.index + 1 : w.length;
  if (next < w.length) call.run(next, { runsOn: "container" });
  return out;
}

/** A command-line option whose value runs on a remote host: `vagrant ssh -c CMD`, `gcloud compute ssh --command=CMD`, `fly ssh console -C CMD`. */
function remoteOption(sub: readonly string[], spec: OptionSpec, names: readonly string[]): LauncherRow["launch"] {
  return (call) => {
    const out = call.emit();
    const w = call.words;
    const p = parseArgs(w, spec, call.i + 1);
    if (!sub.every((s, k) => p.operands[k] && !p.operands[k].arg.dynamic && p.operands[k].value === s)) return out;
    for (const f of p.flags) if (names.includes(f.name) && f.value !== null) runThere(call, call.flagText(f), `${call.name} ${f.text}`, "remote");
    const dd = w.findIndex((x, k) => k > call.i && !x.dynamic && x.value === "--");
    if (dd >= 0 && dd + 1 < w.length && call.name === "gcloud") runThere(call, joined(call, w.slice(dd + 1)), "the gcloud ssh command", "remote");
    return out;
  };
}

const ANSIBLE: OptionSpec = {
  shortValue: "imauefltTcMPBk",
  longValue: ["inventory", "module-name", "args", "user", "extra-vars", "forks", "limit", "timeout", "tree", "connection", "module-path", "poll", "background", "become-user", "become-method", "vault-password-file", "private-key", "key-file", "ssh-common-args", "ssh-extra-args", "playbook-dir"],
  aliases: { m: "module-name", a: "args" },
};


/**
 * `ansible HOSTS [-m shell|command|raw] -a ARGS`: ARGS runs on each host (`command` is the default module).
 * `-m file -a 'path=P state=absent'` removes P on each host: read as the `rm -rf -- P` it amounts to.
 */
function ansible(call: Launch): number | null {
  const out = call.emit();
  const p = parseArgs(call.words, ANSIBLE, call.i + 1);
  const mod = (p.flags.find((f) => f.name === "module-name")?.value ?? "command").replace(/^ansible\.builtin\./, "");
  const args = p.flags.find((f) => f.name === "args" && f.value !== null);
  if (!args) return out;
  const text = call.flagText(args);
  if (mod === "file") {
    if (text === null) runThere(call, null, "the ansible file module's arguments", "remote");
    else if (/(^|\s)state=["']?absent\b/.test(text)) {
      const path = /(?:^|\s)(?:path|dest|name)=("[^"]*"|'[^']*'|\S+)/.exec(text)?.[1]?.replace(/^(["'])(.*)\1$/, "$2");
      runThere(call, path === undefined ? null : `rm -rf -- ${quoteWord(path)}`, "the ansible file module's path", "remote");
    }
    return out;
  }
  if (!/^(shell|command|raw)$/.test(mod)) return out;
  runThere(call, text === null ? null : text.replace(/\b(chdir|creates|removes|executable)=\S+/g, ""), "the ansible -a command", "remote");
  return out;
}

/** `pdsh -w HOSTS CMD…`, `pssh -h FILE CMD`, `clush -w HOSTS CMD…`: CMD on every host. */
function fanOut(spec: OptionSpec): LauncherRow["launch"] {
  return (call) => {
    const out = call.emit();
    const p = wrapperOptions(call, spec);
    if (p.end < call.words.length) runThere(call, joined(call, call.words.slice(p.end)), `the ${call.name} command`, "remote");
    return out;
  };
}

/** `salt TARGET cmd.run|cmd.shell 'CMD'`: CMD on every minion. */
function salt(call: Launch): number | null {
  const out = call.emit();
  const p = parseArgs(call.words, { shortValue: "ctE", longValue: ["timeout", "out", "batch-size"] }, call.i + 1);
  const fn = p.operands[1];
  if (fn && !fn.arg.dynamic && /^cmd\.(run|shell|run_all|exec_code)$/.test(fn.value) && p.operands[2]) {
    runThere(call, joined(call, p.operands.slice(2).map((o) => call.words[o.index])), "the salt command", "remote");
  }
  return out;
}

export const REMOTE_ROWS: readonly LauncherRow[] = [
  {
    names: ["ssh", "autossh"],
    runs: "its command words, joined, through the remote user's shell (or a literal stdin); `-o ProxyCommand=…` here",
    runsOn: "remote",
    launch: ssh,
    examples: [
      ["ssh -p 2222 -i k host rm -rf /data", ["ssh -p 2222 -i k host rm -rf /data", "ssh>rm -rf /data"]],
      ["ssh host 'cd /srv && rm -rf app'", ["ssh host cd /srv && rm -rf app", "ssh>cd /srv", "ssh>rm -rf app"]],
      ["ssh -o ProxyCommand='rm -rf /tmp/x' host", ["ssh -o ProxyCommand=rm -rf /tmp/x host", "ssh>rm -rf /tmp/x"]],
      ["ssh host < deploy.sh", ["ssh host"], [7]],
      ["echo 'rm -rf /tmp/x' > w.sh; ssh host < w.sh", ["echo rm -rf /tmp/x", "ssh host", "ssh>rm -rf /tmp/x"]],
      ["cat cmds | ssh host", ["cat cmds", "ssh host"], [7]],
      ["ssh host <<'EOF'\nrm -rf /data\nEOF", ["ssh host", "ssh>rm -rf /data"]],
      ["ssh -N -L 8080:localhost:80 host", ["ssh -N -L 8080:localhost:80 host"]],
    ],
  },
  { names: ["mosh"], runs: "its command words on the remote host; `--ssh=CMD` here", runsOn: "remote", launch: mosh, examples: [["mosh host -- rm -rf /data", ["mosh host -- rm -rf /data", "mosh>rm -rf /data"]]] },
  {
    names: ["docker", "podman", "nerdctl", "docker-compose", "podman-compose"],
    runs: "`run|create IMAGE CMD…` / `exec CONTAINER CMD…` (and `compose run|exec SERVICE CMD…`) in the container; `--entrypoint` first",
    runsOn: "container",
    launch: docker,
    examples: [
      ["docker run --rm -v /:/host -e A=1 alpine rm -rf /host/etc", ["docker run --rm -v /:/host -e A=1 alpine rm -rf /host/etc", "docker>rm -rf /host/etc"]],
      ["docker exec -it -u root db sh -c 'rm -rf /var/lib/x'", ["docker exec -it -u root db sh -c rm -rf /var/lib/x", "docker>sh>rm -rf /var/lib/x"]],
      ["podman run --entrypoint rm img -rf /data", ["podman run --entrypoint rm img -rf /data", "podman>rm -rf /data"]],
      ["docker compose -f c.yml exec web rm -rf /app", ["docker compose -f c.yml exec web rm -rf /app", "docker>rm -rf /app"]],
      ["docker ps -a", ["docker ps -a"]],
    ],
  },
  {
    names: KUBECTL_NAMES,
    runs: "`exec|run|debug … -- CMD…` (and `exec POD CMD…`) in the container",
    runsOn: "container",
    launch: kubectl,
    examples: [
      ["kubectl -n prod exec -it web-1 -c app -- rm -rf /data", ["kubectl -n prod exec -it web-1 -c app -- rm -rf /data", "kubectl>rm -rf /data"]],
      ["kubectl get pods", ["kubectl get pods"]],
    ],
  },
  { names: ["lxc", "incus", "multipass"], runs: "`exec NAME [--] CMD…` in the instance", runsOn: "container", launch: execIn, examples: [["lxc exec web -- rm -rf /srv", ["lxc exec web -- rm -rf /srv", "lxc>rm -rf /srv"]]] },
  {
    names: ["vagrant"],
    runs: "`ssh [NAME] -c CMD` on the machine",
    runsOn: "remote",
    launch: remoteOption(["ssh"], { shortValue: "c", longValue: ["command"], aliases: { command: "c" } }, ["c"]),
    examples: [["vagrant ssh web -c 'rm -rf /srv'", ["vagrant ssh web -c rm -rf /srv", "vagrant>rm -rf /srv"]]],
  },
  {
    names: ["gcloud"],
    runs: "`compute ssh VM --command=CMD` (or `-- CMD…`) on the VM",
    runsOn: "remote",
    // gcloud's options are its registry entry's: a global option (`--account x`) before `compute ssh` is no subcommand word.
    launch: remoteOption(["compute", "ssh"], programOptions("gcloud")!, ["command"]),
    examples: [["gcloud compute ssh vm1 --zone z --command='rm -rf /srv'", ["gcloud compute ssh vm1 --zone z --command=rm -rf /srv", "gcloud>rm -rf /srv"]]],
  },
  {
    names: FLY_NAMES,
    runs: "`ssh console -C CMD` on the machine",
    runsOn: "remote",
    launch: remoteOption(["ssh", "console"], { shortValue: "Cas", longValue: ["command", "app", "select"], aliases: { command: "C" } }, ["C"]),
    examples: [["fly ssh console -C 'rm -rf /data'", ["fly ssh console -C rm -rf /data", "fly>rm -rf /data"]]],
  },
  {
    names: ["ansible"],
    runs: "the `-a` command of the `command`/`shell`/`raw` module on every host; `-m file … state=absent` as the `rm -rf` of its path",
    runsOn: "remote",
    launch: ansible,
    examples: [
      ["ansible all -b -m shell -a 'rm -rf /srv'", ["ansible all -b -m shell -a rm -rf /srv", "ansible>rm -rf /srv"]],
      ["ansible web -m ansible.builtin.file -a 'path=/etc/app state=absent'", ["ansible web -m ansible.builtin.file -a path=/etc/app state=absent", "ansible>rm -rf -- /etc/app"]],
      ["ansible web -m file -a 'path=/srv/app state=directory mode=0755'", ["ansible web -m file -a path=/srv/app state=directory mode=0755"]],
    ],
  },
  {
    names: ["pdsh", "pssh", "parallel-ssh", "clush"],
    runs: "its command words on every host",
    runsOn: "remote",
    launch: fanOut({ shortValue: "wxlhRtuOpfgX", longValue: ["hosts", "host", "user", "timeout", "par", "outdir", "errdir", "options", "group"] }),
    examples: [["pdsh -w web[1-4] rm -rf /srv", ["pdsh -w web[1-4] rm -rf /srv", "pdsh>rm -rf /srv"]]],
  },
  { names: ["salt"], runs: "`cmd.run|cmd.shell CMD` on every minion", runsOn: "remote", launch: salt, examples: [["salt '*' cmd.run 'rm -rf /srv'", ["salt * cmd.run rm -rf /srv", "salt>rm -rf /srv"]]] },
];
