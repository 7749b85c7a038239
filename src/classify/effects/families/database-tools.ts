// Database tools of application frameworks and hosted databases: the commands
// that drop, reset or empty a database without a line of SQL on the command
// line — Prisma, Rails/rake, Django (`manage.py`), Laravel (`artisan`),
// Knex, Sequelize, TypeORM, Drizzle, Ecto (`mix`), Entity Framework, Diesel,
// Alembic/Flask-Migrate, Supabase, BigQuery's `bq`. Dropping or resetting a
// database (drop and recreate it, run every migration down, load a schema over
// it) is `destroy × database` with `total: true`; emptying every table
// (`flush`, `db:truncate_all`) is `delete × database {where: none}`; rolling
// one migration back is `write × database`. The database rules apply
// (db.drop asks, db.drop_production denies on a production name).
import { productionAttrs, type Attrs } from "../common.js";
import { eff, row, type Cli, type EffectSpec, type Family, type Match, type ProgramRows } from "./rows.js";

const prod = (m: Match, ...names: Array<string | null | undefined>): Attrs =>
  productionAttrs([...names, m.value("environment"), m.value("env"), m.value("database"), m.value("stage"), ...(m.ctx.pc.cmd.raw.match(/\b(RAILS_ENV|RACK_ENV|DJANGO_SETTINGS_MODULE|APP_ENV|NODE_ENV|MIX_ENV)=(\S+)/g) ?? [])]);
const reset = (m: Match): EffectSpec => eff("destroy", "database", { total: true, ...prod(m) });
const emptyAll = (m: Match): EffectSpec => eff("delete", "database", { where: "none", statement: "every table", ...prod(m) });
const rollback = eff("write", "database", { statement: "migration rollback" });
const read = eff("read", "database");

const PRISMA = {
  names: ["prisma"],
  service: "prisma",
  cli: { options: { longValue: ["schema", "name", "url", "from-url", "to-url"], longBool: ["force", "force-reset", "accept-data-loss", "skip-seed", "skip-generate"], aliases: { f: "force" } }, help: { flags: ["help", "h"] } } satisfies Cli,
  rows: [
    row("migrate reset", reset, [["prisma migrate reset --force", "destroy database total"], ["prisma migrate reset --help", ""]]),
    row("db push", (m) => (m.has("force-reset") ? reset(m) : m.has("accept-data-loss") ? eff("destroy", "database", { statement: "db push --accept-data-loss", ...prod(m) }) : eff("write", "database")), [
      ["prisma db push --force-reset", "destroy database total"],
      ["prisma db push --accept-data-loss", "destroy database"],
      ["prisma db push", "write database"],
    ]),
    row("migrate deploy|dev|resolve|diff|status", eff("write", "database"), [["prisma migrate deploy", "write database"], ["prisma migrate status", "write database"]]),
    row("generate|format|validate|studio|version|init", read, [["prisma generate", "read database"]]),
  ],
};

