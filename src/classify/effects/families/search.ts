// Search and data APIs: Elasticsearch/OpenSearch and Meilisearch over HTTP
// (curl, wget, httpie, xh), Algolia (CLI and REST), Typesense, and the AWS
// OpenSearch service. Deleting an index is `destroy × search_index` (`total:
// true` for `_all`, `*` and wildcards), deleting documents (`_doc/ID`,
// `_delete_by_query`, `documents/delete-batch`) `delete`; closing an index or
// changing cluster settings is `write` with its operation. Searches, counts,
// health and stats are reads (or nothing).
import { AWS_CLI } from "./clis.js";
import { eff, holds, row, type ApiMatch, type ApiRow, type Cli, type EffectSpec, type Family } from "./rows.js";

/** An Elasticsearch/OpenSearch endpoint: its usual ports, or a host that says so. */
const ES_HOST = /elastic|opensearch|(^|[.-])es([.-]|$)/i;
const ES_PORTS = [9200, 9243];

/** What a DELETE does to an Elasticsearch path. */
function esDelete(m: ApiMatch): EffectSpec {
  const [first, second] = m.segments;
  if (first === undefined) return eff("delete", "search_index");
  if (first.startsWith("_") && first !== "_all") {
    // _snapshot/REPO/SNAP, _index_template/x, _ilm/policy/x, _security/user/x, _data_stream/x, …
    if (first === "_snapshot") return eff("delete", "backup");
    if (first === "_data_stream") return eff("destroy", "search_index", holds({ total: /[*,]|^_all$/.test(second ?? "") }));
    return eff("delete", "search_index");
  }
  if (second === "_doc" || second === "_alias" || second === "_aliases") return eff("delete", "search_index");
  return eff("destroy", "search_index", holds({ total: first === "_all" || /[*,]/.test(first) }));
}

const ELASTICSEARCH: ApiRow[] = [
  {
    service: "elasticsearch",
    host: ES_HOST,
    ports: ES_PORTS,
    methods: ["DELETE"],
    effect: esDelete,
    examples: [
      ["curl -X DELETE http://localhost:9200/ledgerly-orders-v3", "destroy search_index"],
      ["curl -s -XDELETE 'http://es-1.internal:9200/_all?pretty'", "destroy search_index total"],
      ["curl -u elastic:$PW --request DELETE 'https://search.internal:9243/filebeat-2024.*'", "destroy search_index total"],
      ["curl -X DELETE http://localhost:9200/ledgerly-orders-v3/_doc/ord_8812", "delete search_index"],
      ["http DELETE :9200/ledgerly-orders-v2", "destroy search_index"],
      ["curl -X DELETE https://es.ledgerly.io/_snapshot/s3-repo/daily-2024.03.01", "delete backup"],
      ["curl http://opensearch.internal:9200/audit-log -X DELETE", "destroy search_index"],
    ],
  },
  {
    service: "elasticsearch",
    host: ES_HOST,
    ports: ES_PORTS,
    methods: ["POST"],
    path: /\/_delete_by_query\b/,
    effect: eff("delete", "search_index"),
    operation: "_delete_by_query",
    examples: [
      ["curl -X POST 'http://localhost:9200/ledgerly-orders-v3/_delete_by_query?conflicts=proceed' -H 'Content-Type: application/json' -d '{\"query\":{\"range\":{\"created\":{\"lt\":\"now-1y\"}}}}'", "delete search_index"],
      ["http POST :9200/audit-log/_delete_by_query query:='{\"match_all\":{}}'", "delete search_index"],
    ],
  },
  {
    service: "elasticsearch",
    host: ES_HOST,
    ports: ES_PORTS,
    methods: ["POST"],
    path: /\/_(close|freeze|shrink|split|forcemerge|rollover)\b/,
    effect: (m) => eff("write", "search_index", { operation: (m.segments.find((x) => x.startsWith("_")) ?? "_close").slice(1), ...holds({ total: /^(_all|\*)$/.test(m.segments[0] ?? "") }) }),
    examples: [["curl -X POST http://localhost:9200/audit-log/_close", "write search_index operation=close"]],
  },
  {
    service: "elasticsearch",
    host: ES_HOST,
    ports: ES_PORTS,
    methods: ["PUT", "POST"],
    path: /^\/_cluster\/settings\b/,
    effect: eff("write", "search_index"),
    operation: "cluster-settings",
    examples: [
      ["curl -X PUT http://es-1.internal:9200/_cluster/settings -H 'Content-Type: application/json' -d '{\"transient\":{\"cluster.routing.allocation.enable\":\"none\"}}'", "write search_index operation=cluster-settings"],
      ["curl -s http://localhost:9200/_cluster/health?pretty", ""],
      ["curl -X POST http://localhost:9200/ledgerly-orders-v3/_search -d '{\"size\":1}'", ""],
      ["http :9200/_cat/shards", ""],
    ],
  },
];

