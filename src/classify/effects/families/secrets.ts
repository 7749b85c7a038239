// Secrets managers: HashiCorp Vault, AWS Secrets Manager / SSM parameters /
// KMS keys, Google Secret Manager, Azure Key Vault, 1Password (`op`), Doppler,
// Infisical. Deleting a secret, key, token or policy is `delete × secret_store`
// (`permanent: true` where no recovery window is left), removing a whole
// engine, vault or project `destroy` (`total: true` when every secret in it
// goes for good); overwriting a value that keeps no history is `write`. Reading
// a value (`vault kv get`, `op read`, `get-secret-value`) is `read ×
// secret_store {discloses: true}`: allowed by the default bundle, there for a
// bundle that keeps secret values out of the agent's transcript.
import { AWS_CLI, AZ_CLI, GCLOUD_CLI } from "./clis.js";
import { eff, holds, row, type Cli, type Family } from "./rows.js";

const disclose = eff("read", "secret_store", { discloses: true });

/** Vault: Go flags (`-namespace=admin`, `-versions=1-3`), `vault help`, `-h`/`-help`. */
const VAULT_CLI: Cli = {
  style: "single-dash",
  valueFlags: [
    "address", "namespace", "ns", "mount", "format", "field", "wrap-ttl", "ca-cert", "ca-path", "client-cert", "client-key",
    "tls-server-name", "mfa", "policy", "path", "description", "accessor", "role", "ttl", "explicit-max-ttl", "period",
    "display-name", "type", "plugin-name", "max-lease-ttl", "default-lease-ttl", "versions", "output-policy",
  ],
  help: { flags: ["help", "h"], word: "first" },
  envFlags: ["namespace", "ns", "address"],
};

const VAULT = {
  names: ["vault"],
  service: "vault",
  cli: VAULT_CLI,
  rows: [
    row("secrets disable", eff("destroy", "secret_store", { total: true }), [
      ["vault secrets disable ledgerly-kv/", "destroy secret_store total"],
      ["vault -namespace=ops secrets disable database/", "destroy secret_store total"],
      ["vault secrets disable -h", ""],
    ]),
    row("kv metadata delete", eff("destroy", "secret_store", { permanent: true }), [["vault kv metadata delete -mount=ledgerly-kv payments/stripe", "destroy secret_store permanent"]]),
    row("kv destroy", eff("delete", "secret_store", { permanent: true }), [["vault kv destroy -versions=4,5 ledgerly-kv/payments/stripe", "delete secret_store permanent"]]),
    row("kv delete", eff("delete", "secret_store"), [["vault kv delete -mount=ledgerly-kv payments/stripe", "delete secret_store"]]),
    row("delete", eff("delete", "secret_store"), [["vault delete database/roles/readonly", "delete secret_store"]]),
    row("auth disable", eff("destroy", "secret_store"), [["vault auth disable -namespace=ops approle/", "destroy secret_store"]]),
    row("policy delete", eff("delete", "secret_store"), [["vault policy delete ci-deployer", "delete secret_store"]]),
    row("token|lease revoke", eff("delete", "secret_store"), [
      ["vault token revoke -self", "delete secret_store"],
      ["vault lease revoke -prefix database/creds/readonly", "delete secret_store"],
    ]),
    row("kv get|read", disclose, [["vault kv get -mount=ledgerly-kv payments/stripe", "read secret_store discloses"]]),
    row("read", disclose, [["vault read -field=password database/creds/readonly", "read secret_store discloses"]]),
    row("kv list", eff("read", "secret_store"), [["vault kv list -mount=ledgerly-kv payments", "read secret_store"]]),
    row("status|version|list|path-help|print", eff("read", "secret_store"), [["vault status -format=json", "read secret_store"], ["vault -namespace=ops status", "read secret_store"]]),
    row("secrets|policy|auth|audit|namespace list|read", eff("read", "secret_store"), [["vault policy read ci-deployer", "read secret_store"]]),
    row("token|lease lookup|capabilities", eff("read", "secret_store"), [["vault token lookup -accessor hmac-x", "read secret_store"], ["vault kv put -mount=ledgerly-kv payments/stripe key=rk_live_x", ""]]),
  ],
};

