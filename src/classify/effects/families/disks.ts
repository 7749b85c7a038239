// Disks: partition tables, block devices, RAID arrays, LVM, ZFS, btrfs, device
// mapper, LUKS, network block devices and macOS diskutil. Erasing, formatting
// or removing what holds data — zapping a partition table, discarding every
// block, `lvremove`, `zpool destroy`, `luksErase`, `diskutil eraseDisk` — is
// `destroy × disk` (denied by disk.erase); changing the layout or taking it
// offline — a partition edit, a resize that can shrink, stopping an array,
// detaching a device — is `write × disk` (asked by disk.modify). Listing and
// inspecting is a read. `dd of=/dev/…`, `mkfs`, `wipefs`, `mkswap` write the
// device node itself (filesystem.ts: `write × system_path {device}`).
import type { ParsedOperand } from "../../programs/options.js";
import { pathTarget, type Attrs } from "../common.js";
import { mountOver } from "../mounts.js";
import { noteAlias } from "../path-aliases.js";
import { eff, holds, row, type Cli, type EffectSpec, type Family, type Match } from "./rows.js";

const erase = (resource: string, extra: Attrs = {}): EffectSpec => eff("destroy", "disk", { resource, ...extra });
const modify = (resource: string, extra: Attrs = {}): EffectSpec => eff("write", "disk", { resource, ...extra });
const read = eff("read", "disk");

/** Record the device operands as paths (`/dev/sdb` is a system path), for the trace and url/path rules. */
function devices(m: Match, ops: readonly ParsedOperand[] = m.rest): void {
  for (const op of ops) if (op.value.startsWith("/dev/")) pathTarget(m.ctx, op.value, op.arg, "plain");
}
const on = (f: (m: Match) => EffectSpec | EffectSpec[] | null) => (m: Match) => {
  devices(m);
  return f(m);
};

const SGDISK_CLI: Cli = { options: { shortValue: "dntcAlNPu", longValue: ["delete", "new", "typecode", "change-name", "attributes", "backup", "load-backup", "replicate"], longBool: ["zap", "zap-all", "clear", "mbrtogpt", "print", "pretend", "verify", "info"], aliases: { Z: "zap-all", z: "zap", o: "clear", p: "print", v: "verify", i: "info", d: "delete", n: "new", l: "load-backup", R: "replicate" } }, help: { flags: ["help", "?"] }, dryRun: ["pretend"] };

const SGDISK = {
  names: ["sgdisk", "gdisk"],
  service: "gpt",
  cli: SGDISK_CLI,
  rows: [
    row("", on((m) => {
      if (m.has("zap-all") || m.has("zap") || m.has("clear") || m.value("load-backup") !== null || m.value("replicate") !== null) return erase("partition table", holds({ zap: m.has("zap-all") || m.has("zap") }));
      if (m.has("delete") || m.has("new") || m.has("typecode") || m.has("mbrtogpt")) return modify("partition table");
      return m.has("print") || m.has("verify") || m.has("info") || m.value("backup") !== null ? read : null;
    }), [
      ["sgdisk --zap-all /dev/sdb", "destroy disk zap"],
      ["sgdisk -Z /dev/nvme1n1", "destroy disk"],
      ["sgdisk -o /dev/sdb", "destroy disk"],
      ["sgdisk -d 2 /dev/sdb", "write disk"],
      ["sgdisk -p /dev/sda", "read disk"],
      ["sgdisk --backup=table.bin /dev/sda", "read disk"],
      ["sgdisk --zap-all --pretend /dev/sdb", "read disk dry_run"],
    ]),
  ],
};

/** fdisk/sfdisk/cfdisk: listing (`-l`, `--dump`, `--list`) reads; anything else edits the partition table. */
const FDISK_CLI: Cli = { options: { shortValue: "bcCHSuL", longValue: ["sector-size", "compatibility", "units", "label", "color", "wipe", "wipe-partitions", "type", "output"], longBool: ["list", "list-details", "dump", "json", "show-size", "verify", "no-reread", "delete", "append", "noact"], aliases: { l: "list", d: "dump", J: "json", s: "show-size", V: "verify", n: "noact", N: "partno", w: "wipe", W: "wipe-partitions" } }, help: { flags: ["help", "h"] }, dryRun: ["noact"] };

