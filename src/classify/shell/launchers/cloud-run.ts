// Commands a cloud's agent runs on machines (SPEC §6.1): `aws ssm send-command
// --parameters commands=…` and `az vm|vmss run-command invoke|create --scripts …`
// ship a shell script to every targeted VM. The API call itself is emitted (the
// family rows read what it is here); the script is parsed as the commands it is,
// with `runs_on: remote`. A script that is not literal — a `file://` or `@file`
// reference, a variable — is a shape-3 gap naming the option, never nothing.
import { subcommandWords } from "../../programs/registry.js";
import type { Word } from "../words.js";
import type { Launch, LauncherRow } from "./types.js";

/** The words' literal values, or null when one is not known. */
const literalText = (call: Launch, words: readonly Word[]): string[] | null => call.literals(words);

/** `commands` of an SSM `--parameters` value: JSON (`{"commands":[…]}`) or shorthand (`commands=CMD`, `commands=["a","b"]`); null: not literal. */
export function ssmCommands(value: string): string[] | null | undefined {
  const text = value.trim();
  if (text.startsWith("file://") || text.startsWith("fileb://")) return null;
  if (text.startsWith("{")) {
    try {
      const parsed = JSON.parse(text) as Record<string, unknown>;
      const commands = parsed.commands;
      if (commands === undefined) return undefined;
      if (typeof commands === "string") return [commands];
      return Array.isArray(commands) && commands.every((c) => typeof c === "string") ? commands : null;
    } catch {
      return null;
    }
  }
  const m = /(?:^|,)\s*commands=(.*)$/s.exec(text);
  if (m === null) return undefined;
  const list = m[1]!.trim();
  const unquote = (s: string) => s.trim().replace(/^(["'])(.*)\1$/s, "$2");
  if (list.startsWith("[") && list.endsWith("]")) return list.slice(1, -1).split(/(?<=["'])\s*,\s*(?=["'])/).map(unquote);
  return [unquote(list)];
}

/** `aws [global options] ssm send-command … --parameters P`: P's `commands` on every targeted instance. */
function awsSsm(call: Launch): number | null {
  const out = call.emit();
  const w = call.words;
  const at = (value: string, from: number) => w.findIndex((x, k) => k >= from && !x.dynamic && x.value === value);
  const ssm = at("ssm", call.i + 1);
  if (ssm < 0 || w[ssm + 1]?.dynamic !== false || w[ssm + 1]!.value !== "send-command") return out;
  for (let k = ssm + 2; k < w.length; k++) {
    const word = w[k]!;
    const inline = !word.dynamic && word.value.startsWith("--parameters=");
    if (!inline && (word.dynamic || word.value !== "--parameters")) continue;
    const valueWord = inline ? word : w[k + 1];
    if (valueWord === undefined) break;
    const value = literalText(call, [valueWord])?.[0];
    const commands = value === undefined ? null : ssmCommands(inline ? value.slice("--parameters=".length) : value);
    if (commands !== undefined) call.runScript(commands === null ? null : commands.join("\n"), "the aws ssm send-command commands", { runsOn: "remote" });
  }
  return out;
}

/** `az vm|vmss run-command invoke|create … --scripts S…` (or `--script S`): the script lines on the VM(s); `@file` is not literal. */
function azRunCommand(call: Launch): number | null {
  const out = call.emit();
  const w = call.words;
  // The command path after az's global options (`az --subscription s vm run-command invoke`), read through its registry entry.
  const ops = (subcommandWords("az", w.slice(call.i + 1)) ?? []).slice(0, 3).map((o) => (o.arg.dynamic ? "" : o.value));
  if (!(ops[0] === "vm" || ops[0] === "vmss") || ops[1] !== "run-command" || !(ops[2] === "invoke" || ops[2] === "create")) return out;
  for (let k = call.i + 4; k < w.length; k++) {
    const word = w[k]!;
    if (word.dynamic || !/^--(scripts?|source-script)$/.test(word.value)) continue;
    let end = k + 1;
    while (end < w.length && (w[end]!.dynamic || !w[end]!.value.startsWith("-"))) end++;
    const lines = literalText(call, w.slice(k + 1, end));
    const script = lines === null || lines.some((l) => l.startsWith("@")) ? null : lines.join("\n");
    call.runScript(script, `the az run-command ${word.value} script`, { runsOn: "remote" });
    k = end - 1;
  }
  return out;
}

export const CLOUD_RUN_ROWS: readonly LauncherRow[] = [
  {
    names: ["aws"],
    runs: "`ssm send-command --parameters commands=…` on every targeted instance",
    runsOn: "remote",
    launch: awsSsm,
    examples: [
      [
        "aws ssm send-command --document-name AWS-RunShellScript --targets Key=tag:Env,Values=prod --parameters commands='rm -rf /var/lib/app'",
        ["aws ssm send-command --document-name AWS-RunShellScript --targets Key=tag:Env,Values=prod --parameters commands=rm -rf /var/lib/app", "aws>rm -rf /var/lib/app"],
      ],
      [`aws ssm send-command --instance-ids i-1 --document-name AWS-RunShellScript --parameters '{"commands":["systemctl stop app","rm -rf /srv/app"]}'`, [`aws ssm send-command --instance-ids i-1 --document-name AWS-RunShellScript --parameters {"commands":["systemctl stop app","rm -rf /srv/app"]}`, "aws>systemctl stop app", "aws>rm -rf /srv/app"]],
      ["aws ssm send-command --instance-ids i-1 --parameters file://params.json", ["aws ssm send-command --instance-ids i-1 --parameters file://params.json"], [3]],
      ["aws ssm describe-instance-information", ["aws ssm describe-instance-information"]],
    ],
  },
  {
    names: ["az"],
    runs: "`vm|vmss run-command invoke|create --scripts …` on the VM(s)",
    runsOn: "remote",
    launch: azRunCommand,
    examples: [
      ["az vm run-command invoke -g rg -n vm1 --command-id RunShellScript --scripts 'rm -rf /data'", ["az vm run-command invoke -g rg -n vm1 --command-id RunShellScript --scripts rm -rf /data", "az>rm -rf /data"]],
      ["az vm run-command invoke -g rg -n vm1 --command-id RunShellScript --scripts @cleanup.sh", ["az vm run-command invoke -g rg -n vm1 --command-id RunShellScript --scripts @cleanup.sh"], [3]],
      ["az vm list -o table", ["az vm list -o table"]],
    ],
  },
];
