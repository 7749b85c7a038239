// Clouds: what the AWS, Google Cloud, Azure, DigitalOcean, Hetzner, Linode, Vultr,
// Scaleway, Civo, Exoscale and UpCloud CLIs delete beyond the catch-all (infra.ts: any `delete-*`/`terminate-*`,
// a `delete` in a gcloud/az command path → `destroy × infrastructure`).
// Rows say what kind of thing goes:
//
// - a whole scope (`teardown`): a CloudFormation stack, an EKS/GKE/AKS cluster,
//   a GCP project, an Azure resource group, an AWS account or organization;
// - a managed database (`destroy × database`, `total: true`: RDS, DynamoDB
//   tables, Cloud SQL, Spanner, Bigtable, Firestore, Azure SQL, Cosmos DB,
//   DigitalOcean databases) — the database rules apply;
// - snapshots and backups (`delete × backup`, the backup family's class);
// - container image repositories (`destroy|delete × package_registry`);
// - SQL run through a data API (`athena start-query-execution`,
//   `redshift-data|rds-data execute-statement`): read with the SQL tokenizer.
//
// Cloud storage, secrets, queues, search, email, CDN and gateways are group A's
// families (storage.ts, secrets.ts, …) on the same Cli objects.
import { analyzeSql } from "../../sql/index.js";
import { productionAttrs } from "../common.js";
import { databaseEffect } from "../database.js";
import { AWS_CLI, AZ_CLI, GCLOUD_CLI } from "./clis.js";
import { productionDeploy } from "./production-deploy.js";
import { eff, row, type Cli, type EffectSpec, type Example, type Family, type Match } from "./rows.js";

/** Every name the command gives (flag values, the resource operand): any that says prod makes it production. */
const givenNames = (m: Match) => [...m.flags.map((f) => f.value), m.rest[0]?.value];
const named = (m: Match) => productionAttrs(givenNames(m));
const teardown = (what: string) => (m: Match): EffectSpec => eff("destroy", "infrastructure", { teardown: what, ...named(m) });
const managedDatabase = (m: Match): EffectSpec => eff("destroy", "database", { total: true, ...named(m) });

/** SQL handed to a data API: the same statements a client would run. */
function dataApiSql(m: Match, flag: string, names: Array<string | null>): EffectSpec[] {
  const sql = m.flags.find((f) => f.name === flag && f.value !== null);
  if (sql && !sql.arg.dynamic) for (const e of analyzeSql(sql.value!)) databaseEffect(m.ctx, e, [...names, m.value("profile")]);
  return [];
}


const AWS_CLOUD = {
  names: ["aws"],
  service: "aws",
  cli: AWS_CLI,
  rows: [
    row("cloudformation delete-stack", teardown("stack"), [
      ["aws cloudformation delete-stack --stack-name shop-prod", "destroy infrastructure teardown=stack"],
      ["aws cloudformation describe-stacks --stack-name shop-prod", ""],
    ]),
    row("eks delete-cluster", teardown("cluster"), [["aws eks delete-cluster --name prod-eu", "destroy infrastructure teardown=cluster"]]),
    row("organizations close-account|delete-organization|remove-account-from-organization", (m) => teardown(m.path[1] === "delete-organization" ? "organization" : "account")(m), [
      ["aws organizations close-account --account-id 123456789012", "destroy infrastructure teardown=account"],
    ]),
    row("rds delete-db-instance|delete-db-cluster|delete-global-cluster", (m) => eff("destroy", "database", { total: true, ...named(m), ...(m.has("skip-final-snapshot") ? { skip_final_snapshot: true } : {}) }), [
      ["aws rds delete-db-instance --db-instance-identifier orders-prod --skip-final-snapshot", "destroy database total skip_final_snapshot is_production"],
      ["aws --profile staging rds delete-db-cluster --db-cluster-identifier reports", "destroy database total is_production=false"],
    ]),
    row("rds delete-db-snapshot|delete-db-cluster-snapshot|delete-db-instance-automated-backup", eff("delete", "backup"), [["aws rds delete-db-snapshot --db-snapshot-identifier nightly-01", "delete backup"]]),
    row("ec2 delete-snapshot|deregister-image", eff("delete", "backup"), [["aws ec2 delete-snapshot --snapshot-id snap-0abc", "delete backup"]]),
    row("dynamodb delete-table|delete-backup", (m) => (m.path[1] === "delete-backup" ? eff("delete", "backup") : managedDatabase(m)), [
      ["aws dynamodb delete-table --table-name sessions", "destroy database total"],
      ["aws dynamodb delete-backup --backup-arn arn:aws:dynamodb:…", "delete backup"],
    ]),
    row("glue delete-database|delete-table|batch-delete-table", eff("destroy", "database"), [["aws glue delete-database --name analytics", "destroy database"]]),
    row("redshift|docdb|neptune|timestream-write delete-cluster|delete-db-cluster|delete-database", managedDatabase, [["aws redshift delete-cluster --cluster-identifier dw --skip-final-cluster-snapshot", "destroy database total"]]),
    row("ecr delete-repository", eff("destroy", "package_registry", { registry: "container" }), [["aws ecr delete-repository --repository-name api --force", "destroy package_registry"]]),
    row("ecr batch-delete-image", eff("delete", "package_registry", { registry: "container" }), [["aws ecr batch-delete-image --repository-name api --image-ids imageTag=old", "delete package_registry"]]),
    row("athena start-query-execution", (m) => dataApiSql(m, "query-string", [m.value("work-group")]), [
      ["aws athena start-query-execution --query-string 'DROP TABLE logs.raw_events' --work-group primary", "destroy database"],
      ["aws athena start-query-execution --query-string 'SELECT count(*) FROM logs.raw_events'", ""],
    ]),
    row("redshift-data|rds-data execute-statement|batch-execute-statement", (m) => dataApiSql(m, "sql", [m.value("database"), m.value("cluster-identifier")]), [
      ["aws redshift-data execute-statement --cluster-identifier dw --database sales --sql 'DELETE FROM orders'", "delete database where=none"],
      ["aws rds-data execute-statement --resource-arn arn:x --sql 'SELECT 1'", ""],
    ]),
  ],
};