// ── AWS: Secrets Manager, SSM parameters, KMS ────────────────────────────

const AWS_SECRETS = {
  names: ["aws"],
  service: "aws-secretsmanager",
  cli: AWS_CLI,
  rows: [
    row("secretsmanager delete-secret", (m) => eff("delete", "secret_store", holds({ permanent: m.has("force-delete-without-recovery") })), [
      ["aws secretsmanager delete-secret --secret-id ledgerly/prod/stripe --recovery-window-in-days 30", "delete secret_store"],
      ["aws secretsmanager delete-secret --force-delete-without-recovery --secret-id ledgerly/staging/smtp", "delete secret_store permanent"],
    ]),
    // A new value: clients reading the old one break, and only the previous version is kept.
    row("secretsmanager put-secret-value|update-secret|delete-resource-policy|remove-regions-from-replication|cancel-rotate-secret", eff("write", "secret_store"), [
      ["aws secretsmanager put-secret-value --secret-id ledgerly/prod/stripe --secret-string file://new.json", "write secret_store"],
      ["aws secretsmanager update-secret --secret-id ledgerly/prod/stripe --kms-key-id alias/ledgerly", "write secret_store"],
    ]),
    row("secretsmanager get-secret-value|batch-get-secret-value", disclose, [["aws secretsmanager get-secret-value --secret-id ledgerly/prod/stripe --query SecretString", "read secret_store discloses"]]),
    row("secretsmanager *", (m) => (/^(list|describe|get)-/.test(m.path[1]) ? eff("read", "secret_store") : null), [["aws secretsmanager list-secrets --filters Key=name,Values=ledgerly", "read secret_store"], ["aws secretsmanager describe-secret --secret-id ledgerly/prod/stripe", "read secret_store"]]),
    row("ssm delete-parameter|delete-parameters", eff("delete", "secret_store"), [
      ["aws ssm delete-parameter --name /ledgerly/prod/DB_PASSWORD", "delete secret_store"],
      ["aws ssm delete-parameters --names /ledgerly/dev/A /ledgerly/dev/B", "delete secret_store"],
    ]),
    row("ssm put-parameter", (m) => (m.has("overwrite") ? eff("write", "secret_store") : null), [["aws ssm put-parameter --name /ledgerly/prod/FEATURE --type String --value on --overwrite", "write secret_store"]]),
    row("ssm get-parameter|get-parameters|get-parameters-by-path", (m) => (m.has("with-decryption") ? disclose : eff("read", "secret_store")), [
      ["aws ssm get-parameter --name /ledgerly/prod/REGION", "read secret_store"],
      ["aws ssm get-parameters-by-path --path /ledgerly/prod --recursive --with-decryption", "read secret_store discloses"],
    ]),
    // A KMS key scheduled for deletion takes every ciphertext made with it.
    row("kms schedule-key-deletion", eff("destroy", "secret_store"), [["aws kms schedule-key-deletion --key-id 1234abcd-12ab-34cd-56ef-1234567890ab --pending-window-in-days 7", "destroy secret_store"]]),
    row("kms disable-key|delete-alias|delete-imported-key-material|retire-grant|revoke-grant", eff("delete", "secret_store"), [["aws kms disable-key --key-id alias/ledgerly-data", "delete secret_store"]]),
  ],
};