/** Meilisearch: its port or a host that says so. */
const MEILI_HOST = /meili/i;
const MEILI_PORTS = [7700];

function meiliDelete(m: ApiMatch): EffectSpec | null {
  const [a, , c] = m.segments;
  if (a === "indexes") return c === undefined ? eff("destroy", "search_index") : eff("delete", "search_index");
  if (a === "keys") return eff("delete", "secret_store");
  return a === undefined ? null : eff("delete", "search_index");
}

const MEILISEARCH: ApiRow[] = [
  {
    service: "meilisearch",
    host: MEILI_HOST,
    ports: MEILI_PORTS,
    methods: ["DELETE"],
    effect: meiliDelete,
    examples: [
      ["curl -X DELETE http://localhost:7700/indexes/catalog -H 'Authorization: Bearer k'", "destroy search_index"],
      ["curl -X DELETE http://meili.internal:7700/indexes/catalog/documents", "delete search_index"],
      ["curl -X DELETE http://localhost:7700/keys/0b2c3d -H 'Authorization: Bearer master'", "delete secret_store"],
      ["http DELETE :7700/indexes/catalog_staging", "destroy search_index"],
    ],
  },
  {
    service: "meilisearch",
    host: MEILI_HOST,
    ports: MEILI_PORTS,
    methods: ["POST"],
    path: /^\/indexes\/[^/]+\/documents\/delete(-batch)?\b/,
    effect: eff("delete", "search_index"),
    operation: "documents delete",
    examples: [
      ["curl -X POST http://localhost:7700/indexes/catalog/documents/delete-batch --data-binary '[\"sku-1\",\"sku-2\"]'", "delete search_index"],
      ["curl -X POST http://localhost:7700/indexes/catalog/search --data '{\"q\":\"lamp\"}'", ""],
      ["curl http://localhost:7700/stats", ""],
    ],
  },
];

/** Algolia's REST API: `{APP}.algolia.net`, `{APP}-dsn.algolia.net`, `*.algolianet.com`. */
const ALGOLIA_HOST = /\.algolia(net)?\.(net|com)$/i;

const ALGOLIA_API: ApiRow[] = [
  {
    service: "algolia",
    host: ALGOLIA_HOST,
    methods: ["DELETE"],
    effect: (m) => (m.segments[1] === "indexes" && m.segments.length === 3 ? eff("destroy", "search_index") : eff("delete", "search_index")),
    examples: [["curl -X DELETE https://LDG42-dsn.algolia.net/1/indexes/catalog_prod -H 'X-Algolia-API-Key: k' -H 'X-Algolia-Application-Id: LDG42'", "destroy search_index"]],
  },
  {
    service: "algolia",
    host: ALGOLIA_HOST,
    methods: ["POST"],
    path: /^\/1\/indexes\/[^/]+\/(clear|deleteByQuery|batch|rules\/clear|synonyms\/clear)\b/,
    effect: eff("delete", "search_index"),
    operation: "clear",
    examples: [["curl -X POST https://LDG42.algolia.net/1/indexes/catalog_prod/clear -H 'X-Algolia-API-Key: k'", "delete search_index"]],
  },
];

