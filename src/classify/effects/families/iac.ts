// Infrastructure as code: Terraform/OpenTofu, Terragrunt, Pulumi, the AWS CDK
// (and cdktf), Atmos, the Serverless Framework, AWS SAM and Copilot. Tearing
// down what a configuration manages is `destroy × infrastructure` with
// `teardown: "stack"` (infra.destroy denies terraform/tofu/pulumi by name,
// cloud.wipe the rest). A plan, preview, diff or synth is a read — never
// destructive, `plan -destroy` included — but applying a plan file that a
// `plan -destroy -out=F` earlier in the text saved tears down. Applying with the confirmation
// skipped (`-auto-approve`, `--yes`), tainting, moving state and breaking a
// lock are `write × infrastructure {disrupts: true}`; dropping resources
// from state (`state rm`) and deleting a workspace are `destroy`.
// `is_production` reads the workspace (an earlier `terraform workspace
// select|new X` in the same text), `-chdir`, `-var-file`, `-state`,
// `-backend-config`, the stack (`--stack`, `-s`).
import { productionAttrs, type Attrs } from "../common.js";
import type { OptionSpec } from "../../programs/options.js";
import { COPILOT_CLI } from "./clis.js";
import { productionDeploy } from "./production-deploy.js";
import { eff, row, type Cli, type EffectSpec, type Family, type Match } from "./rows.js";

/** Terraform's single-dash flags that take a value (`-var-file=x`, `-target x`). */
const TF_VALUE_FLAGS = ["var", "var-file", "target", "state", "state-out", "backup", "out", "lock-timeout", "parallelism", "replace", "chdir", "backend-config", "config"];
const PULUMI_SPEC: OptionSpec = { shortValue: "sCm", longValue: ["stack", "cwd", "message", "config-file", "target", "exclude", "parallel"], aliases: { s: "stack", C: "cwd" } };

export const TERRAFORM_CLI: Cli = { style: "single-dash", valueFlags: [...TF_VALUE_FLAGS, "chdir"], help: { flags: ["help", "h"] } };

const tfNames = (m: Match): Attrs => productionAttrs([m.ctx.state.tfWorkspace, ...["chdir", "var-file", "state", "backend-config"].flatMap((n) => m.values(n))]);
const stackTeardown = (attrs: (m: Match) => Attrs) => (m: Match): EffectSpec => eff("destroy", "infrastructure", { teardown: "stack", ...attrs(m) });
const disrupt = (attrs: (m: Match) => Attrs, extra: Attrs = {}) => (m: Match): EffectSpec => eff("write", "infrastructure", { disrupts: true, ...extra, ...attrs(m) });

/** The rows Terraform, OpenTofu and Terragrunt share. */
function terraformRows(names: (m: Match) => Attrs, example: string) {
  const tf = (s: string) => `${example} ${s}`;
  return [
    row("destroy", stackTeardown(names), [
      [tf("destroy -auto-approve"), "destroy infrastructure teardown=stack"],
      [tf("-chdir=envs/prod destroy"), "destroy infrastructure is_production"],
      [tf("destroy -help"), ""],
    ]),
    row("apply", (m) => {
      // `-destroy`, or a plan file an earlier `plan -destroy -out=F` in the same text saved.
      if (m.has("destroy") || m.rest.some((o) => m.ctx.state.tfDestroyPlans.has(o.value))) return stackTeardown(names)(m);
      return m.has("auto-approve") ? disrupt(names, { auto_approve: true })(m) : eff("write", "infrastructure", names(m));
    }, [
      [tf("apply -destroy"), "destroy infrastructure teardown=stack"],
      [tf("apply -auto-approve -var-file=prod.tfvars"), "write infrastructure disrupts auto_approve is_production"],
      [tf("apply tfplan"), "write infrastructure"],
      [tf("apply -destroy=false"), "write infrastructure"],
      [`${example} plan -destroy -out=gone.tfplan && ${example} apply gone.tfplan`, "read infrastructure; destroy infrastructure teardown=stack"],
      [`${example} plan -destroy -out gone.tfplan; ${example} apply -auto-approve gone.tfplan`, "read infrastructure; destroy infrastructure teardown=stack"],
      [`${example} plan -out=next.tfplan && ${example} apply next.tfplan`, "read infrastructure; write infrastructure"],
    ]),
    row("plan", (m) => {
      const out = m.value("out");
      if (out !== null && m.has("destroy")) m.ctx.state.tfDestroyPlans.add(out);
      return eff("read", "infrastructure");
    }, [[tf("plan -destroy -out=teardown.tfplan"), "read infrastructure"]]),
    row("show|output|validate|fmt|graph|providers|version|init|get|console|test", eff("read", "infrastructure"), [
      [tf("init -upgrade"), "read infrastructure"],
    ]),
    row("state list|show|pull", eff("read", "infrastructure"), [[tf("state list"), "read infrastructure"]]),
    row("workspace list|show", eff("read", "infrastructure"), [[tf("workspace list"), "read infrastructure"]]),
    row("workspace select|new", (m) => {
      const ws = m.rest[0]?.value;
      if (ws) m.ctx.state.tfWorkspace = ws;
      return eff("read", "infrastructure");
    }, [[`${example} workspace select prod && ${example} destroy`, "read infrastructure; destroy infrastructure is_production"]]),
    row("workspace delete", (m) => eff("destroy", "infrastructure", { resource: "workspace", ...productionAttrs([m.rest[0]?.value]) }), [[tf("workspace delete staging"), "destroy infrastructure resource=workspace is_production=false"]]),
    row("state rm", (m) => eff("destroy", "infrastructure", { resource: "state", ...names(m) }), [[tf("state rm aws_instance.web"), "destroy infrastructure resource=state"]]),
    row("state mv|replace-provider|push", disrupt(names), [[tf("state mv aws_instance.a aws_instance.b"), "write infrastructure disrupts"]]),
    row("taint|force-unlock|untaint", disrupt(names), [[tf("taint aws_instance.web"), "write infrastructure disrupts"], [tf("force-unlock 6b0a"), "write infrastructure disrupts"]]),
    row("import", eff("write", "infrastructure"), [[tf("import aws_s3_bucket.b my-bucket"), "write infrastructure"]]),
  ];
}

