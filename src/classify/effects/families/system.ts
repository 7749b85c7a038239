// The host itself: services (systemctl, service, launchctl), power state
// (reboot, shutdown, halt, poweroff, init/telinit 0|6), the firewall
// (iptables, ip6tables, nft, ufw, firewall-cmd, pfctl), scheduled jobs
// (`crontab -r`), processes signalled en masse (`kill -9 -1`, `killall -u`),
// and accounts (userdel, passwd -d/-l, usermod -L). Changing any of them is
// `write|delete × host`, asked by host.change; what cannot be had back and
// takes everything of its kind — every cron job of a user, every process, a
// user with their home directory — carries `total: true` (host.wipe denies).
// User-scope services (`systemctl --user`) are the user's own and not listed;
// status, listing and inspection are reads or nothing.
import { emitPath } from "../common.js";
import { eff, holds, row, type Cli, type EffectSpec, type Family, type Match } from "./rows.js";
import { SYSTEMCTL_CLI } from "./clis.js";
import { SERVICE_CLI } from "./gateways.js";

/** What a session on this machine stands on: remote access, the network, name resolution, the container runtime, scheduling. */
const ESSENTIAL = /^(ssh|sshd|openssh-server|network|networking|NetworkManager|systemd-networkd|systemd-resolved|wpa_supplicant|firewalld|ufw|nftables|iptables|docker|containerd|kubelet|cron|crond|systemd-logind|dbus|polkit|sudo|auditd|rsyslog|systemd-journald|tailscaled|wg-quick@.*)(\.service|\.socket)?$/;

/** The daemons behind ESSENTIAL, by process name (`killall -9 sshd`). */
const ESSENTIAL_PROCESS = /^(sshd|dockerd|containerd|kubelet|systemd|init|NetworkManager|systemd-networkd|systemd-resolved|systemd-logind|systemd-journald|wpa_supplicant|firewalld|cron|crond|dbus-daemon|polkitd|auditd|rsyslogd|tailscaled|wg-quick)$/;

const hostChange = (resource: string, extra: Record<string, string | boolean> = {}): EffectSpec => eff("write", "host", { resource, ...extra });
const power = (operation: string): EffectSpec => hostChange("power", { operation });

function units(m: Match): string[] {
  return m.rest.map((o) => o.value).filter((u) => !u.startsWith("-"));
}

const SYSTEMCTL = {
  names: ["systemctl"],
  service: "systemd",
  cli: SYSTEMCTL_CLI,
  rows: [
    row("stop|disable|mask|kill|isolate|freeze", (m) => {
      if (m.has("user")) return null;
      const named = units(m);
      return hostChange("service", { operation: m.path[0]!, ...holds({ essential: named.some((u) => ESSENTIAL.test(u)) }) });
    }, [
      ["sudo systemctl stop sshd", "write host resource=service operation=stop essential"],
      ["systemctl disable --now docker.service", "write host essential"],
      ["systemctl mask postgresql", "write host operation=mask"],
      ["systemctl isolate rescue.target", "write host operation=isolate"],
      ["systemctl --user stop my-dev-server", ""],
    ]),
    row("poweroff|reboot|halt|suspend|hibernate|hybrid-sleep|kexec|rescue|emergency|soft-reboot", (m) => power(m.path[0]!), [
      ["systemctl reboot", "write host resource=power operation=reboot"],
      ["sudo systemctl poweroff -i", "write host operation=poweroff"],
    ]),
    // status, list-units, show, cat …: no row, nothing happens (the gateways family's examples pin `systemctl status haproxy` too).
  ],
};

/** `service UNIT stop`: SysV-style; the proxy units are the gateways family's. */
const SERVICE = {
  names: ["service"],
  service: "sysvinit",
  cli: SERVICE_CLI,
  rows: [
    row("*", (m) => hostChange("service", { operation: m.rest[0]!.value, ...holds({ essential: ESSENTIAL.test(m.path[0]!) }) }), [
      ["sudo service ssh stop", "write host essential"],
      ["service mysql stop", "write host operation=stop"],
      ["service nginx status", ""],
    ], { when: (m) => /^(stop|force-stop|disable)$/.test(m.rest[0]?.value ?? "") }),
  ],
};

