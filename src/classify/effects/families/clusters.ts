// Clusters: Kubernetes resources (kubectl, oc), Helm releases, and whole
// clusters (eksctl, kind, minikube, k3d). SPEC §6.2 names `kubectl delete` and
// `helm uninstall` `destroy × infrastructure`; the rows add what is deleted
// (`resource`), and `teardown` where everything in a scope goes — a namespace
// or project with all it holds, every namespace at once (`-A`), `delete all
// --all`, a whole cluster. Operations that take workloads down or recreate them
// without deleting them — drain, cordon, a NoExecute taint, scaling to zero,
// `replace|apply --force`, `apply --prune`, a Helm rollback or forced upgrade —
// are `write × infrastructure` with `disrupts: true`. `is_production` comes
// from the context (or an earlier `kubectl config use-context X`), namespace
// and cluster names.
import type { ParsedOperand } from "../../programs/options.js";
import { KUBECTL_NAMES } from "../../programs/registry.js";
import { productionAttrs, substGap, type Attrs } from "../common.js";
import { HELM_SPEC, KUBE_SPEC } from "../infra.js";
import { productionDeploy } from "./production-deploy.js";
import { eff, holds, row, type ApiMatch, type ApiRow, type Cli, type EffectSpec, type Family, type Match } from "./rows.js";

export const KUBECTL_CLI: Cli = {
  options: { ...KUBE_SPEC, shortValue: `${KUBE_SPEC.shortValue ?? ""}k`, longValue: [...(KUBE_SPEC.longValue ?? []), "kustomize", "replicas", "current-replicas", "field-manager", "for", "clusterrole", "role", "serviceaccount", "user", "group", "type"], longBool: ["all", "all-namespaces", "force", "now", "recursive", "ignore-not-found", "wait", "overwrite", "server-side", "prune", "ignore-daemonsets", "delete-emptydir-data", "disable-eviction", "dry-run"], aliases: { ...KUBE_SPEC.aliases, A: "all-namespaces", R: "recursive", k: "kustomize" } },
  help: { flags: ["help", "h"] },
  dryRun: ["dry-run"],
};

const NAMESPACE_TYPES = /^(ns|namespaces?|projects?)(\.|$)/;
const STORAGE_TYPES = /^(pvc?|persistentvolumes?|persistentvolumeclaims?|storageclass(es)?|sc|volumesnapshots?)(\.|$)/;

/** Where the command acts: the context (or one chosen earlier), the namespace, the cluster. */
function kubeEnv(m: Match): Attrs {
  return productionAttrs([m.value("context") ?? m.ctx.state.kubeContext, m.value("namespace"), m.value("cluster")]);
}

/** The resource types a `delete` names: `deploy/web`, `pods web`, `deploy,svc`, from `-f`/`-k` files. */
function resourceTypes(rest: readonly ParsedOperand[]): string[] {
  const first = rest[0]?.value;
  if (!first) return [];
  return first.split(",").map((t) => t.split("/")[0]!.toLowerCase());
}

function kubectlDelete(m: Match): EffectSpec {
  for (const op of m.rest) substGap(m.ctx, op.arg, "a resource name");
  const types = resourceTypes(m.rest);
  const files = m.values("filename");
  const fromStdin = files.some((f) => f.split(",").includes("-"));
  const allNamespaces = m.has("all-namespaces");
  const namespaceWide = types.some((t) => NAMESPACE_TYPES.test(t));
  const everything = types.includes("all") && m.has("all");
  const teardown = namespaceWide ? "namespace" : allNamespaces ? "all namespaces" : everything ? "namespace contents" : undefined;
  const resource = types.length ? types.join(",") : fromStdin ? "stdin manifests" : files.length ? "manifests" : m.value("kustomize") !== null ? "kustomization" : "unknown";
  return eff("destroy", "infrastructure", {
    resource,
    ...kubeEnv(m),
    ...(teardown ? { teardown } : {}),
    ...holds({ all: m.has("all"), all_namespaces: allNamespaces, storage: types.some((t) => STORAGE_TYPES.test(t)), force: m.has("force") && m.value("grace-period") === "0", from_stdin: fromStdin }),
  });
}

const disrupt = (m: Match, extra: Attrs = {}): EffectSpec => eff("write", "infrastructure", { disrupts: true, ...kubeEnv(m), ...extra });
/**
 * A change (apply, create, patch, scale, rollout restart, set image, label…)
 * is everyday against a dev cluster and a production change against a
 * context, namespace or cluster named as production (issue 20): `disrupts`
 * there, so it asks like a production deploy.
 */