const FDISK = {
  names: ["fdisk", "sfdisk", "cfdisk"],
  service: "fdisk",
  cli: FDISK_CLI,
  rows: [
    row("", on((m) => {
      if (m.has("list") || m.has("list-details") || m.has("dump") || m.has("json") || m.has("show-size") || m.has("verify")) return read;
      if (m.rest.length === 0) return null;
      return m.has("delete") ? erase("partition", { operation: "delete" }) : modify("partition table");
    }), [
      ["fdisk /dev/sdb", "write disk resource='partition table'"],
      ["sfdisk /dev/sdc < layout.sfdisk", "write disk; read workspace_file"],
      ["sfdisk --delete /dev/sdc 2", "destroy disk"],
      ["fdisk -l", "read disk"],
      ["fdisk -l /dev/sda", "read disk"],
      ["sfdisk --dump /dev/sda > table.bak", "read disk; write workspace_file"],
    ]),
  ],
};

/** GNU parted: `parted [-s] DEVICE [COMMAND…]`; print/help/unit/select only read. */
const PARTED_READ = new Set(["print", "p", "help", "h", "unit", "u", "select", "align-check", "quit", "q", "free", "devices", "list", "all", "opt", "min"]);
const PARTED_UNITS = new Set(["s", "b", "kb", "mb", "gb", "tb", "kib", "mib", "gib", "tib", "%", "cyl", "chs", "compact"]);

const PARTED = {
  names: ["parted"],
  service: "parted",
  cli: { options: { shortValue: "a", longValue: ["align"], longBool: ["script", "list", "machine", "fix"], aliases: { s: "script", l: "list", m: "machine", f: "fix" } }, help: { flags: ["help", "h"] } } satisfies Cli,
  rows: [
    row("", on((m) => {
      if (m.has("list")) return read;
      const words = m.rest.slice(1).map((o) => o.value.toLowerCase()).filter((w) => w !== "--");
      if (words.some((w) => /^(mklabel|mktable)$/.test(w))) return erase("partition table", { operation: "mklabel" });
      if (words.some((w) => /^(rm|mkpart|mkpartfs|resizepart|resize|rescue|name|set|toggle|type|disk_set|disk_toggle)$/.test(w))) return modify("partition table");
      // Only print/help/unit/select and their arguments (numbers, units): it changes nothing. Anything else may.
      if (words.every((w) => PARTED_READ.has(w) || /^\d+$/.test(w) || PARTED_UNITS.has(w))) return m.rest.length > 0 ? read : null;
      return modify("partition table");
    }), [
      ["parted -s /dev/sdb mklabel gpt", "destroy disk operation=mklabel"],
      ["parted /dev/sda print rm 1", "write disk"],
      ["parted /dev/sdb unit s mkpart primary ext4 1MiB 100%", "write disk"],
      ["parted /dev/sda print", "read disk"],
      ["parted /dev/sda unit s print free", "read disk"],
      ["parted -l", "read disk"],
    ]),
  ],
};

const BLKDISCARD = {
  names: ["blkdiscard"],
  service: "blkdiscard",
  cli: { options: { shortValue: "olp", longValue: ["offset", "length", "step"], longBool: ["secure", "zeroout", "force", "verbose"], aliases: { s: "secure", z: "zeroout", f: "force", o: "offset", l: "length", p: "step" } }, help: { flags: ["help", "h"] } } satisfies Cli,
  rows: [row("", on(() => erase("device", { operation: "discard" })), [["blkdiscard /dev/nvme0n1", "destroy disk operation=discard"], ["blkdiscard -s -f /dev/sdb", "destroy disk"]])],
};