const TERRAFORM = { names: ["terraform", "tofu"], service: "terraform", cli: TERRAFORM_CLI, rows: terraformRows(tfNames, "terraform") };

/** Terragrunt: Terraform's commands, one module or every module below (`run-all destroy`, `run --all destroy`, `destroy-all`). */
const TERRAGRUNT = {
  names: ["terragrunt"],
  service: "terragrunt",
  cli: TERRAFORM_CLI,
  rows: [
    row("run-all|run", (m) => {
      const sub = m.rest.find((o) => !o.value.startsWith("-") && o.value !== "--")?.value;
      if (sub === "destroy" || m.rest.some((o) => o.value === "-destroy")) return stackTeardown(tfNames)(m);
      if (sub === "apply") return m.rest.some((o) => o.value === "-auto-approve" || o.value === "--non-interactive") ? disrupt(tfNames, { auto_approve: true })(m) : eff("write", "infrastructure");
      return sub === "plan" || sub === "validate" || sub === "output" ? eff("read", "infrastructure") : null;
    }, [
      ["terragrunt run-all destroy", "destroy infrastructure teardown=stack"],
      ["terragrunt run --all destroy", "destroy infrastructure teardown=stack"],
      ["terragrunt run-all plan", "read infrastructure"],
    ]),
    row("destroy-all", stackTeardown(tfNames), [["terragrunt destroy-all --terragrunt-non-interactive", "destroy infrastructure teardown=stack"]]),
    ...terraformRows(tfNames, "terragrunt"),
  ],
};

const PULUMI_CLI: Cli = {
  options: { ...PULUMI_SPEC, longBool: ["yes", "skip-preview", "force", "preserve-config", "remove", "expect-no-changes"], aliases: { ...PULUMI_SPEC.aliases, y: "yes", f: "skip-preview" } },
  help: { flags: ["help", "h"] },
  dryRun: ["preview-only"],
};

const pulumiNames = (m: Match): Attrs => productionAttrs([m.value("stack"), m.path[0] === "stack" ? m.rest[0]?.value : undefined]);

const PULUMI = {
  names: ["pulumi"],
  service: "pulumi",
  cli: PULUMI_CLI,
  rows: [
    row("destroy|down", stackTeardown(pulumiNames), [
      ["pulumi destroy --yes", "destroy infrastructure teardown=stack"],
      ["pulumi destroy -s acme/shop/prod -y", "destroy infrastructure is_production"],
      ["pulumi destroy --preview-only", "read infrastructure dry_run"],
    ]),
    row("stack rm|remove", (m) => eff("destroy", "infrastructure", { resource: "stack", ...pulumiNames(m) }), [["pulumi stack rm dev --yes", "destroy infrastructure resource=stack is_production=false"]]),
    row("up|update|refresh", (m) => (m.has("yes") || m.has("skip-preview") ? disrupt(pulumiNames, { auto_approve: true })(m) : eff("write", "infrastructure")), [
      ["pulumi up --yes --stack prod", "write infrastructure disrupts auto_approve is_production"],
      ["pulumi up", "write infrastructure"],
    ]),
    row("cancel", disrupt(pulumiNames), [["pulumi cancel --yes", "write infrastructure disrupts"]]),
    row("state delete|unprotect", (m) => eff("destroy", "infrastructure", { resource: "state", ...pulumiNames(m) }), [["pulumi state delete 'urn:pulumi:dev::shop::aws:s3/bucket:Bucket::b'", "destroy infrastructure resource=state"]]),
    row("preview|stack|config|whoami|version|about|logs|plugin|login", eff("read", "infrastructure"), [["pulumi preview --diff", "read infrastructure"], ["pulumi stack ls", "read infrastructure"]]),
  ],
};