const change = (m: Match, env: Attrs = kubeEnv(m)): EffectSpec => eff("write", "infrastructure", env.is_production === true ? { disrupts: true, ...env } : env);

/** `taint nodes N key=v:NoExecute` evicts what does not tolerate it; removing a taint (`key-`) or NoSchedule does not. */
const noExecute = (m: Match) => m.rest.some((o) => /:NoExecute$/.test(o.value));

/** Roles that hold everything in their scope (the built-in `cluster-admin`, `admin`, `edit`). */
const POWERFUL_ROLE = /^(cluster-admin|admin|edit)$/;
const namesRbac = (m: Match): boolean => resourceTypes(m.rest).some((t) => /^(clusterrolebindings?|rolebindings?|clusterroles?)$/.test(t));
const rbacEdit = (m: Match): EffectSpec => eff("write", "infrastructure", { grants_admin: true, ...kubeEnv(m) });

const KUBECTL = {
  names: KUBECTL_NAMES,
  service: "kubernetes",
  cli: KUBECTL_CLI,
  rows: [
    row("config use-context", (m) => {
      const ctx = m.rest[0]?.value;
      if (ctx) m.ctx.state.kubeContext = ctx;
      return [];
    }, [["kubectl config use-context prod-eu && kubectl delete deploy api", "destroy infrastructure is_production"]]),
    row("delete", kubectlDelete, [
      ["kubectl delete namespace billing", "destroy infrastructure resource=namespace teardown=namespace"],
      ["kubectl --context prod delete ns payments", "destroy infrastructure teardown=namespace is_production"],
      ["oc delete project legacy-app", "destroy infrastructure teardown=namespace"],
      ["kubectl delete pods --all-namespaces -l app=old", "destroy infrastructure teardown='all namespaces' all_namespaces"],
      ["kubectl delete all --all -n staging", "destroy infrastructure teardown='namespace contents' is_production=false"],
      ["kubectl delete pvc data-postgres-0", "destroy infrastructure storage"],
      ["kubectl delete deployment web -n shop", "destroy infrastructure resource=deployment"],
      ["kubectl delete pod stuck-0 --force --grace-period=0", "destroy infrastructure force"],
      ["kustomize build overlays/prod | kubectl delete -f -", "destroy infrastructure from_stdin"],
      ["kubectl delete -k overlays/dev", "destroy infrastructure resource=kustomization"],
      ["kubectl delete -f ./manifests/ --recursive", "destroy infrastructure resource=manifests"],
      ["kubectl delete deployment web --dry-run=client", "read infrastructure dry_run would=destroy"],
      ["kubectl delete namespace prod --dry-run=server -o yaml", "read infrastructure dry_run"],
    ]),
    row("drain", (m) => disrupt(m, { operation: "drain" }), [["kubectl drain node-3 --ignore-daemonsets --delete-emptydir-data", "write infrastructure disrupts operation=drain"]]),
    row("cordon", (m) => disrupt(m), [["kubectl cordon node-3", "write infrastructure disrupts"]]),
    row("uncordon", eff("write", "infrastructure"), [["kubectl uncordon node-3", "write infrastructure"]]),
    row("taint", (m) => (noExecute(m) ? disrupt(m) : eff("write", "infrastructure")), [
      ["kubectl taint nodes node-1 dedicated=db:NoExecute", "write infrastructure disrupts"],
      ["kubectl taint nodes node-1 dedicated=db:NoSchedule", "write infrastructure"],
    ]),
    row("scale", (m) => (m.value("replicas") === "0" ? disrupt(m, { replicas: 0 }) : change(m)), [
      ["kubectl scale deployment api --replicas=0", "write infrastructure disrupts replicas=0"],
      ["kubectl scale deployment api --replicas=3", "write infrastructure"],
      ["kubectl -n production scale deploy api --replicas=3", "write infrastructure disrupts is_production"],
    ]),
    // RBAC: binding a powerful role, or editing who holds one, hands the cluster to someone (`infra.grant`).
    row("create clusterrolebinding|rolebinding", (m) => eff("write", "infrastructure", { resource: m.path[1]!, ...kubeEnv(m), ...(POWERFUL_ROLE.test(m.value("clusterrole") ?? m.value("role") ?? "") ? { grants_admin: true } : {}) }), [
      ["kubectl create clusterrolebinding ci --clusterrole=cluster-admin --serviceaccount=ci:runner", "write infrastructure grants_admin"],
      ["kubectl create rolebinding ops --clusterrole=admin --user=ann -n shop", "write infrastructure grants_admin"],
      ["kubectl create rolebinding viewers --clusterrole=view --group=devs -n shop", "write infrastructure resource=rolebinding"],
    ]),
    row("patch|edit|replace", rbacEdit, [["kubectl patch clusterrolebinding cluster-admin --type=json -p '[]'", "write infrastructure grants_admin"]], { when: namesRbac }),
    row("set subject", rbacEdit, [["kubectl set subject clusterrolebinding admin --user=eve", "write infrastructure grants_admin"], ["kubectl set image deploy/api api=shop:2", "write infrastructure"]], { when: namesRbac }),
    row("replace", (m) => (m.has("force") ? disrupt(m, { force: true }) : change(m)), [
      ["kubectl replace --force -f job.yaml", "write infrastructure disrupts force"],
      ["kubectl replace -f cm.yaml", "write infrastructure"],
    ]),
    row("apply", (m) => (m.has("force") ? disrupt(m, { force: true }) : m.has("prune") ? eff("destroy", "infrastructure", { resource: "pruned", ...kubeEnv(m) }) : change(m)), [
      ["kubectl apply -f deploy.yaml --force", "write infrastructure disrupts"],
      ["kubectl apply --prune -l app=shop -f k8s/", "destroy infrastructure resource=pruned"],
      ["kubectl apply -f deploy.yaml", "write infrastructure"],
      ["kubectl --context prod apply -f deploy.yaml", "write infrastructure disrupts is_production"],
      ["kubectl config use-context live && kubectl apply -k overlays/web", "write infrastructure disrupts is_production"],
      ["kubectl --context staging apply -f deploy.yaml", "write infrastructure is_production=false"],
      ["kubectl --context product-x apply -f deploy.yaml", "write infrastructure is_production=false"],
    ]),
    row("create|patch|edit|set|label|annotate|autoscale|expose|run", (m) => change(m), [
      ["kubectl --context prd-eu set image deploy/api api=shop:2", "write infrastructure disrupts is_production"],
      ["kubectl -n prod patch deploy api -p '{}'", "write infrastructure disrupts is_production"],
      ["kubectl create configmap app --from-file=app.conf", "write infrastructure"],
    ]),
    row("rollout restart|pause|resume", (m) => change(m), [
      ["kubectl --namespace production rollout restart deploy/api", "write infrastructure disrupts is_production"],
      ["kubectl rollout restart deploy/api -n dev", "write infrastructure is_production=false"],
      ["kubectl rollout status deploy/api -n prod", ""],
    ]),
    row("rollout undo", (m) => disrupt(m, { operation: "rollout undo" }), [["kubectl rollout undo deployment/api", "write infrastructure disrupts"]]),
    // A secret's data printed (`-o yaml|json|jsonpath=…|go-template=…`) is its value in the transcript; the table form lists names only.
    row("get", (m) => eff("read", "secret_store", { discloses: true, resource: "secret", ...kubeEnv(m) }), [
      ["kubectl get secret db -o jsonpath='{.data.password}' | base64 -d", "read secret_store discloses"],
      ["kubectl -n prod get secrets/api-token -o yaml", "read secret_store discloses is_production"],
      ["kubectl get secrets -n dev", "read infrastructure"],
      ["kubectl get secret db -o name", "read infrastructure"],
    ], { when: (m) => resourceTypes(m.rest).some((t) => /^secrets?$/.test(t)) && /^(ya?ml|json|jsonpath|go-template|custom-columns|template)/.test(m.value("output") ?? "") }),
    row("config view", (m) => eff("read", "secret_store", { discloses: true, resource: "kubeconfig", ...kubeEnv(m) }), [
      ["kubectl config view --raw", "read secret_store discloses"],
      ["kubectl config view --minify", "read infrastructure"],
    ], { when: (m) => m.has("raw") }),
    row("get|describe|logs|diff|explain|top|api-resources|api-versions|version|cluster-info|events|kustomize", eff("read", "infrastructure"), [
      ["kubectl get pods -A", "read infrastructure"],
      ["kubectl --context prod describe deploy api", "read infrastructure"],
      ["kubectl logs -f deploy/api", "read infrastructure"],
      ["kubectl diff -f deploy.yaml", "read infrastructure"],
      ["kubectl delete --help", ""],
    ]),
    row("config view|get-contexts|current-context", eff("read", "infrastructure"), [["kubectl config get-contexts", "read infrastructure"]]),
    row("auth can-i", eff("read", "infrastructure"), [["kubectl auth can-i delete pods", "read infrastructure"]]),
  ],
};