const GCLOUD_SECRETS = {
  names: ["gcloud"],
  service: "gcp-secret-manager",
  cli: GCLOUD_CLI,
  rows: [
    row("secrets delete", eff("delete", "secret_store"), [["gcloud secrets delete smtp-password --project ledgerly-prod --quiet", "delete secret_store"]]),
    row("secrets versions destroy", eff("delete", "secret_store", { permanent: true }), [["gcloud secrets versions destroy 7 --secret smtp-password", "delete secret_store permanent"]]),
    row("secrets versions disable", eff("write", "secret_store"), [["gcloud secrets versions disable 6 --secret smtp-password", "write secret_store"]]),
    row("secrets versions access", disclose, [["gcloud secrets versions access latest --secret=smtp-password", "read secret_store discloses"]]),
    row("kms keys versions destroy", eff("destroy", "secret_store"), [["gcloud kms keys versions destroy 2 --key data-key --keyring ledgerly --location europe-west1", "destroy secret_store"]]),
    row("secrets list|describe|versions", eff("read", "secret_store"), [["gcloud secrets describe smtp-password", "read secret_store"]]),
  ],
};

const AZ_KEYVAULT = {
  names: ["az"],
  service: "azure-keyvault",
  cli: AZ_CLI,
  rows: [
    // purge: no soft-delete window is left.
    row("keyvault purge", eff("destroy", "secret_store", { total: true, permanent: true }), [["az keyvault purge --name ledgerly-kv-old --location westeurope", "destroy secret_store total permanent"]]),
    row("keyvault delete", eff("destroy", "secret_store"), [["az keyvault delete --name ledgerly-kv-old -g ledgerly-rg", "destroy secret_store"]]),
    row("keyvault secret|key|certificate purge", eff("delete", "secret_store", { permanent: true }), [["az keyvault secret purge --vault-name ledgerly-kv --name SmtpPassword", "delete secret_store permanent"]]),
    row("keyvault secret|key|certificate delete", eff("delete", "secret_store"), [["az keyvault certificate delete --vault-name ledgerly-kv --name api-tls", "delete secret_store"]]),
    row("keyvault secret show|download", disclose, [["az keyvault secret show --vault-name ledgerly-kv --name SmtpPassword --query value", "read secret_store discloses"]]),
    row("keyvault list|show|secret|key|certificate", (m) => (/^(list|show|list-deleted|list-versions)$/.test(m.rest[0]?.value ?? m.path[1]) ? eff("read", "secret_store") : null), [
      ["az keyvault secret list --vault-name ledgerly-kv", "read secret_store"],
      ["az keyvault list -g ledgerly-rg", "read secret_store"],
    ]),
  ],
};

// ── 1Password, Doppler, Infisical ────────────────────────────────────────

const OP_CLI: Cli = {
  options: { longValue: ["vault", "account", "format", "session", "config", "encoding", "categories", "tags", "fields", "out-file", "cache"], longBool: ["archive", "reveal", "force", "debug", "iso-timestamps", "no-newline"], aliases: { o: "out-file" } },
  help: { flags: ["help", "h"] },
};

const OP = {
  names: ["op"],
  service: "1password",
  cli: OP_CLI,
  rows: [
    row("vault delete", eff("destroy", "secret_store", { total: true }), [["op vault delete 'Ledgerly Ops'", "destroy secret_store total"]]),
    row("item|document delete", (m) => eff("delete", "secret_store", holds({ archived: m.has("archive") })), [
      ["op item delete 'Stripe live key' --vault Ops", "delete secret_store"],
      ["op item delete --archive 'Old SMTP login'", "delete secret_store archived"],
      ["op document delete 'api-tls.pem' --vault Ops", "delete secret_store"],
    ]),
    row("user|group delete", eff("delete", "secret_store"), [["op user delete contractor@ledgerly.io", "delete secret_store"]]),
    row("connect token|server delete", eff("delete", "secret_store"), [["op connect token delete ci-runner --server ledgerly-connect", "delete secret_store"]]),
    row("read", disclose, [["op read 'op://Ops/Stripe live key/credential'", "read secret_store discloses"]]),
    row("item|document get", disclose, [["op item get 'Stripe live key' --fields credential --reveal", "read secret_store discloses"]]),
    row("item|document|vault|user|group|account list|ls|get", eff("read", "secret_store"), [["op item list --vault Ops --categories Login", "read secret_store"], ["op vault list", "read secret_store"]]),
    row("whoami|signin", eff("read", "secret_store"), [["op whoami --account ledgerly", "read secret_store"]]),
  ],
};

