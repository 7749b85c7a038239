// The family row engine's shared parts: the global help / dry-run handling
// (for family rows and for the tools whose effects are still handlers), the
// subcommand search, the table's integrity, the HTTP request reader and the
// GraphQL mutation reader — and a property: no command line of a family tool
// makes the table fail.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { compileFamilies, invocationMode } from "../../../src/classify/effects/families/engine.js";
import { cliFor, FAMILIES } from "../../../src/classify/effects/families/index.js";
import { graphqlMutationFields, httpRequest } from "../../../src/classify/effects/families/http-request.js";
import { row, type Cli, type Family } from "../../../src/classify/effects/families/rows.js";
import { shellEffects } from "../../../src/classify/effects/index.js";
import { literalArg } from "../../../src/classify/programs/args.js";
import { argv, sh } from "../build.js";
import { ENV, effectsOf, pairs } from "./helpers.js";

const mode = (program: string, line: string) => invocationMode(cliFor(program)!, sh(`${program} ${line}`).commands[0].args);

describe("help prints usage and does nothing", () => {
  it.each([
    ["terraform", "destroy -help", "help"],
    ["terraform", "-help destroy", "help"],
    ["terraform", "destroy -auto-approve -h", "help"],
    ["kubectl", "delete ns payments --help", "help"],
    ["kubectl", "delete ns payments -h", "help"],
    ["helm", "uninstall billing -h", "help"],
    ["aws", "s3 rm s3://b/k help", "help"],
    ["aws", "s3 rm s3://b/k --help", "help"],
    ["gh", "help repo delete", "help"],
    ["vault", "kv delete -help secret/x", "help"],
    ["az", "repos delete --id 7 --yes -h", "help"],
  ])("%s %s", (program, line, want) => expect(mode(program, line)).toBe(want));

  it.each([
    // after `--` the word is an operand
    ["kubectl", "delete pod -- --help"],
    // the value of a flag that takes one, declared or not
    ["aws", "s3 rm s3://b --recursive --exclude --help"],
    ["az", "repos delete --id --help --yes"],
    // `--help=false`
    ["kubectl", "delete ns x --help=false"],
    // Go-flag tools stop reading flags at the first argument: `-help` there is an argument
    ["vault", "kv delete secret/x -help"],
    // `help` is only the last word for aws, the first for gh
    ["aws", "s3 rm help s3://b/k"],
    ["gh", "repo delete help"],
    // `-h` is the host for database clients, a header for gsutil
    ["psql", "-h db.internal -c 'DROP TABLE t'"],
    ["gsutil", "-h Cache-Control:no-cache rm gs://b/x"],
  ])("not help: %s %s", (program, line) => expect(mode(program, line)).toBe(null));

  it("a help invocation of an existing handler's tool has no effects, its redirects still do", () => {
    expect(effectsOf("terraform destroy -help")).toEqual([]);
    expect(pairs(effectsOf("kubectl delete ns payments --help > notes.txt"))).toEqual(["write workspace_file"]);
  });
});

describe("dry runs change nothing", () => {
  it.each([
    ["kubectl", "delete deploy api --dry-run=client", "dry_run"],
    ["kubectl", "delete deploy api --dry-run", "dry_run"],
    ["kubectl", "delete deploy api --dry-run=server", "dry_run"],
    ["kubectl", "delete deploy api --dry-run=none", null],
    ["helm", "uninstall billing --dry-run", "dry_run"],
    ["pulumi", "destroy --preview-only", "dry_run"],
    ["aws", "s3 rm s3://b --recursive --dryrun", "dry_run"],
    ["aws", "ec2 terminate-instances --instance-ids i-1 --dry-run", "dry_run"],
    ["aws", "ec2 terminate-instances --instance-ids i-1 --dry-run --no-dry-run", null],
    ["rclone", "purge remote:b --dry-run=false", null],
    ["rclone", "purge remote:b --no-dry-run", null],
    ["rclone", "purge remote:b -n", "dry_run"],
    ["rsync", "-an --delete src/ dst/", "dry_run"],
    // `-n` is the namespace for kubectl
    ["kubectl", "delete ns payments -n default", null],
  ])("%s %s", (program, line, want) => expect(mode(program, line)).toBe(want));

  it("a dry run's destructive effects become reads that say what they would have done", () => {
    const e = effectsOf("kubectl delete deploy api --dry-run=client");
    expect(e).toHaveLength(1);
    expect(e[0]).toMatchObject({ verb: "read", target_class: "infrastructure", attrs: { dry_run: true, would: "destroy" } });
    expect(pairs(effectsOf("helm uninstall billing --dry-run"))).toEqual(["read infrastructure"]);
    expect(pairs(effectsOf("rsync -an --delete build/ /srv/www/"))).toEqual(["read data_store", "read workspace_file"]);
  });

  it("plan forms are read-only siblings", () => {
    expect(pairs(effectsOf("terraform plan -destroy"))).toEqual(["read infrastructure"]);
    expect(pairs(effectsOf("kafka-consumer-groups --bootstrap-server k:9092 --group g --topic t --reset-offsets --to-latest"))).toEqual(["read message_queue"]);
  });
});

