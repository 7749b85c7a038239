// API gateways and load balancers: AWS API Gateway (v1 and v2), Kong (`deck`
// and its admin API on :8001), HAProxy (stop signals, its runtime API over
// socat), Traefik's API, and stopping the proxy services that carry a site's
// traffic. Deleting an API, route, service or certificate is `delete|destroy ×
// infrastructure`; wiping a gateway's whole configuration (`deck reset`)
// carries `total: true`. Taking traffic off a server or stopping the proxy is
// `write × infrastructure {operation: …}`: nothing is lost, but the site goes
// down. (Containers and pods named traefik are the containers family's.)
import { AWS_CLI, SYSTEMCTL_CLI } from "./clis.js";
import { stdinLiteral } from "../common.js";
import { eff, row, type ApiRow, type Cli, type EffectSpec, type Family, type Match } from "./rows.js";

const AWS_APIGATEWAY = {
  names: ["aws"],
  service: "aws-apigateway",
  cli: AWS_CLI,
  rows: [
    row("apigateway|apigatewayv2 *", (m) => (/^delete-(rest-api|api)$/.test(m.path[1]) ? eff("destroy", "infrastructure") : /^delete-/.test(m.path[1]) ? eff("delete", "infrastructure") : /^(get|list)-/.test(m.path[1]) ? eff("read", "infrastructure") : null), [
      ["aws apigateway delete-rest-api --rest-api-id 9xk2fq7c1d --region eu-west-1", "destroy infrastructure"],
      ["aws apigatewayv2 delete-stage --api-id a1b2c3 --stage-name canary", "delete infrastructure"],
      ["aws apigatewayv2 get-routes --api-id a1b2c3", "read infrastructure"],
      ["aws apigateway delete-rest-api help", ""],
      ["aws apigatewayv2 --help", ""],
    ]),
  ],
};

const DECK_CLI: Cli = {
  options: { longValue: ["kong-addr", "headers", "select-tag", "state", "output-file", "workspace", "konnect-token", "konnect-addr", "konnect-control-plane-name", "parallelism"], longBool: ["force", "yes", "all-workspaces", "skip-consumers", "verbose"] },
  help: { flags: ["help", "h"], word: "first" },
  dryRun: [],
};

const DECK = {
  names: ["deck"],
  service: "kong-deck",
  cli: DECK_CLI,
  rows: [
    row("reset", eff("destroy", "infrastructure", { total: true }), [["deck reset --kong-addr http://kong-admin:8001 --force", "destroy infrastructure total"]]),
    row("gateway reset", eff("destroy", "infrastructure", { total: true }), [["deck gateway reset", "destroy infrastructure total"]]),
    // sync deletes what the state file lacks; with --select-tag, of the entities carrying those tags.
    row("sync", (m) => (m.value("select-tag") !== null ? eff("destroy", "infrastructure", { operation: "sync --select-tag" }) : eff("write", "infrastructure")), [
      ["deck sync --state kong/ledgerly.yaml --select-tag payments", "destroy infrastructure"],
      ["deck sync --state kong/ledgerly.yaml", "write infrastructure"],
    ]),
    row("gateway sync", (m) => (m.value("select-tag") !== null ? eff("destroy", "infrastructure", { operation: "sync --select-tag" }) : eff("write", "infrastructure")), [["deck gateway sync kong/ledgerly.yaml --select-tag billing", "destroy infrastructure"]]),
    row("ping|dump|diff|validate|convert|file|version|gateway", (m) => (m.path[0] === "gateway" && !/^(ping|dump|diff|validate)$/.test(m.rest[0]?.value ?? "") ? null : eff("read", "infrastructure")), [
      ["deck dump --output-file kong/backup.yaml", "read infrastructure"],
      ["deck diff --state kong/ledgerly.yaml", "read infrastructure"],
    ]),
  ],
};

/** HAProxy: `-sf PIDS`/`-st PIDS` stop the old processes (gracefully / at once); `-c` checks a configuration. */
const HAPROXY_CLI: Cli = { options: { shortValue: "fLpCSxN", longBool: [] }, help: { flags: [] } };

const HAPROXY = {
  names: ["haproxy"],
  service: "haproxy",
  cli: HAPROXY_CLI,
  rows: [
    row("", eff("write", "infrastructure", { operation: "stop" }), [
      ["haproxy -W -f /etc/haproxy/haproxy.cfg -sf 2211", "write infrastructure operation=stop"],
      ["haproxy -f /etc/haproxy/haproxy.cfg -p /run/haproxy.pid -st 2211", "write infrastructure"],
    ], { when: (m) => m.ctx.args.some((a) => a.value === "-sf" || a.value === "-st"), operation: "stop" }),
    row("", eff("read", "infrastructure"), [["haproxy -c -f /etc/haproxy/conf.d/", "read infrastructure"], ["haproxy -vv", "read infrastructure"]], { when: (m) => m.has("c", "v", "vv"), operation: "check" }),
  ],
};

