// Issue 8, tool families group A, under the default bundle: for each family's
// rows, the destructive forms stopped by the family's rule (deny where the loss
// is total, ask otherwise) and the everyday forms — reads, help, dry runs,
// plans — allowed. The global help/dry-run handling on the rows that were
// handlers before (terraform, kubectl, helm, pulumi, rsync, the cloud CLIs).
import { FAMILIES } from "../../../src/classify/effects/families/index.js";
import type { Cli, Example } from "../../../src/classify/effects/families/rows.js";
import type { CaseSpec } from "../spec.js";
import { bash } from "./helpers.js";

const DEFAULT = "bundles/default.json";

const stop = (rule: string, verdict: "deny" | "ask", command: string): CaseSpec => ({
  name: `${rule} ${verdict === "deny" ? "denies" : "asks"}: ${command}`,
  bundle: DEFAULT,
  event: bash(command),
  expect: { verdict, artifact_id: rule },
});

const allow = (why: string, command: string): CaseSpec => ({
  name: `allowed (${why}): ${command}`,
  bundle: DEFAULT,
  event: bash(command),
  expect: { verdict: "allow", artifact_id: null, undecided: true, unknown: [] },
});

const deny = (rule: string, command: string) => stop(rule, "deny", command);
const ask = (rule: string, command: string) => stop(rule, "ask", command);

const storage: CaseSpec[] = [
  deny("storage.wipe", "aws s3 rm s3://acme-photos/ --recursive --quiet"),
  deny("storage.wipe", "aws s3 rb s3://acme-photos --force"),
  deny("storage.wipe", "gsutil -m rm -r gs://acme-photos"),
  deny("storage.wipe", "gcloud storage rm --recursive gs://acme-photos/**"),
  deny("storage.wipe", "az storage container delete --name photos --account-name acmest"),
  deny("storage.wipe", "mc rb --force minio/acme-photos"),
  deny("storage.wipe", "rclone purge s3:acme-photos"),
  ask("storage.delete", "aws s3 rm s3://acme-photos/2019/ --recursive"),
  ask("storage.delete", "aws s3 sync ./photos s3://acme-photos --delete"),
  ask("storage.delete", "aws s3 mv s3://acme-photos/raw/ s3://acme-cold/raw/ --recursive"),
  ask("storage.delete", "aws s3api delete-object --bucket acme-photos --key raw/1.jpg"),
  ask("storage.delete", "gsutil rm gs://acme-photos/raw/1.jpg"),
  ask("storage.delete", "gsutil rsync -r -d ./photos gs://acme-photos"),
  ask("storage.delete", "gcloud storage buckets delete gs://acme-scratch"),
  ask("storage.delete", "az storage blob delete-batch -s photos --pattern 'raw/*' --account-name acmest"),
  ask("storage.delete", "azcopy remove 'https://acmest.blob.core.windows.net/photos/raw' --recursive"),
  ask("storage.delete", "mc rm --recursive --force minio/acme-photos/raw"),
  ask("storage.delete", "mc mirror --remove ./photos minio/acme-photos"),
  ask("storage.delete", "rclone delete gdrive:Scans --min-age 1y"),
  ask("storage.delete", "rclone sync ./photos b2:acme-photos"),
  ask("storage.delete", "rclone move b2:inbox b2:processed"),
  ask("storage.delete", "rclone cleanup s3:acme-photos"),
  allow("a listing", "aws s3 ls s3://acme-photos --recursive --human-readable"),
  allow("an upload", "aws s3 cp ./photos s3://acme-photos/new --recursive"),
  allow("a sync without --delete", "aws s3 sync ./photos s3://acme-photos"),
  allow("a dry run", "aws s3 rm s3://acme-photos/ --recursive --dryrun"),
  allow("help", "aws s3 rb help"),
  allow("a download", "gsutil cp gs://acme-photos/index.json ."),
  allow("an rsync dry run", "gsutil rsync -n -d -r ./photos gs://acme-photos"),
  allow("a listing", "gcloud storage ls gs://acme-photos"),
  allow("help", "gcloud storage rm gs://acme-photos/x --help"),
  allow("a listing", "az storage blob list -c photos --account-name acmest"),
  allow("a dry run", "az storage blob delete-batch -s photos --dryrun --account-name acmest"),
  allow("a copy", "azcopy copy ./photos 'https://acmest.blob.core.windows.net/photos' --recursive"),
  allow("a fake run", "mc rm --recursive --force --fake minio/acme-photos"),
  allow("a listing", "mc ls minio/acme-photos"),
  allow("a copy", "rclone copy ./photos b2:acme-photos"),
  allow("a dry run", "rclone sync ./photos b2:acme-photos --dry-run"),
  allow("a listing", "rclone lsf b2:acme-photos"),
];

