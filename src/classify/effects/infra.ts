// Infrastructure rows: destroy × infrastructure, with `is_production` when a
// named context, namespace, workspace, stack, profile, project or var-file says.
import { boolFlag, parseArgs, parseSingleDash, type OptionSpec } from "../programs/options.js";
import { attrs, productionAttrs, type Attrs, type Ctx } from "./common.js";
import type { Handler } from "./filesystem.js";

function destroy(ctx: Ctx, extra: Attrs = {}): void {
  ctx.out.effect("destroy", "infrastructure", attrs(ctx, extra));
}

export const TF_VALUE_FLAGS = ["var", "var-file", "target", "state", "state-out", "backup", "out", "lock-timeout", "parallelism", "replace", "chdir", "backend-config", "config"];

function terraform(ctx: Ctx): void {
  const subIdx = ctx.argv.findIndex((a) => !a.startsWith("-"));
  if (subIdx < 0) return;
  const global = parseSingleDash(ctx.args.slice(0, subIdx), ["chdir"]);
  const sub = ctx.argv[subIdx];
  const rest = ctx.args.slice(subIdx + 1);
  const p = parseSingleDash(rest, TF_VALUE_FLAGS);
  if (sub === "workspace" && (p.operands[0]?.value === "select" || p.operands[0]?.value === "new") && p.operands[1]) {
    ctx.state.tfWorkspace = p.operands[1].value;
    return;
  }
  const names: Array<string | null> = [ctx.state.tfWorkspace];
  const chdir = global.flags.get("chdir");
  if (typeof chdir === "string") names.push(chdir);
  for (const k of ["var-file", "state", "backend-config"]) {
    const v = p.flags.get(k);
    if (typeof v === "string") names.push(v);
  }
  const isDestroy = sub === "destroy" || (sub === "apply" && boolFlag(p, "destroy"));
  if (isDestroy) destroy(ctx, productionAttrs(names));
  if (sub === "workspace" && p.operands[0]?.value === "delete") destroy(ctx, productionAttrs([p.operands[1]?.value]));
  if (sub === "state" && p.operands[0]?.value === "rm") destroy(ctx, productionAttrs(names));
}

export const PULUMI_SPEC: OptionSpec = { shortValue: "sCm", longValue: ["stack", "cwd", "message", "config-file", "target", "exclude", "parallel"], aliases: { s: "stack", C: "cwd" } };

function pulumi(ctx: Ctx): void {
  const p = parseArgs(ctx.args, PULUMI_SPEC);
  const [a, b] = p.operands.map((o) => o.value);
  const stack = p.flags.find((f) => f.name === "stack" && f.value !== null)?.value;
  if (a === "destroy" || a === "down") destroy(ctx, productionAttrs([stack]));
  else if (a === "stack" && (b === "rm" || b === "remove")) destroy(ctx, productionAttrs([stack, p.operands[2]?.value]));
}

export const KUBE_SPEC: OptionSpec = {
  shortValue: "nflcoLsp",
  longValue: ["context", "namespace", "cluster", "user", "kubeconfig", "filename", "selector", "output", "server", "token", "grace-period", "timeout", "field-selector", "cascade", "type", "as", "as-group", "request-timeout", "certificate-authority", "client-certificate", "client-key", "tls-server-name", "profile", "raw"],
  aliases: { n: "namespace", f: "filename", l: "selector", o: "output", s: "server" },
};

export const HELM_SPEC: OptionSpec = { shortValue: "n", longValue: ["kube-context", "namespace", "kubeconfig", "timeout", "cascade", "description"], aliases: { n: "namespace" } };

function aws(ctx: Ctx): void {
  const p = parseArgs(ctx.args, { longValue: ["profile", "region", "output", "endpoint-url", "query", "cli-input-json", "cli-input-yaml", "ca-bundle", "color", "cli-read-timeout", "cli-connect-timeout", "bucket", "key", "instance-ids", "stack-name", "db-instance-identifier", "function-name", "table-name", "cluster", "service"] });
  const [service, op] = p.operands.map((o) => o.value);
  if (!service || !op) return;
  const profile = p.flags.find((f) => f.name === "profile" && f.value !== null)?.value;
  const s3Rm = service === "s3" && (op === "rb" || (op === "rm" && p.operands.some((o) => o.value.startsWith("s3://"))));
  if (/^delete-/.test(op) || /^terminate-/.test(op) || op === "purge-queue" || s3Rm || /^deregister-/.test(op) || op === "remove-permission") {
    destroy(ctx, productionAttrs([profile]));
  }
}

function gcloud(ctx: Ctx): void {
  const p = parseArgs(ctx.args, { longValue: ["project", "account", "configuration", "zone", "region", "format", "filter", "impersonate-service-account", "verbosity"] });
  // The command group path is the leading operands; `delete` anywhere in it destroys.
  const path = p.operands.map((o) => o.value);
  const project = p.flags.find((f) => f.name === "project" && f.value !== null)?.value;
  if (path.slice(0, 5).includes("delete")) destroy(ctx, productionAttrs([project]));
}

function az(ctx: Ctx): void {
  const p = parseArgs(ctx.args, { shortValue: "gn", longValue: ["subscription", "resource-group", "name", "output", "query", "location"], aliases: { g: "resource-group", n: "name" } });
  const path = p.operands.map((o) => o.value);
  const val = (name: string): string | undefined => p.flags.find((f) => f.name === name && f.value !== null)?.value ?? undefined;
  if (path.slice(0, 5).includes("delete") || path.slice(0, 5).includes("purge")) destroy(ctx, productionAttrs([val("subscription"), val("resource-group")]));
}

function gsutil(ctx: Ctx): void {
  const p = parseArgs(ctx.args, { shortValue: "ohu" });
  const op = p.operands[0]?.value;
  if (op === "rb" || (op === "rm" && p.operands.some((o) => o.value.startsWith("gs://")))) destroy(ctx);
}

export const INFRA_HANDLERS: Record<string, Handler> = {
  terraform,
  tofu: terraform,
  terragrunt: terraform,
  pulumi,
  aws,
  gcloud,
  az,
  gsutil,
};