describe("the subcommand", () => {
  it("is found past the values of flags the Cli does not declare", () => {
    expect(pairs(effectsOf("restic --password-command 'pass show bk' forget 4cba93e1"))).toEqual(["delete backup"]);
    expect(pairs(effectsOf("nats --server nats://n1:4222 stream rm INVOICES -f"))).toEqual(["destroy message_queue"]);
  });
  it("is unknown when another word comes first: nothing runs, so nothing is claimed", () => {
    expect(effectsOf("wrangler kv-namespaces delete sessions")).toEqual([]);
    expect(effectsOf("restic ./repo forget latest")).toEqual([]);
  });
  it("a family row's claim replaces the aws catch-all; unclaimed commands still reach it", () => {
    expect(pairs(effectsOf("aws s3api delete-bucket --bucket b"))).toEqual(["destroy object_storage"]);
    expect(pairs(effectsOf("aws ec2 terminate-instances --instance-ids i-1"))).toEqual(["destroy infrastructure"]);
  });
  it("java -jar runs the tool the jar is", () => {
    expect(pairs(effectsOf("java -Xmx512m -jar tools/jenkins-cli.jar -s https://ci/ delete-job nightly"))).toEqual(["destroy ci_pipeline"]);
    expect(effectsOf("java -jar other.jar delete-job nightly")).toEqual([]);
  });
});

describe("the table", () => {
  it("refuses a tool declared with two Cli objects", () => {
    const a: Cli = { help: { flags: ["help"] } };
    const b: Cli = { help: { flags: ["help"] } };
    const fam = (cli: Cli): Family => ({ name: "x", programs: [{ names: ["tool"], service: "t", cli, rows: [row("rm", { verb: "delete", target: "backup" }, [])] }] });
    expect(() => compileFamilies([fam(a), fam(b)])).toThrow(/second Cli/);
    expect(() => compileFamilies([fam(a), fam(a)])).not.toThrow();
  });
  it("every program name is a normalised program name", () => {
    for (const f of FAMILIES) for (const p of f.programs) for (const n of p.names) expect(n).toBe(n.toLowerCase());
  });
});

describe("the HTTP request reader", () => {
  const req = (line: string) => {
    const c = sh(line).commands[0];
    return httpRequest(c.cmd.program, c.args)!;
  };
  it.each([
    ["curl https://x.io/a", "GET"],
    ["curl -XDELETE https://x.io/a", "DELETE"],
    ["curl --request=delete https://x.io/a", "DELETE"],
    ["curl https://x.io/a -X PUT -X DELETE", "DELETE"],
    ["curl -d a=1 https://x.io/a", "POST"],
    ["curl --json '{}' https://x.io/a", "POST"],
    ["curl -G -d q=1 https://x.io/a", "GET"],
    ["curl -I https://x.io/a", "HEAD"],
    ["curl -T f.txt https://x.io/a", "PUT"],
    ["wget --method=DELETE https://x.io/a", "DELETE"],
    ["wget --post-data 'a=1' https://x.io/a", "POST"],
    ["http DELETE :9200/idx", "DELETE"],
    ["http :9200/idx name=x", "POST"],
    ["http :9200/idx q==x", "GET"],
    ["http :9200/idx Authorization:token", "GET"],
    ["xh delete example.org/a", "DELETE"],
  ])("%s → %s", (line, method) => expect(req(line).method).toBe(method));
  it("reads URLs as the clients do", () => {
    expect(req("http DELETE :9200/idx").urls[0].url?.href).toBe("http://localhost:9200/idx");
    expect(req("https example.org/a").urls[0].url?.protocol).toBe("https:");
    expect(req("curl localhost:8001/services").urls[0].url?.port).toBe("8001");
    expect(req('curl "$API"/x').urls[0].url).toBe(null);
  });
  it("keeps literal bodies, not files", () => {
    expect(req("curl -d @body.json https://x.io").body).toBe(null);
    expect(req("curl --data-raw @literal https://x.io").body).toBe("@literal");
    expect(req("curl -d a=1 -d b=2 https://x.io").body).toBe("a=1&b=2");
  });
  it("argv form too", () => {
    const a = argv(["curl", "-X", "DELETE", "http://localhost:9200/logs"]).commands[0];
    expect(httpRequest("curl", a.args)?.method).toBe("DELETE");
    expect(httpRequest("ls", [literalArg("x")])).toBe(null);
  });
});

