// CDNs and edge platforms: Cloudflare's wrangler (Workers, KV, R2, D1, Queues,
// Pages), Fastly, AWS CloudFront. Deleting a Worker, service, distribution or
// its configuration is `destroy × infrastructure`; the storage these platforms
// keep is classed as what it is — KV and R2 `object_storage`, D1 `database`,
// Queues `message_queue`, Vectorize `search_index`, Worker secrets
// `secret_store`. Rolling back or activating a version is `write ×
// infrastructure` with its operation. (`aws cloudfront create-invalidation`
// empties caches and costs money, but loses nothing: it is not stopped.)
import { analyzeSql } from "../../sql/index.js";
import { databaseEffect } from "../database.js";
import { AWS_CLI } from "./clis.js";
import { eff, row, type ApiRow, type Cli, type Family, type Match } from "./rows.js";

const WRANGLER_CLI: Cli = {
  options: {
    shortValue: "ceJ",
    longValue: ["config", "cwd", "env", "env-file", "profile", "namespace-id", "binding", "persist-to", "jurisdiction", "name", "account-id", "zone-id", "record-id", "message", "tag", "version-id", "command", "file", "branch", "project-name", "outdir", "compatibility-date", "var", "route"],
    longBool: ["preview", "local", "remote", "force", "skip-confirmation", "install-skills", "no-install-skills", "verbose", "yes", "dry-run", "json", "minify"],
    aliases: { c: "config", e: "env", J: "jurisdiction", y: "yes", f: "force" },
  },
  help: { flags: ["help", "h"], word: "first" },
  dryRun: ["dry-run"],
  envFlags: ["env"],
};

const productionDeploy = eff("write", "infrastructure", { disrupts: true, is_production: true, operation: "production deploy" });
/** No `--env` (the top-level Worker) or an environment named as production. */
const workerDeploy = (m: Match) => (m.value("env") === null || m.base.is_production === true ? productionDeploy : null);

