// Messaging: topics, queues, streams, consumer groups and their messages —
// Kafka's scripts and Redpanda's rpk, RabbitMQ (`rabbitmqctl`,
// `rabbitmqadmin`), NATS, AWS SQS/SNS, Google Pub/Sub, Azure Service Bus and
// storage queues. Deleting a topic/queue/stream is `destroy × message_queue`,
// purging its messages or deleting a group `delete`; wiping a broker node or a
// whole vhost carries `total: true`. Rewinding consumer offsets
// (`--reset-offsets --execute`, `rpk group seek`, `subscriptions seek`) is
// `write × message_queue` with its operation: messages are skipped or
// processed again. Kafka's `--reset-offsets` without `--execute` only prints
// the plan, and is a read.
import { AWS_CLI, AZ_CLI, GCLOUD_CLI } from "./clis.js";
import { eff, row, type Cli, type Family } from "./rows.js";

const KAFKA_CLI: Cli = {
  options: {
    longValue: [
      "bootstrap-server", "zookeeper", "command-config", "admin.config", "topic", "group", "partitions", "replication-factor", "config",
      "add-config", "delete-config", "entity-type", "entity-name", "to-offset", "to-datetime", "by-duration", "shift-by",
      "from-file", "offset-json-file", "operation", "allow-principal", "deny-principal", "resource-pattern-type", "cluster", "transactional-id",
      "timeout", "state", "member", "producer-property", "consumer-property", "property", "max-messages", "formatter", "partition", "offset",
    ],
    longBool: ["entity-default", "list", "describe", "delete", "create", "alter", "reset-offsets", "execute", "dry-run", "export", "all-topics", "all-groups", "to-earliest", "to-latest", "to-current", "add", "remove", "force", "from-beginning", "if-exists", "delete-offsets"],
  },
  help: { flags: ["help"] },
  dryRun: ["dry-run"],
};

const KAFKA_SCRIPTS = (names: string[]) => names.flatMap((n) => [n, `${n}.sh`]);

const KAFKA = {
  names: KAFKA_SCRIPTS(["kafka-topics"]),
  service: "kafka",
  cli: KAFKA_CLI,
  rows: [
    row("", eff("destroy", "message_queue"), [
      ["kafka-topics --bootstrap-server kafka-1:9092 --topic invoice-events --delete", "destroy message_queue"],
      ["kafka-topics.sh --describe --delete --topic 'tmp-.*' --bootstrap-server kafka-1:9092", "destroy message_queue"],
    ], { when: (m) => m.has("delete"), operation: "topic delete" }),
    row("", eff("read", "message_queue"), [["kafka-topics --bootstrap-server kafka-1:9092 --describe --topic invoice-events", "read message_queue"]], { when: (m) => m.has("list", "describe"), operation: "topic list" }),
  ],
};

const KAFKA_GROUPS = {
  names: KAFKA_SCRIPTS(["kafka-consumer-groups"]),
  service: "kafka",
  cli: KAFKA_CLI,
  rows: [
    row("", eff("delete", "message_queue"), [["kafka-consumer-groups.sh --bootstrap-server kafka-1:9092 --group billing-workers --delete", "delete message_queue"]], { when: (m) => m.has("delete", "delete-offsets"), operation: "group delete" }),
    row("", (m) => (m.has("execute") && !m.has("dry-run") ? eff("write", "message_queue") : eff("read", "message_queue", { dry_run: true })), [
      ["kafka-consumer-groups --bootstrap-server kafka-1:9092 --group billing-workers --topic invoice-events --reset-offsets --to-earliest --execute", "write message_queue operation=reset-offsets"],
      ["kafka-consumer-groups --bootstrap-server kafka-1:9092 --group billing-workers --all-topics --reset-offsets --shift-by -10", "read message_queue dry_run"],
    ], { when: (m) => m.has("reset-offsets"), operation: "reset-offsets" }),
    row("", eff("read", "message_queue"), [["kafka-consumer-groups --bootstrap-server kafka-1:9092 --list", "read message_queue"]], { when: (m) => m.has("list", "describe"), operation: "group list" }),
  ],
};

