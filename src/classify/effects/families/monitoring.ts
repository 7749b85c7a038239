// Monitoring and observability: New Relic (CLI and REST; its GraphQL
// mutations are platforms.ts's generic row), Splunk (CLI and REST on :8089),
// Datadog, PagerDuty, Grafana. Deleting entities, monitors, dashboards, alert
// policies, users or roles is `delete × hosted_service`; removing or cleaning a
// Splunk index deletes indexed data (`search_index`).
import { eff, row, type ApiRow, type Cli, type Family } from "./rows.js";

const NEWRELIC_CLI: Cli = {
  options: { shortValue: "aig", longValue: ["accountId", "account-id", "profile", "format", "name", "guid", "applicationId", "policyId", "monitorId", "query"], longBool: ["debug", "trace", "plain"], aliases: { a: "accountId", i: "applicationId", g: "guid" } },
  help: { flags: ["help", "h"], word: "first" },
  envFlags: ["profile"],
};

const NEWRELIC = {
  names: ["newrelic"],
  service: "newrelic",
  cli: NEWRELIC_CLI,
  rows: [
    row("* delete|remove", eff("delete", "hosted_service"), [
      ["newrelic entity delete --guid MXxBUE18QVBQTElDQVRJT058MTIz", "delete hosted_service"],
      ["newrelic workload delete --guid MXxXT1JLTE9BRHw0NQ", "delete hosted_service"],
      ["newrelic synthetics monitor delete --monitorId 5f3c", "delete hosted_service"],
    ]),
    row("* * delete|remove", eff("delete", "hosted_service"), [["newrelic apm application delete --applicationId 40012", "delete hosted_service"], ["newrelic alerts policy delete --policyId 771", "delete hosted_service"]]),
    row("* search|get|list|query|describe", eff("read", "hosted_service"), [["newrelic entity search --name ledgerly-api", "read hosted_service"]]),
    row("* * search|get|list|describe", eff("read", "hosted_service"), [["newrelic apm application get --applicationId 40012", "read hosted_service"]]),
    row("query|nrql|profile|version|documentation", eff("read", "hosted_service"), [["newrelic nrql query --query \"SELECT average(duration) FROM Transaction\"", "read hosted_service"]]),
  ],
};

/** Splunk's CLI: `splunk [global opts] VERB OBJECT [args] [-index NAME] [-auth u:p]` (single-dash options). */
const SPLUNK_CLI: Cli = { style: "single-dash", valueFlags: ["auth", "index", "uri", "app", "owner", "f"], help: { flags: ["help"], word: "first" } };

const SPLUNK = {
  names: ["splunk"],
  service: "splunk",
  cli: SPLUNK_CLI,
  rows: [
    row("remove index", eff("destroy", "search_index"), [["splunk remove index web_access -auth admin:x", "destroy search_index"], ["splunk --answer-yes remove index app_debug", "destroy search_index"]]),
    // Without `-index`, clean eventdata empties every index.
    row("clean eventdata|all", (m) => eff("delete", "search_index", m.value("index") === null || m.path[1] === "all" ? { total: true } : {}), [
      ["splunk clean eventdata -index app_debug -f", "delete search_index"],
      ["splunk clean eventdata -f", "delete search_index total"],
    ]),
    row("remove|delete user|role|app|saved-search|monitor|forward-server|search-server", eff("delete", "hosted_service"), [["splunk remove user contractor1 -auth admin:x", "delete hosted_service"], ["splunk remove role temp_analyst", "delete hosted_service"]]),
    row("list|show|search|status|btool|version|display", eff("read", "hosted_service"), [["splunk list index -auth admin:x", "read hosted_service"], ["splunk search 'index=web_access status=500 | head 20'", "read hosted_service"]]),
  ],
};

const MONITORING_APIS: ApiRow[] = [
  {
    service: "newrelic",
    host: /^api(\.eu)?\.newrelic\.com$|^synthetics\.newrelic\.com$/i,
    methods: ["DELETE"],
    effect: eff("delete", "hosted_service"),
    examples: [
      ["curl -X DELETE https://api.newrelic.com/v2/alerts_conditions/8812.json -H 'X-Api-Key: k'", "delete hosted_service"],
      ["curl https://api.newrelic.com/v2/applications.json -H 'X-Api-Key: k'", ""],
    ],
  },
  {
    service: "splunk",
    host: /splunk/i,
    ports: [8089],
    methods: ["DELETE"],
    path: /^\/services(NS)?\//,
    effect: (m) => (m.segments.includes("indexes") ? eff("destroy", "search_index") : eff("delete", "hosted_service")),
    examples: [["curl -k -u admin:x -X DELETE https://localhost:8089/servicesNS/nobody/search/saved/searches/old-report", "delete hosted_service"]],
  },
  {
    service: "datadog",
    host: /^(api|app)\.(us\d\.|us3\.|us5\.|ap1\.)?datadoghq\.(com|eu)$|^api\.ddog-gov\.com$/i,
    methods: ["DELETE"],
    effect: eff("delete", "hosted_service"),
    examples: [["curl -X DELETE https://api.datadoghq.eu/api/v1/dashboard/abc-def-ghi -H 'DD-API-KEY: k'", "delete hosted_service"]],
  },
  {
    service: "pagerduty",
    host: /^api\.pagerduty\.com$/i,
    methods: ["DELETE"],
    effect: eff("delete", "hosted_service"),
    examples: [["curl -X DELETE https://api.pagerduty.com/escalation_policies/P7ZQ1 -H 'Authorization: Token token=k'", "delete hosted_service"]],
  },
  {
    service: "grafana",
    methods: ["DELETE"],
    path: /^\/api\/(dashboards|folders|datasources|alert-notifications|v1\/provisioning|teams|users|orgs|annotations|serviceaccounts)\b/,
    effect: eff("delete", "hosted_service"),
    examples: [["curl -X DELETE -H 'Authorization: Bearer k' http://grafana.ledgerly.io/api/folders/ops", "delete hosted_service"]],
  },
];

export const MONITORING: Family = {
  name: "monitoring",
  programs: [NEWRELIC, SPLUNK],
  apis: MONITORING_APIS,
};