const CDK_CLI: Cli = { options: { shortValue: "acp", longValue: ["app", "context", "profile", "require-approval", "output", "toolkit-stack-name", "concurrency"], longBool: ["force", "all", "exclusively", "verbose"], aliases: { a: "app", c: "context", f: "force" } }, help: { flags: ["help", "h"] }, envFlags: ["profile"] };
const cdkNames = (m: Match): Attrs => productionAttrs([m.value("profile"), ...m.rest.map((o) => o.value)]);

const CDK = {
  names: ["cdk", "cdktf"],
  service: "cdk",
  cli: CDK_CLI,
  rows: [
    row("destroy", stackTeardown(cdkNames), [
      ["cdk destroy --all --force", "destroy infrastructure teardown=stack"],
      ["cdk destroy shop-prod", "destroy infrastructure is_production"],
      ["cdktf destroy --auto-approve", "destroy infrastructure teardown=stack"],
    ]),
    row("deploy", (m) => (m.value("require-approval") === "never" ? disrupt(cdkNames, { auto_approve: true })(m) : eff("write", "infrastructure")), [
      ["cdk deploy --all --require-approval never", "write infrastructure disrupts"],
      ["cdk deploy ShopStack", "write infrastructure"],
    ]),
    row("synth|synthesize|diff|ls|list|doctor|context|metadata|notices|version|docs|get|plan|init|bootstrap", eff("read", "infrastructure"), [["cdk diff", "read infrastructure"], ["cdk synth", "read infrastructure"]]),
  ],
};

/** Atmos runs Terraform or OpenTofu (`terraform`, `tf`, `tofu`, `opentofu`) and helmfile (`hf`) per component and stack: the same operations, named by the stack. */
const atmosNames = (m: Match): Attrs => productionAttrs([m.value("stack")]);
/** Terraform's own `-destroy`, passed through (Atmos's option parser would read it as a cluster of letters). */
const passesDestroy = (m: Match): boolean => m.ctx.args.some((a) => a.value === "-destroy");
const passesAutoApprove = (m: Match): boolean => m.has("auto-approve") || m.ctx.args.some((a) => a.value === "-auto-approve");
const ATMOS = {
  names: ["atmos"],
  service: "atmos",
  cli: { options: { shortValue: "s", longValue: ["stack", "base-path", "config", "logs-level"], longBool: ["auto-approve", "dry-run", "force", "skip-init"], aliases: { s: "stack" } }, help: { flags: ["help", "h"] }, dryRun: ["dry-run"], envFlags: ["stack"] } satisfies Cli,
  rows: [
    row("terraform|tf|tofu|opentofu destroy", stackTeardown(atmosNames), [
      ["atmos terraform destroy vpc -s prod-use1", "destroy infrastructure teardown=stack is_production"],
      ["atmos tf destroy eks --stack staging-euw1", "destroy infrastructure teardown=stack is_production=false"],
    ]),
    row("terraform|tf|tofu|opentofu apply|deploy", (m) => (passesDestroy(m) ? stackTeardown(atmosNames)(m) : passesAutoApprove(m) || m.path[1] === "deploy" ? disrupt(atmosNames, { auto_approve: true })(m) : eff("write", "infrastructure")), [
      ["atmos terraform deploy vpc -s dev-use1", "write infrastructure disrupts"],
      ["atmos terraform apply vpc -s dev-use1", "write infrastructure"],
      ["atmos tf apply vpc -s dev-use1 -destroy", "destroy infrastructure teardown=stack"],
      ["atmos terraform apply -auto-approve vpc -s prod-use1", "write infrastructure disrupts is_production"],
      ["atmos tofu deploy vpc -s dev-use1", "write infrastructure disrupts"],
    ]),
    row("terraform|tf|tofu|opentofu workspace delete", (m) => eff("destroy", "infrastructure", { resource: "workspace", ...atmosNames(m) }), [["atmos terraform workspace delete vpc -s dev-use1", "destroy infrastructure resource=workspace"]]),
    row("terraform|tf|tofu|opentofu state rm", (m) => eff("destroy", "infrastructure", { resource: "state", ...atmosNames(m) }), [["atmos terraform state rm aws_vpc.main vpc -s prod-use1", "destroy infrastructure resource=state is_production"]]),
    row("terraform|tf|tofu|opentofu state mv|replace-provider|push", disrupt(atmosNames), [["atmos tf state mv aws_vpc.a aws_vpc.b vpc -s dev-use1", "write infrastructure disrupts"]]),
    row("terraform|tf|tofu|opentofu taint|untaint|force-unlock|import", disrupt(atmosNames), [["atmos terraform taint aws_instance.web app -s dev-use1", "write infrastructure disrupts"]]),
    row("terraform|tf|tofu|opentofu clean", eff("delete", "infrastructure", { resource: "state" }), [["atmos terraform clean vpc -s dev-use1 --force", "delete infrastructure resource=state"]]),
    row("terraform|tf|tofu|opentofu plan|validate|output|show|init|state|workspace|generate|shell|varfile|backend", eff("read", "infrastructure"), [
      ["atmos terraform plan vpc -s prod-use1", "read infrastructure"],
      ["atmos tf output vpc -s prod-use1", "read infrastructure"],
      ["atmos terraform state list vpc -s prod-use1", "read infrastructure"],
    ]),
    row("helmfile|hf destroy|delete", stackTeardown(atmosNames), [
      ["atmos helmfile destroy nginx -s prod-use1", "destroy infrastructure teardown=stack is_production"],
      ["atmos hf destroy nginx -s dev-use1", "destroy infrastructure teardown=stack"],
    ]),
    row("helmfile|hf apply|sync", (m) => eff("write", "infrastructure", atmosNames(m)), [["atmos helmfile sync nginx -s dev-use1", "write infrastructure"]]),
    row("helmfile|hf diff|template|lint|list|status", eff("read", "infrastructure"), [["atmos helmfile diff nginx -s prod-use1", "read infrastructure"]]),
  ],
};

