// Application platforms and the GraphQL APIs of hosted services: Railway
// (CLI and its public GraphQL API), and any GraphQL mutation that deletes,
// removes or destroys (`deleteEntity`, `projectDelete`) sent to a host that is
// not this machine's network. Tearing down a project, environment, service or
// volume is `destroy × infrastructure`; deleting a variable, or overwriting
// one that holds a database connection, is a secret_store change.
import { classifyUrl } from "../../urls.js";
import { graphqlMutationFields } from "./http-request.js";
import { productionDeploy } from "./production-deploy.js";
import { eff, row, type ApiMatch, type ApiRow, type Cli, type EffectSpec, type Family, type Match } from "./rows.js";

/** Variables that hold a database connection: overwriting one points the app at another database, or at none. */
const DB_CONNECTION_VAR = /^(RAILWAY_)?(DATABASE|POSTGRES(QL)?|MYSQL|MARIADB|REDIS|MONGO(DB)?)_?(URL|URI|PRIVATE_URL|PUBLIC_URL|HOST|PORT|USER|PASSWORD|DB|DATABASE)$|^PG(HOST|PORT|USER|PASSWORD|DATABASE)$/;

/** The variable names a `railway variable set` names: `K=V` operands, or the keys of a JSON object. */
function variableNames(values: readonly string[]): string[] {
  const out: string[] = [];
  for (const v of values) {
    const t = v.trim();
    if (t.startsWith("{")) {
      try {
        out.push(...Object.keys(JSON.parse(t) as object));
      } catch {
        for (const m of t.matchAll(/"([A-Za-z_][A-Za-z0-9_]*)"\s*:/g)) out.push(m[1]);
      }
    } else {
      const eq = t.indexOf("=");
      out.push(eq > 0 ? t.slice(0, eq) : t);
    }
  }
  return out;
}

const RAILWAY_CLI: Cli = {
  options: { shortValue: "sepv", longValue: ["service", "environment", "project", "volume", "function", "set", "set-from-stdin", "mount-path", "name"], longBool: ["json", "yes", "detach", "skip-deploys"], aliases: { s: "service", e: "environment", p: "project", y: "yes", v: "volume" } },
  help: { flags: ["help", "h"], word: "first" },
  envFlags: ["environment"],
};

const teardown = eff("destroy", "infrastructure");

function dbVariableSet(m: Match): EffectSpec | null {
  const names = variableNames([...m.rest.map((o) => o.value), ...m.values("set", "set-from-stdin")]);
  return names.some((n) => DB_CONNECTION_VAR.test(n)) ? eff("write", "secret_store", { operation: "database variable set" }) : null;
}

const RAILWAY = {
  names: ["railway"],
  service: "railway",
  cli: RAILWAY_CLI,
  rows: [
    row("delete", teardown, [["railway delete -y", "destroy infrastructure"]], { operation: "project delete" }),
    row("project|environment|env|service|function|functions|func|funcs|fn|fns|volume delete|remove|rm", teardown, [
      ["railway project delete -p ledgerly-staging -y", "destroy infrastructure"],
      ["railway environment rm preview-412 -y", "destroy infrastructure"],
      ["railway functions rm --function nightly-digest -y", "destroy infrastructure"],
      ["railway volume rm --volume pgdata -y", "destroy infrastructure"],
    ]),
    row("volume detach", eff("write", "infrastructure", { operation: "volume detach" }), [["railway volume detach --volume pgdata", "write infrastructure"]]),
    row("down", eff("destroy", "infrastructure", { operation: "deployment remove" }), [["railway down -s api -y", "destroy infrastructure"]]),
    // Issue 20: a deploy to an environment named as production (envFlags: --environment).
    row("up|redeploy", productionDeploy(), [["railway up --environment production", "write infrastructure disrupts is_production"], ["railway redeploy -e prod -y", "write infrastructure disrupts"], ["railway up -e staging", ""]]),
    row("variable|variables|vars|var delete|remove|rm", eff("delete", "secret_store"), [["railway variables delete SMTP_PASSWORD -s api", "delete secret_store"]]),
    row("variable|variables|vars|var set|upsert", dbVariableSet, [
      ["railway variables set PGPASSWORD=hunter2 -s worker", "write secret_store"],
      ["railway variables set --json '{\"REDIS_URL\":\"redis://cache:6379\"}'", "write secret_store"],
      ["railway variables set LOG_LEVEL=debug -s api", ""],
      ["railway variables set DATABASE_POOL=10", ""],
    ]),
    // The legacy form: `railway variables --set K=V`.
    row("variable|variables|vars|var", dbVariableSet, [["railway variables --set MYSQL_URL=mysql://db:3306/app", "write secret_store"], ["railway variables --set SENTRY_ENV=staging", ""]]),
    row("status|list|ls|whoami|logs|project|service|environment|env|volume|function|functions|fn|fns|open|domain|link|run|shell|up|init|login", (m) => (m.rest.length === 0 || /^(list|ls|status)$/.test(m.rest[0].value) || ["status", "list", "ls", "whoami", "logs"].includes(m.path[0]) ? eff("read", "infrastructure") : null), [
      ["railway status --json", "read infrastructure"],
      ["railway environment list", "read infrastructure"],
      ["railway logs -s api --deployment", "read infrastructure"],
    ]),
  ],
};