const LAUNCHCTL = {
  names: ["launchctl"],
  service: "launchd",
  cli: { help: { flags: ["help"] } } satisfies Cli,
  rows: [
    row("bootout|unload|disable|remove|kill", (m) => hostChange("service", { operation: m.path[0]! }), [["sudo launchctl bootout system/com.openssh.sshd", "write host"], ["launchctl unload ~/Library/LaunchAgents/x.plist", "write host"]]),
    row("list|print|blame|version", eff("read", "host"), [["launchctl list", "read host"]]),
  ],
};

const POWER_CLI: Cli = { options: { shortValue: "t", longValue: ["time"], longBool: ["reboot", "halt", "poweroff", "cancel", "force", "no-wall", "show"], aliases: { r: "reboot", h: "halt", P: "poweroff", c: "cancel", f: "force", k: "show" } }, help: { flags: ["help"] } };

const POWER = {
  names: ["shutdown", "reboot", "halt", "poweroff"],
  service: "power",
  cli: POWER_CLI,
  rows: [
    row("", (m) => (m.has("cancel") || m.has("show") ? null : power(m.ctx.program === "shutdown" && m.has("reboot") ? "reboot" : m.ctx.program)), [
      ["shutdown -h now", "write host resource=power operation=shutdown"],
      ["sudo shutdown -r +5", "write host operation=reboot"],
      ["reboot", "write host operation=reboot"],
      ["sudo poweroff", "write host operation=poweroff"],
      ["shutdown -c", ""],
    ]),
  ],
};

const INIT = {
  names: ["init", "telinit"],
  service: "sysvinit",
  cli: { help: { flags: ["help"] } } satisfies Cli,
  rows: [row("", (m) => (/^[0156sS]$/.test(m.rest[0]?.value ?? "") ? power(`runlevel ${m.rest[0]!.value}`) : null), [["init 0", "write host operation='runlevel 0'"], ["telinit 6", "write host"], ["init --version", ""]])],
};

const CRONTAB = {
  names: ["crontab"],
  service: "cron",
  cli: { options: { shortValue: "u", longValue: ["user"], aliases: { u: "user" } }, help: { flags: ["help"] } } satisfies Cli,
  rows: [
    row("", (m) => (m.ctx.args.some((a) => /^-[a-z]*r/.test(a.value) && !a.value.includes("l")) ? eff("delete", "host", { resource: "crontab", total: true, ...(m.value("user") ? { user: m.value("user")! } : {}) }) : m.ctx.args.some((a) => a.value === "-l") ? eff("read", "host") : null), [
      ["crontab -r", "delete host resource=crontab total"],
      ["crontab -ir", "delete host total"],
      ["sudo crontab -u www-data -r", "delete host user=www-data"],
      ["crontab -l", "read host"],
    ]),
  ],
};

/** iptables-style: which commands change the tables; listing and checking read. */
const IPTABLES_CHANGE = /^(-F|--flush|-X|--delete-chain|-Z|--zero|-P|--policy|-D|--delete|-A|--append|-I|--insert|-R|--replace|-N|--new-chain|-E|--rename-chain)$/;