const DOPPLER_CLI: Cli = {
  options: { shortValue: "pc", longValue: ["project", "config", "token", "scope", "configuration", "format", "api-host"], longBool: ["yes", "json", "silent", "debug", "plain", "raw"], aliases: { p: "project", c: "config", y: "yes" } },
  help: { flags: ["help", "h"] },
  envFlags: ["config"],
};

const DOPPLER = {
  names: ["doppler"],
  service: "doppler",
  cli: DOPPLER_CLI,
  rows: [
    row("projects delete", eff("destroy", "secret_store", { total: true }), [["doppler projects delete ledgerly-legacy --yes", "destroy secret_store total"]]),
    row("environments|configs delete", eff("destroy", "secret_store"), [
      ["doppler environments delete preview -p ledgerly-api", "destroy secret_store"],
      ["doppler configs delete stg_feature -p ledgerly-api --yes", "destroy secret_store"],
    ]),
    row("secrets delete", eff("delete", "secret_store"), [["doppler secrets delete SMTP_PASSWORD -p ledgerly-api -c prd --yes", "delete secret_store is_production"]]),
    row("secrets get|download", disclose, [["doppler secrets get STRIPE_KEY --plain", "read secret_store discloses"], ["doppler secrets download --no-file --format env", "read secret_store discloses"]]),
    // Bare `doppler secrets` prints the whole config, values included.
    row("secrets", (m) => (m.rest.length === 0 ? disclose : m.rest[0].value === "list" ? eff("read", "secret_store") : null), [["doppler secrets list -p ledgerly-api", "read secret_store"], ["doppler secrets -c dev", "read secret_store discloses"]]),
    row("projects|environments|configs list|get", eff("read", "secret_store"), [["doppler projects list --json", "read secret_store"]]),
    row("configure|setup|me|login", eff("read", "secret_store"), [["doppler setup --no-interactive", "read secret_store"]]),
  ],
};

const INFISICAL_CLI: Cli = {
  options: { longValue: ["env", "path", "domain", "projectId", "token", "format", "name", "type", "tags", "output"], longBool: ["plain", "silent", "expand", "recursive", "include-imports"] },
  help: { flags: ["help", "h"] },
  envFlags: ["env"],
};

const INFISICAL = {
  names: ["infisical"],
  service: "infisical",
  cli: INFISICAL_CLI,
  rows: [
    row("secrets folders delete", eff("delete", "secret_store", { recursive: true }), [["infisical secrets folders delete --path=/services --name=old-billing", "delete secret_store recursive"]]),
    row("secrets delete", eff("delete", "secret_store"), [["infisical secrets delete SMTP_PASSWORD STRIPE_KEY --env=staging", "delete secret_store"]]),
    row("dynamic-secrets lease delete|revoke", eff("delete", "secret_store"), [["infisical dynamic-secrets lease delete 7d0c --env=prod", "delete secret_store is_production"]]),
    // Local state only: the CLI's login and configuration on this machine.
    row("reset|logout", eff("delete", "secret_store", { local: true }), [["infisical logout", "delete secret_store local"]]),
    row("secrets get", disclose, [["infisical secrets get STRIPE_KEY --env=dev --plain", "read secret_store discloses"]]),
    row("export", disclose, [["infisical export --env=staging --format=dotenv", "read secret_store discloses"]]),
    row("secrets", (m) => (m.rest.length === 0 ? disclose : m.rest[0].value === "folders" ? eff("read", "secret_store") : null), [
      ["infisical secrets --env=prod --path=/services", "read secret_store discloses is_production"],
      ["infisical secrets folders get --path=/services", "read secret_store"],
      ["infisical secrets set LOG_LEVEL=debug --env=dev", ""],
    ]),
  ],
};

export const SECRETS: Family = {
  name: "secrets managers",
  programs: [VAULT, AWS_SECRETS, GCLOUD_SECRETS, AZ_KEYVAULT, OP, DOPPLER, INFISICAL],
};
