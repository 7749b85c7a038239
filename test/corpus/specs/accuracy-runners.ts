// Issue 20 (accuracy), second pass, helper accuracy-a: the classes held-out
// sets still found, each stated by hand with its harmless lookalikes —
// ORM and migration tools' destructive commands behind runners, package
// managers, containers and framework wrappers (Sail, the Symfony CLI,
// `bin/console`), …
import type { CaseSpec } from "../spec.js";
import { cleanAllow as allow, defaultBash as c, firedWith } from "./helpers.js";

const deny = (artifact_id: string, unknown: number[] = []) => firedWith("deny", artifact_id, unknown);
const ask = (artifact_id: string, unknown: number[] = []) => firedWith("ask", artifact_id, unknown);

export const specs: CaseSpec[] = [
  // ── ORM and migration tools behind runners: destroy × database {total} asks (db.drop), a production name denies ──
  c("accuracy-a: a package binary run by pnpm resets the database", "pnpm prisma migrate reset --force", ask("db.drop")),
  c("accuracy-a: pnpm's global options before the binary", "pnpm --filter api prisma db push --force-reset", ask("db.drop")),
  c("accuracy-a: a package binary run by yarn", "yarn prisma migrate reset", ask("db.drop")),
  c("accuracy-a: bun x is bunx", "bun x prisma migrate reset --force", ask("db.drop")),
  c("accuracy-a: drizzle-kit push --force applies data-loss statements unasked", "pnpm exec drizzle-kit push --force", ask("db.drop")),
  c("accuracy-a: drizzle-kit push --force through yarn", "yarn drizzle-kit push --force", ask("db.drop")),
  c("accuracy-a: drizzle-kit drop through npx", "npx drizzle-kit drop", ask("db.drop")),
  c("accuracy-a: TypeORM's ts-node binary drops the schema", "pnpm dlx typeorm-ts-node-commonjs schema:drop -d src/data-source.ts", ask("db.drop")),
  c("accuracy-a: every sequelize migration undone through yarn", "yarn sequelize-cli db:migrate:undo:all", ask("db.drop")),
  c("accuracy-a: every knex migration rolled back through pnpm", "pnpm knex migrate:rollback --all", ask("db.drop")),
  c("accuracy-a: Doctrine schema drop through php bin/console", "php bin/console doctrine:schema:drop --force --full-database", ask("db.drop")),
  c("accuracy-a: Doctrine database drop, console run directly", "bin/console doctrine:database:drop --force --if-exists", ask("db.drop")),
  c("accuracy-a: Doctrine fixture load purges every table", "bin/console doctrine:fixtures:load -n", ask("db.delete_all")),
  c("accuracy-a: the Symfony CLI runs bin/console", "symfony console doctrine:fixtures:load --no-interaction", ask("db.delete_all")),
  c("accuracy-a: Symfony's abbreviated command names", "php bin/console d:s:d --force", ask("db.drop")),
  c("accuracy-a: APP_ENV=prod Doctrine drop denies", "APP_ENV=prod php bin/console doctrine:database:drop --force", deny("db.drop_production")),
  c("accuracy-a: every Doctrine migration migrated down to first", "bin/console doctrine:migrations:migrate first -n", ask("db.drop")),
  c("accuracy-a: Sail runs artisan in the container", "sail artisan migrate:fresh --seed", ask("db.drop")),
  c("accuracy-a: Sail by its path, artisan's short alias", "./vendor/bin/sail art db:wipe", ask("db.drop")),
  c("accuracy-a: Sail running php artisan", "vendor/bin/sail php artisan migrate:reset", ask("db.drop")),
  c("accuracy-a: Sail running npx prisma", "sail npx prisma migrate reset --force", ask("db.drop")),
  c("accuracy-a: Doctrine inside a compose service", "docker compose exec app bin/console doctrine:schema:drop --force", ask("db.drop")),
  c("accuracy-a: Rails reset inside a compose service", "docker compose exec -T web bundle exec rails db:reset", ask("db.drop")),
  c("accuracy-a: prisma reset through pnpm inside a container", "docker exec -it api pnpm prisma migrate reset --force", ask("db.drop")),
  c("accuracy-a: Sail inside a compose run", "docker compose run --rm app sail artisan db:wipe", ask("db.drop")),
  c("accuracy-a: bin/rails schema load", "bin/rails db:schema:load", ask("db.drop")),
  c("accuracy-a: bundle exec rake db:drop on production denies", "bundle exec rake db:drop RAILS_ENV=production", deny("db.drop_production")),
  c("accuracy-a: pnpm prisma migrate dev stays allowed", "pnpm prisma migrate dev", allow),
  c("accuracy-a: yarn prisma generate stays allowed", "yarn prisma generate", allow),
  c("accuracy-a: pnpm prisma migrate status stays allowed", "pnpm prisma migrate status", allow),
  c("accuracy-a: drizzle-kit push without --force stays allowed", "pnpm drizzle-kit push", allow),
  c("accuracy-a: drizzle-kit generate stays allowed", "pnpm drizzle-kit generate", allow),
  c("accuracy-a: a forward Doctrine migration stays allowed", "bin/console doctrine:migrations:migrate -n", allow),
  c("accuracy-a: schema:drop --dump-sql only prints", "php bin/console doctrine:schema:drop --dump-sql", allow),
  c("accuracy-a: database:drop without --force refuses", "bin/console doctrine:database:drop", allow),
  c("accuracy-a: fixtures:load --append keeps the rows", "bin/console doctrine:fixtures:load --append", allow),
  c("accuracy-a: bin/console cache:clear stays allowed", "bin/console cache:clear", allow),
  c("accuracy-a: symfony server:start stays allowed", "symfony server:start -d", allow),
  c("accuracy-a: sail artisan migrate stays allowed", "sail artisan migrate", allow),
  c("accuracy-a: seeding through Sail stays allowed", "./vendor/bin/sail artisan db:seed", allow),
  c("accuracy-a: sail up stays allowed", "sail up -d", allow),
  c("accuracy-a: a forward Rails migration in a container stays allowed", "docker compose exec web bin/rails db:migrate", allow),
  c("accuracy-a: a forward TypeORM migration through yarn stays allowed", "yarn typeorm migration:run -d ds.ts", allow),
  c("accuracy-a: pnpm build (a script, not a binary) stays allowed", "pnpm build", allow),
  c("accuracy-a: yarn test stays allowed", "yarn test", allow),
];

export default specs;