const GCLOUD_CLOUD = {
  names: ["gcloud"],
  service: "gcloud",
  cli: GCLOUD_CLI,
  rows: [
    row("projects delete", teardown("project"), [
      ["gcloud projects delete shop-prod-4412", "destroy infrastructure teardown=project"],
      ["gcloud projects describe shop-prod-4412", ""],
    ]),
    row("container clusters delete", teardown("cluster"), [["gcloud container clusters delete prod --region europe-west1", "destroy infrastructure teardown=cluster"]]),
    row("sql instances delete", managedDatabase, [["gcloud sql instances delete orders-db --quiet", "destroy database total"]]),
    row("sql databases delete", eff("destroy", "database", { total: true }), [["gcloud sql databases delete app --instance=orders-db", "destroy database total"]]),
    row("sql backups delete", eff("delete", "backup"), [["gcloud sql backups delete 1712 --instance=orders-db", "delete backup"]]),
    row("spanner instances|databases delete", managedDatabase, [["gcloud spanner databases delete ledger --instance=main", "destroy database total"]]),
    row("bigtable instances delete", managedDatabase, [["gcloud bigtable instances delete events", "destroy database total"]]),
    row("firestore databases delete", managedDatabase, [["gcloud firestore databases delete --database=app", "destroy database total"]]),
    row("compute snapshots delete", eff("delete", "backup"), [["gcloud compute snapshots delete disk-snap-1", "delete backup"]]),
    row("artifacts repositories delete", eff("destroy", "package_registry"), [["gcloud artifacts repositories delete images --location=us", "destroy package_registry"]]),
    // Issue 20: a deploy to a project, service or app named as production.
    row("run|app|functions deploy", productionDeploy({ names: givenNames }), [
      ["gcloud run deploy api --project acme-prod --image gcr.io/x/y", "write infrastructure disrupts is_production"],
      ["gcloud functions deploy digest-prod --runtime nodejs20", "write infrastructure disrupts"],
      ["gcloud run deploy api --project acme-staging --image gcr.io/x/y", ""],
    ]),
  ],
};

