// Key-value and configuration stores that hold a cluster's or a service
// mesh's state: etcd (`etcdctl`) and Consul's KV (`consul kv`). Deleting keys is
// `delete × database`; a delete that takes every key (`etcdctl del '' --from-key`,
// `etcdctl del --prefix ''`/`/`, `consul kv delete -recurse` with no prefix or the
// root) is `destroy × database {total}` — Kubernetes keeps its whole state in
// etcd. A delete of every key under some prefix, or from some key to the end of
// the keyspace, is `delete × database {where: none}` like a DELETE without a
// WHERE: how many keys go is known only at run time. A snapshot restore overwrites the store (`write × database`); reads read.
import { eff, row, type Cli, type EffectSpec, type Family, type Match } from "./rows.js";

const ETCDCTL_CLI: Cli = {
  options: { longValue: ["endpoints", "cacert", "cert", "key", "user", "password", "command-timeout", "dial-timeout", "write-out", "data-dir", "name", "initial-cluster"], longBool: ["prefix", "from-key", "prev-kv", "insecure-skip-tls-verify"], aliases: { w: "write-out" } },
  help: { flags: ["help", "h"] },
};

/** The whole keyspace: `--from-key` from the empty key, or a `--prefix` of nothing or `/`. */
const etcdAll = (m: Match): boolean => {
  const key = m.rest.find((o) => !o.value.startsWith("-"))?.value;
  return (m.has("from-key") && (key === undefined || key === "" || key === "\0")) || (m.has("prefix") && (key === undefined || key === "" || key === "/"));
};
/** Every key under a prefix, or from a key on: a bulk delete (`where: none`). */
const bulk = (all: boolean, store: string, ranged: boolean): EffectSpec =>
  all ? eff("destroy", "database", { total: true, store }) : eff("delete", "database", ranged ? { store, where: "none", ranged: true } : { store });

const ETCDCTL = {
  names: ["etcdctl"],
  service: "etcd",
  cli: ETCDCTL_CLI,
  rows: [
    row("del", (m): EffectSpec => bulk(etcdAll(m), "etcd", m.has("prefix", "from-key")), [
      ["etcdctl del '' --from-key=true", "destroy database total"],
      ["etcdctl --endpoints=https://10.0.0.5:2379 del --prefix /", "destroy database total"],
      ["etcdctl del --prefix /registry", "delete database where=none ranged"],
      ["etcdctl del a --from-key", "delete database where=none ranged"],
      ["etcdctl del /registry/pods/default/web-0", "delete database"],
    ]),
    row("snapshot restore", eff("write", "database", { store: "etcd", operation: "snapshot restore" }), [["etcdctl snapshot restore snap.db --data-dir /var/lib/etcd", "write database"]]),
    row("get|watch|member|endpoint|version", eff("read", "database", { store: "etcd" }), [["etcdctl get --prefix /registry", "read database"]]),
    row("snapshot save|status", eff("read", "database", { store: "etcd" }), [["etcdctl snapshot save snap.db", "read database"]]),
  ],
};

const CONSUL_CLI: Cli = {
  style: "single-dash",
  valueFlags: ["http-addr", "token", "token-file", "datacenter", "namespace", "partition", "ca-file", "client-cert", "client-key", "separator", "cas", "modify-index"],
  help: { flags: ["help", "h"] },
};

const CONSUL = {
  names: ["consul"],
  service: "consul",
  cli: CONSUL_CLI,
  rows: [
    row("kv delete", (m): EffectSpec => {
      const key = m.rest.find((o) => !o.value.startsWith("-"))?.value;
      return bulk(m.has("recurse") && (key === undefined || key === "" || key === "/"), "consul", m.has("recurse"));
    }, [
      ["consul kv delete -recurse", "destroy database total"],
      ["consul kv delete -recurse service/api/", "delete database where=none ranged"],
      ["consul kv delete service/api/flag", "delete database"],
    ]),
    row("snapshot restore", eff("write", "database", { store: "consul", operation: "snapshot restore" }), [["consul snapshot restore backup.snap", "write database"]]),
    row("kv get|export", eff("read", "database", { store: "consul" }), [["consul kv get -recurse service/", "read database"]]),
  ],
};

export const KV_STORES: Family = { name: "key-value stores", programs: [ETCDCTL, CONSUL] };
