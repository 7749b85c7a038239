// Gaps an outside measurement found (another guard's pack tests, read but
// never copied: these are our own commands of the same classes): secret values
// printed into the agent's context, migrations pushed to a live database and
// tables replaced in bulk, Atmos running Terraform and helmfile by stack. Each
// class both ways.
import type { CaseSpec } from "../spec.js";
import { defaultBash as c, fired, neutral } from "./helpers.js";

const ask = (rule: string) => ({ ...fired(rule, "ask") });
const deny = (rule: string) => ({ ...fired(rule, "deny") });
const allow = { ...neutral };

export const specs: CaseSpec[] = [
  // secret values printed
  c("a secrets manager prints a value", "aws secretsmanager get-secret-value --secret-id billing/prod/db --query SecretString --output text", ask("secret.disclose")),
  c("1Password prints a field", "op read 'op://Engineering/billing-db/password'", ask("secret.disclose")),
  c("gcloud prints a secret version", "gcloud secrets versions access 3 --secret=billing-db-password", ask("secret.disclose")),
  c("vault prints one field", "vault read -field=password database/creds/billing", ask("secret.disclose")),
  c("a listing of secret names", "aws secretsmanager list-secrets --filters Key=name,Values=billing", allow),
  c("describing a secret's metadata", "gcloud secrets describe billing-db-password", allow),
  // migrations pushed, tables replaced
  c("supabase pushes migrations to the linked project", "supabase db push --linked", ask("db.disrupt")),
  c("supabase rewrites the migration history", "supabase migration repair 20250301120000 --status reverted", ask("db.disrupt")),
  c("a dry run of the push", "supabase db push --dry-run", allow),
  c("BigQuery replaces a table's rows", "bq load --replace --source_format=CSV analytics.orders gs://exports/orders.csv", ask("db.disrupt")),
  c("BigQuery overwrites a copy's destination", "bq cp --force analytics.orders analytics.orders_backup", ask("db.disrupt")),
  c("BigQuery shortens retention", "bq update --default_table_expiration 600 analytics", ask("db.disrupt")),
  c("BigQuery appends rows", "bq load --source_format=CSV analytics.orders gs://exports/orders.csv", allow),
  c("BigQuery lists tables", "bq ls analytics", allow),
  // Atmos by stack
  c("atmos tears a component down with the tf alias", "atmos tf destroy rds -s prod-euc1", deny("cloud.wipe")),
  c("atmos drops a resource from state", "atmos terraform state rm aws_db_instance.main rds -s dev-euc1", ask("cloud.teardown")),
  c("atmos destroys helm releases", "atmos helmfile destroy ingress -s staging-euc1", deny("cloud.wipe")),
  c("atmos plans", "atmos tf plan rds -s prod-euc1", allow),
  // copies onto a remote machine's system directories
  c("scp over a remote system file", "scp sudoers admin@bastion:/etc/sudoers", ask("fs.system_write")),
  c("rsync onto a remote root", "rsync -a ./rootfs/ root@10.0.0.5:/", ask("fs.system_write")),
  c("scp a release into the app directory", "scp release.tgz deploy@web1:/srv/app/releases/", allow),
  c("rsync a site into the web root", "rsync -az public/ deploy@web1:/var/www/site/", allow),
  // /dev/shm is scratch space, not a device
  c("a buffer in shared memory", "make -s report | tee /dev/shm/report.txt", allow),
  c("a redirect into shared memory", "echo ready > /dev/shm/build.flag", allow),
  c("a raw write to a disk device", "cat image.bin > /dev/nvme0n1", deny("disk.device_write")),
  // interpreters with no grammar here: inline code and literal stdin are shape 6, a script file execute × shell
  c("julia code on the command line", "julia -e 'rm(homedir(); recursive=true)'", { verdict: "ask", atom_id: "unknown.shape.6", artifact_id: null }),
  c("Tcl fed a literal script", "tclsh <<< 'exec ls'", { verdict: "ask", atom_id: "unknown.shape.6", artifact_id: null }),
  c("a Julia script of the project", "julia --project=. scripts/report.jl", allow),
  c("go tests", "go test ./...", allow),
  // Invoke-Expression runs its code word
  c("Invoke-Expression of a variable", "pwsh -Command 'Invoke-Expression $payload'", { verdict: "ask", atom_id: "unknown.shape.6", artifact_id: null }),
  c("iex of a literal delete", "pwsh -Command 'iex \"Remove-Item -Recurse -Force C:\\\\\"'", deny("fs.wipe")),
  c("iex of a literal listing", "pwsh -Command 'iex \"Get-ChildItem\"'", allow),
  // shell start-up directories
  c("a file in ~/.bashrc.d runs at every shell", "printf 'export PATH=/tmp/x:$PATH\\n' > ~/.bashrc.d/10-path.sh", ask("persist.autorun")),
  c("reading a start-up snippet", "cat ~/.zshrc.d/aliases.zsh", allow),
  // git's dashed builtins
  c("git's dashed reset", "git-reset --hard HEAD~3", deny("git.reset_hard")),
  c("git's libexec push", "/usr/lib/git-core/git-push --force origin main", deny("git.force_push_protected")),
  c("git's dashed log", "git-log --oneline -5", allow),
  // a family tool's entry script run by its runtime
  c("node runs wrangler's entry script", "node ./node_modules/wrangler/bin/wrangler.js r2 bucket delete media", ask("storage.delete")),
  c("bun runs wrangler's entry script", "bun run ./node_modules/wrangler/bin/wrangler.mjs d1 delete billing", ask("db.drop")),
  c("node runs wrangler's entry script to look", "node ./node_modules/wrangler/bin/wrangler.js whoami", allow),
  c("node runs a project script", "node scripts/build.js --prod", allow),
  c("atmos diffs helm releases", "atmos helmfile diff ingress -s prod-euc1", allow),
];

export default specs;