/** macOS diskutil: verbs any case; the erase and partition families destroy, apfs deletes destroy. */
const DISKUTIL_ERASE = /^(erasedisk|erasevolume|reformat|zerodisk|randomdisk|secureerase|partitiondisk|resetfusion|erasecs|deletecontainer|deletevolume|deletesnapshot)$/;
const DISKUTIL_MODIFY = /^(splitpartition|mergepartitions|resizevolume|addpartition|unmountdisk|unmount|eject|repairdisk|repairvolume|resizecontainer|deletepvolume)$/;

const DISKUTIL = {
  names: ["diskutil"],
  service: "diskutil",
  cli: { help: { flags: ["help"] } } satisfies Cli,
  rows: [
    row("*", (m) => {
      const words = [...m.path, ...m.rest.map((o) => o.value)].map((w) => w.toLowerCase());
      const verb = words[0] === "apfs" || words[0] === "ap" || words[0] === "cs" || words[0] === "appleraid" || words[0] === "ar" ? words[1] ?? "" : words[0] ?? "";
      if (DISKUTIL_ERASE.test(verb) || (words[0] !== verb && /^(delete|erase)/.test(verb))) return erase(verb);
      if (DISKUTIL_MODIFY.test(verb) || (words[0] !== verb && /^(resize|remove|split|merge|add)/.test(verb))) return modify(verb);
      return /^(list|info|information|activity|listfilesystems|verifydisk|verifyvolume|listsnapshots|listusers|mount|mountdisk)$/.test(verb) ? read : null;
    }, [
      ["diskutil eraseDisk APFS Scratch /dev/disk4", "destroy disk resource=erasedisk"],
      ["diskutil erasevolume JHFS+ Backup disk3s2", "destroy disk"],
      ["diskutil partitionDisk disk4 GPT APFS Data 100%", "destroy disk"],
      ["diskutil apfs deleteVolume disk3s7", "destroy disk"],
      ["diskutil apfs deleteSnapshot disk3s1 -uuid 1234", "destroy disk"],
      ["diskutil mergePartitions JHFS+ Merged disk3s2 disk3s4", "write disk"],
      ["diskutil list", "read disk"],
      ["diskutil info disk0", "read disk"],
      ["diskutil apfs list", "read disk"],
    ]),
  ],
};

const MDADM_CLI: Cli = { options: { shortValue: "lnxcepab", longValue: ["level", "raid-devices", "spare-devices", "chunk", "metadata", "name", "homehost", "bitmap", "layout", "config", "size"], longBool: ["create", "build", "assemble", "grow", "manage", "stop", "remove", "fail", "zero-superblock", "detail", "examine", "query", "scan", "run", "readonly", "readwrite", "add", "re-add", "force", "misc", "monitor", "test"], aliases: { C: "create", B: "build", A: "assemble", G: "grow", S: "stop", r: "remove", f: "fail", D: "detail", E: "examine", Q: "query", s: "scan", R: "run", o: "readonly", w: "readwrite", l: "level", n: "raid-devices" } }, help: { flags: ["help", "h"] } };

const MDADM = {
  names: ["mdadm"],
  service: "mdadm",
  cli: MDADM_CLI,
  rows: [
    row("", on((m) => {
      if (m.has("zero-superblock") || m.has("create") || m.has("build")) return erase("raid array", holds({ create: m.has("create") || m.has("build") }));
      if (m.has("stop") || m.has("remove") || m.has("fail") || m.has("grow") || m.has("readonly")) return modify("raid array");
      return m.has("detail") || m.has("examine") || m.has("query") || m.has("scan") ? read : null;
    }), [
      ["mdadm --zero-superblock /dev/sdb1", "destroy disk resource='raid array'"],
      ["mdadm --create /dev/md0 --level=1 --raid-devices=2 /dev/sdb1 /dev/sdc1", "destroy disk create"],
      ["mdadm --stop /dev/md0", "write disk"],
      ["mdadm /dev/md0 --fail /dev/sdb1 --remove /dev/sdb1", "write disk"],
      ["mdadm --detail /dev/md0", "read disk"],
      ["mdadm --examine --scan", "read disk"],
    ]),
  ],
};

