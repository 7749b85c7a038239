// Who may read a bucket: commands that make a bucket, container or object public —
// a canned ACL such as `public-read`, a grant to everyone (`allUsers`,
// `AllUsers`, `allAuthenticatedUsers`, AWS's global AllUsers/AuthenticatedUsers
// groups), a policy whose principal is `*`, Azure's anonymous `--public-access
// blob|container` — or that remove what keeps it private (a bucket policy, the
// public access block). Each is `write × object_storage {exposes}`: `public` for a
// grant, `policy` for a removed guard; the default bundle asks (storage.expose).
// The same commands granting a named user or group, or taking access away, are
// plain writes. Rows for storage.ts's programs (aws, gsutil, gcloud, az), tried
// before their generic rows.
import { GAP_SHAPE } from "../../../model/gap-shapes.js";
import { hostScript } from "../../host-facts.js";
import { gap } from "../common.js";
import { eff, row, type EffectSpec, type Match, type Row } from "./rows.js";

/** A canned ACL that lets anyone (or any signed-in account) read or write. */
const PUBLIC_CANNED = /^(public-read|public-read-write|authenticated-read|publicread|publicreadwrite)$/i;
/** Everyone as a grantee, in each cloud's spelling. */
const EVERYONE = /\b(allusers|allauthenticatedusers|authenticatedusers)\b|acs\.amazonaws\.com\/groups\/global\/(AllUsers|AuthenticatedUsers)/i;
/** A policy document, inline, whose principal is anyone. */
const ANY_PRINCIPAL = /"Principal"\s*:\s*(\{\s*"AWS"\s*:\s*)?"\*"/;

const exposes = (public_: boolean, otherwise: EffectSpec | null = eff("write", "object_storage")): EffectSpec | null =>
  public_ ? eff("write", "object_storage", { exposes: "public" }) : otherwise;
const words = (m: Match): string[] => m.ctx.argv;
/** `--name value` or `--name=value` as written: these clouds' CLIs take any long option with a value, declared or not. */
function flag(m: Match, name: string): string {
  const w = words(m);
  for (let i = w.length - 1; i >= 0; i--) {
    if (w[i] === `--${name}`) return w[i + 1] ?? "";
    if (w[i]!.startsWith(`--${name}=`)) return w[i]!.slice(name.length + 3);
  }
  return "";
}
const anyEveryone = (m: Match): boolean => words(m).some((w) => EVERYONE.test(w));

/**
 * A policy document given inline, or as `file://F`: the file as the host read it (host.files, host-facts.ts).
 * One the gate has not read is an unknown shape (7; the host's own failures keep theirs), never a silent allow —
 * it may name every principal (issue 20).
 */
function policyDocument(m: Match, name: string): string {
  const value = flag(m, name);
  if (!/^file:\/\//i.test(value)) return value;
  const path = value.slice("file://".length);
  const h = hostScript(m.ctx.env, path);
  if (h === undefined) gap(m.ctx, GAP_SHAPE.INTERPRETER_STDIN, `${m.ctx.program} applies the policy in ${path}, which the gate has not read`);
  else if (h.text === null) gap(m.ctx, h.shape, `${m.ctx.program} applies the policy in ${path}, and ${h.reason}`);
  return h?.text ?? "";
}

/** `--acl public-read` on an aws s3 copy or sync: the uploaded objects are public (added to the transfer's effects). */
export function publicAclUpload(m: Match): EffectSpec[] {
  return PUBLIC_CANNED.test(flag(m, "acl")) || EVERYONE.test(flag(m, "grants")) ? [eff("write", "object_storage", { exposes: "public" })] : [];
}

export const AWS_EXPOSURE: readonly Row[] = [
  row("s3api put-bucket-acl|put-object-acl", (m) => exposes(PUBLIC_CANNED.test(flag(m, "acl")) || anyEveryone(m)), [
    ["aws s3api put-bucket-acl --bucket shop-assets --acl public-read", "write object_storage exposes=public"],
    ["aws s3api put-object-acl --bucket b --key k --grant-read uri=http://acs.amazonaws.com/groups/global/AllUsers", "write object_storage exposes=public"],
    ["aws s3api put-bucket-acl --bucket shop-assets --acl private", "write object_storage"],
  ]),
  row("s3api put-bucket-policy", (m) => exposes(ANY_PRINCIPAL.test(policyDocument(m, "policy"))), [
    ["aws s3api put-bucket-policy --bucket b --policy '{\"Statement\":[{\"Effect\":\"Allow\",\"Principal\":\"*\",\"Action\":\"s3:GetObject\"}]}'", "write object_storage exposes=public"],
    ["aws s3api put-bucket-policy --bucket b --policy file://policy.json", "write object_storage"],
  ]),
  row("s3api put-public-access-block", (m) => exposes(/=false/i.test(flag(m, "public-access-block-configuration"))), [
    ["aws s3api put-public-access-block --bucket b --public-access-block-configuration BlockPublicAcls=false,IgnorePublicAcls=false", "write object_storage exposes=public"],
    ["aws s3api put-public-access-block --bucket b --public-access-block-configuration BlockPublicAcls=true", "write object_storage"],
  ]),
  // The policy or block removed may be what kept the bucket private (or enforced TLS, or denied deletes).
  row("s3api delete-bucket-policy|delete-public-access-block", eff("write", "object_storage", { exposes: "policy" }), [
    ["aws s3api delete-bucket-policy --bucket shop-assets", "write object_storage exposes=policy"],
    ["aws s3api delete-public-access-block --bucket shop-assets", "write object_storage exposes=policy"],
    ["aws s3api get-bucket-policy --bucket shop-assets", "read object_storage"],
  ]),
];

export const GSUTIL_EXPOSURE: readonly Row[] = [
  // `iam ch -d` and `acl ch -d` take a grant away (after the subcommand: before it, gsutil's `-d` is debug output).
  row("iam|acl|defacl ch", (m) => exposes(!words(m).slice(words(m).indexOf("ch")).includes("-d") && anyEveryone(m)), [
    ["gsutil iam ch allUsers:objectViewer gs://shop-assets", "write object_storage exposes=public"],
    ["gsutil acl ch -u AllUsers:R gs://shop-assets/logo.png", "write object_storage exposes=public"],
    ["gsutil iam ch -d allUsers gs://shop-assets", "write object_storage"],
    ["gsutil iam ch user:dev@example.com:objectViewer gs://shop-assets", "write object_storage"],
  ]),
  row("acl|defacl set", (m) => exposes(m.rest.some((o) => PUBLIC_CANNED.test(o.value))), [
    ["gsutil defacl set public-read gs://shop-assets", "write object_storage exposes=public"],
    ["gsutil acl set private gs://shop-assets/logo.png", "write object_storage"],
  ]),
  row("iam|acl|defacl get", eff("read", "object_storage"), [["gsutil iam get gs://shop-assets", "read object_storage"]]),
];

export const GCLOUD_EXPOSURE: readonly Row[] = [
  row("storage buckets|objects add-iam-policy-binding", (m) => exposes(EVERYONE.test(flag(m, "member"))), [
    ["gcloud storage buckets add-iam-policy-binding gs://b --member=allUsers --role=roles/storage.objectViewer", "write object_storage exposes=public"],
    ["gcloud storage buckets add-iam-policy-binding gs://b --member=user:dev@example.com --role=roles/storage.objectViewer", "write object_storage"],
  ]),
];

export const AZ_EXPOSURE: readonly Row[] = [
  row("storage container set-permission|create", (m) => exposes(/^(blob|container)$/i.test(flag(m, "public-access")), m.path[2] === "create" ? null : eff("write", "object_storage")), [
    ["az storage container set-permission --name c --public-access blob", "write object_storage exposes=public"],
    ["az storage container create -n c --public-access container --account-name acct", "write object_storage exposes=public"],
    ["az storage container set-permission --name c --public-access off", "write object_storage"],
  ]),
  row("storage account update|create", (m) => exposes(/^true$/i.test(flag(m, "allow-blob-public-access")), null), [
    ["az storage account update -n acct --allow-blob-public-access true", "write object_storage exposes=public"],
    ["az storage account update -n acct --allow-blob-public-access false", ""],
  ]),
];
