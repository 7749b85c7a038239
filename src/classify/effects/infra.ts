// The cloud CLIs' catch-all: any `delete-*`/`terminate-*`/`deregister-*` (aws),
// a `delete`/`purge` in the command path (gcloud, az), `gsutil rm|rb` →
// destroy × infrastructure, with `is_production` from the profile, project,
// subscription or resource group. The tool families (families/*.ts) say more
// where they have a row, and a row that claims a command replaces this.
// kubectl/helm's option specs live here for the clusters family.
import { parseArgs, type OptionSpec } from "../programs/options.js";
import { attrs, productionAttrs, type Attrs, type Ctx } from "./common.js";
import type { Handler } from "./filesystem.js";

function destroy(ctx: Ctx, extra: Attrs = {}): void {
  ctx.out.effect("destroy", "infrastructure", attrs(ctx, extra));
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
  aws,
  gcloud,
  az,
  gsutil,
};