const IPTABLES = {
  names: ["iptables", "ip6tables", "iptables-legacy", "ip6tables-legacy", "iptables-nft", "ip6tables-nft", "iptables-restore", "ip6tables-restore"],
  service: "iptables",
  cli: { options: { shortValue: "tjpsdioPwm", longValue: ["table", "jump", "protocol", "source", "destination", "in-interface", "out-interface", "dport", "sport", "match", "wait"], aliases: { t: "table", j: "jump", p: "protocol", s: "source", d: "destination", i: "in-interface", o: "out-interface", w: "wait", m: "match" } }, help: { flags: ["help", "h"] } } satisfies Cli,
  rows: [
    row("", (m) => {
      const words = m.ctx.args.map((a) => a.value);
      if (/-restore$/.test(m.ctx.program)) return words.includes("--test") || words.includes("-t") ? eff("read", "host") : hostChange("firewall", { operation: "restore" });
      const flush = words.some((w) => /^(-F|--flush|-X|--delete-chain)$/.test(w) || /^-[a-zA-Z]*F$/.test(w));
      if (flush) return hostChange("firewall", { operation: "flush" });
      if (words.some((w) => IPTABLES_CHANGE.test(w))) return hostChange("firewall", { operation: "change" });
      return words.some((w) => /^(-L|--list|-S|--list-rules|-C|--check)$/.test(w) || /^-[nvx]*L[nvx]*$/.test(w)) ? eff("read", "host") : null;
    }, [
      ["iptables -F", "write host resource=firewall operation=flush"],
      ["sudo iptables -t nat -F", "write host operation=flush"],
      ["iptables -X", "write host operation=flush"],
      ["iptables -P INPUT DROP", "write host operation=change"],
      ["ip6tables -A INPUT -p tcp --dport 22 -j DROP", "write host operation=change"],
      ["iptables-restore < rules.v4", "write host operation=restore; read workspace_file"],
      ["iptables -L -n -v", "read host"],
      ["iptables -S", "read host"],
    ]),
  ],
};

const NFT = {
  names: ["nft"],
  service: "nftables",
  cli: { options: { shortValue: "fIo", longValue: ["file", "includepath"], longBool: ["check", "handle", "echo", "json"], aliases: { f: "file", c: "check", a: "handle", e: "echo", j: "json" } }, help: { flags: ["help", "h"] }, dryRun: ["check"] } satisfies Cli,
  rows: [
    row("flush", hostChange("firewall", { operation: "flush" }), [["nft flush ruleset", "write host operation=flush"], ["sudo nft flush table inet filter", "write host"]]),
    row("delete|destroy|add|insert|replace|create|reset|rename", hostChange("firewall", { operation: "change" }), [["nft delete table inet filter", "write host operation=change"], ["nft add rule inet filter input tcp dport 22 drop", "write host"]]),
    row("list|describe|monitor", eff("read", "host"), [["nft list ruleset", "read host"]]),
    row("", (m) => (m.value("file") !== null && !m.has("check") ? hostChange("firewall", { operation: "load" }) : null), [["nft -f /etc/nftables.conf", "write host operation=load"], ["nft -c -f rules.nft", ""]]),
  ],
};

const UFW = {
  names: ["ufw"],
  service: "ufw",
  cli: { options: { longBool: ["force", "dry-run"] }, help: { flags: ["help"] }, dryRun: ["dry-run"] } satisfies Cli,
  rows: [
    row("disable|reset|enable|delete|deny|reject|limit|allow|insert|default|route|prepend", (m) => hostChange("firewall", { operation: m.path[0]! }), [
      ["sudo ufw disable", "write host operation=disable"],
      ["ufw --force reset", "write host operation=reset"],
      ["ufw delete allow 22/tcp", "write host operation=delete"],
      ["ufw --dry-run reset", "read host dry_run"],
    ]),
    row("status|show|app|version", eff("read", "host"), [["ufw status verbose", "read host"]]),
  ],
};

const FIREWALL_CMD = {
  names: ["firewall-cmd", "pfctl"],
  service: "firewall",
  cli: { options: { longValue: ["zone", "service", "port"], longBool: ["permanent", "reload", "panic-on", "state", "list-all"] }, help: { flags: ["help", "h"] } } satisfies Cli,
  rows: [
    row("", (m) => {
      const words = m.ctx.args.map((a) => a.value);
      if (m.ctx.program === "pfctl") return words.some((w) => /^-[a-zA-Z]*[dF]/.test(w) || w === "-f") ? hostChange("firewall", { operation: "change" }) : words.some((w) => /^-s/.test(w)) ? eff("read", "host") : null;
      if (words.some((w) => /^--(panic-on|remove-|add-|set-|reload|complete-reload|new-|delete-|change-|runtime-to-permanent)/.test(w))) return hostChange("firewall", { operation: "change" });
      return words.some((w) => /^--(list-|get-|query-|state|info-)/.test(w)) ? eff("read", "host") : null;
    }, [
      ["firewall-cmd --panic-on", "write host operation=change"],
      ["firewall-cmd --permanent --remove-service=ssh", "write host"],
      ["pfctl -d", "write host"],
      ["firewall-cmd --list-all", "read host"],
      ["pfctl -s rules", "read host"],
    ]),
  ],
};

