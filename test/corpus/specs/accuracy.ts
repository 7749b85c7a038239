// Issue 20 (accuracy): the classes held-out sets still found, each stated by
// hand with its harmless lookalikes — forced pushes that include main without
// naming it, destruction by a saved plan or by TF_CLI_ARGS, other spellings of
// the workspace (`~+`, `~-`, `$OLDPWD`), …
import type { CaseSpec } from "../spec.js";
import { cleanAllow as allow, defaultBash as c, firedWith } from "./helpers.js";

const deny = (artifact_id: string, unknown: number[] = []) => firedWith("deny", artifact_id, unknown);
const ask = (artifact_id: string, unknown: number[] = []) => firedWith("ask", artifact_id, unknown);

export const specs: CaseSpec[] = [
  // ── forced pushes of every branch: main is in the set ──
  c("accuracy: push --force --all", "git push --force --all origin", deny("git.force_push_protected")),
  c("accuracy: push --all -f, flags after the remote", "git push origin --all -f", deny("git.force_push_protected")),
  c("accuracy: push --branches --force-with-lease", "git push --force-with-lease --branches origin", deny("git.force_push_protected")),
  c("accuracy: push --mirror (forces every ref)", "git push --mirror git@github.com:org/app.git", deny("git.force_push_protected")),
  c("accuracy: a forced wildcard refspec of every branch", "git push origin '+refs/heads/*:refs/heads/*'", deny("git.force_push_protected")),
  c("accuracy: a forced catch-all refspec", "git push origin '+*:*'", deny("git.force_push_protected")),
  c("accuracy: -f with refs/*", "git push -f upstream 'refs/*:refs/*'", deny("git.force_push_protected")),
  c("accuracy: a wildcard that can match main", "git push -f origin '+refs/heads/ma*:refs/heads/ma*'", deny("git.force_push_protected")),
  c("accuracy: filter-branch then push --force --all", "git filter-branch --force --index-filter 'git rm --cached -r --ignore-unmatch secrets' -- --all && git push origin --force --all", deny("git.force_push_protected")),
  c("accuracy: a forced push of one folder of branches asks", "git push -f origin '+refs/heads/feature/*:refs/heads/feature/*'", ask("git.force_push_unknown_branch")),
  c("accuracy: push --all without force stays allowed", "git push --all origin", allow),
  c("accuracy: a wildcard push without force stays allowed", "git push origin 'refs/heads/*:refs/heads/*'", allow),
  c("accuracy: push --force --tags is not every branch", "git push --force --tags origin", allow),
  c("accuracy: push --all --dry-run stays allowed", "git push --all --force --dry-run origin", allow),
  c("accuracy: a forced push of a named feature branch stays allowed", "git push --force-with-lease origin feature/login", allow),

  // ── destruction by a saved plan or by the environment ──
  c("accuracy: terraform apply of a saved destroy plan", "terraform plan -destroy -out=tf.plan && terraform apply tf.plan", deny("infra.destroy")),
  c("accuracy: -out with a space, apply -auto-approve", "terraform plan -destroy -out gone.tfplan; terraform apply -auto-approve gone.tfplan", deny("infra.destroy")),
  c("accuracy: tofu apply of a saved destroy plan", "tofu plan -destroy -out=p.bin && tofu apply p.bin", deny("infra.destroy")),
  c("accuracy: terraform -chdir plan -destroy then apply", "terraform -chdir=infra plan -destroy -out=x && terraform -chdir=infra apply x", deny("infra.destroy")),
  c("accuracy: terragrunt apply of a saved destroy plan", "terragrunt plan -destroy -out=p && terragrunt apply p", deny("cloud.wipe")),
  c("accuracy: TF_CLI_ARGS=-destroy before an apply", "TF_CLI_ARGS=-destroy terraform apply -auto-approve", deny("infra.destroy")),
  c("accuracy: TF_CLI_ARGS_apply with -destroy", "TF_CLI_ARGS_apply='-destroy -auto-approve' terraform apply", deny("infra.destroy")),
  c("accuracy: export TF_CLI_ARGS_apply=-destroy then apply", "export TF_CLI_ARGS_apply=-destroy; terraform apply", deny("infra.destroy")),
  c("accuracy: env TF_CLI_ARGS=-destroy tofu apply", "env TF_CLI_ARGS=-destroy tofu apply", deny("infra.destroy")),
  c("accuracy: TF_CLI_ARGS_apply=-auto-approve asks", "TF_CLI_ARGS_apply=-auto-approve terraform apply", ask("infra.disrupt")),
  c("accuracy: a saved plan without -destroy stays allowed", "terraform plan -out=next.tfplan && terraform apply next.tfplan", allow),
  c("accuracy: plan -destroy alone stays allowed", "terraform plan -destroy -out=teardown.tfplan", allow),
  c("accuracy: show of a destroy plan stays allowed", "terraform plan -destroy -out=t.plan && terraform show t.plan", allow),
  c("accuracy: TF_CLI_ARGS=-no-color stays allowed", "TF_CLI_ARGS=-no-color terraform plan", allow),
  c("accuracy: TF_CLI_ARGS_plan with -destroy stays allowed", "TF_CLI_ARGS_plan=-destroy terraform plan", allow),

  // ── other spellings of the workspace and home ──
  c("accuracy: rm -rf ~+ (the working directory)", "rm -rf ~+", deny("fs.wipe")),
  c("accuracy: rm -rf ~+/ with a slash", "rm -rf ~+/", deny("fs.wipe")),
  c("accuracy: rm -rf ~- (the previous directory)", "rm -rf ~-", deny("fs.wipe")),
  c("accuracy: cd away, then rm -rf ~-", "cd /tmp && rm -rf ~-", deny("fs.wipe")),
  c("accuracy: cd away, then rm -rf \"$OLDPWD\"", "cd /tmp; rm -rf \"$OLDPWD\"", deny("fs.wipe")),
  c("accuracy: cd into src, then rm -rf ${OLDPWD}", "cd src && rm -rf \"${OLDPWD}\"", deny("fs.wipe")),
  c("accuracy: rm -rf \"${PWD}/..\" (home)", "rm -rf \"${PWD}/..\"", deny("fs.wipe")),
  c("accuracy: rm -rf \"$OLDPWD\" with no cd", "rm -rf \"$OLDPWD\"", deny("fs.wipe")),
  c("accuracy: rm -rf ~+/build stays allowed", "rm -rf ~+/build", allow),
  c("accuracy: cd away, rm -rf ~-/dist stays allowed", "cd /tmp && rm -rf ~-/dist", allow),
  c("accuracy: cd into src, rm -rf \"$PWD\" (src) stays allowed", "cd src && rm -rf \"$PWD\"", allow),
  c("accuracy: ls ~+ stays allowed", "ls ~+", allow),
  c("accuracy: cd - stays allowed", "cd - && ls", allow),
  // ── a guard in front of a wipe does not soften it (test-bracket operands the grammar misread) ──
  c("accuracy: [ -d ~ ] && rm -rf ~", "[ -d ~ ] && rm -rf ~", deny("fs.wipe")),
  c("accuracy: [[ -d ~ ]] && rm -rf ~", "[[ -d ~ ]] && rm -rf ~", deny("fs.wipe")),
  c("accuracy: [ -d / ] && rm -rf /", "[ -d / ] && rm -rf /", deny("fs.wipe")),
  c("accuracy: [ ! -e ~ ] || rm -rf ~", "[ ! -e ~ ] || rm -rf ~", deny("fs.wipe")),
  c("accuracy: [ \"$x\" = ~ ] && rm -rf ~/", "[ \"$x\" = ~ ] && rm -rf ~/", deny("fs.wipe")),
  c("accuracy: [ -d ~+ ] && rm -rf ~+", "[ -d ~+ ] && rm -rf ~+", deny("fs.wipe")),
  c("accuracy: test -e ~ && rm -rf ~", "test -e ~ && rm -rf ~", deny("fs.wipe")),
  c("accuracy: if [ -d ~ ]; then rm -rf ~; fi", "if [ -d ~ ]; then rm -rf ~; fi", deny("fs.wipe")),
  c("accuracy: while [ -d ~ ]; do rm -rf ~; done", "while [ -d ~ ]; do rm -rf ~; done", deny("fs.wipe")),
  c("accuracy: if test -d /; then rm -rf /*; fi", "if test -d /; then rm -rf /*; fi", deny("fs.wipe")),
  c("accuracy: [ -d ~ ] && ls ~ stays allowed", "[ -d ~ ] && ls ~", allow),
  c("accuracy: [ -d / ] && echo ok stays allowed", "[ -d / ] && echo ok", allow),
  c("accuracy: [ -d ~ ] && rm -rf ~/project/build stays allowed", "[ -d ~ ] && rm -rf ~/project/build", allow),
  c("accuracy: if [ -d build ]; then rm -rf build; fi stays allowed", "if [ -d build ]; then rm -rf build; fi", allow),
  c("accuracy: [[ -e ~+/node_modules ]] && rm -rf node_modules stays allowed", "[[ -e ~+/node_modules ]] && rm -rf node_modules", allow),
  // ── log tampering and lock-outs ──
  c("accuracy: truncating the auth log asks", "sudo truncate -s 0 /var/log/auth.log", ask("host.log_tamper")),
  c("accuracy: shredding the login history asks", "shred -zu /var/log/wtmp", ask("host.log_tamper")),
  c("accuracy: emptying syslog by a redirection asks", "cat /dev/null > /var/log/syslog", ask("host.log_tamper")),
  c("accuracy: find truncating every log asks", "find /var/log -name '*.log' -exec truncate -s 0 {} \\;", ask("host.log_tamper")),
  c("accuracy: the auth log linked to /dev/null asks", "ln -sf /dev/null /var/log/auth.log", ask("host.log_tamper")),
  c("accuracy: vacuuming the journal asks", "journalctl --vacuum-time=1s", ask("host.log_tamper")),
  c("accuracy: clearing the Windows security log asks", "wevtutil cl Security", ask("host.log_tamper")),
  c("accuracy: Clear-EventLog asks", "Clear-EventLog -LogName Security", ask("host.log_tamper")),
  c("accuracy: auditing switched off asks", "sudo auditctl -e 0", ask("host.defense_off")),
  c("accuracy: every permission off the workspace asks", "chmod -R 000 .", ask("fs.lockout")),
  c("accuracy: the home directory untraversable asks", "chmod 644 ~", ask("fs.lockout")),
  c("accuracy: every permission off home recursively denies", "chmod -R a-rwx ~", deny("fs.chmod_root")),
  c("accuracy: home given to another user denies", "sudo chown -R nobody:nogroup ~", deny("fs.chmod_root")),
  c("accuracy: the workspace given to root asks", "sudo chown -R root:root .", ask("fs.lockout")),
  c("accuracy: home made immutable asks", "sudo chattr +i ~", ask("fs.lockout")),
  c("accuracy: the workspace made immutable asks", "chattr -R +i .", ask("fs.lockout")),
  c("accuracy: home made immutable recursively denies", "sudo chattr -R +i /home/dev", deny("fs.chmod_root")),
  c("accuracy: reading the auth log stays allowed", "sudo tail -n 50 /var/log/auth.log", allow),
  c("accuracy: the journal of one unit stays allowed", "journalctl -u nginx --since today", allow),
  c("accuracy: rotating the journal stays allowed", "journalctl --rotate", allow),
  c("accuracy: truncating the project's own log stays allowed", "truncate -s 0 logs/dev.log", allow),
  c("accuracy: chmod -R 755 on the workspace stays allowed", "chmod -R 755 .", allow),
  c("accuracy: tightening home for group and others stays allowed", "chmod -R go-rwx ~", allow),
  c("accuracy: chmod 700 on home stays allowed", "chmod 700 ~", allow),
  c("accuracy: home chowned back to its own user stays allowed", "sudo chown -R $USER:$USER ~", allow),
  c("accuracy: home chowned to its owner by name stays allowed", "sudo chown -R dev ~", allow),
  c("accuracy: the project chowned to its owner stays allowed", "chown -R dev:dev ~/project", allow),
  c("accuracy: one build artefact made immutable stays allowed", "chattr +i build/release.bin", allow),
  c("accuracy: chattr -i on the workspace stays allowed", "chattr -R -i .", allow),
];


export default specs;