const AZ_CLOUD = {
  names: ["az"],
  service: "az",
  cli: AZ_CLI,
  rows: [
    row("group delete", teardown("resource group"), [
      ["az group delete --name shop-prod-rg --yes --no-wait", "destroy infrastructure teardown='resource group' is_production"],
      ["az group show --name shop-prod-rg", ""],
    ]),
    row("aks delete", teardown("cluster"), [["az aks delete -g rg -n prod-aks --yes", "destroy infrastructure teardown=cluster"]]),
    row("sql db|server|mi delete", managedDatabase, [["az sql db delete -g rg -s srv -n orders --yes", "destroy database total"]]),
    row("cosmosdb delete", managedDatabase, [["az cosmosdb delete -g rg -n catalog --yes", "destroy database total"]]),
    row("cosmosdb sql|mongodb|cassandra|gremlin|table database|collection|container|keyspace|graph|table delete", eff("destroy", "database"), [["az cosmosdb sql database delete -a acct -g rg -n app", "destroy database"]]),
    row("postgres|mysql|mariadb flexible-server|server delete", managedDatabase, [["az postgres flexible-server delete -g rg -n pg-prod --yes", "destroy database total is_production"]]),
    row("acr delete", eff("destroy", "package_registry", { registry: "container" }), [["az acr delete -n acmeregistry", "destroy package_registry"]]),
    row("acr repository delete", eff("delete", "package_registry", { registry: "container" }), [["az acr repository delete -n acmeregistry --image api:1.0", "delete package_registry"]]),
    // Issue 20: a deploy to a web or function app (or its group) named as production.
    row("webapp|functionapp deploy|up|deployment", productionDeploy({ names: (m) => m.flags.map((f) => f.value) }), [
      ["az webapp deploy --name shop-prod --resource-group rg --src-path app.zip", "write infrastructure disrupts is_production"],
      ["az functionapp deployment source config-zip -g rg-production -n fn --src f.zip", "write infrastructure disrupts"],
      ["az webapp deploy --name shop-dev -g rg --src-path app.zip", ""],
    ]),
    // `--mode Complete` deletes every resource in the group that the template does not list.
    row("deployment group create", (m) => (/^complete$/i.test(m.value("mode") ?? "") ? eff("destroy", "infrastructure", { resource: "resources missing from the template" }) : eff("write", "infrastructure")), [
      ["az deployment group create -g rg --template-file main.bicep --mode Complete", "destroy infrastructure"],
      ["az deployment group create -g rg --template-file main.bicep", "write infrastructure"],
    ]),
  ],
};

/** doctl, hcloud, linode-cli, vultr-cli, scw, civo, exo, upcloud: `RESOURCE … delete|rm|destroy ID` (linode-cli: `lke cluster-delete`). */
const deleteVerb = /^(delete|rm|remove|destroy|del|terminate)$|^[a-z]+-delete$/;

function smallCloud(m: Match, databases: RegExp, clusters: RegExp): EffectSpec | null {
  const words = [...m.path, ...m.rest.map((o) => o.value)].slice(0, 4);
  if (!words.some((w) => deleteVerb.test(w))) return null;
  if (words.some((w) => clusters.test(w))) return teardown("cluster")(m);
  if (words.some((w) => databases.test(w))) return managedDatabase(m);
  if (words.some((w) => /^projects?$/.test(w))) return teardown("project")(m);
  if (words.some((w) => /^(snapshots?|backups?)$/.test(w))) return eff("delete", "backup");
  return eff("destroy", "infrastructure", { resource: m.path[0] ?? "unknown" });
}

const DOCTL_CLI: Cli = { options: { shortValue: "ot", longValue: ["context", "access-token", "output", "format", "api-url", "config"], longBool: ["force", "dangerous"], aliases: { o: "output", t: "access-token", f: "force" } }, help: { flags: ["help", "h"] }, envFlags: ["context"] };
const HCLOUD_CLI: Cli = { options: { longValue: ["context", "config", "output"] }, help: { flags: ["help", "h"] }, envFlags: ["context"] };
const LINODE_CLI: Cli = { options: { longValue: ["text", "format", "label"] }, help: { flags: ["help", "h"] } };

const VULTR_CLI: Cli = { options: { shortValue: "o", longValue: ["config", "output"], aliases: { o: "output" } }, help: { flags: ["help", "h"] } };
const SCW_CLI: Cli = { options: { shortValue: "cop", longValue: ["config", "output", "profile"], aliases: { c: "config", o: "output", p: "profile" } }, help: { flags: ["help", "h"] }, envFlags: ["profile"] };
const CIVO_CLI: Cli = { options: { shortValue: "o", longValue: ["region", "output", "fields", "config"], longBool: ["yes", "pretty"], aliases: { o: "output", y: "yes" } }, help: { flags: ["help", "h"] } };
const EXO_CLI: Cli = { options: { shortValue: "zAOC", longValue: ["zone", "use-account", "output-format", "config", "output-template"], longBool: ["force", "quiet"], aliases: { z: "zone", A: "use-account", O: "output-format", C: "config", f: "force", Q: "quiet" } }, help: { flags: ["help", "h"] }, envFlags: ["use-account"] };
const UPCLOUD_CLI: Cli = { options: { shortValue: "o", longValue: ["config", "output", "client-timeout"], aliases: { o: "output" } }, help: { flags: ["help", "h"] } };