/** `kill -9 -1` (every process the user may signal), `kill 1` (init), `killall -u USER`, `pkill -u USER`, `killall5`. */
function massKill(m: Match): EffectSpec | null {
  const words = m.ctx.args.map((a) => a.value);
  const program = m.ctx.program;
  if (program === "killall5") return hostChange("processes", { total: true });
  if (program === "kill") {
    // `kill [-SIG | -s SIG | -n NUM] [--] PID…`: the first option is the signal, the rest are PIDs (`-1`: every process).
    let at = words[0] === "-s" || words[0] === "-n" ? 2 : words[0] !== undefined && words[0].startsWith("-") && words[0] !== "--" ? 1 : 0;
    if (words[at] === "--") at++;
    const pids = words.slice(at);
    if (pids.includes("-1")) return hostChange("processes", { total: true, operation: "kill -1" });
    if (pids.includes("1")) return hostChange("processes", { operation: "kill init" });
    return null;
  }
  if (m.value("user") !== null) return hostChange("processes", { operation: `${program} -u`, user: m.value("user")! });
  // `killall sshd`, `pkill -9 dockerd`: what the session stands on (pkill matches a pattern: a name that is one counts).
  const named = m.rest.map((o) => o.value).find((n) => ESSENTIAL_PROCESS.test(n));
  if (named !== undefined) return hostChange("processes", { operation: `${program} ${named}`, essential: true });
  return null;
}

const KILL = {
  names: ["kill", "killall", "pkill", "killall5"],
  service: "signals",
  cli: { options: { shortValue: "usnUt", longValue: ["user", "signal", "session", "uid", "terminal"], aliases: { u: "user", U: "uid", s: "signal", t: "terminal" } }, help: { flags: ["help"] } } satisfies Cli,
  rows: [
    row("", massKill, [
      ["kill -9 -1", "write host resource=processes total operation='kill -1'"],
      ["kill -KILL -1", "write host total"],
      ["kill -s KILL -1", "write host total"],
      ["sudo kill -9 1", "write host operation='kill init'"],
      ["killall -u alice", "write host user=alice"],
      ["pkill -9 -u deploy", "write host user=deploy"],
      ["kill 4242", ""],
      ["kill -9 4242 4243", ""],
      ["kill -1 4242", ""],
      ["kill -- -1", "write host total"],
      // Every node process, the Gatehouse daemon among them (self-protection.ts).
      ["killall node", "write host resource=processes persistence=gatehouse"],
      ["killall -9 sshd", "write host resource=processes essential operation='killall sshd'"],
      ["sudo pkill dockerd", "write host essential"],
      ["pkill -f sshd-session-helper", ""],
      ["pkill -f 'next dev'", ""],
    ]),
  ],
};