const WRANGLER = {
  names: ["wrangler", "wrangler2"],
  service: "cloudflare",
  cli: WRANGLER_CLI,
  rows: [
    row("delete", eff("destroy", "infrastructure", { operation: "worker delete" }), [
      ["wrangler delete ledgerly-edge", "destroy infrastructure"],
      ["wrangler -c infra/wrangler.toml delete ledgerly-edge", "destroy infrastructure"],
      ["wrangler delete ledgerly-edge --dry-run", "read infrastructure dry_run"],
    ]),
    row("deployments|versions rollback", eff("write", "infrastructure", { operation: "rollback" }), [["wrangler deployments rollback --message 'bad release'", "write infrastructure operation=rollback"]]),
    row("rollback", eff("write", "infrastructure", { operation: "rollback" }), [["wrangler rollback 5e1c9a7b", "write infrastructure"]]),
    row("kv namespace delete", eff("destroy", "object_storage", { total: true }), [["wrangler kv namespace delete --binding SESSIONS", "destroy object_storage total"]]),
    row("kv:namespace delete", eff("destroy", "object_storage", { total: true }), [["wrangler kv:namespace delete --namespace-id=0f3a77", "destroy object_storage total"]]),
    row("kv key|bulk delete", eff("delete", "object_storage"), [["wrangler kv key delete --binding SESSIONS user:42", "delete object_storage"], ["wrangler --env prod kv bulk delete --binding SESSIONS stale.json", "delete object_storage is_production"]]),
    row("kv:key|kv:bulk delete", eff("delete", "object_storage"), [["wrangler kv:key delete --binding=SESSIONS user:7", "delete object_storage"]]),
    row("r2 bucket delete", eff("destroy", "object_storage"), [["wrangler r2 bucket delete ledgerly-uploads", "destroy object_storage"]]),
    row("r2 object delete", eff("delete", "object_storage"), [["wrangler r2 object delete ledgerly-uploads/avatars/7.png", "delete object_storage"]]),
    // `d1 execute DB --command SQL` runs the SQL on the (remote with --remote) database; a `--file` is not in the text.
    row("d1 execute", (m) => {
      const sql = m.values("command");
      for (const text of sql) for (const e of analyzeSql(text)) databaseEffect(m.ctx, e, [m.rest[0]?.value, m.value("env")]);
      return sql.length === 0 ? eff("write", "database") : [];
    }, [
      ["wrangler d1 execute prod --command 'DROP TABLE users'", "destroy database"],
      ["wrangler d1 execute prod --remote --command 'SELECT count(*) FROM users'", ""],
      ["wrangler d1 execute prod --file schema.sql", "write database"],
    ]),
    row("d1 delete", eff("destroy", "database", { total: true }), [["wrangler --env prod d1 delete ledgerly-db", "destroy database total"]]),
    row("queues delete", eff("destroy", "message_queue"), [["wrangler queues delete invoice-events", "destroy message_queue"]]),
    row("vectorize delete", eff("destroy", "search_index"), [["wrangler vectorize delete doc-embeddings", "destroy search_index"]]),
    row("secret delete", eff("delete", "secret_store"), [["wrangler secret delete STRIPE_KEY --env staging", "delete secret_store"]]),
    row("pages project delete", eff("destroy", "infrastructure"), [["wrangler pages project delete ledgerly-docs", "destroy infrastructure"]]),
    row("pages deployment delete", eff("delete", "infrastructure"), [["wrangler pages deployment delete 7aa1 --project-name ledgerly-docs", "delete infrastructure"]]),
    row("hyperdrive|dispatch-namespace|mtls-certificate delete", eff("delete", "infrastructure"), [["wrangler hyperdrive delete pg-pool", "delete infrastructure"]]),
    row("dns-records delete", eff("delete", "dns"), [["wrangler dns-records delete --zone-id 9d2e --record-id 51c0", "delete dns"]]),
    row("deploy|publish", (m) => workerDeploy(m), [
      ["wrangler deploy", "write infrastructure disrupts is_production"],
      ["wrangler deploy --env production", "write infrastructure disrupts is_production"],
      ["wrangler publish --minify", "write infrastructure disrupts"],
      ["wrangler deploy --env staging", ""],
      ["wrangler deploy --dry-run --outdir dist", "read infrastructure dry_run"],
    ]),
    row("versions deploy", (m) => workerDeploy(m), [["wrangler versions deploy 5e1c@100% -y", "write infrastructure disrupts"], ["wrangler versions deploy 5e1c@100% --env dev", ""]]),
    row("versions upload", eff("read", "infrastructure"), [["wrangler versions upload --tag v2", "read infrastructure"]]),
    row("pages deploy|publish", (m) => (/^(main|master|prod|production)$/.test(m.value("branch") ?? "") ? productionDeploy : null), [
      ["wrangler pages deploy dist --project-name docs --branch main", "write infrastructure disrupts"],
      ["wrangler pages deploy dist --project-name docs --branch feature-x", ""],
    ]),
    row("kv|kv:key|kv:namespace|r2|d1|queues|secret|pages|deployments|versions|dns-records", (m) => (/^(get|list|info)$/.test(m.rest.find((o) => /^[a-z]+$/.test(o.value) && !["key", "namespace", "bulk", "object", "bucket", "project", "deployment"].includes(o.value))?.value ?? "") ? eff("read", "infrastructure") : null), [
      ["wrangler kv key get --binding SESSIONS user:42", "read infrastructure"],
      ["wrangler r2 bucket list --jurisdiction eu", "read infrastructure"],
      ["wrangler d1 info ledgerly-db", "read infrastructure"],
    ]),
    // Issue 20: a Worker deploy replaces what serves traffic. Without `--env` it is the top-level Worker —
    // production in wrangler's own model — so it asks unless `--env` names another environment;
    // `versions upload` sends no traffic. Pages deploys to a branch: production only for main/master/prod.
    row("whoami|dev|tail|version|types|login|logout|init|docs", eff("read", "infrastructure"), [["wrangler whoami", "read infrastructure"], ["wrangler --version", ""], ["wrangler help", ""]]),
  ],
};

const FASTLY_CLI: Cli = {
  options: {
    shortValue: "snt",
    longValue: ["service-id", "service-name", "version", "name", "token", "profile", "acl-id", "dictionary-id", "key", "id", "domain", "endpoint"],
    longBool: ["force", "autoclone", "verbose", "quiet", "json", "all", "accept-defaults", "auto-yes", "non-interactive"],
    aliases: { s: "service-id", n: "name", t: "token" },
  },
  help: { flags: ["help", "h"], word: "first" },
  envFlags: ["profile"],
};