export const HELM_CLI: Cli = {
  options: { ...HELM_SPEC, longValue: [...(HELM_SPEC.longValue ?? []), "values", "set", "version", "repo", "output", "revision"], longBool: ["force", "reset-values", "reuse-values", "dry-run", "wait", "atomic", "install", "keep-history", "all-namespaces"], aliases: { ...HELM_SPEC.aliases, f: "values", A: "all-namespaces" } },
  help: { flags: ["help", "h"] },
  dryRun: ["dry-run"],
};

const helmEnv = (m: Match): Attrs => productionAttrs([m.value("kube-context") ?? m.ctx.state.kubeContext, m.value("namespace"), m.rest[0]?.value]);

const HELM = {
  names: ["helm"],
  service: "helm",
  cli: HELM_CLI,
  rows: [
    row("uninstall|delete|del|un", (m) => eff("destroy", "infrastructure", { resource: "release", ...helmEnv(m) }), [
      ["helm uninstall shop -n prod", "destroy infrastructure resource=release is_production"],
      ["helm delete old-release", "destroy infrastructure"],
      ["helm uninstall shop --dry-run", "read infrastructure dry_run"],
    ]),
    row("rollback", (m) => eff("write", "infrastructure", { disrupts: true, ...helmEnv(m) }), [["helm rollback shop 3", "write infrastructure disrupts"]]),
    row("upgrade", (m) => (m.has("force") || m.has("reset-values") ? eff("write", "infrastructure", { disrupts: true, ...helmEnv(m) }) : change(m, helmEnv(m))), [
      ["helm upgrade shop ./chart --force", "write infrastructure disrupts"],
      ["helm upgrade shop ./chart --reset-values", "write infrastructure disrupts"],
      ["helm upgrade --install shop ./chart -f values.yaml", "write infrastructure"],
      ["helm upgrade api ./chart --kube-context prod", "write infrastructure disrupts is_production"],
      ["helm --kube-context=prod-us upgrade --install api ./chart", "write infrastructure disrupts is_production"],
      ["helm upgrade api ./chart -n staging", "write infrastructure is_production=false"],
    ]),
    row("install", (m) => change(m, helmEnv(m)), [["helm install api ./chart -n production", "write infrastructure disrupts is_production"], ["helm install api ./chart -n dev", "write infrastructure is_production=false"]]),
    row("list|ls|status|history|show|inspect|get|search|template|lint|diff|version|env", eff("read", "infrastructure"), [
      ["helm list -A", "read infrastructure"],
      ["helm template shop ./chart", "read infrastructure"],
    ]),
    row("repo", (m) => (m.rest[0]?.value === "remove" || m.rest[0]?.value === "rm" ? eff("write", "infrastructure") : eff("read", "infrastructure")), [["helm repo update", "read infrastructure"]]),
  ],
};