const ACCOUNTS = {
  names: ["userdel", "deluser", "groupdel", "delgroup", "passwd", "usermod", "chage", "useradd", "adduser"],
  service: "accounts",
  cli: { options: { shortValue: "gGsdeEfiIlmMWRp", longValue: ["expiredate", "shell", "home", "root", "prefix", "gid", "groups", "maxdays"], longBool: ["remove", "remove-home", "remove-all-files", "force", "delete", "lock", "unlock", "expire"], aliases: { r: "remove", R: "root" } }, help: { flags: ["help", "h"] } } satisfies Cli,
  rows: [
    row("", (m) => {
      const program = m.ctx.program;
      const words = m.ctx.args.map((a) => a.value);
      if (program === "userdel" || program === "deluser") {
        const home = m.has("remove") || m.has("remove-home") || m.has("remove-all-files");
        return eff("delete", "host", { resource: "user", ...holds({ total: home, remove_home: home }) });
      }
      if (program === "groupdel" || program === "delgroup") return eff("delete", "host", { resource: "group" });
      // A second root (uid 0, `-o` non-unique) or an account put in an admin group is a way back in as root.
      const uid0 = words.some((w, k) => (/^(-u|--uid)$/.test(w) && words[k + 1] === "0") || /^--uid=0$/.test(w) || /^-[a-zA-Z]*o[a-zA-Z]*$/.test(w) || w === "--non-unique");
      const adminGroup = words.some((w, k) => /^(-[a-zA-Z]*G|--groups)$/.test(w) && /(^|,)(sudo|wheel|admin|root)(,|$)/.test(words[k + 1] ?? ""));
      if ((program === "useradd" || program === "adduser" || program === "usermod") && (uid0 || adminGroup)) return hostChange("user", { operation: program, privileged: true });
      if (program === "useradd" || program === "adduser") return null;
      if (program === "passwd") return words.some((w) => /^-[a-zA-Z]*[dle]/.test(w) || /^--(delete|lock|expire)$/.test(w)) ? hostChange("user", { operation: "passwd" }) : null;
      if (program === "usermod" || program === "chage") return words.some((w) => /^-[LUeE]$/.test(w) || /^--(lock|expiredate|shell)$/.test(w) || w === "-s") ? hostChange("user", { operation: program }) : null;
      return null;
    }, [
      ["sudo userdel -r alice", "delete host resource=user total remove_home"],
      ["userdel bob", "delete host resource=user"],
      ["deluser --remove-home carol", "delete host total"],
      ["groupdel devs", "delete host resource=group"],
      ["sudo passwd -d root", "write host resource=user operation=passwd"],
      ["passwd -l deploy", "write host"],
      ["usermod -L alice", "write host operation=usermod"],
      ["passwd", ""],
      ["usermod -aG docker alice", ""],
      ["useradd -o -u 0 -g 0 backdoor", "write host resource=user privileged"],
      ["sudo usermod -aG sudo mallory", "write host privileged"],
      ["useradd -m -s /bin/bash ci", ""],
    ]),
  ],
};

/** setcap: a capability that grants root's powers (setuid, admin, reading any file, tracing any process) on a program is a backdoor to root. */
const SETCAP = {
  names: ["setcap"],
  service: "capabilities",
  cli: { options: { shortValue: "" }, help: { flags: ["help", "h"] } } satisfies Cli,
  rows: [
    row("", (m) => {
      const caps = m.rest[0]?.value ?? "";
      if (m.ctx.args.some((a) => a.value === "-r") || !/cap_(setuid|setgid|sys_admin|dac_override|dac_read_search|sys_ptrace|sys_module|chown|fowner)|^all|[,=]all\b/i.test(caps)) return null;
      return hostChange("capabilities", { operation: "setcap", privileged: true });
    }, [
      ["setcap cap_setuid+ep /usr/bin/python3", "write host resource=capabilities privileged"],
      ["sudo setcap 'cap_dac_read_search=ep' ./tool", "write host privileged"],
      ["setcap cap_net_bind_service=+ep ./server", ""],
    ]),
  ],
};

/** setfacl: ACL changes are permission changes, on each path (recursive with `-R`). */
const SETFACL = {
  names: ["setfacl"],
  service: "acl",
  cli: { options: { shortValue: "mxMX", longValue: ["modify", "remove", "modify-file", "remove-file", "set", "set-file"], longBool: ["recursive", "remove-all", "remove-default", "default", "test", "physical", "logical"], aliases: { m: "modify", x: "remove", M: "modify-file", X: "remove-file", R: "recursive", b: "remove-all", k: "remove-default", d: "default" } }, help: { flags: ["help", "h"] }, dryRun: ["test"] } satisfies Cli,
  rows: [
    row("", (m) => {
      for (const op of m.rest) emitPath(m.ctx, "write", op.value, op.arg, "mutate", { ...m.base, recursive: m.has("recursive"), acl: true });
      return [];
    }, [
      ["setfacl -R -m u:app:rwx /etc", "write system_path recursive acl"],
      ["setfacl -m u:ci:rx build/", "write workspace_file"],
      ["setfacl --test -R -m u:x:r /srv", "read data_store dry_run"],
    ]),
  ],
};

export const SYSTEM: Family = { name: "system", programs: [SYSTEMCTL, SERVICE, LAUNCHCTL, POWER, INIT, CRONTAB, IPTABLES, NFT, UFW, FIREWALL_CMD, KILL, ACCOUNTS, SETCAP, SETFACL] };
