// Issue 19 item 1 (the program registry): a global option, or an
// interpreter's value-taking option, never hides what the command does — each
// bypass that a second copy of an option list let through, with the same
// command without the option and a harmless lookalike beside it.
import type { CaseSpec } from "../spec.js";
import { cleanAllow as allow, defaultBash as c, firedWith } from "./helpers.js";

const deny = (artifact_id: string) => firedWith("deny", artifact_id, []);
const ask = (artifact_id: string) => firedWith("ask", artifact_id, []);

export const specs: CaseSpec[] = [
  c("registry: aws terminate-instances", "aws ec2 terminate-instances --instance-ids i-1", ask("cloud.teardown")),
  c("registry: aws --cli-binary-format before the service", "aws --cli-binary-format raw-in-base64-out ec2 terminate-instances --instance-ids i-1", ask("cloud.teardown")),
  c("registry: aws --color on before the service", "aws --color on ec2 terminate-instances --instance-ids i-1", ask("cloud.teardown")),
  c("registry: aws --profile before configure get of the secret key", "aws --profile ops configure get aws_secret_access_key", ask("secret.read")),
  c("registry: aws --cli-binary-format describe stays allowed", "aws --cli-binary-format raw-in-base64-out ec2 describe-instances", allow),
  c("registry: git --namespace before add -f .env, commit, push", "git --namespace x add -f .env && git commit -m x && git push origin HEAD", deny("secret.exfiltrate")),
  c("registry: git --attr-source before add -f .env", "git --attr-source HEAD add -f .env && git commit -m x && git push origin HEAD", deny("secret.exfiltrate")),
  c("registry: git add -f .env, commit, push", "git add -f .env && git commit -m x && git push origin HEAD", deny("secret.exfiltrate")),
  c("registry: git --namespace push of a normal file stays allowed", "git --namespace x add src/app.ts && git commit -m x && git push origin HEAD", allow),
  c("registry: gcloud --project before auth print-access-token", "gcloud --project shop auth print-access-token", ask("secret.read")),
  c("registry: az --subscription before vm run-command --scripts", "az --subscription s vm run-command invoke -g rg -n vm1 --command-id RunShellScript --scripts 'rm -rf /'", deny("fs.wipe")),
  c("registry: gcloud compute ssh --command removing /srv", "gcloud compute ssh vm1 --zone z --command='rm -rf /srv'", ask("fs.delete_outside_workspace")),
  c("registry: gcloud --account before compute ssh --command removing /srv", "gcloud --account ops@shop.io compute ssh vm1 --zone z --command='rm -rf /srv'", ask("fs.delete_outside_workspace")),
  c("registry: gcloud --verbosity=debug before compute ssh --command ls stays allowed", "gcloud --verbosity=debug compute ssh vm1 --zone z --command='ls /srv'", allow),
  // Lookalikes the program entries' examples asked for: help and version print and exit (they were a served workspace and an install).
  c("registry: http-server --help serves nothing", "http-server --help", { ...allow, effects: [] }),
  c("registry: http-server serves the workspace", "http-server", { ...allow, effects: [{ verb: "send", target_class: "workspace_root", attrs: { program: "http-server", command: "http-server", target: ".", exposes: "directory" } }] }),
  c("registry: yarn --version installs nothing", "yarn --version", { ...allow, effects: [] }),
  c("registry: npx --version installs nothing", "npx --version", { ...allow, effects: [] }),
  c("registry: node --title before -e removing home", `node --title x -e "require('fs').rmSync('/home/dev',{recursive:true})"`, deny("fs.wipe")),
  c("registry: node --stack-size before -e removing home", `node --stack-size 900 -e "require('fs').rmSync('/home/dev',{recursive:true})"`, deny("fs.wipe")),
  c("registry: python3 -cCODE removing home", `python3 -c"import shutil; shutil.rmtree('/home/dev')"`, deny("fs.wipe")),
  c("registry: node --title -e printing stays allowed", `node --title x -e "console.log(1)"`, allow),
];

export default specs;