/** LVM: removing or shrinking a volume loses its data; moving and merging change what it holds. */
const LVM_CLI: Cli = { options: { shortValue: "LlnsrmJ", longValue: ["size", "extents", "name", "type", "config", "stripes"], longBool: ["force", "yes", "resizefs", "merge", "test", "autobackup", "noudevsync"], aliases: { L: "size", l: "extents", n: "name", f: "force", y: "yes", r: "resizefs", t: "test" } }, help: { flags: ["help", "h"] }, dryRun: ["test"] };

const shrinks = (m: Match) => m.values("size", "extents").some((v) => v.startsWith("-"));

const LVM = {
  names: ["pvremove", "vgremove", "lvremove", "vgreduce", "lvreduce", "lvresize", "pvmove", "lvconvert", "vgsplit", "lvs", "vgs", "pvs", "lvdisplay", "vgdisplay", "pvdisplay", "lvscan", "vgscan", "pvscan"],
  service: "lvm",
  cli: LVM_CLI,
  rows: [
    row("", on((m) => {
      const program = m.ctx.program;
      if (/^(pvremove|vgremove|lvremove)$/.test(program)) return erase(program.replace(/remove$/, "").replace(/^pv$/, "physical volume").replace(/^vg$/, "volume group").replace(/^lv$/, "logical volume"));
      if (program === "lvreduce" || (program === "lvresize" && shrinks(m))) return modify("logical volume", { shrink: true });
      if (program === "lvconvert") return m.has("merge") ? modify("logical volume", { operation: "merge" }) : null;
      if (/^(vgreduce|pvmove|vgsplit)$/.test(program)) return modify("volume group");
      if (program === "lvresize") return modify("logical volume");
      return read;
    }), [
      ["lvremove -y vg0/data", "destroy disk resource='logical volume'"],
      ["vgremove vg0", "destroy disk resource='volume group'"],
      ["pvremove /dev/sdb1", "destroy disk resource='physical volume'"],
      ["lvreduce -L 10G vg0/data", "write disk shrink"],
      ["lvresize -L -5G vg0/data", "write disk shrink"],
      ["lvresize -L +5G vg0/data", "write disk"],
      ["lvconvert --merge vg0/data_snap", "write disk operation=merge"],
      ["pvmove /dev/sdb1", "write disk"],
      ["lvs", "read disk"],
      ["vgdisplay vg0", "read disk"],
      ["lvremove --test vg0/data", "read disk dry_run"],
    ]),
  ],
};

const ZFS = {
  names: ["zfs", "zpool"],
  service: "zfs",
  cli: { options: { shortValue: "oOt", longValue: [], longBool: [] }, help: { flags: ["help", "?"] } } satisfies Cli,
  rows: [
    row("destroy", on((m) => {
      const target = m.rest.find((o) => !o.value.startsWith("-"))?.value ?? "";
      const dryRun = m.ctx.args.some((a) => /^-[a-zA-Z]*n/.test(a.value) && m.ctx.program === "zfs");
      if (dryRun) return read;
      return target.includes("@") ? eff("delete", "backup", { resource: "snapshot" }) : erase(m.ctx.program === "zpool" ? "pool" : "dataset");
    }), [
      ["zpool destroy tank", "destroy disk resource=pool"],
      ["zfs destroy -r tank/home", "destroy disk resource=dataset"],
      ["zfs destroy tank/home@2024-01-01", "delete backup resource=snapshot"],
      ["zfs destroy -nv tank/home", "read disk"],
    ]),
    row("labelclear|rollback", (m) => (m.path[0] === "rollback" ? modify("dataset", { operation: "rollback" }) : erase("label")), [["zpool labelclear -f /dev/sdb1", "destroy disk"], ["zfs rollback -r tank/home@yesterday", "write disk operation=rollback"]]),
    row("offline|detach|remove|export|split|clear", modify("pool"), [["zpool offline tank sdb", "write disk"], ["zpool export tank", "write disk"]]),
    row("list|status|get|iostat|history|events|holds|diff", read, [["zpool status", "read disk"], ["zfs list -t snapshot", "read disk"]]),
  ],
};

