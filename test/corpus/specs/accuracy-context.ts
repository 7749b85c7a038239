// Issue 20 (accuracy), second helper's classes: production by context,
// secrets that leak without a secret file, and everyday work that was asked
// for no reason. Each case is stated by hand with its lookalikes.
import type { CaseSpec } from "../spec.js";
import { cleanAllow as allow, defaultBash as c, firedWith } from "./helpers.js";

const deny = (artifact_id: string, unknown: number[] = []) => firedWith("deny", artifact_id, unknown);
const ask = (artifact_id: string, unknown: number[] = []) => firedWith("ask", artifact_id, unknown);
/** Allowed, and the effect that says why it is everyday (no rule reads it). */
const allowWith = (effects: unknown[]) => ({ ...allow, effects });

export const specs: CaseSpec[] = [
  // ── image prunes: images and build cache come back with a pull or a build ──
  c("accuracy: docker image prune -a is everyday", "docker image prune -a", allow),
  c("accuracy: docker image prune -af is everyday", "docker image prune -af", allow),
  c("accuracy: podman image prune -a is everyday", "podman image prune -a", allow),
  c("accuracy: docker builder prune -af is everyday", "docker builder prune -af", allow),
  c("accuracy: docker buildx prune -f is everyday", "docker buildx prune -f", allow),
  c("accuracy: docker container prune still asks (stopped containers' state)", "docker container prune", ask("container.remove")),
  c("accuracy: docker system prune still asks (it prunes stopped containers)", "docker system prune -a", ask("container.remove")),
  c("accuracy: podman system prune still asks", "podman system prune", ask("container.remove")),
  c("accuracy: docker volume prune stays a wipe", "docker volume prune -f", deny("container.wipe")),
  c("accuracy: system prune --volumes stays a wipe", "docker system prune -a --volumes", deny("container.wipe")),
  // ── branches no team protects: deleting or resetting them is everyday ──
  c("accuracy: git branch -D of a feature branch is everyday", "git branch -D feature/x", allow),
  c("accuracy: git branch -D of two topic branches is everyday", "git branch -D fix/typo spike-2", allow),
  c("accuracy: git branch -M onto a topic branch is everyday", "git branch -M feature/a feature/b", allow),
  c("accuracy: git branch -f of a topic branch to its upstream is everyday", "git branch -f feature/x origin/feature/x", allow),
  c("accuracy: git push --delete of a feature branch is everyday", "git push origin --delete feature/x", allow),
  c("accuracy: git push :branch of a feature branch is everyday", "git push origin :feature/x", allow),
  c("accuracy: git push -d of two topic branches is everyday", "git push -d origin feature/old fix/typo", allow),
  c("accuracy: git branch -D main still asks", "git branch -D main", ask("git.history_loss")),
  c("accuracy: git branch -D of a release line still asks", "git branch -D release/1.2", ask("git.history_loss")),
  c("accuracy: git branch -D develop still asks", "git branch -D develop", ask("git.history_loss")),
  c("accuracy: git branch -D of branches named at run time still asks", "git branch -D $(git branch --merged | grep -v main)", ask("git.history_loss")),
  c("accuracy: git branch -f main still asks", "git branch -f main HEAD~2", ask("git.history_loss")),
  c("accuracy: a remote release branch deleted still asks", "git push origin :release/2.0", ask("git.remote_delete")),
  c("accuracy: a remote tag deleted still asks", "git push origin --delete v1.2.0", ask("git.remote_delete")),
  c("accuracy: a remote branch named at run time still asks", "git push origin --delete \"$BRANCH\"", ask("git.remote_delete")),
  c("accuracy: push --prune of every branch still asks", "git push --prune origin 'refs/heads/*:refs/heads/*'", ask("git.remote_delete")),
  c("accuracy: the remote main deleted stays a deny", "git push origin --delete main", deny("git.force_push_protected")),
  c("accuracy: git reset --hard to a topic branch stays a deny (SPEC: uncommitted work goes)", "git reset --hard origin/feature", deny("git.reset_hard")),
  // ── production by context: a change against a context, namespace, cluster or app named as production ──
  c("accuracy: kubectl apply with --context prod asks", "kubectl --context prod apply -f deploy.yaml", ask("infra.disrupt")),
  c("accuracy: kubectl apply with a prd- context asks", "kubectl --context=prd-eu apply -k overlays/web", ask("infra.disrupt")),
  c("accuracy: kubectl rollout restart in the production namespace asks", "kubectl --namespace production rollout restart deploy/api", ask("infra.disrupt")),
  c("accuracy: kubectl scale in -n prod asks", "kubectl -n prod scale deploy api --replicas=6", ask("infra.disrupt")),
  c("accuracy: kubectl set image on a live context asks", "kubectl --context live set image deploy/api api=shop:2", ask("infra.disrupt")),
  c("accuracy: kubectl patch in prod2 asks", "kubectl -n prod2 patch deploy api -p '{\"spec\":{}}'", ask("infra.disrupt")),
  c("accuracy: use-context prod then apply asks", "kubectl config use-context prod && kubectl apply -f x.yaml", ask("infra.disrupt")),
  c("accuracy: kubectl delete in prod asks", "kubectl --context=production delete deployment api", ask("cloud.teardown")),
  c("accuracy: helm upgrade with --kube-context prod asks", "helm upgrade api ./chart --kube-context prod", ask("infra.disrupt")),
  c("accuracy: helm upgrade --install, kube-context prod-us, asks", "helm --kube-context=prod-us upgrade --install api ./chart", ask("infra.disrupt")),
  c("accuracy: helm install into the production namespace asks", "helm install api ./chart -n production", ask("infra.disrupt")),
  c("accuracy: helm uninstall in production asks", "helm uninstall api -n production", ask("cloud.teardown")),
  c("accuracy: wrangler deploy (the top-level Worker) asks", "wrangler deploy", ask("infra.disrupt")),
  c("accuracy: npx wrangler deploy --env production asks", "npx wrangler deploy --env production", ask("infra.disrupt")),
  c("accuracy: wrangler publish asks", "wrangler publish", ask("infra.disrupt")),
  c("accuracy: wrangler pages deploy to main asks", "wrangler pages deploy dist --project-name docs --branch main", ask("infra.disrupt")),
  c("accuracy: vercel deploy --prod asks", "vercel deploy --prod", ask("infra.disrupt")),
  c("accuracy: netlify deploy --prod asks", "netlify deploy --prod --dir dist", ask("infra.disrupt")),
  c("accuracy: fly deploy to an app named -prod asks", "fly deploy -a api-prod", ask("infra.disrupt")),
  c("accuracy: firebase deploy -P prod asks", "firebase deploy -P prod", ask("infra.disrupt")),
  c("accuracy: heroku rollback of a production app asks", "heroku releases:rollback -a app-prod", ask("infra.disrupt")),
  c("accuracy: heroku config:set on a production app asks", "heroku config:set FLAG=1 --app shop-production", ask("infra.disrupt")),
  c("accuracy: kubectl get pods in prod stays allowed", "kubectl --context prod get pods", allow),
  c("accuracy: kubectl describe in -n prod stays allowed", "kubectl -n prod describe deploy api", allow),
  c("accuracy: kubectl logs in production stays allowed", "kubectl --context production logs api-123", allow),
  c("accuracy: kubectl rollout status in prod stays allowed", "kubectl rollout status deploy/api -n prod", allow),
  c("accuracy: use-context prod then get stays allowed", "kubectl config use-context prod && kubectl get pods", allow),
  c("accuracy: helm status in prod stays allowed", "helm --kube-context prod status api", allow),
  c("accuracy: kubectl apply to staging stays allowed", "kubectl --context staging apply -f x.yaml", allow),
  c("accuracy: a context named product-x is not production", "kubectl --context product-x apply -f x.yaml", allow),
  c("accuracy: a liveness namespace is not production", "kubectl -n liveness-probes apply -f x.yaml", allow),
  c("accuracy: helm upgrade to staging stays allowed", "helm upgrade api ./chart -n staging", allow),
  c("accuracy: wrangler deploy --env staging stays allowed", "wrangler deploy --env staging", allow),
  c("accuracy: wrangler versions upload stays allowed", "wrangler versions upload", allow),
  c("accuracy: wrangler pages deploy of a branch stays allowed", "wrangler pages deploy dist --project-name docs --branch feature-x", allow),
  c("accuracy: vercel preview deploy stays allowed", "vercel deploy", allow),
  c("accuracy: fly deploy to staging stays allowed", "fly deploy -a api-staging", allow),
  c("accuracy: firebase deploy -P staging stays allowed", "firebase deploy -P staging", allow),
  c("accuracy: heroku config:set on staging stays allowed", "heroku config:set FLAG=1 -a shop-staging", allow),
  c("accuracy: heroku logs of a production app stays allowed", "heroku logs -a app-prod", allow),
];

export default specs;