const KAFKA_CONFIGS = {
  names: KAFKA_SCRIPTS(["kafka-configs"]),
  service: "kafka",
  cli: KAFKA_CLI,
  rows: [
    row("", eff("write", "message_queue"), [["kafka-configs --bootstrap-server kafka-1:9092 --entity-type topics --entity-name invoice-events --alter --delete-config cleanup.policy", "write message_queue operation=delete-config"]], {
      when: (m) => m.has("alter") && m.value("delete-config") !== null,
      operation: "delete-config",
    }),
    row("", eff("read", "message_queue"), [["kafka-configs --bootstrap-server kafka-1:9092 --entity-type brokers --entity-default --describe", "read message_queue"]], { when: (m) => m.has("describe") && !m.has("alter"), operation: "describe" }),
  ],
};

const KAFKA_ACLS = {
  names: KAFKA_SCRIPTS(["kafka-acls"]),
  service: "kafka",
  cli: KAFKA_CLI,
  rows: [
    row("", eff("delete", "message_queue"), [["kafka-acls --bootstrap-server kafka-1:9092 --remove --allow-principal User:billing --topic invoice-events", "delete message_queue operation=acl-remove"]], { when: (m) => m.has("remove"), operation: "acl-remove" }),
    row("", eff("read", "message_queue"), [["kafka-acls --bootstrap-server kafka-1:9092 --list --topic invoice-events", "read message_queue"]], { when: (m) => m.has("list"), operation: "acl-list" }),
  ],
};

const KAFKA_DELETE_RECORDS = {
  names: KAFKA_SCRIPTS(["kafka-delete-records"]),
  service: "kafka",
  cli: KAFKA_CLI,
  rows: [row("", eff("delete", "message_queue"), [["kafka-delete-records.sh --bootstrap-server kafka-1:9092 --offset-json-file trim.json", "delete message_queue"]], { operation: "delete-records" })],
};

const RPK_CLI: Cli = {
  options: { shortValue: "pgXo", longValue: ["brokers", "config", "profile", "partitions", "replicas", "topic-config", "group", "to", "format", "offset", "user", "password", "sasl-mechanism"], longBool: ["no-confirm", "regex", "all", "print-commands"], aliases: { p: "partitions", g: "group", X: "config" } },
  help: { flags: ["help", "h"] },
  envFlags: ["profile"],
};

const RPK = {
  names: ["rpk"],
  service: "redpanda",
  cli: RPK_CLI,
  rows: [
    row("topic delete", eff("destroy", "message_queue"), [["rpk topic delete invoice-events --brokers rp-0:9092", "destroy message_queue"]]),
    row("topic trim-prefix|trim", eff("delete", "message_queue"), [["rpk topic trim-prefix invoice-events -p 2 --offset 5000", "delete message_queue"]]),
    row("group delete", eff("delete", "message_queue"), [["rpk group delete billing-workers", "delete message_queue"]]),
    row("group seek", eff("write", "message_queue"), [["rpk group seek billing-workers --to end", "write message_queue"]]),
    row("acl delete", eff("delete", "message_queue"), [["rpk acl delete --allow-principal User:billing --topic invoice-events", "delete message_queue"]]),
    row("security acl delete", eff("delete", "message_queue"), [["rpk security acl delete --allow-principal User:billing", "delete message_queue"]]),
    row("topic|group|cluster list|describe|consume|info|health|produce", eff("read", "message_queue"), [["rpk topic describe invoice-events", "read message_queue"]]),
  ],
};

// ── RabbitMQ ─────────────────────────────────────────────────────────────