const BTRFS = {
  names: ["btrfs"],
  service: "btrfs",
  cli: { options: { longValue: ["format", "log"], longBool: ["verbose", "quiet", "repair", "force", "commit-after", "commit-each"], aliases: { v: "verbose", q: "quiet", f: "force", c: "commit-after", C: "commit-each" } }, help: { flags: ["help", "h"] } } satisfies Cli,
  rows: [
    row("subvolume|sub|subvol delete|del", on(() => erase("subvolume")), [["btrfs subvolume delete /mnt/data/@old", "destroy disk resource=subvolume"], ["btrfs --format json subvolume delete /mnt/foo", "destroy disk"]]),
    row("check", on((m) => (m.has("repair") ? modify("filesystem", { operation: "check --repair" }) : read)), [["btrfs check --repair /dev/sdb1", "write disk"], ["btrfs check /dev/sdb1", "read disk"]]),
    row("device delete|remove|add|replace", on(() => modify("device")), [["btrfs device remove /dev/sdc /mnt", "write disk"]]),
    row("balance start|cancel", modify("filesystem", { operation: "balance" }), [["btrfs balance start -dusage=50 /mnt", "write disk"]]),
    row("filesystem|fi resize", modify("filesystem", { operation: "resize" }), [["btrfs filesystem resize -10g /mnt", "write disk"]]),
    row("rescue", on(() => modify("filesystem", { operation: "rescue" })), [["btrfs rescue zero-log /dev/sdb1", "write disk"]]),
    row("subvolume|sub list|show|get-default", read, [["btrfs subvolume list /mnt", "read disk"]]),
    row("filesystem|fi show|df|usage|du", read, [["btrfs filesystem df /mnt", "read disk"]]),
    row("device|scrub|property|qgroup stats|status|get|list|show", read, [["btrfs device stats /mnt", "read disk"], ["btrfs scrub status /mnt", "read disk"]]),
  ],
};

const DMSETUP = {
  names: ["dmsetup"],
  service: "device-mapper",
  cli: { options: { longValue: ["table", "uuid"], longBool: ["force", "noudevsync", "verifyudev", "verbose", "deferred", "retry"], aliases: { f: "force", v: "verbose" } }, help: { flags: ["help", "h"] } } satisfies Cli,
  rows: [
    row("remove_all|wipe_table", (m) => erase(m.path[0]!), [["dmsetup remove_all --force", "destroy disk resource=remove_all"], ["dmsetup wipe_table crypt1", "destroy disk"]]),
    row("remove|clear|load|create|reload|suspend|rename", (m) => modify(m.path[0]!), [["dmsetup --noudevsync remove my-dev", "write disk resource=remove"], ["dmsetup create crypt1 --table '0 100 linear /dev/sdb 0'", "write disk"]]),
    row("ls|status|info|table|deps|targets|version", read, [["dmsetup ls", "read disk"], ["dmsetup status", "read disk"]]),
  ],
};

const CRYPTSETUP = {
  names: ["cryptsetup"],
  service: "luks",
  cli: { options: { shortValue: "cshdSk", longValue: ["cipher", "key-size", "hash", "key-file", "key-slot", "type", "header"], longBool: ["batch-mode", "verbose", "test-passphrase"], aliases: { q: "batch-mode", d: "key-file", S: "key-slot", s: "key-size", c: "cipher", h: "hash" } }, help: { flags: ["help"] } } satisfies Cli,
  rows: [
    row("luksErase|erase|luksFormat|reencrypt", on((m) => erase(m.path[0]!)), [["cryptsetup luksErase /dev/sdb2", "destroy disk resource=luksErase"], ["cryptsetup -q luksFormat /dev/sdb2", "destroy disk"]]),
    row("luksKillSlot|luksRemoveKey|close|luksClose", on((m) => modify(m.path[0]!)), [["cryptsetup luksKillSlot /dev/sdb2 0", "write disk"]]),
    row("status|luksDump|isLuks|open|luksOpen|benchmark", read, [["cryptsetup luksDump /dev/sdb2", "read disk"]]),
  ],
};