const EKSCTL_CLI: Cli = { options: { shortValue: "rfnp", longValue: ["cluster", "name", "region", "profile", "nodes", "config-file"], longBool: ["wait", "approve", "disable-nodegroup-eviction"], aliases: { r: "region", f: "config-file", n: "name", p: "profile" } }, help: { flags: ["help", "h"] }, envFlags: ["cluster", "name", "profile"] };

const EKSCTL = {
  names: ["eksctl"],
  service: "eksctl",
  cli: EKSCTL_CLI,
  rows: [
    row("delete cluster", eff("destroy", "infrastructure", { resource: "cluster", teardown: "cluster" }), [
      ["eksctl delete cluster --name prod-eu --region eu-west-1", "destroy infrastructure teardown=cluster is_production"],
      ["eksctl delete cluster -f cluster.yaml", "destroy infrastructure teardown=cluster"],
    ]),
    row("delete", (m) => eff("destroy", "infrastructure", { resource: m.rest[0]?.value ?? "unknown" }), [["eksctl delete nodegroup --cluster dev --name ng-1", "destroy infrastructure resource=nodegroup"]]),
    row("drain", eff("write", "infrastructure", { disrupts: true }), [["eksctl drain nodegroup --cluster dev --name ng-1", "write infrastructure disrupts"]]),
    row("get|utils|info|version", eff("read", "infrastructure"), [["eksctl get clusters", "read infrastructure"]]),
  ],
};

