// The host's kernel and network, as the system family leaves them: kernel
// parameters (sysctl), the mandatory access control (SELinux, AppArmor),
// kernel modules, and the network interfaces, addresses and routes (ip,
// ifconfig, ifdown, nmcli). Changing any of them is `write × host` (host.change
// asks: a link taken down or a route flushed cuts this session off, a module
// unloaded takes its device with it); turning a protection off — SELinux to
// permissive, AppArmor profiles unloaded, ASLR or ptrace/kernel-pointer
// restrictions relaxed — carries `defense: true` (host.defense_off). Reading
// them (`sysctl -a`, `ip a`, `getenforce`, `lsmod`) is a read.
import { eff, row, type Cli, type EffectSpec, type Family, type Match } from "./rows.js";

const change = (resource: string, operation: string, defense = false): EffectSpec => eff("write", "host", { resource, operation, ...(defense ? { defense: true } : {}) });
const read = eff("read", "host");

/**
 * Kernel parameters whose value `0` turns a protection off (the hardened default is non-zero):
 * address-space randomisation, ptrace and kernel-pointer/dmesg restrictions, the link protections,
 * unprivileged BPF. A key followed by `=0`.
 */
const WEAKENED_AT_ZERO = /^(kernel\.randomize_va_space|kernel\.yama\.ptrace_scope|kernel\.kptr_restrict|kernel\.dmesg_restrict|kernel\.unprivileged_bpf_disabled|kernel\.perf_event_paranoid|fs\.protected_(symlinks|hardlinks|regular|fifos)|net\.ipv4\.conf\.(all|default)\.rp_filter|kernel\.kexec_load_disabled|vm\.mmap_min_addr)$/;