/** Rails and rake tasks: `db:drop`, `db:reset`, `db:schema:load`, `db:purge`, `db:truncate_all`, `db:migrate:reset`, `db:rollback`. */
function railsTask(m: Match): EffectSpec[] | null {
  const tasks = [...m.path, ...m.rest.map((o) => o.value)].filter((t) => t.startsWith("db:"));
  if (tasks.length === 0) return null;
  const out: EffectSpec[] = [];
  for (const t of tasks) {
    const task = t.replace(/\[.*$/, "").replace(/:(all|primary|\w+_db)$/, (x) => (x === ":all" ? "" : x));
    if (/^db:(drop|reset|purge|schema:load|structure:load|migrate:reset|setup:replant|environment:set|seed:replant)(:|$)/.test(task)) out.push(reset(m));
    else if (/^db:(truncate_all|fixtures:load)$/.test(task)) out.push(emptyAll(m));
    else if (/^db:(rollback|migrate:down|migrate:redo)$/.test(task)) out.push(rollback);
    else out.push(eff("write", "database"));
  }
  return out;
}

const RAILS_CLI: Cli = { options: { shortValue: "e", longValue: ["environment"], longBool: ["trace"], aliases: { e: "environment" } }, help: { flags: ["help", "h"] } };

const RAILS = {
  names: ["rails", "rake"],
  service: "rails",
  cli: RAILS_CLI,
  rows: [
    row("*", railsTask, [
      ["rails db:drop", "destroy database total"],
      ["bin/rails db:reset RAILS_ENV=production", "destroy database total is_production"],
      ["rake db:schema:load", "destroy database total"],
      ["rails db:truncate_all", "delete database where=none"],
      ["rails db:rollback STEP=2", "write database"],
      ["rails db:migrate", "write database"],
      ["rails server", ""],
      ["rake test", ""],
    ]),
  ],
};

const DJANGO = {
  names: ["manage.py", "django-admin"],
  service: "django",
  cli: { options: { longValue: ["settings", "database", "pythonpath", "verbosity"], longBool: ["noinput", "no-input"], aliases: { v: "verbosity" } }, help: { flags: ["help", "h"] } } satisfies Cli,
  rows: [
    row("flush", emptyAll, [["python manage.py flush --noinput", "delete database where=none; execute shell"], ["./manage.py flush --database=prod", "delete database is_production"]]),
    row("reset_db|drop_test_database|reset_schema", reset, [["python3 manage.py reset_db --noinput", "destroy database total; execute shell"]]),
    row("sqlflush|showmigrations|check|inspectdb|dbshell|runserver|shell|test|makemigrations|collectstatic", read, [["python manage.py sqlflush", "read database; execute shell"], ["python manage.py runserver", "read database; execute shell"]]),
    row("migrate", (m) => (m.rest.some((o) => o.value === "zero") ? reset(m) : eff("write", "database")), [["python manage.py migrate app zero", "destroy database total; execute shell"], ["python manage.py migrate", "write database; execute shell"]]),
  ],
};

const ARTISAN = {
  names: ["artisan"],
  service: "laravel",
  cli: { options: { longValue: ["env", "database", "path", "step"], longBool: ["force", "seed", "drop-views", "drop-types"] }, help: { flags: ["help", "h"] } } satisfies Cli,
  rows: [
    row("migrate:fresh|migrate:reset|db:wipe|migrate:refresh", reset, [["php artisan migrate:fresh --seed --force", "destroy database total; execute shell"], ["php artisan db:wipe --env=production", "destroy database is_production; execute shell"]]),
    row("migrate:rollback", rollback, [["php artisan migrate:rollback --step=1", "write database; execute shell"]]),
    row("migrate|db:seed", eff("write", "database"), [["php artisan migrate", "write database; execute shell"]]),
    row("migrate:status|db:show|db:table|tinker|route:list|serve|test", read, [["php artisan migrate:status", "read database; execute shell"]]),
  ],
};

/**
 * Symfony's console (`bin/console`, `php bin/console`, `symfony console`) running Doctrine: a command
 * name may be abbreviated part by part (`d:s:d` is `doctrine:schema:drop`), as Symfony resolves it.
 */
const DOCTRINE_TASKS = ["doctrine:schema:drop", "doctrine:database:drop", "doctrine:fixtures:load", "doctrine:migrations:migrate", "doctrine:migrations:execute"] as const;

function doctrineTask(word: string): string | null {
  const parts = word.split(":");
  if (parts.length !== 3 || !"doctrine".startsWith(parts[0]!) || parts[0] === "") return null;
  const hits = DOCTRINE_TASKS.filter((t) => t.split(":").every((c, i) => parts[i] !== "" && c.startsWith(parts[i]!)));
  return hits.length === 1 ? hits[0]! : null;
}

function doctrine(m: Match): EffectSpec | null {
  const words = [...m.path, ...m.rest.map((o) => o.value)];
  const at = words.findIndex((w) => doctrineTask(w) !== null);
  if (at < 0) return words.some((w) => w.startsWith("doctrine:")) ? eff("write", "database") : null; // schema:update, query:sql, …
  const task = doctrineTask(words[at]!)!;
  const after = words.slice(at + 1);
  switch (task) {
    case "doctrine:schema:drop":
    case "doctrine:database:drop":
      return m.has("force") ? reset(m) : read; // without --force both only print what they would do
    case "doctrine:fixtures:load":
      return m.has("append") ? eff("write", "database") : emptyAll(m); // the purger empties every table first
    case "doctrine:migrations:migrate":
      return after[0] === "first" ? reset(m) : after[0] === "prev" ? rollback : eff("write", "database");
    default:
      return m.has("down") ? rollback : eff("write", "database");
  }
}

const DOCTRINE = {
  names: ["console"],
  service: "doctrine",
  cli: { options: { shortValue: "e", longValue: ["env", "em", "connection", "group", "configuration", "db-configuration"], longBool: ["force", "full-database", "append", "dump-sql", "no-interaction", "if-exists", "purge-with-truncate", "complete", "down", "up", "dry-run"], aliases: { e: "env", n: "no-interaction", f: "force" } }, help: { flags: ["help", "h"] }, dryRun: ["dry-run", "dump-sql"] } satisfies Cli,
  rows: [
    row("*", doctrine, [
      ["bin/console doctrine:schema:drop --force --full-database", "destroy database total"],
      ["php bin/console doctrine:database:drop --force --env=prod", "destroy database total is_production; execute shell"],
      ["bin/console d:s:d --force", "destroy database total"],
      ["bin/console doctrine:schema:drop", "read database"],
      ["bin/console doctrine:fixtures:load -n", "delete database where=none"],
      ["bin/console doctrine:fixtures:load --append", "write database"],
      ["bin/console doctrine:migrations:migrate first -n", "destroy database total"],
      ["bin/console doctrine:migrations:migrate prev", "write database"],
      ["bin/console doctrine:migrations:migrate -n", "write database"],
      ["bin/console cache:clear", ""],
    ]),
  ],
};

const NODE_MIGRATORS = {
  names: ["knex", "sequelize", "sequelize-cli", "typeorm", "typeorm-ts-node-commonjs", "typeorm-ts-node-esm", "drizzle-kit", "db-migrate", "migrate-mongo"],
  service: "node-migrations",
  cli: { options: { longValue: ["env", "knexfile", "dataSource", "d", "config", "url", "name"], longBool: ["all", "force"], aliases: { d: "dataSource" } }, help: { flags: ["help", "h"] }, envFlags: ["env"] } satisfies Cli,
  rows: [
    row("migrate:rollback", (m) => (m.has("all") ? reset(m) : rollback), [["knex migrate:rollback --all", "destroy database total"], ["knex migrate:rollback", "write database"]]),
    row("db:drop|schema:drop|drop|db:migrate:undo:all|reset|down", (m) => (m.path[0] === "down" && !m.has("all") ? rollback : reset(m)), [
      ["sequelize db:drop", "destroy database total"],
      ["sequelize-cli db:migrate:undo:all --env production", "destroy database total is_production"],
      ["typeorm schema:drop -d src/data-source.ts", "destroy database total"],
      ["typeorm-ts-node-esm schema:drop -d src/data-source.ts", "destroy database total"],
      ["drizzle-kit drop", "destroy database total"],
      ["db-migrate reset --env test", "destroy database total is_production=false"],
    ]),
    // `drizzle-kit push --force` applies the statements that lose data without asking (a dropped column, a truncated table).
    row("push", (m) => (m.has("force") ? eff("destroy", "database", { statement: "push --force", ...prod(m) }) : eff("write", "database")), [["drizzle-kit push --force", "destroy database"], ["drizzle-kit push", "write database"]]),
    row("migrate:latest|migrate:up|db:migrate|migration:run|up|migrate", eff("write", "database"), [["knex migrate:latest", "write database"], ["typeorm-ts-node-commonjs migration:run -d ds.ts", "write database"]]),
    row("migrate:status|migrate:list|generate|migration:show|studio|check|status", read, [["knex migrate:status", "read database"]]),
  ],
};

/** MikroORM: `schema:drop`/`schema:fresh` and `migration:fresh` with `--run` execute; without it they print the SQL. */
const MIKRO_ORM = {
  names: ["mikro-orm", "mikro-orm-esm"],
  service: "mikro-orm",
  cli: { options: { longValue: ["config", "contextName", "context"], longBool: ["run", "dump", "drop-migrations-table", "drop-db", "seed", "safe"] }, help: { flags: ["help", "h"] } } satisfies Cli,
  rows: [
    row("schema:drop|schema:fresh|migration:fresh", (m) => (m.path[0] === "migration:fresh" || m.has("run") ? reset(m) : read), [
      ["mikro-orm schema:drop --run", "destroy database total"],
      ["mikro-orm-esm schema:fresh --run --seed", "destroy database total"],
      ["mikro-orm migration:fresh", "destroy database total"],
      ["mikro-orm schema:drop --dump", "read database"],
    ]),
  ],
};

/** Elixir's mix, Entity Framework, Diesel, Alembic and Flask-Migrate. */
const MIGRATORS: readonly ProgramRows[] = [
  {
    names: ["mix"],
    service: "ecto",
    cli: { options: { shortValue: "r", longValue: ["repo", "to", "step"], longBool: ["all", "force", "quiet"], aliases: { r: "repo" } }, help: { flags: ["help", "h"] } } satisfies Cli,
    rows: [
      row("ecto.drop|ecto.reset", reset, [["mix ecto.drop", "destroy database total"], ["MIX_ENV=prod mix ecto.reset", "destroy database total is_production"]]),
      row("ecto.rollback", (m) => (m.has("all") ? reset(m) : rollback), [["mix ecto.rollback --all", "destroy database total"], ["mix ecto.rollback", "write database"]]),
      row("ecto.migrate|ecto.create|ecto.setup", eff("write", "database"), [["mix ecto.migrate", "write database"]]),
    ],
  },
  {
    names: ["dotnet-ef"],
    service: "ef-core",
    cli: { options: { longValue: ["context", "project", "connection"], longBool: ["force", "dry-run"], aliases: { f: "force" } }, help: { flags: ["help", "h"] }, dryRun: ["dry-run"] } satisfies Cli,
    rows: [
      row("database drop", reset, [["dotnet-ef database drop --force", "destroy database total"], ["dotnet-ef database drop --dry-run", "read database dry_run"]]),
      row("database update", (m) => (m.rest[0]?.value === "0" ? reset(m) : eff("write", "database")), [["dotnet-ef database update 0", "destroy database total"], ["dotnet-ef database update", "write database"]]),
    ],
  },
  {
    names: ["diesel"],
    service: "diesel",
    cli: { options: { longValue: ["database-url", "migration-dir"], longBool: ["all"] }, help: { flags: ["help", "h"] } } satisfies Cli,
    rows: [
      row("database reset|drop", reset, [["diesel database reset", "destroy database total"]]),
      row("migration revert", (m) => (m.has("all") ? reset(m) : rollback), [["diesel migration revert --all", "destroy database total"], ["diesel migration revert", "write database"]]),
      row("migration run|redo", eff("write", "database"), [["diesel migration run", "write database"]]),
    ],
  },
  {
    names: ["alembic"],
    service: "alembic",
    cli: { options: { shortValue: "cnx", longValue: ["config", "name"], longBool: ["sql"], aliases: { c: "config", n: "name" } }, help: { flags: ["help", "h"] }, dryRun: ["sql"] } satisfies Cli,
    rows: [
      row("downgrade", (m) => (m.rest[0]?.value === "base" ? reset(m) : rollback), [["alembic downgrade base", "destroy database total"], ["alembic downgrade -1", "write database"], ["alembic downgrade base --sql", "read database dry_run"]]),
      row("upgrade|stamp", eff("write", "database"), [["alembic upgrade head", "write database"]]),
      row("current|history|heads|show|check", read, [["alembic current", "read database"]]),
    ],
  },
  // Schema-migration tools of any stack: `clean`/`dropAll`/`drop`/`reset` empty or remove the schema they manage.
  {
    names: ["flyway"],
    service: "flyway",
    cli: { style: "single-dash", valueFlags: [], help: { flags: ["help", "h", "?"] } } satisfies Cli,
    rows: [
      row("clean", reset, [["flyway clean", "destroy database total"], ["flyway -url=jdbc:postgresql://db/app_prod clean", "destroy database total"]]),
      row("undo|repair|baseline", rollback, [["flyway undo", "write database"]]),
      row("migrate", eff("write", "database"), [["flyway migrate", "write database"]]),
      row("info|validate|check|version", read, [["flyway info", "read database"]]),
    ],
  },
  {
    names: ["liquibase"],
    service: "liquibase",
    cli: { options: { longValue: ["url", "username", "password", "changelog-file", "changeLogFile", "defaults-file", "count", "tag", "schemas"] }, help: { flags: ["help", "h"] } } satisfies Cli,
    rows: [
      row("dropAll|drop-all", reset, [["liquibase dropAll", "destroy database total"], ["liquibase --url=jdbc:postgresql://db/app drop-all", "destroy database total"]]),
      row("rollback|rollback-count|rollbackCount|rollback-to-date|rollbackToDate", rollback, [["liquibase rollback-count --count 1", "write database"]]),
      row("update|update-count|tag", eff("write", "database"), [["liquibase update", "write database"]]),
      row("status|history|diff|validate|update-sql|updateSQL", read, [["liquibase status", "read database"]]),
    ],
  },
  {
    names: ["dbmate"],
    service: "dbmate",
    cli: { options: { shortValue: "ue", longValue: ["url", "env", "migrations-dir", "schema-file"], aliases: { u: "url", e: "env" } }, help: { flags: ["help", "h"] } } satisfies Cli,
    rows: [
      row("drop", reset, [["dbmate drop", "destroy database total"], ["dbmate --env PROD_DATABASE_URL drop", "destroy database total"]]),
      row("rollback|down", rollback, [["dbmate rollback", "write database"]]),
      row("up|migrate|create", eff("write", "database"), [["dbmate up", "write database"]]),
      row("status|dump|new", read, [["dbmate status", "read database"]]),
    ],
  },
  {
    names: ["goose"],
    service: "goose",
    cli: { options: { longValue: ["dir", "table"], longBool: ["allow-missing", "no-versioning"] }, help: { flags: ["help", "h"] } } satisfies Cli,
    rows: [
      row("*", (m) => {
        const cmd = m.rest.map((o) => o.value).find((v) => /^(reset|down-to|down|up|up-by-one|up-to|redo|status|version|create|fix|validate)$/.test(v));
        const at = m.rest.findIndex((o) => o.value === cmd);
        if (cmd === "reset" || (cmd === "down-to" && m.rest[at + 1]?.value === "0")) return reset(m);
        if (cmd === "down" || cmd === "down-to" || cmd === "redo") return rollback;
        return cmd === undefined ? null : /^up/.test(cmd) ? eff("write", "database") : read;
      }, [["goose postgres 'postgres://db/app' reset", "destroy database total"], ["goose -dir migrations sqlite3 app.db down-to 0", "destroy database total"], ["goose postgres 'postgres://db/app' down", "write database"], ["goose postgres 'postgres://db/app' status", "read database"]]),
    ],
  },
  {
    names: ["atlas"],
    service: "atlas",
    cli: { options: { shortValue: "u", longValue: ["url", "env", "dev-url", "to", "schema", "dir"], longBool: ["auto-approve", "dry-run"], aliases: { u: "url" } }, help: { flags: ["help", "h"] }, dryRun: ["dry-run"] } satisfies Cli,
    rows: [
      row("schema clean", reset, [["atlas schema clean -u postgres://db/app --auto-approve", "destroy database total"]]),
      row("migrate down", rollback, [["atlas migrate down --env prod", "write database"]]),
      row("schema|migrate apply", eff("write", "database"), [["atlas schema apply --env dev", "write database"]]),
      row("schema inspect", read, [["atlas schema inspect -u postgres://db/app", "read database"]]),
      row("migrate status|lint", read, [["atlas migrate status --env dev", "read database"]]),
    ],
  },
  {
    names: ["sqitch"],
    service: "sqitch",
    cli: { options: { shortValue: "t", longValue: ["target", "to", "to-change", "plan-file"], longBool: ["yes", "y"], aliases: { t: "target", y: "yes" } }, help: { flags: ["help", "h"] } } satisfies Cli,
    rows: [
      row("revert", (m) => (m.rest.length === 0 && m.value("to") === null && m.value("to-change") === null ? reset(m) : rollback), [["sqitch revert -y", "destroy database total"], ["sqitch revert --to @HEAD^", "write database"]]),
      row("deploy|rebase", eff("write", "database"), [["sqitch deploy", "write database"]]),
      row("status|log|plan|verify", read, [["sqitch status", "read database"]]),
    ],
  },
];

const SUPABASE_CLI: Cli = {
  options: { shortValue: "op", longValue: ["project-ref", "workdir", "profile", "db-url", "password", "output", "org-id", "schema", "version", "db-shell"], longBool: ["linked", "local", "dry-run", "yes", "no-backup", "include-all", "debug", "experimental", "recursive"], aliases: { o: "output", p: "password" } },
  help: { flags: ["help", "h"] },
  dryRun: ["dry-run"],
  envFlags: ["project-ref"],
};

const SUPABASE = {
  names: ["supabase"],
  service: "supabase",
  cli: SUPABASE_CLI,
  rows: [
    row("db reset", (m) => eff("destroy", "database", { total: true, ...(m.has("linked") || m.value("db-url") !== null ? { remote: true } : {}), ...prod(m, m.value("project-ref"), m.value("db-url")) }), [
      ["supabase db reset", "destroy database total"],
      ["supabase db reset --linked", "destroy database total remote"],
    ]),
    row("db push", (m) => eff("write", "database", { disrupts: true, ...prod(m, m.value("project-ref")) }), [["supabase db push", "write database"], ["supabase db push --dry-run", "read database dry_run"]]),
    row("migration down", (m) => eff("destroy", "database", { statement: "migration down", ...prod(m, m.value("project-ref")) }), [["supabase migration down --linked", "destroy database"]]),
    row("migration repair|squash", eff("write", "database", { statement: "migration history rewrite", disrupts: true }), [["supabase migration repair 20240101 --status reverted", "write database"]]),
    row("projects|orgs|branches delete", (m) => eff("destroy", "infrastructure", { teardown: m.path[0] === "branches" ? "environment" : "project" }), [
      ["supabase projects delete abcdefghijklmnop", "destroy infrastructure teardown=project"],
      ["supabase branches delete feature-x", "destroy infrastructure teardown=environment"],
    ]),
    row("functions delete", eff("destroy", "infrastructure", { resource: "function" }), [["supabase functions delete send-email", "destroy infrastructure"]]),
    row("storage rm", eff("delete", "object_storage"), [["supabase storage rm ss:///avatars/a.png --experimental", "delete object_storage"]]),
    row("secrets unset", eff("delete", "secret_store"), [["supabase secrets unset STRIPE_KEY", "delete secret_store"]]),
    row("domains|vanity-subdomains|sso delete|remove", eff("destroy", "infrastructure", { resource: "domain" }), [["supabase domains delete --project-ref abc", "destroy infrastructure"]]),
    row("network-restrictions|ssl-enforcement|postgres-config update", eff("write", "infrastructure", { disrupts: true }), [["supabase network-restrictions update --db-allow-cidr 0.0.0.0/0", "write infrastructure disrupts"]]),
    row("config push", eff("write", "infrastructure", { disrupts: true }), [["supabase config push", "write infrastructure disrupts"]]),
    row("stop", (m) => (m.has("no-backup") ? eff("destroy", "database", { total: true }) : read), [["supabase stop --no-backup", "destroy database total"], ["supabase stop", "read database"]]),
    row("status|start|gen|login|link|init|inspect", read, [["supabase status", "read database"]]),
    row("db diff|lint|dump", read, [["supabase db diff", "read database"]]),
    row("migration|functions|secrets|projects list|new|serve", read, [["supabase migration list", "read database"], ["supabase functions serve", "read database"]]),
  ],
};

/** BigQuery's `bq rm` removes a table, or a dataset with every table in it (`-r`). */
const BQ = {
  names: ["bq"],
  service: "bigquery",
  cli: { options: { longValue: ["project_id", "dataset_id", "location", "format", "destination_table", "description", "expiration", "default_table_expiration", "default_partition_expiration", "max_time_travel_hours", "source_format", "schema"], longBool: ["recursive", "force", "dataset", "table", "model", "replace"], aliases: { r: "recursive", f: "force", d: "dataset", t: "table", m: "model" } }, help: { flags: ["help", "h"], word: "first" }, envFlags: ["project_id"] } satisfies Cli,
  rows: [
    row("rm", (m) => (m.has("recursive") || m.has("dataset") ? eff("destroy", "database", { total: true, ...prod(m, m.rest[0]?.value) }) : eff("destroy", "database", prod(m, m.rest[0]?.value))), [
      ["bq rm -r -f analytics_prod", "destroy database total is_production"],
      ["bq rm -f -t ds.events_tmp", "destroy database"],
    ]),
    // Replacing a table's rows, overwriting a copy's destination, cancelling a job or shortening retention loses data or work.
    row("load|cp|mk", (m) => (m.has("replace") || m.has("force") ? eff("write", "database", { disrupts: true, ...prod(m, m.rest[0]?.value) }) : eff("write", "database")), [
      ["bq load --replace ds.events gs://bucket/events.csv", "write database disrupts"],
      ["bq cp -f ds.src ds.dst", "write database disrupts"],
      ["bq load ds.events gs://bucket/events.csv", "write database"],
    ]),
    row("update", (m) => (m.flags.some((f) => /expiration|time_travel/.test(f.name)) ? eff("write", "database", { disrupts: true }) : eff("write", "database")), [
      ["bq update --default_table_expiration 3600 ds", "write database disrupts"],
      ["bq update --description 'events' ds.events", "write database"],
    ]),
    row("cancel", eff("write", "database", { disrupts: true }), [["bq cancel job_123", "write database disrupts"]]),
    row("ls|show|head|version", read, [["bq ls ds", "read database"], ["bq show ds.events", "read database"]]),
  ],
};

export const DATABASE_TOOLS: Family = { name: "database tools", programs: [PRISMA, RAILS, DJANGO, ARTISAN, DOCTRINE, NODE_MIGRATORS, MIKRO_ORM, ...MIGRATORS, SUPABASE, BQ] };