/** Local clusters (kind, minikube, k3d): deleting one loses what was deployed in it, nothing else. */
const localCluster = eff("destroy", "infrastructure", { resource: "cluster", local: true });

const KIND = {
  names: ["kind"],
  service: "kind",
  cli: { options: { longValue: ["name", "kubeconfig"], longBool: ["all"] }, help: { flags: ["help", "h"] } } satisfies Cli,
  rows: [
    row("delete", localCluster, [["kind delete cluster --name dev", "destroy infrastructure local"], ["kind delete clusters --all", "destroy infrastructure"]]),
    row("get|export|version", eff("read", "infrastructure"), [["kind get clusters", "read infrastructure"]]),
  ],
};

const MINIKUBE = {
  names: ["minikube"],
  service: "minikube",
  cli: { options: { shortValue: "p", longValue: ["profile"], longBool: ["all", "purge"], aliases: { p: "profile" } }, help: { flags: ["help", "h"] } } satisfies Cli,
  rows: [
    row("delete", localCluster, [["minikube delete --all --purge", "destroy infrastructure local"]]),
    row("status|profile|ip|version|logs", eff("read", "infrastructure"), [["minikube status", "read infrastructure"], ["minikube start --cpus 4", ""]]),
  ],
};

const K3D = {
  names: ["k3d"],
  service: "k3d",
  cli: { options: { longValue: ["config"], longBool: ["all"] }, help: { flags: ["help", "h"] } } satisfies Cli,
  rows: [
    row("cluster delete", localCluster, [["k3d cluster delete dev", "destroy infrastructure local"], ["k3d cluster delete --all", "destroy infrastructure"]]),
    row("cluster list|get", eff("read", "infrastructure"), [["k3d cluster list", "read infrastructure"]]),
  ],
};

/** Argo CD: deleting an application deletes what it deployed (cascade is the default); `sync --prune` deletes what left Git. */
const ARGOCD = {
  names: ["argocd"],
  service: "argocd",
  cli: { options: { shortValue: "lo", longValue: ["server", "grpc-web-root-path", "auth-token", "config", "context", "app-namespace", "selector", "output", "project", "cascade", "propagation-policy", "revision", "resource", "label", "core"], longBool: ["yes", "prune", "force", "grpc-web", "insecure", "plaintext", "dry-run", "all"], aliases: { l: "selector", o: "output", y: "yes", N: "app-namespace" } }, help: { flags: ["help", "h"] }, dryRun: ["dry-run"], envFlags: ["context", "server"] } satisfies Cli,
  rows: [
    row("app delete|rm", (m) => eff("destroy", "infrastructure", { resource: "application", ...(m.value("cascade") === "false" ? {} : { teardown: "application resources" }), ...productionAttrs([m.value("context"), m.rest[0]?.value]) }), [
      ["argocd app delete prod --cascade -y", "destroy infrastructure resource=application teardown='application resources' is_production"],
      ["argocd app delete shop --cascade=false", "destroy infrastructure resource=application"],
    ]),
    // Issue 20: syncing an application named as production (or through a production context) deploys to it.
    row("app sync", (m) => (m.has("prune") ? eff("destroy", "infrastructure", { resource: "pruned", ...productionAttrs([m.rest[0]?.value]) }) : productionDeploy({ names: (n) => n.rest.map((o) => o.value), otherwise: eff("write", "infrastructure") })(m)), [
      ["argocd app sync shop --prune", "destroy infrastructure resource=pruned"],
      ["argocd app sync shop", "write infrastructure"],
      ["argocd app sync prod-api", "write infrastructure disrupts is_production"],
      ["argocd app sync api --context production", "write infrastructure disrupts"],
    ]),
    row("app rollback", eff("write", "infrastructure", { disrupts: true }), [["argocd app rollback shop 3", "write infrastructure disrupts"]]),
    row("cluster|repo|repocreds rm", (m) => eff("destroy", "infrastructure", { resource: m.path[0]! }), [["argocd cluster rm https://prod.example:6443", "destroy infrastructure resource=cluster"]]),
    row("proj|appset delete", (m) => eff("destroy", "infrastructure", { resource: m.path[0]! }), [["argocd proj delete shop", "destroy infrastructure resource=proj"]]),
    row("app list|get|diff|history|manifests|resources", eff("read", "infrastructure"), [["argocd app list", "read infrastructure"], ["argocd app diff shop", "read infrastructure"]]),
    row("cluster|proj|repo|appset list|get", eff("read", "infrastructure"), [["argocd cluster list", "read infrastructure"]]),
  ],
};