/** `sysctl -w k=v`, `sysctl k=v`, `sysctl -p [FILE]`, `sysctl --system` set parameters; `sysctl k`, `-a` read. */
function sysctl(m: Match): EffectSpec | null {
  const settings = m.rest.map((o) => o.value).filter((v) => v.includes("="));
  if (settings.length > 0) {
    const weakened = settings.some((s) => {
      const [key, value] = [s.slice(0, s.indexOf("=")).replace(/\//g, "."), s.slice(s.indexOf("=") + 1).trim()];
      return WEAKENED_AT_ZERO.test(key) && /^0+$/.test(value);
    });
    return change("kernel parameter", "sysctl -w", weakened);
  }
  if (m.has("load", "system")) return change("kernel parameter", "sysctl load");
  return read;
}

const SYSCTL = {
  names: ["sysctl"],
  service: "sysctl",
  cli: { options: { longOptional: ["load"], longBool: ["write", "system", "all", "values", "names", "quiet", "ignore"], aliases: { w: "write", p: "load", a: "all", n: "values", N: "names", q: "quiet", e: "ignore" } }, help: { flags: ["help", "h"] } } satisfies Cli,
  rows: [
    row("", sysctl, [
      ["sysctl -w kernel.randomize_va_space=0", "write host resource='kernel parameter' defense"],
      ["sudo sysctl kernel.yama.ptrace_scope=0", "write host defense"],
      ["sysctl -w net.ipv4.ip_forward=1", "write host operation='sysctl -w'"],
      ["sysctl -p /etc/sysctl.d/99-app.conf", "write host operation='sysctl load'"],
      ["sysctl --system", "write host"],
      ["sysctl kernel.randomize_va_space", "read host"],
      ["sysctl -a", "read host"],
    ]),
  ],
};

/** SELinux and AppArmor: permissive/disabled or profiles unloaded turn the machine's access control off. */
const MAC = {
  names: ["setenforce", "aa-teardown", "aa-disable", "aa-complain", "apparmor_parser"],
  service: "mac",
  cli: { options: { longBool: ["remove", "replace", "add"], aliases: { R: "remove", r: "replace", a: "add" } }, help: { flags: ["help", "h"] } } satisfies Cli,
  rows: [
    row("", (m) => {
      const program = m.ctx.program;
      if (program === "setenforce") return /^(0|permissive)$/i.test(m.rest[0]?.value ?? "") ? change("selinux", "setenforce 0", true) : null;
      if (program === "apparmor_parser") return m.has("remove") ? change("apparmor", "profile remove", true) : null;
      return change("apparmor", program, true);
    }, [
      ["setenforce 0", "write host resource=selinux defense"],
      ["sudo setenforce Permissive", "write host defense"],
      ["setenforce 1", ""],
      ["sudo aa-teardown", "write host resource=apparmor defense"],
      ["aa-complain /etc/apparmor.d/usr.sbin.nginx", "write host defense"],
      ["apparmor_parser -R /etc/apparmor.d/usr.bin.foo", "write host defense"],
      ["apparmor_parser -r /etc/apparmor.d/usr.bin.foo", ""],
    ]),
  ],
};

/** Kernel modules: unloading takes the device a driver runs (a NIC, a disk controller) away; loading runs code in the kernel. */
const MODULES = {
  names: ["modprobe", "rmmod", "insmod"],
  service: "kmod",
  cli: { options: { shortValue: "CdS", longValue: ["config", "dirname", "set-version"], longBool: ["remove", "dry-run", "show-depends", "force", "all", "verbose", "quiet", "first-time"], aliases: { r: "remove", n: "dry-run", f: "force", a: "all", v: "verbose", q: "quiet", C: "config", d: "dirname", S: "set-version" } }, help: { flags: ["help", "h"] }, dryRun: ["dry-run"] } satisfies Cli,
  rows: [
    row("", (m) => {
      if (m.has("show-depends") || m.rest.length === 0) return null;
      const unload = m.ctx.program === "rmmod" || m.has("remove");
      return change("kernel module", unload ? "unload" : "load");
    }, [
      ["modprobe -r e1000e", "write host resource='kernel module' operation=unload"],
      ["sudo rmmod nvme", "write host operation=unload"],
      ["insmod ./rootkit.ko", "write host operation=load"],
      ["modprobe -n -r e1000e", "read host dry_run"],
      ["modprobe --show-depends ext4", ""],
    ]),
  ],
};

/** `ip [OPTIONS] OBJECT COMMAND …`: objects and commands may be abbreviated (`ip l s eth0 down`, `ip a`). */
const IP_OBJECTS = /^(l|li|lin|link|a|ad|add|addr|addre|addres|address|r|ro|rou|rout|route|n|ne|nei|neig|neigh|neighbor|neighbour|ru|rul|rule|tunnel|tuntap|tunt|maddress|mroute|xfrm|vrf|nexthop|nh|mptcp|macsec)$/;
const IP_CHANGES = /^(s|se|set|d|de|del|dele|delet|delete|f|fl|flu|flus|flush|a|ad|add|append|app|replace|repl|change|chg|prepend|restore)$/;
const IP_GLOBAL_VALUE = /^-(n|netns|b|batch|rc|rcvbuf|l|loops|f|family)$/;

function ipCommand(m: Match): EffectSpec | null {
  const words = m.ctx.args.map((a) => a.value);
  let i = 0;
  while (i < words.length && words[i]!.startsWith("-")) i += IP_GLOBAL_VALUE.test(words[i]!) ? 2 : 1;
  const object = words[i];
  if (object === undefined) return null;
  // `ip netns exec NS CMD` is a launcher (the walker's); `ip monitor`, `ip help` change nothing.
  if (!IP_OBJECTS.test(object)) return object === "netns" && /^(del|delete|add)$/.test(words[i + 1] ?? "") ? change("network", `netns ${words[i + 1]}`) : null;
  const command = words[i + 1];
  if (command !== undefined && IP_CHANGES.test(command)) return change("network", `${object} ${command}`);
  return read;
}

const IP = {
  names: ["ip"],
  service: "iproute2",
  cli: { help: { flags: ["help"], word: "last" } } satisfies Cli,
  rows: [
    row("", ipCommand, [
      ["ip link set eth0 down", "write host resource=network operation='link set'"],
      ["sudo ip l s dev wlan0 down", "write host"],
      ["ip addr flush dev eth0", "write host operation='addr flush'"],
      ["ip route del default", "write host"],
      ["ip -6 route add 2001:db8::/64 dev eth0", "write host"],
      ["ip a", "read host"],
      ["ip -br addr show", "read host"],
      ["ip route", "read host"],
      ["ip link show eth0", "read host"],
    ]),
  ],
};

/** ifconfig IFACE down|ADDR…, ifdown/ifup, nmcli's changes. */
const IFACES = {
  names: ["ifconfig", "ifdown", "ifup", "nmcli"],
  service: "network",
  cli: { help: { flags: ["help", "h"] } } satisfies Cli,
  rows: [
    row("", (m) => {
      const words = m.rest.map((o) => o.value);
      switch (m.ctx.program) {
        case "ifconfig": return words.length >= 2 ? change("network", `ifconfig ${words.slice(1).join(" ")}`.slice(0, 60)) : read;
        case "ifdown": return words.length ? change("network", "ifdown") : null;
        case "ifup": return null;
        default: {
          // nmcli OBJECT VERB: `networking off`, `radio wifi off`, `connection down|delete|modify`, `device disconnect|delete|set|down`.
          const [object = "", verb = "", third = ""] = words;
          if (/^n(e|et|etw|etwo|etwor|etwork|etworki|etworkin|etworking)?$/.test(object) && verb === "off") return change("network", "networking off");
          if (/^r(a|ad|adi|adio)?$/.test(object) && (third === "off" || verb === "off")) return change("network", "radio off");
          if (/^c(o|on|onn|onne|onnec|onnect|onnecti|onnectio|onnection)?$/.test(object) && /^(down|delete|del|modify|mod|reload|import|edit|up|add)$/.test(verb)) return change("network", `connection ${verb}`);
          if (/^d(e|ev|evi|evic|evice)?$/.test(object) && /^(disconnect|delete|set|down|modify|reapply|connect)$/.test(verb)) return change("network", `device ${verb}`);
          if (/^g(e|en|ene|ener|enera|eneral)?$/.test(object) && /^(hostname|logging)$/.test(verb) && third !== "") return change("network", `general ${verb}`);
          return read;
        }
      }
    }, [
      ["ifconfig eth0 down", "write host resource=network"],
      ["sudo ifconfig eth0 10.0.0.5 netmask 255.255.255.0", "write host"],
      ["ifconfig", "read host"],
      ["ifconfig -a", "read host"],
      ["ifdown eth0", "write host operation=ifdown"],
      ["nmcli networking off", "write host operation='networking off'"],
      ["nmcli radio wifi off", "write host"],
      ["nmcli con down id office", "write host operation='connection down'"],
      ["nmcli device status", "read host"],
      ["nmcli con show", "read host"],
    ]),
  ],
};

/** efibootmgr: deleting a boot entry (`-B`), the boot order (`-O`) or the next boot (`-N`), or making one inactive (`-A`), changes what the firmware boots. */
const EFIBOOTMGR = {
  names: ["efibootmgr"],
  service: "efi",
  cli: { options: { shortValue: "bdlLopnt", longValue: ["bootnum", "disk", "loader", "label", "part", "bootorder", "bootnext", "timeout"], longBool: ["delete-bootnum", "delete-bootorder", "delete-bootnext", "inactive", "active", "create", "verbose", "quiet"], aliases: { B: "delete-bootnum", O: "delete-bootorder", N: "delete-bootnext", A: "inactive", a: "active", c: "create", b: "bootnum", o: "bootorder", n: "bootnext", v: "verbose", q: "quiet" } }, help: { flags: ["help", "h"] } } satisfies Cli,
  rows: [
    row("", (m) => {
      const flag = ["delete-bootnum", "delete-bootorder", "delete-bootnext", "inactive"].find((f) => m.has(f));
      if (flag) return change("boot configuration", `efibootmgr --${flag}`);
      return m.has("create") || m.value("bootorder") !== null || m.value("bootnext") !== null ? change("boot configuration", "efibootmgr") : read;
    }, [
      ["efibootmgr -b 0000 -B", "write host resource='boot configuration' operation='efibootmgr --delete-bootnum'"],
      ["efibootmgr -o 0002,0001", "write host"],
      ["efibootmgr -v", "read host"],
    ]),
  ],
};

export const HOST_KERNEL: Family = { name: "host-kernel", programs: [SYSCTL, MAC, MODULES, IP, IFACES, EFIBOOTMGR] };
