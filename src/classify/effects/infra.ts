// The cloud CLIs' catch-all: any `delete-*`/`terminate-*`/`deregister-*` (aws),
// a `delete`/`purge` in the command path (gcloud, az), `gsutil rm|rb` →
// destroy × infrastructure, with `is_production` from the profile, project,
// subscription or resource group. The tool families (families/*.ts) say more
// where they have a row, and a row that claims a command replaces this (the
// entries' `fallback`). Each CLI's options are its program registry entry's
// (programs/registry.ts), so a global option no table lists cannot hide the
// service from this catch-all. kubectl/helm's option specs live here for the
// clusters family.
import { flagValue, parseArgs, type OptionSpec } from "../programs/options.js";
import { programOptions } from "../programs/registry.js";
import { attrs, productionAttrs, type Attrs, type Ctx } from "./common.js";
import { entry, handlerTable, type Handler, type ProgramEntry } from "./entries.js";

function destroy(ctx: Ctx, extra: Attrs = {}): void {
  ctx.out.effect("destroy", "infrastructure", attrs(ctx, extra));
}

export const KUBE_SPEC: OptionSpec = {
  ...programOptions("kubectl")!,
  shortValue: `${programOptions("kubectl")!.shortValue ?? ""}flcoLp`,
  longValue: [...programOptions("kubectl")!.longValue!, "filename", "selector", "output", "grace-period", "timeout", "field-selector", "cascade", "type", "raw"],
  aliases: { n: "namespace", f: "filename", l: "selector", o: "output", s: "server" },
};

export const HELM_SPEC: OptionSpec = { shortValue: "n", longValue: ["kube-context", "namespace", "kubeconfig", "timeout", "cascade", "description"], aliases: { n: "namespace" } };

/** The command line read through the program's registry entry (src/classify/programs/registry.ts): its global options and the ones the tables read. */
function parsed(ctx: Ctx) {
  return parseArgs(ctx.args, programOptions(ctx.program)!);
}

function aws(ctx: Ctx): void {
  const p = parsed(ctx);
  const [service, op] = p.operands.map((o) => o.value);
  if (!service || !op) return;
  const profile = flagValue(p, "profile");
  const s3Rm = service === "s3" && (op === "rb" || (op === "rm" && p.operands.some((o) => o.value.startsWith("s3://"))));
  if (/^delete-/.test(op) || /^terminate-/.test(op) || op === "purge-queue" || s3Rm || /^deregister-/.test(op) || op === "remove-permission") {
    destroy(ctx, productionAttrs([profile]));
  }
}

function gcloud(ctx: Ctx): void {
  const p = parsed(ctx);
  // The command group path is the leading operands; `delete` anywhere in it destroys.
  const path = p.operands.map((o) => o.value);
  if (path.slice(0, 5).includes("delete")) destroy(ctx, productionAttrs([flagValue(p, "project")]));
}

function az(ctx: Ctx): void {
  const p = parsed(ctx);
  const path = p.operands.map((o) => o.value);
  if (path.slice(0, 5).includes("delete") || path.slice(0, 5).includes("purge")) destroy(ctx, productionAttrs([flagValue(p, "subscription"), flagValue(p, "resource-group")]));
}

function gsutil(ctx: Ctx): void {
  const p = parsed(ctx);
  const op = p.operands[0]?.value;
  if (op === "rb" || (op === "rm" && p.operands.some((o) => o.value.startsWith("gs://")))) destroy(ctx);
}

/** The catch-alls: examples a family row does not claim (the rows' own examples are theirs), and lookalikes. */
export const INFRA_PROGRAMS: readonly ProgramEntry[] = [
  entry(["aws"], aws, [
    ["aws lightsail delete-instance --instance-name web-1", "destroy infrastructure"],
    ["aws --profile production lightsail delete-instance --instance-name web-1", "destroy infrastructure is_production"],
    ["aws --cli-binary-format raw-in-base64-out lambda remove-permission --function-name f --statement-id s", "destroy infrastructure"],
    ["aws lightsail get-instances", ""],
    ["aws lightsail delete-instance help", ""],
  ], { fallback: true }),
  entry(["gcloud"], gcloud, [
    ["gcloud compute instances delete vm-1", "destroy infrastructure"],
    ["gcloud --project shop-prod compute instances delete vm-1", "destroy infrastructure is_production"],
    ["gcloud compute instances list", ""],
    ["gcloud compute instances delete --help", ""],
  ], { fallback: true }),
  entry(["az"], az, [
    ["az --subscription prod vm delete -n vm1 -g rg", "destroy infrastructure is_production"],
    ["az cosmosdb sql database purge -n x", "destroy infrastructure"],
    ["az vm list", ""],
    ["az vm delete -h", ""],
  ], { fallback: true }),
  // The storage family's gsutil rows claim rm and rb; these examples are what the line comes to with them.
  entry(["gsutil"], gsutil, [["gsutil rb gs://shop-assets", "destroy object_storage"], ["gsutil ls gs://shop-assets", "read object_storage"], ["gsutil rb --help", ""]], { fallback: true }),
];

export const INFRA_HANDLERS: Record<string, Handler> = handlerTable(INFRA_PROGRAMS);