const NBD = {
  names: ["nbd-client"],
  service: "nbd",
  cli: { options: { shortValue: "bptNc", longValue: ["block-size", "port", "timeout", "name"], longBool: ["disconnect", "check", "list", "persist"], aliases: { d: "disconnect", c: "check", l: "list", b: "block-size", p: "persist", t: "timeout", N: "name" } }, help: { flags: ["help", "h"] } } satisfies Cli,
  rows: [
    row("", on((m) => (m.has("list") || m.has("check") ? read : m.has("disconnect") ? modify("network block device", { operation: "disconnect" }) : m.rest.some((o) => /^\/dev\/nbd/.test(o.value)) ? modify("network block device", { operation: "connect" }) : null)), [
      ["nbd-client -d /dev/nbd0", "write disk operation=disconnect"],
      ["nbd-client 10.0.0.5 10809 /dev/nbd0", "write disk operation=connect"],
      ["nbd-client -l 10.0.0.5", "read disk"],
    ]),
  ],
};

const LOSETUP = {
  names: ["losetup"],
  service: "loop",
  cli: { options: { shortValue: "jo", longValue: ["offset", "sizelimit", "associated"], longBool: ["all", "detach", "detach-all", "find", "list", "show", "partscan", "read-only"], aliases: { a: "all", d: "detach", D: "detach-all", f: "find", l: "list", P: "partscan", r: "read-only" } }, help: { flags: ["help", "h"] } } satisfies Cli,
  rows: [row("", (m) => (m.has("detach") || m.has("detach-all") ? modify("loop device", { operation: "detach" }) : m.has("list") || m.has("all") || (m.rest.length <= 1 && !m.has("find")) ? read : modify("loop device")), [["losetup -D", "write disk"], ["losetup /dev/loop0 disk.img", "write disk"], ["losetup -a", "read disk"]])],
};

const UMOUNT = {
  names: ["umount"],
  service: "mount",
  cli: { options: { shortValue: "Ot", longValue: ["types", "test-opts"], longBool: ["force", "lazy", "all", "recursive", "read-only", "fake", "verbose"], aliases: { f: "force", l: "lazy", a: "all", R: "recursive", r: "read-only", n: "no-mtab", v: "verbose" } }, help: { flags: ["help", "h"] }, dryRun: ["fake"] } satisfies Cli,
  // Unmounting `/` or a system directory (lazily: it goes once nothing holds it) pulls the tree out from under every process.
  rows: [row("", (m) => (m.has("force") || m.has("all") || m.rest.some((o) => SYSTEM_MOUNT_POINT.test(o.value)) ? modify("mount", holds({ force: m.has("force"), all: m.has("all"), lazy: m.has("lazy") })) : null), [
    ["umount -f /mnt/nfs", "write disk force"], ["umount -a", "write disk all"], ["umount -l /", "write disk lazy"], ["umount /mnt/usb", ""],
  ])],
};

/** `mount --bind DIR /` (or onto a system directory): the tree seen there is replaced for every process. */
const SYSTEM_MOUNT_POINT = /^\/(bin|boot|dev|etc|lib|lib64|opt|proc|root|run|sbin|srv|sys|usr|var)?\/?$/;