const backups: CaseSpec[] = [
  deny("backup.wipe", "borg delete /mnt/borg-acme"),
  deny("backup.wipe", "velero backup delete --all --confirm"),
  ask("backup.delete", "restic -r /mnt/restic forget --keep-daily 3 --prune"),
  ask("backup.delete", "restic prune"),
  ask("backup.delete", "restic key remove 5c1f"),
  ask("backup.delete", "restic unlock --remove-all"),
  ask("backup.delete", "borg delete /mnt/borg-acme::acme-2023-01-01"),
  ask("backup.delete", "borg prune --keep-weekly 4 /mnt/borg-acme"),
  ask("backup.delete", "borg compact /mnt/borg-acme"),
  ask("backup.delete", "borg break-lock /mnt/borg-acme"),
  ask("backup.delete", "velero schedule delete acme-hourly"),
  ask("backup.delete", "kopia snapshot delete k9e2 --delete"),
  ask("backup.delete", "curl -X DELETE http://localhost:9200/_snapshot/fs-repo/nightly-3"),
  allow("a listing", "restic snapshots --latest 5"),
  allow("a dry run", "restic forget --keep-daily 3 --dry-run"),
  allow("a backup", "restic backup ~/acme"),
  allow("a restore into /tmp", "restic restore latest --target /tmp/restore"),
  allow("a local cache cleanup", "restic cache --cleanup"),
  allow("a dry run", "borg prune --dry-run --keep-weekly 4 /mnt/borg-acme"),
  allow("a listing", "borg list /mnt/borg-acme"),
  allow("a listing", "velero backup get"),
  allow("kopia's preview", "kopia snapshot delete k9e2"),
  allow("help", "borg delete --help"),
];

const secrets: CaseSpec[] = [
  deny("secrets.wipe", "vault secrets disable acme-kv/"),
  deny("secrets.wipe", "op vault delete 'Acme Infra'"),
  deny("secrets.wipe", "az keyvault purge --name acme-kv-old"),
  deny("secrets.wipe", "doppler projects delete acme-web --yes"),
  ask("secrets.change", "vault kv delete -mount=acme-kv web/stripe"),
  ask("secrets.change", "vault kv destroy -versions=2 acme-kv/web/stripe"),
  ask("secrets.change", "vault kv metadata delete acme-kv/web/stripe"),
  ask("secrets.change", "vault token revoke -accessor 8609694a"),
  ask("secrets.change", "vault policy delete deployer"),
  ask("secrets.change", "aws secretsmanager delete-secret --secret-id acme/web/stripe"),
  ask("secrets.change", "aws secretsmanager put-secret-value --secret-id acme/web/stripe --secret-string file://s.json"),
  ask("secrets.change", "aws ssm delete-parameters --names /acme/web/A /acme/web/B"),
  ask("secrets.change", "aws kms schedule-key-deletion --key-id alias/acme --pending-window-in-days 30"),
  ask("secrets.change", "gcloud secrets delete stripe-key --quiet"),
  ask("secrets.change", "az keyvault secret delete --vault-name acme-kv --name StripeKey"),
  ask("secrets.change", "op item delete 'Stripe key' --vault Infra"),
  ask("secrets.change", "doppler secrets delete STRIPE_KEY -p acme-web -c prd --yes"),
  ask("secrets.change", "infisical secrets delete STRIPE_KEY --env=prod"),
  ask("secrets.change", "gh secret delete STRIPE_KEY --env production"),
  ask("secrets.change", "circleci context remove-secret github acme deploy STRIPE_KEY"),
  ask("secrets.change", "railway variables set DATABASE_URL=postgres://other-host/db"),
  allow("a status", "vault status"),
  ask("secret.disclose", "vault kv get -mount=acme-kv web/stripe"),
  ask("secret.disclose", "doppler secrets get STRIPE_KEY --plain"),
  allow("a listing names secrets, it prints no value", "vault kv list -mount=acme-kv web"),
  allow("a listing", "vault kv list acme-kv/web"),
  allow("help", "vault secrets disable -help"),
  allow("a listing", "aws secretsmanager list-secrets"),
  allow("a description", "aws ssm describe-parameters"),
  allow("a listing", "gcloud secrets list"),
  allow("a listing", "az keyvault secret list --vault-name acme-kv"),
  allow("a listing", "op item list --vault Infra"),
  allow("an injection", "op run -- npm test"),
  allow("a listing", "doppler secrets list -p acme-web"),
  allow("a folder listing", "infisical secrets folders get --path=/web"),
  allow("an ordinary variable", "railway variables set LOG_LEVEL=info"),
];

