// Graph and time-series databases: Neo4j's `cypher-shell` (the Cypher query is
// an operand or a literal stdin) and InfluxDB's `influx` CLI. Their statements
// are not SQL, so the SQL reader never sees them: `DROP DATABASE` and deleting
// a bucket remove a whole database (`destroy × database {total}`), a `DELETE`
// whose `MATCH` has no `WHERE` and no property filter empties every node it
// names (`delete × database {where: none}`), as `DELETE FROM t` does.
import { productionAttrs, stdinLiteral } from "../common.js";
import { eff, row, type Cli, type EffectSpec, type Family, type Match } from "./rows.js";

/** What one Cypher text does to the graph. */
export function cypherEffects(text: string, names: Array<string | null | undefined>): EffectSpec[] {
  const prod = productionAttrs(names);
  const out: EffectSpec[] = [];
  for (const stmt of text.split(";")) {
    if (/\bDROP\s+(DATABASE|COMPOSITE\s+DATABASE|GRAPH)\b/i.test(stmt)) out.push(eff("destroy", "database", { statement: "DROP DATABASE", total: true, ...prod }));
    else if (/\b(DETACH\s+)?DELETE\b/i.test(stmt)) {
      const filtered = /\bWHERE\b/i.test(stmt) || /\([^)]*\{[^}]*\}\s*\)/.test(stmt) || /\bLIMIT\b/i.test(stmt);
      out.push(eff("delete", "database", { statement: "DELETE", where: filtered ? "some" : "none", ...prod }));
    } else if (/\b(CREATE|MERGE|SET|REMOVE)\b/i.test(stmt)) out.push(eff("write", "database"));
    else if (/\b(MATCH|RETURN|SHOW|CALL)\b/i.test(stmt)) out.push(eff("read", "database"));
  }
  return out;
}

const CYPHER_CLI: Cli = {
  options: { shortValue: "aupdfP", longValue: ["address", "uri", "username", "password", "database", "file", "format", "param", "encryption", "access-mode", "log"], aliases: { a: "address", u: "username", p: "password", d: "database", f: "file", P: "param" } },
  help: { flags: ["help", "h"] },
};

const CYPHER_SHELL = {
  names: ["cypher-shell"],
  service: "neo4j",
  cli: CYPHER_CLI,
  rows: [
    row("", (m: Match) => {
      const texts = [...m.rest.map((o) => o.value), stdinLiteral(m.ctx)].filter((t): t is string => t !== null && t !== "");
      return texts.flatMap((t) => cypherEffects(t, [m.value("database"), m.value("address")]));
    }, [
      ["cypher-shell 'MATCH (n) DETACH DELETE n'", "delete database where=none"],
      ["cypher-shell -d neo4j 'MATCH (u:User {id: 7}) DETACH DELETE u'", "delete database where=some"],
      ["cypher-shell -a neo4j://prod-graph:7687 'DROP DATABASE orders'", "destroy database total is_production"],
      ["cypher-shell 'MATCH (n) RETURN count(n)'", "read database"],
      ["cypher-shell <<< 'MATCH (s:Session) DELETE s'", "delete database where=none"],
    ]),
  ],
};

const INFLUX_CLI: Cli = {
  options: { shortValue: "nobti", longValue: ["name", "org", "org-id", "bucket", "bucket-id", "id", "host", "token", "start", "stop", "predicate", "configs-path", "active-config"], longBool: ["skip-verify", "json", "hide-headers"], aliases: { n: "name", o: "org", b: "bucket", t: "token", i: "id" } },
  help: { flags: ["help", "h"] },
  envFlags: ["host", "org", "active-config"],
};

const influxProd = (m: Match) => productionAttrs([m.value("name"), m.value("bucket"), m.value("host"), m.value("org")]);

const INFLUX = {
  names: ["influx"],
  service: "influxdb",
  cli: INFLUX_CLI,
  rows: [
    row("bucket delete", (m) => eff("destroy", "database", { total: true, resource: "bucket", ...influxProd(m) }), [["influx bucket delete -n metrics", "destroy database total"], ["influx bucket delete --id 0a1b --org acme", "destroy database total"]]),
    row("org delete", (m) => eff("destroy", "database", { total: true, resource: "organization", ...influxProd(m) }), [["influx org delete --id 0a1b", "destroy database total"]]),
    row("delete", (m) => eff("delete", "database", { statement: "delete", where: m.value("predicate") !== null ? "some" : "none", ...influxProd(m) }), [
      ["influx delete --bucket metrics --start 1970-01-01T00:00:00Z --stop 2030-01-01T00:00:00Z", "delete database where=none"],
      ["influx delete --bucket metrics --start 2024-01-01T00:00:00Z --stop 2024-01-02T00:00:00Z --predicate '_measurement=\"cpu\"'", "delete database where=some"],
    ]),
    row("query|ping|version", eff("read", "database"), [["influx query 'from(bucket:\"m\") |> range(start:-1h)'", "read database"]]),
    row("bucket|org list|find", eff("read", "database"), [["influx bucket list", "read database"]]),
  ],
};

export const GRAPH_TIMESERIES: Family = { name: "graph and time-series databases", programs: [CYPHER_SHELL, INFLUX] };