/** HAProxy's runtime API, fed through socat (or nc) from a literal echo/printf. */
const RUNTIME_CHANGE = /^\s*(disable\s+(server|frontend|backend|health|agent)|shutdown\s+(sessions|session|frontend)|del\s+(server|map|acl|ssl)|set\s+server\s+\S+\s+state\s+(maint|drain)|clear\s+(map|acl|table)|set\s+maxconn\s+(frontend|server)\s+\S+\s+0)\b/im;

function haproxyRuntime(m: Match): EffectSpec | null {
  const target = m.ctx.argv.find((a) => /\.sock$|^unix-connect:|^unix:|stats|haproxy/i.test(a));
  if (!target) return null;
  const text = stdinLiteral(m.ctx);
  if (text === null) return null;
  return RUNTIME_CHANGE.test(text) ? eff("write", "infrastructure", { operation: "runtime api change" }) : eff("read", "infrastructure");
}

const SOCAT = {
  names: ["socat", "nc", "ncat", "netcat"],
  service: "haproxy",
  cli: { help: { flags: ["help", "h"] } } as Cli,
  rows: [
    row("", haproxyRuntime, [
      ["echo 'disable server api_back/api-2' | socat stdio unix-connect:/run/haproxy/admin.sock", "write infrastructure"],
      ["printf 'set server api_back/api-2 state maint\n' | socat - /run/haproxy/admin.sock", "write infrastructure"],
      ["echo 'show servers state' | socat stdio /run/haproxy/admin.sock", "read infrastructure"],
    ], { operation: "runtime api" }),
  ],
};

/** Daemons that carry a site's traffic: stopping one takes the site down. */
const PROXY_UNIT = /^(haproxy|traefik|envoy|keepalived|nginx|caddy|varnish|apache2|httpd|kong|pound|hitch|ha-proxy)(@[^.]*)?(\.service)?$/;

function proxyStop(units: readonly string[]): EffectSpec | null {
  return units.some((u) => PROXY_UNIT.test(u)) ? eff("write", "infrastructure", { operation: "service stop" }) : null;
}

const SYSTEMCTL = {
  names: ["systemctl"],
  service: "systemd",
  cli: SYSTEMCTL_CLI,
  rows: [
    // Only the proxy units: any other unit is the system family's (system.ts).
    row("stop|kill|disable|mask", (m) => proxyStop(m.rest.map((o) => o.value)), [
      ["systemctl stop haproxy.service", "write infrastructure operation='service stop'"],
      ["sudo systemctl --now disable traefik", "write infrastructure"],
      ["systemctl status haproxy --no-pager", ""],
      ["systemctl --user stop ledgerly-dev", ""],
    ], { when: (m) => proxyStop(m.rest.map((o) => o.value)) !== null }),
  ],
};

export const SERVICE_CLI: Cli = { help: { flags: ["help"] } };

const SERVICE = {
  names: ["service"],
  service: "sysvinit",
  cli: SERVICE_CLI,
  rows: [row("*", (m) => proxyStop([m.path[0]]), [["sudo service nginx stop", "write infrastructure"]], { when: (m) => /^(stop|force-stop)$/.test(m.rest[0]?.value ?? "") && proxyStop([m.path[0]]) !== null })],
};

const GATEWAY_APIS: ApiRow[] = [
  {
    // Kong's admin API (and kubectl proxy, which listens on the same port by default).
    service: "kong-admin",
    ports: [8001, 8444],
    methods: ["DELETE"],
    effect: eff("delete", "infrastructure"),
    examples: [
      ["curl -X DELETE http://localhost:8001/consumers/partner-app", "delete infrastructure"],
      ["curl -sS -XDELETE 127.0.0.1:8001/plugins/4f1e", "delete infrastructure"],
      ["curl -s localhost:8001/consumers", ""],
      ["curl -X GET http://localhost:8001/upstreams", ""],
    ],
  },
  {
    service: "traefik",
    host: /traefik/i,
    methods: ["DELETE", "PUT", "PATCH"],
    path: /^\/api\//,
    effect: (m) => (m.method === "DELETE" ? eff("delete", "infrastructure") : eff("write", "infrastructure")),
    examples: [
      ["curl -X DELETE http://traefik.internal:8080/api/http/middlewares/ratelimit@file", "delete infrastructure"],
      ["curl http://traefik.internal:8080/api/http/routers", ""],
    ],
  },
];

export const GATEWAYS: Family = {
  name: "API gateways and load balancers",
  programs: [AWS_APIGATEWAY, DECK, HAPROXY, SOCAT, SYSTEMCTL, SERVICE],
  apis: GATEWAY_APIS,
};