const RABBITMQCTL_CLI: Cli = {
  options: { shortValue: "npt", longValue: ["node", "vhost", "timeout", "formatter"], longBool: ["quiet", "silent", "longnames", "offline", "if-empty", "if-unused"], aliases: { n: "node", p: "vhost", t: "timeout", q: "quiet", s: "silent" } },
  help: { flags: ["help"], word: "first" },
  envFlags: ["vhost", "node"],
};

const RABBITMQCTL = {
  names: ["rabbitmqctl"],
  service: "rabbitmq",
  cli: RABBITMQCTL_CLI,
  rows: [
    // reset/force_reset return the node to a blank state: every queue, exchange, user and vhost on it.
    row("reset|force_reset", eff("destroy", "message_queue", { total: true }), [["rabbitmqctl -n rabbit@mq-2 reset", "destroy message_queue total"], ["rabbitmqctl force_reset --quiet", "destroy message_queue total"]]),
    row("delete_vhost", eff("destroy", "message_queue", { total: true }), [["rabbitmqctl delete_vhost billing", "destroy message_queue total"]]),
    row("delete_queue", eff("destroy", "message_queue"), [["rabbitmqctl delete_queue invoices.retry -p billing", "destroy message_queue"]]),
    row("purge_queue", eff("delete", "message_queue"), [["rabbitmqctl -p billing purge_queue invoices.dead", "delete message_queue"]]),
    row("delete_user|clear_permissions|clear_policy|clear_parameter|delete_shovel", eff("delete", "message_queue"), [["rabbitmqctl delete_user legacy-worker", "delete message_queue"]]),
    row("forget_cluster_node", eff("write", "message_queue"), [["rabbitmqctl forget_cluster_node --offline rabbit@mq-3", "write message_queue operation=forget_cluster_node"]]),
    row("status|list_queues|list_exchanges|list_bindings|list_vhosts|list_users|list_connections|list_channels|cluster_status|report|environment|node_health_check|ping", eff("read", "message_queue"), [
      ["rabbitmqctl -n rabbit@mq-2 status", "read message_queue"],
      ["rabbitmqctl list_queues -p billing name consumers", "read message_queue"],
      ["rabbitmqctl help purge_queue", ""],
    ]),
  ],
};

const RABBITMQADMIN_CLI: Cli = {
  options: { shortValue: "HPVupcNfSkd", longValue: ["host", "port", "vhost", "username", "password", "config", "node", "format", "path-prefix", "name", "ssl-key-file", "ssl-cert-file", "ssl-ca-cert-file"], longBool: ["ssl", "quiet", "bash-completion", "non-interactive"], aliases: { V: "vhost", H: "host" } },
  help: { flags: ["help"], word: "first" },
  envFlags: ["vhost", "host"],
};

const RABBITMQADMIN = {
  names: ["rabbitmqadmin"],
  service: "rabbitmq",
  cli: RABBITMQADMIN_CLI,
  rows: [
    row("delete vhost|vhosts", eff("destroy", "message_queue", { total: true }), [["rabbitmqadmin -H mq.internal delete vhost name=billing-old", "destroy message_queue total"]]),
    row("delete queue|exchange", eff("destroy", "message_queue"), [["rabbitmqadmin -V billing delete queue name=invoices.retry", "destroy message_queue"], ["rabbitmqadmin delete exchange name=billing.topic", "destroy message_queue"]]),
    row("delete *", eff("delete", "message_queue"), [["rabbitmqadmin delete binding source=billing.topic destination=invoices destination_type=queue", "delete message_queue"]]),
    row("purge queue", eff("delete", "message_queue"), [["rabbitmqadmin -V billing purge queue name=invoices.dead", "delete message_queue"]]),
    // rabbitmqadmin 2.x: `queues delete --name x`, `vhosts delete`, `queues purge`.
    row("vhosts delete", eff("destroy", "message_queue", { total: true }), [["rabbitmqadmin vhosts delete --name billing-old", "destroy message_queue total"]]),
    row("queues|exchanges|streams delete", eff("destroy", "message_queue"), [["rabbitmqadmin --vhost billing queues delete --name invoices.retry", "destroy message_queue"]]),
    row("queues purge", eff("delete", "message_queue"), [["rabbitmqadmin queues purge --name invoices.dead", "delete message_queue"]]),
    row("bindings|users|permissions|policies delete", eff("delete", "message_queue"), [["rabbitmqadmin users delete --name legacy-worker", "delete message_queue"]]),
    row("list|show|get|export", eff("read", "message_queue"), [["rabbitmqadmin -V billing list queues name messages", "read message_queue"], ["rabbitmqadmin show overview", "read message_queue"]]),
  ],
};