const messaging: CaseSpec[] = [
  deny("queue.wipe", "rabbitmqctl reset"),
  deny("queue.wipe", "rabbitmqctl delete_vhost acme"),
  ask("queue.delete", "kafka-topics --bootstrap-server k1:9092 --delete --topic acme-clicks"),
  ask("queue.delete", "kafka-consumer-groups --bootstrap-server k1:9092 --group acme-etl --delete"),
  ask("queue.delete", "kafka-consumer-groups --bootstrap-server k1:9092 --group acme-etl --topic acme-clicks --reset-offsets --to-earliest --execute"),
  ask("queue.delete", "kafka-delete-records --bootstrap-server k1:9092 --offset-json-file trim.json"),
  ask("queue.delete", "rpk topic delete acme-clicks"),
  ask("queue.delete", "rabbitmqctl purge_queue acme.jobs"),
  ask("queue.delete", "rabbitmqadmin delete queue name=acme.jobs"),
  ask("queue.delete", "nats stream rm ACME -f"),
  ask("queue.delete", "nats kv del ACME_KV session.1"),
  ask("queue.delete", "aws sqs purge-queue --queue-url https://sqs.us-east-2.amazonaws.com/444455556666/acme-jobs"),
  ask("queue.delete", "aws sns delete-topic --topic-arn arn:aws:sns:us-east-2:444455556666:acme"),
  ask("queue.delete", "gcloud pubsub subscriptions delete acme-sub"),
  allow("a listing", "kafka-topics --bootstrap-server k1:9092 --list"),
  allow("an offsets plan", "kafka-consumer-groups --bootstrap-server k1:9092 --group acme-etl --topic acme-clicks --reset-offsets --to-earliest"),
  allow("a consumer", "kafka-console-consumer --bootstrap-server k1:9092 --topic acme-clicks --from-beginning"),
  allow("a listing", "rpk topic list"),
  allow("a status", "rabbitmqctl list_queues name messages"),
  allow("a listing", "rabbitmqadmin list exchanges"),
  allow("a publish", "nats pub acme.clicks hello"),
  allow("a stream report", "nats stream report"),
  allow("a receive", "aws sqs receive-message --queue-url https://sqs.us-east-2.amazonaws.com/444455556666/acme-jobs"),
  allow("help", "rabbitmqctl help delete_queue"),
];

const search: CaseSpec[] = [
  deny("search.wipe", "curl -XDELETE 'http://localhost:9200/_all'"),
  deny("search.wipe", "curl -X DELETE 'http://es.internal:9200/acme-logs-*'"),
  deny("search.wipe", "aws opensearch delete-domain --domain-name acme-search"),
  ask("search.delete", "curl -X DELETE http://localhost:9200/acme-products"),
  ask("search.delete", "curl -X DELETE http://localhost:9200/acme-products/_doc/p-17"),
  ask("search.delete", "curl -X POST 'http://localhost:9200/acme-products/_delete_by_query' -d '{\"query\":{\"term\":{\"stale\":true}}}'"),
  ask("search.delete", "curl -X POST http://localhost:9200/acme-products/_close"),
  ask("search.delete", "http DELETE :9200/acme-products"),
  ask("search.delete", "curl -X DELETE http://localhost:7700/indexes/acme"),
  ask("search.delete", "curl -X POST http://localhost:7700/indexes/acme/documents/delete-batch --data-binary '[1]'"),
  ask("search.delete", "algolia indices delete acme_products --confirm"),
  ask("search.delete", "algolia indices clear acme_products"),
  ask("search.delete", "splunk remove index acme_web"),
  allow("a search", "curl -s 'http://localhost:9200/acme-products/_search?q=lamp'"),
  allow("a health check", "curl -X GET http://localhost:9200/_cluster/health"),
  allow("an index creation", "curl -X PUT http://localhost:9200/acme-products-v2"),
  allow("a search", "http POST :7700/indexes/acme/search q=lamp"),
  allow("stats", "curl http://localhost:7700/stats"),
  allow("a listing", "algolia indices list"),
  allow("a domain description", "aws opensearch describe-domain --domain-name acme-search"),
  allow("a search", "splunk search 'index=acme_web status=404'"),
];