const FASTLY = {
  names: ["fastly"],
  service: "fastly",
  cli: FASTLY_CLI,
  rows: [
    row("service delete", eff("destroy", "infrastructure"), [["fastly service delete --service-id 4fWq9x", "destroy infrastructure"], ["fastly service delete -s 4fWq9x --force", "destroy infrastructure"]]),
    row("compute delete", eff("destroy", "infrastructure"), [["fastly compute delete --service-id 4fWq9x", "destroy infrastructure"]]),
    row("domain|backend|vcl|dictionary|dictionary-item|dictionary-entry|acl|acl-entry|healthcheck|config-store|kv-store|kv-store-entry|secret-store|secret-store-entry|tls-custom delete", eff("delete", "infrastructure"), [
      ["fastly domain delete --name cdn.ledgerly.io --version latest", "delete infrastructure"],
      ["fastly acl-entry delete --acl-id 2kd9 --id 88aa", "delete infrastructure"],
    ]),
    row("logging * delete", eff("delete", "infrastructure"), [["fastly logging splunk delete --name edge-logs", "delete infrastructure"]]),
    row("service version activate", eff("write", "infrastructure", { operation: "version activate" }), [["fastly service version activate --version 12 -s 4fWq9x", "write infrastructure"]]),
    row("service-version activate", eff("write", "infrastructure", { operation: "version activate" }), [["fastly service-version activate --version 12", "write infrastructure"]]),
    row("purge", (m) => (m.has("all") ? eff("write", "infrastructure", { operation: "purge all" }) : null), [["fastly purge --all -s 4fWq9x", "write infrastructure"]]),
    row("service|domain|backend|vcl|version|whoami|profile|dictionary|acl|logging|stats|compute", (m) => (/^(list|describe|search|show)$/.test(m.rest[0]?.value ?? "") || ["whoami", "profile", "version"].includes(m.path[0]) ? eff("read", "infrastructure") : null), [
      ["fastly service list --json", "read infrastructure"],
      ["fastly whoami", "read infrastructure"],
      ["fastly --help", ""],
    ]),
  ],
};

const AWS_CLOUDFRONT = {
  names: ["aws"],
  service: "aws-cloudfront",
  cli: AWS_CLI,
  rows: [
    row("cloudfront *", (m) => (/^delete-/.test(m.path[1]) ? eff("destroy", "infrastructure") : /^(list|get|describe)-/.test(m.path[1]) ? eff("read", "infrastructure") : null), [
      ["aws cloudfront delete-distribution --id E2QWRUHAPOMQZL --if-match E1X", "destroy infrastructure"],
      ["aws cloudfront delete-function --name rewrite-index --if-match E3Y", "destroy infrastructure"],
      ["aws cloudfront get-distribution-config --id E2QWRUHAPOMQZL", "read infrastructure"],
      ["aws cloudfront create-invalidation --distribution-id E2QWRUHAPOMQZL --paths '/index.html'", ""],
    ]),
  ],
};

/** Whole-cache purges through the providers' HTTP APIs: every cached object goes, and the origin takes the full load. */
const PURGE_ALL_API: ApiRow[] = [
  {
    service: "cloudflare",
    host: /^api\.cloudflare\.com$/,
    methods: ["POST"],
    path: /\/zones\/[^/]+\/purge_cache$/,
    body: /"purge_everything"\s*:\s*true/,
    effect: eff("write", "infrastructure", { operation: "purge all" }),
    examples: [
      [`curl -X POST https://api.cloudflare.com/client/v4/zones/z/purge_cache -d '{"purge_everything":true}'`, "write infrastructure"],
      [`curl -X POST https://api.cloudflare.com/client/v4/zones/z/purge_cache -d '{"files":["https://x.example/a.css"]}'`, ""],
    ],
  },
  {
    service: "fastly",
    host: /^api\.fastly\.com$/,
    methods: ["POST"],
    path: /\/service\/[^/]+\/purge_all$/,
    effect: eff("write", "infrastructure", { operation: "purge all" }),
    examples: [["curl -X POST -H 'Fastly-Key: k' https://api.fastly.com/service/SU1Z0isxPaozGVKXdv0eY/purge_all", "write infrastructure"]],
  },
];

export const CDN: Family = {
  name: "CDNs and edge platforms",
  programs: [WRANGLER, FASTLY, AWS_CLOUDFRONT],
  apis: PURGE_ALL_API,
};