/** Each small cloud: its resource words for a managed database and a Kubernetes cluster, and its examples (a delete and a list beside it). */
const SMALL_CLOUDS: Array<{ names: string[]; service: string; cli: Cli; db: RegExp; k8s: RegExp; examples: Example[] }> = [
  { names: ["doctl"], service: "digitalocean", cli: DOCTL_CLI, db: /^databases?$/, k8s: /^kubernetes$/, examples: [
    ["doctl compute droplet delete web-1 --force", "destroy infrastructure resource=compute"],
    ["doctl databases delete 9cc1 --force", "destroy database total"],
    ["doctl kubernetes cluster delete prod --dangerous", "destroy infrastructure teardown=cluster"],
    ["doctl compute droplet list", ""],
  ] },
  { names: ["hcloud"], service: "hetzner", cli: HCLOUD_CLI, db: /^$/, k8s: /^$/, examples: [["hcloud server delete web-1", "destroy infrastructure resource=server"], ["hcloud server list", ""]] },
  { names: ["linode-cli"], service: "linode", cli: LINODE_CLI, db: /^databases?$/, k8s: /^lke$/, examples: [
    ["linode-cli linodes delete 1234", "destroy infrastructure"],
    ["linode-cli lke cluster-delete 42", "destroy infrastructure teardown=cluster"],
    ["linode-cli linodes list", ""],
  ] },
  { names: ["vultr-cli", "vultr"], service: "vultr", cli: VULTR_CLI, db: /^database$/, k8s: /^kubernetes$/, examples: [
    ["vultr-cli instance delete 9a1b", "destroy infrastructure resource=instance"],
    ["vultr-cli database delete db-1", "destroy database total"],
    ["vultr-cli kubernetes delete k1", "destroy infrastructure teardown=cluster"],
    ["vultr-cli instance list", ""],
  ] },
  { names: ["scw"], service: "scaleway", cli: SCW_CLI, db: /^rdb$/, k8s: /^k8s$/, examples: [
    ["scw instance server delete 11111111-2222 with-volumes=all", "destroy infrastructure resource=instance"],
    ["scw instance server terminate 11111111-2222", "destroy infrastructure"],
    ["scw rdb instance delete 1111", "destroy database total"],
    ["scw k8s cluster delete 1111", "destroy infrastructure teardown=cluster"],
    ["scw instance server list", ""],
  ] },
  { names: ["civo"], service: "civo", cli: CIVO_CLI, db: /^(database|db)$/, k8s: /^(kubernetes|k8s|k3s)$/, examples: [
    ["civo instance remove web-1 -y", "destroy infrastructure resource=instance"],
    ["civo kubernetes remove prod -y", "destroy infrastructure teardown=cluster"],
    ["civo instance list", ""],
  ] },
  { names: ["exo"], service: "exoscale", cli: EXO_CLI, db: /^dbaas$/, k8s: /^sks$/, examples: [
    ["exo compute instance delete vm1 --force", "destroy infrastructure resource=compute"],
    ["exo dbaas delete pg1 -z ch-gva-2", "destroy database total"],
    ["exo compute instance show vm1", ""],
  ] },
  { names: ["upcloud"], service: "upcloud", cli: UPCLOUD_CLI, db: /^database$/, k8s: /^kubernetes$/, examples: [
    ["upcloud server delete web-1", "destroy infrastructure resource=server"],
    ["upcloud server list", ""],
  ] },
];
const SMALL_CLOUD_PROGRAMS = SMALL_CLOUDS.map(({ names, service, cli, db, k8s, examples }) => ({
  names,
  service,
  cli,
  rows: [row("*", (m) => smallCloud(m, db, k8s), examples)],
}));

export const CLOUDS: Family = { name: "clouds", programs: [AWS_CLOUD, GCLOUD_CLOUD, AZ_CLOUD, ...SMALL_CLOUD_PROGRAMS] };