const forges: CaseSpec[] = [
  deny("forge.repo_delete", "gh repo delete acme/legacy-site --yes"),
  deny("forge.repo_delete", "gh api -X DELETE repos/acme/legacy-site"),
  deny("forge.repo_delete", "glab repo delete acme/legacy-site --yes"),
  deny("forge.repo_delete", "az repos delete --id 9f1e --yes"),
  deny("forge.repo_delete", "curl -X DELETE -H 'Authorization: Bearer t' https://api.github.com/repos/acme/legacy-site"),
  deny("git.force_push_protected", "gh api -X DELETE repos/acme/web/git/refs/heads/main"),
  ask("git.remote_delete", "gh api -X DELETE repos/acme/web/git/refs/heads/release/2.0"),
  allow("issue 20: a branch no team protects", "gh api -X DELETE repos/acme/web/git/refs/heads/feature-x"),
  ask("forge.delete", "gh repo archive acme/sdk-v1 --yes"),
  ask("forge.delete", "gh release delete v0.9.0 --yes"),
  ask("forge.delete", "gh issue delete 42 --yes"),
  ask("forge.delete", "gh gist delete 9a8b7c"),
  ask("forge.delete", "gh repo deploy-key delete 88"),
  ask("forge.delete", "gh api -X DELETE repos/acme/web/hooks/123"),
  ask("forge.delete", "glab release delete v0.9.0"),
  ask("forge.delete", "glab api -X DELETE projects/88/protected_branches/main"),
  ask("forge.delete", "az devops team delete --id 3c1 --yes"),
  ask("forge.delete", "az repos policy delete --id 4 --yes"),
  allow("a view", "gh repo view acme/web"),
  allow("a listing", "gh release list"),
  allow("a PR", "gh pr create --title fix --body done"),
  allow("an API read", "gh api repos/acme/web/pulls"),
  allow("an unarchive", "gh api -X PATCH repos/acme/sdk-v1 -F archived=false"),
  allow("help", "gh repo delete acme/legacy-site --help"),
  allow("a download of a repository archive", "glab repo archive acme/web --format zip"),
  allow("a listing", "glab mr list"),
  allow("a listing", "az repos list --project Acme"),
  allow("help", "az repos delete --id 9f1e --yes -h"),
  allow("a hyphenated sibling", "az repos delete-mirror --id 9f1e"),
];

const ci: CaseSpec[] = [
  ask("ci.change", "gh run cancel 4411"),
  ask("ci.change", "gh workflow disable deploy.yml"),
  ask("ci.change", "gh variable delete DEPLOY_ENV"),
  ask("ci.change", "gh cache delete --all"),
  ask("ci.change", "glab ci delete 1001"),
  ask("ci.change", "java -jar jenkins-cli.jar -s https://ci.acme.io/ delete-job acme-web"),
  ask("ci.change", "curl -X POST https://ci.acme.io/job/acme-web/doDelete"),
  ask("ci.change", "circleci pipeline delete 7c1e"),
  ask("ci.change", "az pipelines delete --id 31 --yes"),
  ask("ci.change", "curl -X DELETE https://gitlab.com/api/v4/projects/88/pipelines/1001"),
  allow("a listing", "gh run list"),
  allow("a rerun", "gh run rerun 4411"),
  allow("a listing", "glab ci status"),
  allow("a listing", "java -jar jenkins-cli.jar -s https://ci.acme.io/ list-jobs"),
  allow("a config check", "circleci config validate"),
  allow("a run", "az pipelines run --name nightly"),
];

