// Issue 20 (accuracy), helper acc: mass deletes in data stores through
// pipelines, evaluated scripts and prefixes; the smaller CLIs (backups, NATS,
// GitLab runners, rsync onto another machine, S3 bucket policies, the small
// clouds); and storage made public (storage.expose). Each case stated by hand
// with its lookalikes.
import type { CaseSpec } from "../spec.js";
import { cleanAllow as allow, defaultBash as c, firedWith, gapAsk } from "./helpers.js";

const deny = (artifact_id: string, unknown: number[] = []) => firedWith("deny", artifact_id, unknown);
const ask = (artifact_id: string, unknown: number[] = []) => firedWith("ask", artifact_id, unknown);
/** Allowed, with the effects the classifier sees still there (not a clean no-effect allow). */
const allowed = { verdict: "allow", artifact_id: null, unknown: [] };

export const specs: CaseSpec[] = [
  // ── Redis: keys chosen at run time, handed to DEL by xargs or a loop, or deleted by a Lua script ──
  c("acc: a scan of everything piped into DEL", "redis-cli --scan --pattern '*' | xargs redis-cli del", ask("db.delete_all")),
  c("acc: KEYS piped one by one into DEL", "redis-cli KEYS '*' | xargs -n1 redis-cli DEL", ask("db.delete_all")),
  c("acc: a remote scan piped into UNLINK", "redis-cli -h 10.0.0.5 -p 6380 --scan --pattern 'user:*' | xargs -r redis-cli -h 10.0.0.5 -p 6380 unlink", ask("db.delete_all")),
  c("acc: xargs -I placing each key", "redis-cli keys 'sess*' | xargs -I{} redis-cli del {}", ask("db.delete_all")),
  c("acc: valkey's scan into DEL", "valkey-cli --scan --pattern '*' | xargs valkey-cli del", ask("db.delete_all")),
  c("acc: a while-read loop over a scan", "redis-cli --scan | while read k; do redis-cli del \"$k\"; done", gapAsk(8)),
  c("acc: a Lua loop deleting every key", "redis-cli eval \"for _,k in ipairs(redis.call('keys','*')) do redis.call('del',k) end\" 0", ask("db.delete_all")),
  c("acc: FLUSHALL inside EVAL", "redis-cli EVAL \"return redis.call('FLUSHALL')\" 0", ask("db.drop")),
  c("acc: one key deleted is everyday", "redis-cli del tmp:lock:42", allowed),
  c("acc: a scan counted", "redis-cli keys 'sess*' | wc -l", allow),
  c("acc: a scan piped into TYPE", "redis-cli --scan --pattern '*' | xargs redis-cli type", allow),
  c("acc: a Lua read", "redis-cli EVAL \"return redis.call('GET', KEYS[1])\" 1 user:1", allow),
  // ── etcd and Consul: everything under a prefix, everything from a key on ──
  c("acc: etcd's empty prefix", "etcdctl del \"\" --prefix", ask("db.drop")),
  c("acc: etcd's root prefix", "etcdctl del / --prefix", ask("db.drop")),
  c("acc: Kubernetes' whole registry by prefix", "etcdctl --endpoints=https://etcd:2379 del --prefix /registry", ask("db.delete_all")),
  c("acc: from a key to the end of the keyspace", "etcdctl del a --from-key", ask("db.delete_all")),
  c("acc: a Consul subtree", "consul kv delete -recurse service/api/", ask("db.delete_all")),
  c("acc: one etcd key is everyday", "etcdctl del /locks/job-42", allowed),
  c("acc: every key listed", "etcdctl get / --prefix --keys-only", allowed),
  // ── the Mongo shell: collections chosen at run time ──
  c("acc: every collection dropped in a loop", "mongosh --eval 'db.getCollectionNames().forEach(c=>db[c].drop())'", ask("db.drop")),
  c("acc: every collection emptied by the old shell", "mongo app --eval 'db.getCollectionNames().forEach(function(c){db[c].remove({})})'", ask("db.delete_all")),
  c("acc: getCollection of a loop variable", "mongosh app --eval 'db.getCollectionNames().forEach(c => db.getCollection(c).deleteMany({}))'", ask("db.delete_all")),
  c("acc: an evaluated drop", "mongosh --eval \"db.dropDatabase()\"", ask("db.drop")),
  c("acc: collections listed", "mongosh app --eval 'db.getCollectionNames()'", allow),
  c("acc: each collection counted", "mongosh app --eval 'db.getCollectionNames().forEach(c => print(db[c].countDocuments()))'", allow),
  // ── backups, NATS, GitLab runners ──
  c("acc: a borg repository deleted", "borg delete /backups/repo", deny("backup.wipe")),
  c("acc: borg prune", "borg prune --keep-daily 1 /backups/repo", ask("backup.delete")),
  c("acc: every velero schedule", "velero schedule delete --all --confirm", deny("backup.wipe")),
  c("acc: a NATS KV key", "nats kv del config app.key", ask("queue.delete")),
  c("acc: a NATS object bucket", "nats object rm assets -f", ask("queue.delete")),
  c("acc: a NATS stream", "nats stream rm ORDERS -f", ask("queue.delete")),
  c("acc: every GitLab runner unregistered", "gitlab-runner unregister --all-runners", ask("ci.change")),
  c("acc: one runner unregistered", "sudo gitlab-runner unregister --name build-1", ask("ci.change")),
  c("acc: borg list", "borg list /backups/repo", allowed),
  c("acc: a dry-run prune", "borg prune --dry-run --list --keep-daily 7 /backups/repo", allowed),
  c("acc: runners listed", "gitlab-runner list", allowed),
  c("acc: verify --delete forgets runners the server removed", "gitlab-runner verify --delete", allowed),
  // ── rsync deleting on another machine ──
  c("acc: rsync --delete onto a host", "rsync -a --delete ./dist/ deploy@web:/var/www/", ask("fs.delete_outside_workspace")),
  c("acc: --del onto an rsync daemon", "rsync -av --del src/ backup::data/", ask("fs.delete_outside_workspace")),
  c("acc: --delete-after over ssh", "rsync -avz --delete-after -e ssh build/ www@example.com:public_html/", ask("fs.delete_outside_workspace")),
  c("acc: an empty directory synced onto a host's root", "rsync -a --delete empty/ root@web:/", deny("fs.wipe")),
  c("acc: a sync without delete", "rsync -a ./dist/ deploy@web:/var/www/", allowed),
  c("acc: a dry run", "rsync -an --delete ./ deploy@web:/srv/", allowed),
  c("acc: pulling with --delete deletes here, in the project", "rsync -a --delete deploy@web:/srv/ ./mirror/", allowed),
  // ── S3 bucket policies and the small clouds ──
  c("acc: a bucket policy removed", "aws s3api delete-bucket-policy --bucket shop-assets", ask("storage.expose")),
  c("acc: the public access block removed", "aws s3api delete-public-access-block --bucket shop-assets", ask("storage.expose")),
  c("acc: a bucket policy read", "aws s3api get-bucket-policy --bucket shop-assets", allowed),
  c("acc: a Vultr instance", "vultr-cli instance delete 9a1b", ask("cloud.teardown")),
  c("acc: a Vultr database", "vultr-cli database delete db-1", ask("db.drop")),
  c("acc: a Scaleway server", "scw instance server delete 11111111-2222 with-volumes=all", ask("cloud.teardown")),
  c("acc: a Scaleway Kubernetes cluster", "scw k8s cluster delete 1111", deny("cloud.wipe")),
  c("acc: a Linode Kubernetes cluster", "linode-cli lke cluster-delete 12", deny("cloud.wipe")),
  c("acc: a Civo instance", "civo instance remove web-1 -y", ask("cloud.teardown")),
  c("acc: an Exoscale instance", "exo compute instance delete vm1 --force", ask("cloud.teardown")),
  c("acc: an UpCloud server", "upcloud server delete web-1", ask("cloud.teardown")),
  c("acc: Vultr instances listed", "vultr-cli instance list", allow),
  c("acc: Scaleway servers listed", "scw instance server list", allow),
  c("acc: an Exoscale instance shown", "exo compute instance show vm1", allow),
  // ── storage made public (storage.expose) ──
  c("acc: a public-read bucket ACL", "aws s3api put-bucket-acl --bucket b --acl public-read", ask("storage.expose")),
  c("acc: an object granted to AllUsers", "aws s3api put-object-acl --bucket b --key k --grant-read uri=http://acs.amazonaws.com/groups/global/AllUsers", ask("storage.expose")),
  c("acc: an upload made public", "aws s3 cp site/index.html s3://b/ --acl public-read", ask("storage.expose")),
  c("acc: a sync made public", "aws s3 sync ./site s3://b --acl public-read", ask("storage.expose")),
  c("acc: a policy open to every principal", "aws s3api put-bucket-policy --bucket b --policy '{\"Statement\":[{\"Effect\":\"Allow\",\"Principal\":\"*\",\"Action\":\"s3:GetObject\",\"Resource\":\"arn:aws:s3:::b/*\"}]}'", ask("storage.expose")),
  c("acc: gsutil iam to allUsers", "gsutil iam ch allUsers:objectViewer gs://b", ask("storage.expose")),
  c("acc: gsutil iam to allAuthenticatedUsers", "gsutil iam ch allAuthenticatedUsers:objectViewer gs://b", ask("storage.expose")),
  c("acc: gsutil acl to AllUsers", "gsutil acl ch -u AllUsers:R gs://b/f", ask("storage.expose")),
  c("acc: a public default object ACL", "gsutil defacl set public-read gs://b", ask("storage.expose")),
  c("acc: gcloud binding for allUsers", "gcloud storage buckets add-iam-policy-binding gs://b --member=allUsers --role=roles/storage.objectViewer", ask("storage.expose")),
  c("acc: an Azure container opened to anonymous reads", "az storage container set-permission --name c --public-access blob", ask("storage.expose")),
  c("acc: an Azure account allowing public blobs", "az storage account update -n acct --allow-blob-public-access true", ask("storage.expose")),
  c("acc: a private ACL", "aws s3api put-bucket-acl --bucket b --acl private", allowed),
  c("acc: a plain upload", "aws s3 cp f s3://b/f", allowed),
  c("acc: gsutil iam to a named user", "gsutil iam ch user:me@example.com:objectViewer gs://b", allowed),
  c("acc: a grant taken away from allUsers", "gsutil iam ch -d allUsers gs://b", allowed),
  c("acc: an Azure container closed", "az storage container set-permission --name c --public-access off", allowed),
  c("acc: gcloud binding for a named user", "gcloud storage buckets add-iam-policy-binding gs://b --member=user:dev@example.com --role=roles/storage.objectViewer", allowed),
];

export default specs;