describe("GraphQL mutations", () => {
  it.each([
    ['{"query":"mutation { projectDelete(id:\\"p\\") }"}', ["projectDelete"]],
    ["mutation Drop($id: ID!) { a: deleteUser(id: $id) { id } renameTeam(id: 1, name: \"x\") { id } }", ["deleteUser", "renameTeam"]],
    ['{"query":"mutation($i: In!){variableCollectionUpsert(input:$i)}","variables":{"i":{"replace":true}}}', ["variableCollectionUpsert"]],
    ["query { project { id deleteMe } }", []],
    ["{ me { name } }", []],
    [null, []],
  ])("%s", (body, fields) => expect(graphqlMutationFields(body)).toEqual(fields));
});

describe("property: no family tool's command line makes the table fail", () => {
  const programs = [...new Set(FAMILIES.flatMap((f) => f.programs.flatMap((p) => p.names)))];
  const words = [...new Set(FAMILIES.flatMap((f) => f.programs.flatMap((p) => p.rows.flatMap((r) => r.path.split(/[\s|]+/)))).filter((w) => w && w !== "*"))];
  it(`over ${programs.length} programs`, () => {
    const word = fc.oneof(
      fc.constantFrom(...words),
      fc.constantFrom("--help", "-h", "help", "--dry-run", "--dry-run=false", "-n", "--", "-X", "DELETE", "--force", "--recursive", "-r", "s3://b", "gs://b/*", "remote:", "/", "~", "$X", "$(x)", "{}", "=", "--json", "'{\"query\":\"mutation { xDelete }\"}'"),
      fc.string({ maxLength: 6 }),
    );
    fc.assert(
      fc.property(fc.constantFrom(...programs, "curl", "http", "java"), fc.array(word, { maxLength: 7 }), (program, ws) => {
        for (const a of [sh(`${program} ${ws.join(" ")}`), argv([program, ...ws])]) {
          const r = shellEffects(a, ENV);
          expect(r.unknown.filter((u) => u.reason.startsWith("classifier error"))).toEqual([]);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe("the families' target classes", () => {
  it("each is used by a row, documented, and stopped by a default-bundle rule", async () => {
    const { TARGET_CLASSES } = await import("../../../src/model/classification.js");
    const { readFileSync } = await import("node:fs");
    const added = TARGET_CLASSES.slice(TARGET_CLASSES.indexOf("subagent") + 1, TARGET_CLASSES.indexOf("unknown"));
    expect(added.length).toBeGreaterThan(0);
    const doc = readFileSync(new URL("../../../docs/classifier.md", import.meta.url), "utf8");
    const bundle = readFileSync(new URL("../../../bundles/default.json", import.meta.url), "utf8");
    const source = FAMILIES.map((f) => JSON.stringify(f, (_k, v) => (typeof v === "function" ? v.toString() : v instanceof RegExp ? v.source : v))).join("\n");
    for (const cls of added) {
      expect(source, cls).toContain(`"${cls}"`);
      expect(doc, cls).toContain(`| \`${cls}\` |`);
      expect(bundle, cls).toContain(`"target_class": "${cls}"`);
    }
  });
});