// ── NATS ─────────────────────────────────────────────────────────────────

const NATS_CLI: Cli = {
  options: { shortValue: "s", longValue: ["server", "creds", "user", "password", "context", "nkey", "tlscert", "tlskey", "tlsca", "js-domain", "timeout", "seq", "keep", "subject"], longBool: ["force", "json", "trace"], aliases: { s: "server", f: "force" } },
  help: { flags: ["help"] },
  envFlags: ["context"],
};

const NATS = {
  names: ["nats"],
  service: "nats",
  cli: NATS_CLI,
  rows: [
    row("stream|str rm|delete|del", eff("destroy", "message_queue"), [["nats stream rm INVOICES -f", "destroy message_queue"], ["nats --context prod stream del INVOICES", "destroy message_queue"]]),
    row("stream|str purge", eff("delete", "message_queue"), [["nats stream purge INVOICES --subject invoices.eu -f", "delete message_queue"]]),
    row("stream|str rmm", eff("delete", "message_queue"), [["nats stream rmm INVOICES 1042 -f", "delete message_queue"]]),
    row("consumer|con rm|delete|del", eff("delete", "message_queue"), [["nats consumer rm INVOICES mailer -f", "delete message_queue"]]),
    // `kv rm BUCKET` removes the bucket; `kv del|purge BUCKET KEY` one key.
    row("kv rm", (m) => (m.rest.length >= 2 ? eff("delete", "message_queue") : eff("destroy", "message_queue")), [["nats kv rm SESSIONS -f", "destroy message_queue"], ["nats kv rm SESSIONS user.42 -f", "delete message_queue"]]),
    row("kv del|delete|purge", eff("delete", "message_queue"), [["nats kv del SESSIONS user.7", "delete message_queue"]]),
    row("object|obj rm|delete|del", eff("delete", "message_queue"), [["nats object rm ASSETS logo.svg -f", "delete message_queue"]]),
    row("account delete", eff("destroy", "message_queue", { total: true }), [["nats account delete BILLING", "destroy message_queue total"]]),
    row("stream|str|consumer|con|kv|object|obj|server|account info|ls|list|report|get|history|view|watch|status|ping", eff("read", "message_queue"), [
      ["nats stream info INVOICES --json", "read message_queue"],
      ["nats kv get SESSIONS user.42", "read message_queue"],
    ]),
    row("pub|sub|req|reply|bench|events|latency|rtt|publish|subscribe|request", eff("read", "message_queue"), [["nats pub invoices.eu '{\"id\":1}'", "read message_queue"], ["nats bench invoices.bench --msgs 1000", "read message_queue"]]),
  ],
};

// ── Clouds: SQS/SNS, Pub/Sub, Service Bus ────────────────────────────────

