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
];

export default specs;