/** Typesense: port 8108, `/collections/NAME`. */
const TYPESENSE_API: ApiRow[] = [
  {
    service: "typesense",
    host: /typesense/i,
    ports: [8108],
    methods: ["DELETE"],
    path: /^\/(collections|keys|aliases)\//,
    effect: (m) => (m.segments[0] === "collections" && m.segments.length === 2 ? eff("destroy", "search_index") : eff("delete", "search_index")),
    examples: [["curl -X DELETE http://localhost:8108/collections/catalog -H 'X-TYPESENSE-API-KEY: k'", "destroy search_index"]],
  },
];

const ALGOLIA_CLI: Cli = {
  options: { longValue: ["profile", "application-id", "api-key", "admin-api-key", "output", "file", "query", "filters"], longBool: ["confirm", "yes", "include-replicas", "wait"], aliases: { y: "yes" } },
  help: { flags: ["help", "h"] },
  envFlags: ["profile"],
};

const ALGOLIA = {
  names: ["algolia"],
  service: "algolia",
  cli: ALGOLIA_CLI,
  rows: [
    row("indices|index delete", eff("destroy", "search_index"), [["algolia indices delete catalog_staging --confirm", "destroy search_index"]]),
    row("indices|index clear", eff("delete", "search_index"), [["algolia indices clear catalog_staging --confirm", "delete search_index"]]),
    // `indices move` replaces the destination index with the source.
    row("indices|index move", eff("write", "search_index"), [["algolia indices move catalog_tmp catalog_prod", "write search_index operation=indices-move"]], { operation: "indices-move" }),
    row("objects|rules|synonyms delete|clear", eff("delete", "search_index"), [
      ["algolia rules delete catalog_prod --rule-ids promo-spring", "delete search_index"],
      ["algolia synonyms delete catalog_prod --synonym-ids sofa-couch", "delete search_index"],
    ]),
    row("apikeys delete", eff("delete", "secret_store"), [["algolia apikeys delete 1eb37de6308abdccf9b760ddacb418b4", "delete secret_store"]]),
    row("indices|index|objects|rules|synonyms|settings|apikeys|search|describe list|browse|get|export|search", eff("read", "search_index"), [
      ["algolia indices list --profile ledgerly", "read search_index"],
      ["algolia settings get catalog_prod", "read search_index"],
    ]),
    row("search", eff("read", "search_index"), [["algolia search catalog_prod --query lamp", "read search_index"]]),
  ],
};

const AWS_OPENSEARCH = {
  names: ["aws"],
  service: "aws-opensearch",
  cli: AWS_CLI,
  rows: [
    row("opensearch|es delete-domain|delete-elasticsearch-domain", eff("destroy", "search_index", { total: true }), [
      ["aws opensearch delete-domain --domain-name ledgerly-logs", "destroy search_index total"],
      ["aws es delete-elasticsearch-domain --domain-name legacy-search", "destroy search_index total"],
    ]),
    row("opensearch|es delete-inbound-connection|delete-outbound-connection|delete-package|delete-vpc-endpoint|delete-outbound-cross-cluster-search-connection|delete-inbound-cross-cluster-search-connection", eff("delete", "search_index"), [
      ["aws opensearch delete-package --package-id F1122", "delete search_index"],
    ]),
    row("opensearch|es *", (m) => (/^(list|describe|get)-/.test(m.path[1]) ? eff("read", "search_index") : null), [["aws opensearch list-domain-names --engine-type OpenSearch", "read search_index"]]),
  ],
};

export const SEARCH: Family = {
  name: "search and data APIs",
  programs: [ALGOLIA, AWS_OPENSEARCH],
  apis: [...ELASTICSEARCH, ...MEILISEARCH, ...ALGOLIA_API, ...TYPESENSE_API],
};