/** Railway's public GraphQL API. */
function railwayMutations(m: ApiMatch): EffectSpec | null {
  const fields = graphqlMutationFields(m.body);
  const body = m.body ?? "";
  if (fields.some((f) => f === "variableDelete")) return eff("delete", "secret_store");
  if (fields.some((f) => /Delete$|^deployment(Remove|Stop)$|BackupRestore$/.test(f))) return eff("destroy", "infrastructure");
  if (fields.some((f) => /^variable(Collection)?Upsert$/.test(f))) {
    if (/\\?"?replace\\?"?\s*:\s*true/.test(body)) return eff("write", "secret_store", { operation: "replace variables" });
    if (/[A-Z_]{2,}/.test(body) && [...body.matchAll(/[A-Z][A-Z0-9_]+/g)].some((x) => DB_CONNECTION_VAR.test(x[0]))) return eff("write", "secret_store", { operation: "database variable set" });
  }
  if (fields.includes("volumeInstanceUpdate") && /serviceId\\?"?\s*:\s*null/.test(body)) return eff("write", "infrastructure", { operation: "volume detach" });
  if (fields.includes("volumeInstanceBackupScheduleUpdate")) return eff("write", "backup", { operation: "backup schedule update" });
  return null;
}

const GRAPHQL_DESTRUCTIVE = /^(delete|remove|destroy|purge|drop|wipe|truncate)|(Delete|Remove|Destroy|Purge|Drop|Wipe|Truncate)$/;

/** Any other GraphQL API: a mutation that deletes, to a host beyond this machine's network (or one only known at run time). */
function genericMutations(m: ApiMatch): EffectSpec | null {
  if (!graphqlMutationFields(m.body).some((f) => GRAPHQL_DESTRUCTIVE.test(f))) return null;
  return m.url.hostname !== "unknown.invalid" && classifyUrl(m.url.href)?.boundary === "internal" ? null : eff("delete", "hosted_service");
}

const PLATFORM_APIS: ApiRow[] = [
  {
    service: "railway",
    host: /^backboard\.railway\.(app|com)$/i,
    dynamicUrl: true,
    methods: ["POST", "PATCH", "PUT"],
    effect: railwayMutations,
    operation: "graphql mutation",
    examples: [
      ["curl -X POST https://backboard.railway.com/graphql/v2 -H 'Authorization: Bearer t' --json '{\"query\":\"mutation { environmentDelete(id: \\\"e-41\\\") }\"}'", "destroy infrastructure"],
      ["curl https://backboard.railway.app/graphql/v2 -d '{\"query\":\"mutation($i: VariableCollectionUpsertInput!) { variableCollectionUpsert(input: $i) }\",\"variables\":{\"i\":{\"replace\":true,\"variables\":{}}}}'", "write secret_store"],
      ["curl https://backboard.railway.app/graphql/v2 -d '{\"query\":\"query { me { name } }\"}'", ""],
      ["curl \"$RAILWAY_GQL\" -d '{\"query\":\"mutation { variableUpsert(input:{name:\\\"PGPASSWORD\\\", value:\\\"x\\\"}) }\"}'", "write secret_store"],
    ],
  },
  {
    service: "graphql",
    methods: ["POST", "PUT", "PATCH", "GET"],
    effect: genericMutations,
    operation: "graphql mutation",
    examples: [
      ["curl https://api.eu.newrelic.com/graphql -H 'API-Key: k' -d '{\"query\":\"mutation { dashboardDelete(guid: \\\"MX1\\\") { status } }\"}'", "delete hosted_service"],
      ["curl \"$GRAPHQL_ENDPOINT\" -d '{\"query\":\"mutation { removeMember(id: 3) { ok } }\"}'", "delete hosted_service"],
      ["curl http://localhost:4000/graphql -d '{\"query\":\"mutation { deleteDraft(id: 1) { id } }\"}'", ""],
    ],
  },
];

export const PLATFORMS: Family = {
  name: "platforms and hosted GraphQL APIs",
  programs: [RAILWAY],
  apis: PLATFORM_APIS,
};