/**
 * The same deletions spelled as Kubernetes API calls (`curl -X DELETE
 * https://k8s/api/v1/namespaces/prod`): a namespace, a whole collection
 * (`…/namespaces/prod/pods` with no name: every pod), a workload or a
 * volume. A single pod, secret or config map by name is routine and, as for
 * the paths above, left to the request's own `delete × network_host`.
 */
const WORKLOADS = /^(deployments|statefulsets|daemonsets|replicasets|jobs|cronjobs)$/;
const VOLUMES = /^(persistentvolumeclaims|persistentvolumes|storageclasses)$/;
const CLUSTER_KINDS = /^(nodes|persistentvolumes|storageclasses|customresourcedefinitions|clusterroles|clusterrolebindings|priorityclasses|validatingwebhookconfigurations|mutatingwebhookconfigurations)$/;

function k8sApiDelete(m: ApiMatch): EffectSpec | null {
  const seg = m.segments;
  const rest = seg.slice(seg[0] === "api" ? 2 : 3);
  const base = { service: "kubernetes" };
  if (rest[0] === "namespaces") {
    const [, ns, resource, name] = rest;
    if (ns === undefined) return eff("destroy", "infrastructure", { ...base, resource: "namespaces", teardown: "all namespaces" });
    const prod = productionAttrs([ns]);
    if (resource === undefined) return eff("destroy", "infrastructure", { ...base, resource: "namespace", teardown: "namespace", ...prod });
    if (name === undefined) return eff("destroy", "infrastructure", { ...base, resource, all: true, ...prod });
    return WORKLOADS.test(resource) || VOLUMES.test(resource) ? eff("destroy", "infrastructure", { ...base, resource, ...prod, ...holds({ storage: VOLUMES.test(resource) }) }) : null;
  }
  const [resource, name] = rest;
  // Outside /namespaces/ only Kubernetes' own cluster-scoped kinds count: `/api/v1/widgets` is any REST API.
  if (resource === undefined || !CLUSTER_KINDS.test(resource)) return null;
  if (name === undefined) return eff("destroy", "infrastructure", { ...base, resource, all: true });
  return VOLUMES.test(resource) || resource === "nodes" ? eff("destroy", "infrastructure", { ...base, resource, ...holds({ storage: VOLUMES.test(resource) }) }) : null;
}

const K8S_APIS: ApiRow[] = [
  {
    service: "kubernetes-api",
    methods: ["DELETE"],
    path: /^\/(api\/v\d[^/]*|apis\/[^/]+\/v\d[^/]*)\/[a-z]/,
    effect: k8sApiDelete,
    examples: [
      ["curl -X DELETE https://k8s.example.internal/api/v1/namespaces/payments", "destroy infrastructure teardown=namespace"],
      ["curl -k -XDELETE https://10.0.0.1:6443/api/v1/namespaces/shop/pods", "destroy infrastructure resource=pods all"],
      ["curl -X DELETE https://k8s.example.internal/apis/apps/v1/namespaces/shop/statefulsets/db", "destroy infrastructure resource=statefulsets"],
      ["curl --request DELETE https://k8s.example.internal/api/v1/persistentvolumes/pv-12", "destroy infrastructure storage"],
      ["curl -X DELETE https://k8s.example.internal/api/v1/namespaces/shop/pods/web-1", ""],
      ["curl -X DELETE https://k8s.example.internal/api/v1/namespaces/shop/secrets/token", ""],
      ["curl https://k8s.example.internal/api/v1/namespaces/shop/pods", ""],
      ["curl -X DELETE https://shop.example.com/api/v1/carts/42", ""],
      ["curl -X DELETE https://shop.example.com/api/v1/carts", ""],
      ["curl -X DELETE https://k8s.example.internal/apis/apiextensions.k8s.io/v1/customresourcedefinitions", "destroy infrastructure all"],
    ],
  },
];

export const CLUSTERS: Family = { name: "clusters", programs: [KUBECTL, HELM, EKSCTL, KIND, MINIKUBE, K3D, ARGOCD], apis: K8S_APIS };