const AWS_MESSAGING = {
  names: ["aws"],
  service: "aws-sqs-sns",
  cli: AWS_CLI,
  rows: [
    row("sqs delete-queue", eff("destroy", "message_queue"), [["aws sqs delete-queue --queue-url https://sqs.eu-west-1.amazonaws.com/111122223333/invoices-dlq", "destroy message_queue"]]),
    row("sqs purge-queue", eff("delete", "message_queue"), [["aws --region eu-west-1 sqs purge-queue --queue-url https://sqs.eu-west-1.amazonaws.com/111122223333/invoices", "delete message_queue"]]),
    row("sqs delete-message|delete-message-batch", eff("delete", "message_queue"), [["aws sqs delete-message-batch --queue-url https://sqs.eu-west-1.amazonaws.com/111122223333/invoices --entries file://done.json", "delete message_queue"]]),
    row("sns delete-topic", eff("destroy", "message_queue"), [["aws sns delete-topic --topic-arn arn:aws:sns:eu-west-1:111122223333:invoice-paid", "destroy message_queue"]]),
    row("sns unsubscribe|delete-platform-application|delete-endpoint|remove-permission", eff("delete", "message_queue"), [
      ["aws sns unsubscribe --subscription-arn arn:aws:sns:eu-west-1:111122223333:invoice-paid:8c2d", "delete message_queue"],
      ["aws sns remove-permission --topic-arn arn:aws:sns:eu-west-1:111122223333:invoice-paid --label partner-publish", "delete message_queue"],
    ]),
    row("sqs|sns *", (m) => (/^(list|get|receive)-/.test(m.path[1]) ? eff("read", "message_queue") : null), [["aws sqs get-queue-attributes --queue-url https://sqs.eu-west-1.amazonaws.com/111122223333/invoices --attribute-names All", "read message_queue"], ["aws sns list-subscriptions-by-topic --topic-arn arn:aws:sns:eu-west-1:111122223333:invoice-paid", "read message_queue"]]),
  ],
};

const GCLOUD_PUBSUB = {
  names: ["gcloud"],
  service: "gcp-pubsub",
  cli: GCLOUD_CLI,
  rows: [
    row("pubsub topics|subscriptions|schemas delete", eff("destroy", "message_queue"), [["gcloud pubsub topics delete invoice-events --project ledgerly-prod", "destroy message_queue"]]),
    row("pubsub snapshots delete", eff("delete", "message_queue"), [["gcloud pubsub snapshots delete before-migration", "delete message_queue"]]),
    row("pubsub subscriptions seek", eff("write", "message_queue"), [["gcloud pubsub subscriptions seek mailer-sub --snapshot before-migration", "write message_queue"]]),
    row("pubsub topics|subscriptions|snapshots|schemas list|describe|pull|list-subscriptions", eff("read", "message_queue"), [["gcloud pubsub subscriptions list --project ledgerly-prod", "read message_queue"]]),
  ],
};

const AZ_MESSAGING = {
  names: ["az"],
  service: "azure-messaging",
  cli: AZ_CLI,
  rows: [
    row("servicebus|eventhubs namespace delete", eff("destroy", "message_queue", { total: true }), [["az servicebus namespace delete -g ledgerly-rg -n ledgerly-bus", "destroy message_queue total"]]),
    row("servicebus|eventhubs queue|topic|eventhub|subscription delete", eff("destroy", "message_queue"), [["az servicebus topic delete -g ledgerly-rg --namespace-name ledgerly-bus -n invoice-paid", "destroy message_queue"]]),
    row("storage queue delete", eff("destroy", "message_queue"), [["az storage queue delete -n thumbnails --account-name ledgerlyst", "destroy message_queue"]]),
    row("storage message clear|delete", eff("delete", "message_queue"), [["az storage message clear -q thumbnails --account-name ledgerlyst", "delete message_queue"]]),
  ],
};

export const MESSAGING: Family = {
  name: "messaging",
  programs: [KAFKA, KAFKA_GROUPS, KAFKA_CONFIGS, KAFKA_ACLS, KAFKA_DELETE_RECORDS, RPK, RABBITMQCTL, RABBITMQADMIN, NATS, AWS_MESSAGING, GCLOUD_PUBSUB, AZ_MESSAGING],
};