const MOUNT = {
  names: ["mount"],
  service: "mount",
  cli: { options: { shortValue: "tOoL", longValue: ["types", "options", "test-opts", "label", "uuid", "source", "target"], longBool: ["bind", "rbind", "move", "make-rprivate", "all", "fake", "read-only", "verbose"], aliases: { t: "types", o: "options", B: "bind", R: "rbind", M: "move", a: "all", f: "fake", r: "read-only", v: "verbose" } }, help: { flags: ["help", "h"] }, dryRun: ["fake"] } satisfies Cli,
  rows: [
    row("", (m) => {
      const bind = m.has("bind") || m.has("rbind") || m.has("move") || m.values("options").some((o) => /(^|,)r?bind(,|$)/.test(o));
      const target = m.rest[m.rest.length - 1]?.value;
      // `mount --bind SRC DIR`: DIR now stands for SRC (path-aliases.ts: `mount --bind ~ mnt && rm -rf mnt/*` wipes home).
      if (bind && target !== undefined && m.rest.length >= 2) noteAlias(m.ctx.state.aliases, m.ctx.env, m.rest[m.rest.length - 1]!, m.rest[m.rest.length - 2]!);
      // Over an agent's settings or the gate's footprint (`mount --bind /tmp/empty .claude`): mounts.ts.
      const point = m.rest[m.rest.length - 1];
      if (point !== undefined) mountOver(m.ctx, point);
      if (bind && target !== undefined && m.rest.length >= 2 && SYSTEM_MOUNT_POINT.test(target)) return modify("mount", { operation: "bind over a system directory" });
      // `-o remount,ro /`: the system goes read-only under every running program.
      if (target !== undefined && SYSTEM_MOUNT_POINT.test(target) && m.values("options").some((o) => /(^|,)remount(,|$)/.test(o) && /(^|,)ro(,|$)/.test(o))) return modify("mount", { operation: "remount read-only" });
      return m.rest.length === 0 ? read : null;
    }, [
      ["mount --bind /tmp/fake /", "write disk operation='bind over a system directory'"],
      ["sudo mount -o bind /srv/evil /etc", "write disk"],
      ["mount --bind ./data /mnt/data", ""],
      ["mount -o remount,ro /", "write disk operation='remount read-only'"],
      ["mount -o remount,rw /mnt/usb", ""],
      ["mount", "read disk"],
    ]),
  ],
};

/** swapoff: the kernel must pull every swapped page back into memory, or kill processes when it cannot. */
const SWAPOFF = {
  names: ["swapoff"],
  service: "swap",
  cli: { options: { longBool: ["all", "verbose"], aliases: { a: "all", v: "verbose" } }, help: { flags: ["help", "h"] } } satisfies Cli,
  rows: [row("", (m) => (m.has("all") || m.rest.length > 0 ? modify("swap", { operation: "swapoff" }) : null), [["swapoff -a", "write disk resource=swap"], ["swapoff /swapfile", "write disk"], ["swapoff --help", ""]])],
};

/** hdparm: the ATA security erase, sector writes and firmware downloads destroy the drive's data; `-I`, `-t`, `-T` read. */
const HDPARM = {
  names: ["hdparm"],
  service: "hdparm",
  cli: {
    options: {
      shortValue: "ABCDEFJKLMNPQRSWXabcdfgmpqrsuwyz",
      longValue: ["security-erase", "security-erase-enhanced", "security-set-pass", "security-disable", "security-unlock", "user-master", "security-mode", "write-sector", "make-bad-sector", "fwdownload", "fwdownload-mode3", "fwdownload-mode3-max", "fwdownload-mode7", "trim-sector-ranges", "trim-sector-ranges-stdin", "read-sector", "dco-setmax", "dco-restore"],
      longBool: ["yes-i-know-what-i-am-doing", "please-destroy-my-drive", "dco-identify", "dco-freeze", "security-freeze", "verbose"],
    },
    help: { flags: ["help", "h"] },
  } satisfies Cli,
  rows: [
    row("", on((m) => {
      if (m.has("security-erase", "security-erase-enhanced", "trim-sector-ranges", "trim-sector-ranges-stdin", "write-sector", "make-bad-sector", "dco-restore")) return erase("device", { operation: m.flags.find((f) => /^(security-erase|trim|write-sector|make-bad|dco-restore)/.test(f.name))!.name });
      if (m.has("fwdownload", "fwdownload-mode3", "fwdownload-mode3-max", "fwdownload-mode7", "security-set-pass", "dco-setmax")) return modify("device", { operation: "firmware or security" });
      return read;
    }), [
      ["hdparm --user-master u --security-erase p /dev/sda", "destroy disk resource=device operation=security-erase"],
      ["sudo hdparm --security-erase-enhanced NULL /dev/sdb", "destroy disk"],
      ["hdparm --yes-i-know-what-i-am-doing --write-sector 1024 /dev/sda", "destroy disk"],
      ["hdparm --security-set-pass p /dev/sda", "write disk"],
      ["hdparm -I /dev/sda", "read disk"],
      ["hdparm -tT /dev/nvme0n1", "read disk"],
    ]),
  ],
};