const cdnDnsEmail: CaseSpec[] = [
  ask("cloud.teardown", "wrangler delete acme-edge"),
  ask("cloud.teardown", "fastly service delete --service-id 7Ab --force"),
  ask("cloud.teardown", "aws cloudfront delete-distribution --id E1ACME --if-match E2"),
  ask("storage.delete", "wrangler r2 bucket delete acme-assets"),
  ask("db.drop", "wrangler d1 delete acme-db"),
  ask("infra.delete", "wrangler deployments rollback"),
  ask("infra.delete", "fastly backend delete --name origin-eu --version latest"),
  ask("infra.delete", "fastly service version activate --version 9"),
  deny("dns.zone_delete", "curl -X DELETE https://api.cloudflare.com/client/v4/zones/77aa"),
  ask("dns.change", "curl -X DELETE https://api.cloudflare.com/client/v4/zones/77aa/dns_records/01bb"),
  ask("dns.change", "printf 'update delete mail.acme.io MX\\nsend\\n' | nsupdate -k ddns.key"),
  ask("dns.change", "flarectl dns delete --zone acme.io --id 01bb"),
  ask("dns.zone_transfer", "dig @ns1.acme.io acme.io axfr"),
  ask("hosted.delete", "aws ses delete-identity --identity acme.io"),
  ask("hosted.delete", "curl -s --user 'api:key' -X DELETE https://api.mailgun.net/v3/domains/mg.acme.io"),
  ask("hosted.delete", "curl -X DELETE https://api.postmarkapp.com/servers/41 -H 'X-Postmark-Account-Token: t'"),
  allow("a listing", "wrangler r2 bucket list"),
  allow("local development", "wrangler dev"),
  allow("a dry-run deploy", "wrangler deploy --dry-run"),
  allow("a listing", "fastly service list"),
  allow("a cache invalidation", "aws cloudfront create-invalidation --distribution-id E1ACME --paths '/index.html'"),
  allow("a lookup", "dig +short acme.io MX"),
  allow("a DNS read", "curl https://api.cloudflare.com/client/v4/zones/77aa/dns_records"),
  allow("a send", "curl -s --user 'api:key' https://api.mailgun.net/v3/mg.acme.io/messages -F to=a@acme.io -F text=hi"),
  allow("a listing", "aws ses list-identities"),
];

const gatewaysMonitoringPayments: CaseSpec[] = [
  deny("infra.wipe", "deck gateway reset --force"),
  ask("cloud.teardown", "aws apigateway delete-rest-api --rest-api-id a1b2c3"),
  ask("cloud.teardown", "deck sync --state kong.yaml --select-tag billing"),
  ask("infra.delete", "curl -X DELETE http://localhost:8001/services/billing"),
  ask("infra.delete", "echo 'disable server web/web-1' | socat stdio /run/haproxy/admin.sock"),
  ask("infra.delete", "systemctl stop haproxy"),
  ask("infra.delete", "curl -X DELETE http://traefik.local:8080/api/http/routers/web@docker"),
  ask("hosted.delete", "newrelic entity delete --guid MXxBUE1"),
  ask("hosted.delete", "curl -X DELETE https://api.datadoghq.com/api/v1/monitor/77 -H 'DD-API-KEY: k'"),
  ask("hosted.delete", "stripe customers delete cus_Acme1"),
  ask("hosted.delete", "curl -X DELETE https://api.braintreegateway.com/merchants/m1/customers/c1"),
  ask("hosted.delete", "curl https://api.eu.newrelic.com/graphql -d '{\"query\":\"mutation { alertsPolicyDelete(id: 4) { id } }\"}'"),
  allow("a dump", "deck dump --output-file kong-backup.yaml"),
  allow("a diff", "deck diff --state kong.yaml"),
  allow("a config check", "haproxy -c -f /etc/haproxy/haproxy.cfg"),
  allow("a runtime read", "echo 'show stat' | socat stdio /run/haproxy/admin.sock"),
  allow("a status", "systemctl status haproxy"),
  allow("a listing", "curl localhost:8001/services"),
  allow("an entity search", "newrelic entity search --name acme-web"),
  allow("a listing", "stripe customers list --limit 3"),
  allow("a test webhook", "stripe trigger payment_intent.succeeded"),
  allow("a local GraphQL mutation", "curl http://localhost:4000/graphql -d '{\"query\":\"mutation { deleteDraft(id: 2) { id } }\"}'"),
];

const platforms: CaseSpec[] = [
  ask("cloud.teardown", "railway environment delete pr-77 -y"),
  ask("cloud.teardown", "railway down -y"),
  ask("secrets.change", "railway variables delete SMTP_PASSWORD"),
  ask("cloud.teardown", "curl https://backboard.railway.app/graphql/v2 -d '{\"query\":\"mutation { serviceDelete(id: \\\"svc\\\") }\"}'"),
  allow("a status", "railway status"),
  allow("logs", "railway logs"),
  allow("a query", "curl https://backboard.railway.app/graphql/v2 -d '{\"query\":\"query { projects { edges { node { id } } } }\"}'"),
];