/** The Serverless Framework and AWS SAM remove the CloudFormation stack they deployed. */
const SERVERLESS = {
  names: ["serverless", "sls", "sam"],
  service: "serverless",
  cli: { options: { shortValue: "sr", longValue: ["stage", "region", "stack-name", "aws-profile", "config"], longBool: ["no-prompts", "force"], aliases: { s: "stage", r: "region" } }, help: { flags: ["help", "h"] }, envFlags: ["stage", "stack-name", "aws-profile"] } satisfies Cli,
  rows: [
    row("remove|delete", stackTeardown((m) => productionAttrs([m.value("stage"), m.value("stack-name")])), [
      ["serverless remove --stage prod", "destroy infrastructure teardown=stack is_production"],
      ["sam delete --stack-name shop-dev --no-prompts", "destroy infrastructure teardown=stack is_production=false"],
    ]),
    // Issue 20: a deploy to a stage named as production (envFlags: --stage) asks.
    row("deploy", productionDeploy({ names: (m) => [m.value("stack-name")], otherwise: eff("read", "infrastructure") }), [
      ["serverless deploy --stage prod", "write infrastructure disrupts is_production"],
      ["sls deploy -s production --force", "write infrastructure disrupts"],
      ["sam deploy --stack-name shop-prod", "write infrastructure disrupts"],
      ["sls deploy --stage dev", "read infrastructure"],
    ]),
    row("deploy|package|info|print|invoke|logs|build|validate|local", eff("read", "infrastructure"), [["sls info --stage dev", "read infrastructure"]]),
  ],
};

/** SST removes every resource of a stage (`sst remove --stage production`). */
const SST = {
  names: ["sst"],
  service: "sst",
  cli: { options: { longValue: ["stage", "config"], longBool: ["verbose", "print-logs"] }, help: { flags: ["help", "h"] }, envFlags: ["stage"] } satisfies Cli,
  rows: [
    row("remove", stackTeardown((m) => productionAttrs([m.value("stage")])), [["sst remove --stage production", "destroy infrastructure teardown=stack is_production"], ["sst remove --stage pr-12", "destroy infrastructure teardown=stack is_production=false"]]),
    row("diff|refresh|unlock", eff("read", "infrastructure"), [["sst diff --stage dev", "read infrastructure"]]),
  ],
};

const COPILOT = {
  names: ["copilot"],
  service: "copilot",
  cli: COPILOT_CLI,
  rows: [
    row("app delete", eff("destroy", "infrastructure", { teardown: "app" }), [["copilot app delete --name shop --yes", "destroy infrastructure teardown=app"]]),
    row("env delete", eff("destroy", "infrastructure", { teardown: "environment" }), [["copilot env delete --name prod", "destroy infrastructure teardown=environment is_production"]]),
    row("svc|job|pipeline|storage delete", eff("destroy", "infrastructure"), [["copilot svc delete --name api --yes", "destroy infrastructure"]]),
  ],
};

export const IAC: Family = { name: "infrastructure as code", programs: [TERRAFORM, TERRAGRUNT, PULUMI, CDK, ATMOS, SERVERLESS, SST, COPILOT] };