/** nvme-cli: format, sanitize, write-zeroes and namespace deletion erase the namespace; listing and logs read. */
const NVME = {
  names: ["nvme"],
  service: "nvme",
  cli: { options: { shortValue: "nlsipmrdcaob", longValue: ["namespace-id", "lbaf", "ses", "pi", "pil", "ms", "reset", "timeout", "sanact", "output-format", "block-count", "start-block"], longBool: ["force", "verbose"], aliases: { n: "namespace-id", l: "lbaf", s: "ses", f: "force", o: "output-format" } }, help: { flags: ["help", "h"], word: "first" } } satisfies Cli,
  rows: [
    row("format|sanitize|write-zeroes|delete-ns", on((m) => erase("namespace", { operation: m.path[0]! })), [
      ["nvme format /dev/nvme0n1 -s1", "destroy disk resource=namespace operation=format"],
      ["sudo nvme sanitize /dev/nvme0 --sanact=2", "destroy disk operation=sanitize"],
      ["nvme delete-ns /dev/nvme0 -n 1", "destroy disk"],
    ]),
    row("create-ns|attach-ns|detach-ns|fw-download|fw-commit|set-feature|reset|subsystem-reset", on((m) => modify("namespace", { operation: m.path[0]! })), [["nvme detach-ns /dev/nvme0 -n 1 -c 0", "write disk operation=detach-ns"]]),
    row("list|id-ctrl|id-ns|smart-log|error-log|list-ns|list-subsys|show-regs|fw-log|get-feature|version", read, [["nvme list", "read disk"], ["sudo nvme smart-log /dev/nvme0", "read disk"]]),
  ],
};

/** Ceph: a pool, an image (`rbd rm`), a filesystem or an OSD purged takes its data with it. */
const CEPH = {
  names: ["ceph", "rbd"],
  service: "ceph",
  cli: { options: { shortValue: "cnp", longValue: ["cluster", "conf", "name", "id", "pool", "image", "keyring", "format"], longBool: ["yes-i-really-really-mean-it", "yes-i-really-mean-it", "force"], aliases: { c: "conf", n: "name", p: "pool" } }, help: { flags: ["help", "h"] } } satisfies Cli,
  rows: [
    row("osd pool delete|rm", erase("pool"), [["ceph osd pool delete data data --yes-i-really-really-mean-it", "destroy disk resource=pool"]]),
    row("fs rm|fail", erase("filesystem"), [["ceph fs rm cephfs --yes-i-really-mean-it", "destroy disk resource=filesystem"]]),
    row("osd purge|destroy", erase("osd"), [["ceph osd purge 3 --yes-i-really-mean-it", "destroy disk resource=osd"]]),
    row("rm|remove", (m) => (m.ctx.program === "rbd" ? erase("image") : null), [["rbd rm pool1/vm-disk-0", "destroy disk resource=image"]]),
    row("snap|trash purge", (m) => (m.ctx.program === "rbd" ? erase("image") : null), [["rbd snap purge pool1/vm-disk-0", "destroy disk resource=image"]]),
    row("status|health|df|ls|list|info|du", read, [["ceph status", "read disk"], ["rbd ls pool1", "read disk"]]),
  ],
};

export const DISKS: Family = { name: "disks", programs: [SGDISK, FDISK, PARTED, BLKDISCARD, DISKUTIL, MDADM, LVM, ZFS, BTRFS, DMSETUP, CRYPTSETUP, NBD, LOSETUP, UMOUNT, MOUNT, SWAPOFF, HDPARM, NVME, CEPH] };