/** The global handling on the rows that were handlers before families existed. */
const globalHandling: CaseSpec[] = [
  allow("terraform help", "terraform destroy -help"),
  allow("terraform help", "terraform apply -destroy -h"),
  allow("a plan", "terraform plan -destroy -out=tfplan"),
  allow("a kubectl dry run", "kubectl delete namespace payments --dry-run=client -o yaml"),
  allow("a kubectl server-side dry run", "kubectl delete -f k8s/ --dry-run=server"),
  allow("kubectl help", "kubectl delete namespace payments --help"),
  allow("a helm dry run", "helm uninstall payments --dry-run"),
  allow("helm help", "helm uninstall -h"),
  allow("a pulumi preview", "pulumi destroy --preview-only --stack dev"),
  allow("an ec2 dry run", "aws ec2 terminate-instances --instance-ids i-0abc --dry-run"),
  allow("gcloud help", "gcloud compute instances delete vm-1 --help"),
  allow("az help", "az group delete --name acme-rg --yes -h"),
  allow("an rsync dry run", "rsync -av --delete -n build/ /srv/www/"),
  ask("cloud.teardown", "kubectl delete deployment payments --dry-run=none"),
  ask("cloud.teardown", "helm uninstall payments --dry-run=false"),
  deny("infra.destroy", "terraform destroy -auto-approve"),
  ask("cloud.teardown", "aws ec2 terminate-instances --instance-ids i-0abc --dry-run --no-dry-run"),
  // A dry-run flag taken as another option's value does not make a dry run.
  ask("storage.delete", "aws s3 rm s3://acme-photos/tmp/ --recursive --exclude --dryrun"),
];

/** The effects every default-bundle family rule stops (docs/default-bundle.md). */
const STOPPED = /(^|; )(delete|destroy) (object_storage|backup|secret_store|message_queue|search_index|vcs_forge|ci_pipeline|dns|hosted_service|infrastructure|database)\b|(^|; )destroy infrastructure\b/;

/** The command asking the tool for help, as its Cli says it can be asked — or null when it cannot be written simply. */
function helpForm(cli: Cli, command: string, program: string): string | null {
  if (/[|;&<>]|^sudo |^java /.test(command) || !command.startsWith(`${program} `)) return null;
  if (cli.help?.word === "last") return `${command} help`;
  const flags = cli.help?.flags ?? ["help"];
  if (!flags.includes("help")) return null;
  if (cli.style === "single-dash") return `${program} -help${command.slice(program.length)}`;
  return `${command} --help`;
}

/**
 * Every destructive row both ways: its first example that a family rule
 * stops is stopped, and the same command asking for help is allowed (the
 * global handling, row by row).
 */
function rowCases(written: readonly CaseSpec[]): CaseSpec[] {
  const out: CaseSpec[] = [];
  const seen = new Set<string>();
  // A row already stopped by a written case of this file needs only its help form.
  const stoppedWritten = written.filter((c) => (c.expect as { verdict?: string }).verdict !== "allow").map((c) => (c.event as { tool_input: { command: string } }).tool_input.command);
  for (const f of FAMILIES) {
    for (const p of f.programs) {
      for (const r of p.rows) {
        const ex: Example | undefined = r.examples.find(([, want]) => STOPPED.test(want));
        if (!ex || seen.has(ex[0])) continue;
        seen.add(ex[0]);
        const words = r.path.split(" ").filter((w) => w !== "*");
        const covered = words.length > 0 && stoppedWritten.some((c) => c.startsWith(`${p.names[0]} `) && words.every((w) => w.split("|").some((alt) => c.split(/\s+/).includes(alt))));
        if (!covered) out.push({ name: `row ${p.names[0]} "${r.path}" stopped: ${ex[0]}`, bundle: DEFAULT, event: bash(ex[0]), expect: { undecided: false } });
        const help = helpForm(p.cli, ex[0], p.names[0]);
        if (help) out.push({ name: `row ${p.names[0]} "${r.path}" help allowed: ${help}`, bundle: DEFAULT, event: bash(help), expect: { verdict: "allow", artifact_id: null, undecided: true, unknown: [] } });
      }
    }
  }
  return out;
}

export const specs: CaseSpec[] = [...storage, ...backups, ...secrets, ...messaging, ...search, ...forges, ...ci, ...cdnDnsEmail, ...gatewaysMonitoringPayments, ...platforms, ...globalHandling];
specs.push(...rowCases(specs));

export default specs;
