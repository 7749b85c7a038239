// Application platforms: Fly.io, Heroku, Vercel, Netlify and Firebase. Deleting
// an app or site takes its deployments, domains, secrets and attached data
// with it (`teardown: "app"`); a database reset or wipe is `destroy ×
// database` (`total: true`); volumes, machines, functions and deployments are
// `destroy × infrastructure`; unsetting a secret or variable is the secrets
// family's `delete × secret_store`. (Railway is group A's, platforms.ts.)
import { FLY_NAMES } from "../../programs/registry.js";
import { productionAttrs, type Attrs } from "../common.js";
import { productionDeploy } from "./production-deploy.js";
import { eff, row, type Cli, type EffectSpec, type Family, type Match } from "./rows.js";

const appNames = (m: Match) => [m.value("app"), m.value("scope"), m.value("project"), m.value("site"), m.rest[0]?.value];
const appNamed = (m: Match): Attrs => productionAttrs(appNames(m));
const appTeardown = (m: Match): EffectSpec => eff("destroy", "infrastructure", { teardown: "app", ...appNamed(m) });
const piece = (resource: string) => (m: Match): EffectSpec => eff("destroy", "infrastructure", { resource, ...appNamed(m) });
const secretUnset = eff("delete", "secret_store");
const read = eff("read", "infrastructure");
/** A deploy to an app, project or site named as production, or with the tool's production flag (production-deploy.ts). */
const deploy = (prodFlag?: string) => productionDeploy({ flag: prodFlag, names: appNames });

const FLY_CLI: Cli = { options: { shortValue: "ac", longValue: ["app", "config", "region", "org", "image"], longBool: ["yes", "force", "auto-confirm"], aliases: { a: "app", c: "config", y: "yes", f: "force" } }, help: { flags: ["help", "h"] }, envFlags: ["app"] };

const FLY = {
  names: FLY_NAMES,
  service: "fly",
  cli: FLY_CLI,
  rows: [
    row("apps destroy|delete|remove", appTeardown, [["flyctl apps destroy shop-prod --yes", "destroy infrastructure teardown=app is_production"]]),
    row("destroy", appTeardown, [["fly destroy shop-staging -y", "destroy infrastructure teardown=app is_production=false"]]),
    row("volumes|volume|vol destroy|delete|remove|rm", piece("volume"), [["fly volumes destroy vol_1234 --app shop", "destroy infrastructure resource=volume"]]),
    row("machine|machines|m destroy|remove|rm|kill", piece("machine"), [["fly machine destroy 148e --force", "destroy infrastructure resource=machine"]]),
    row("postgres|pg|mpg destroy", eff("destroy", "database", { total: true }), [["fly postgres destroy shop-db", "destroy database total"]]),
    row("secrets unset", secretUnset, [["fly secrets unset DATABASE_URL -a shop", "delete secret_store"]]),
    row("deploy", deploy(), [["fly deploy -a shop-prod", "write infrastructure disrupts operation='production deploy'"], ["fly deploy", ""], ["fly deploy -a shop-staging", ""]]),
    row("status|logs|apps|releases|config|info|ips|volumes|machine|secrets|regions|doctor|version", read, [["fly status -a shop", "read infrastructure"], ["fly apps list", "read infrastructure"]]),
  ],
};

const HEROKU_CLI: Cli = { options: { shortValue: "ar", longValue: ["app", "remote", "confirm", "team"], aliases: { a: "app", r: "remote" } }, help: { flags: ["help", "h"], word: "first" }, envFlags: ["app"] };

const HEROKU = {
  names: ["heroku"],
  service: "heroku",
  cli: HEROKU_CLI,
  rows: [
    row("apps:destroy|destroy", appTeardown, [["heroku apps:destroy --app shop-prod --confirm shop-prod", "destroy infrastructure teardown=app is_production"]]),
    row("pg:reset", (m) => eff("destroy", "database", { total: true, ...appNamed(m) }), [["heroku pg:reset DATABASE_URL --app shop --confirm shop", "destroy database total"]]),
    row("pg:backups:delete|pg:backups:destroy", eff("delete", "backup"), [["heroku pg:backups:delete b101 --app shop", "delete backup"]]),
    row("addons:destroy|addons:remove|addons:detach", piece("addon"), [["heroku addons:destroy heroku-redis --app shop", "destroy infrastructure resource=addon"]]),
    row("config:unset|config:remove", secretUnset, [["heroku config:unset STRIPE_KEY -a shop", "delete secret_store"]]),
    row("ps:scale", (m) => (m.rest.some((o) => /=0$/.test(o.value)) ? eff("write", "infrastructure", { disrupts: true, ...appNamed(m) }) : eff("write", "infrastructure")), [["heroku ps:scale web=0 -a shop", "write infrastructure disrupts"], ["heroku ps:scale web=2", "write infrastructure"]]),
    // Issue 20: a change to an app named as production — a rollback, a config change (a restart), a restart, a release, maintenance.
    row("releases:rollback|rollback|config:set|config:add|ps:restart|restart|ps:stop|maintenance:on|container:release|releases:promote|pipelines:promote", (m) => (appNamed(m).is_production === true ? eff("write", "infrastructure", { disrupts: true, is_production: true }) : eff("write", "infrastructure")), [
      ["heroku releases:rollback v102 -a shop-prod", "write infrastructure disrupts is_production"],
      ["heroku config:set FEATURE_X=1 --app shop-production", "write infrastructure disrupts"],
      ["heroku ps:restart -a shop-live", "write infrastructure disrupts"],
      ["heroku config:set FEATURE_X=1 -a shop-staging", "write infrastructure is_production=false"],
    ]),
    row("apps|apps:info|logs|ps|releases|config|config:get|addons|pg:info|status|domains", read, [["heroku logs --tail -a shop", "read infrastructure"], ["heroku apps:info -a shop", "read infrastructure"]]),
  ],
};

const VERCEL_CLI: Cli = { options: { shortValue: "tS", longValue: ["token", "scope", "project", "cwd"], longBool: ["yes", "safe", "prod"], aliases: { t: "token", S: "scope", y: "yes" } }, help: { flags: ["help", "h"] }, envFlags: ["scope"] };

const VERCEL = {
  names: ["vercel", "vc"],
  service: "vercel",
  cli: VERCEL_CLI,
  rows: [
    row("project|projects rm|remove", appTeardown, [["vercel project rm shop-prod", "destroy infrastructure teardown=app is_production"]]),
    row("remove|rm", (m) => (m.rest.some((o) => !/\.vercel\.app$|^https?:/.test(o.value)) ? appTeardown(m) : piece("deployment")(m)), [
      ["vercel remove shop --yes", "destroy infrastructure teardown=app"],
      ["vercel rm shop-git-feature.vercel.app --safe", "destroy infrastructure resource=deployment"],
    ]),
    row("env rm|remove", secretUnset, [["vercel env rm DATABASE_URL production", "delete secret_store"]]),
    row("domains|dns|certs|alias rm|remove", piece("domain"), [["vercel domains rm shop.example", "destroy infrastructure resource=domain"]]),
    row("deploy|redeploy|promote", (m) => (m.path[0] === "deploy" ? deploy("prod")(m) : eff("write", "infrastructure", { disrupts: true, is_production: true, operation: "production deploy" })), [
      ["vercel deploy --prod", "write infrastructure disrupts is_production"],
      ["vercel promote https://shop-abc.vercel.app", "write infrastructure disrupts"],
      ["vercel deploy", ""],
    ]),
    row("ls|list|inspect|logs|env|whoami", read, [["vercel ls", "read infrastructure"], ["vercel logs https://shop.vercel.app", "read infrastructure"]]),
    // Bare `vercel` deploys the directory (a preview; `--prod`: production).
    row("", deploy("prod"), [["vercel --prod --yes", "write infrastructure disrupts"], ["vercel", ""], ["vercel dev", ""]]),
  ],
};

const NETLIFY_CLI: Cli = { options: { shortValue: "sa", longValue: ["site", "auth", "context", "filter"], longBool: ["force", "prod"], aliases: { s: "site", a: "auth", f: "force" } }, help: { flags: ["help", "h"] }, envFlags: ["site", "context"] };

const NETLIFY = {
  names: ["netlify", "ntl"],
  service: "netlify",
  cli: NETLIFY_CLI,
  rows: [
    row("sites:delete", appTeardown, [["netlify sites:delete 5f2a-prod --force", "destroy infrastructure teardown=app is_production"]]),
    row("env:unset|env:delete", secretUnset, [["netlify env:unset API_KEY", "delete secret_store"]]),
    row("deploy", deploy("prod"), [["netlify deploy --prod --dir dist", "write infrastructure disrupts"], ["netlify deploy --dir dist", ""]]),
    row("status|sites:list|env:list|env:get|logs|functions:list", read, [["netlify status", "read infrastructure"]]),
  ],
};

const FIREBASE_CLI: Cli = { options: { shortValue: "P", longValue: ["project", "only", "except", "config", "instance", "database"], longBool: ["all-collections", "recursive", "force", "shallow", "yes"], aliases: { P: "project", r: "recursive", f: "force", y: "yes" } }, help: { flags: ["help", "h"] }, envFlags: ["project"] };

const FIREBASE = {
  names: ["firebase"],
  service: "firebase",
  cli: FIREBASE_CLI,
  rows: [
    row("firestore:delete", (m) => (m.has("all-collections") ? eff("destroy", "database", { total: true }) : eff("delete", "database", { recursive: m.has("recursive"), where: "none" })), [
      ["firebase firestore:delete --all-collections --project shop-prod", "destroy database total is_production"],
      ["firebase firestore:delete users -r", "delete database recursive"],
    ]),
    row("database:remove|database:set", (m) => (m.rest[0]?.value === "/" ? eff("destroy", "database", { total: true }) : eff(m.path[0] === "database:set" ? "write" : "delete", "database", { where: "none" })), [
      ["firebase database:remove / --force", "destroy database total"],
      ["firebase database:remove /sessions", "delete database where=none"],
    ]),
    row("functions:delete", piece("function"), [["firebase functions:delete sendReceipt --force", "destroy infrastructure resource=function"]]),
    row("hosting:disable|hosting:sites:delete|hosting:channel:delete", (m) => (m.path[0] === "hosting:disable" ? eff("write", "infrastructure", { disrupts: true, ...appNamed(m) }) : piece("site")(m)), [["firebase hosting:disable --project shop", "write infrastructure disrupts"], ["firebase hosting:sites:delete shop-old", "destroy infrastructure resource=site"]]),
    row("apps:delete|projects:delete", appTeardown, [["firebase apps:delete 1:23:web:ab", "destroy infrastructure teardown=app"]]),
    row("deploy", deploy(), [["firebase deploy --only hosting --project shop-prod", "write infrastructure disrupts"], ["firebase deploy --only hosting", ""]]),
    row("projects:list|apps:list|functions:log|database:get|firestore:indexes|hosting:channel:list", read, [["firebase database:get /config", "read infrastructure"]]),
  ],
};

// AWS Elastic Beanstalk's own CLI: `terminate` deletes an environment and its resources; `--all` the application too.
const EB = {
  names: ["eb"],
  service: "elastic-beanstalk",
  cli: { options: { shortValue: "r", longValue: ["region", "profile"], longBool: ["force", "all", "ignore-links"], aliases: { r: "region" } }, help: { flags: ["help", "h"] }, envFlags: ["profile"] } satisfies Cli,
  rows: [
    row("terminate", appTeardown, [["eb terminate shop-prod --force", "destroy infrastructure teardown=app is_production"]]),
    row("deploy", deploy(), [["eb deploy shop-prod", "write infrastructure disrupts"], ["eb deploy shop-dev", ""]]),
    row("status|health|logs|list|events", read, [["eb status", "read infrastructure"]]),
  ],
};

// Capistrano (and Mina's `mina STAGE deploy`): the stage is the first word, the task the next.
const CAP = {
  names: ["cap", "mina"],
  service: "capistrano",
  cli: { options: {}, help: { flags: ["help", "h", "T"] } } satisfies Cli,
  rows: [
    row("", productionDeploy({ names: (m) => (/^deploy(:rollback|:migrate)?$/.test(m.rest[1]?.value ?? "") ? [m.rest[0]?.value] : []) }), [
      ["cap production deploy", "write infrastructure disrupts is_production"],
      ["cap prod deploy:rollback", "write infrastructure disrupts"],
      ["cap staging deploy", ""],
      ["cap production deploy:check", ""],
    ]),
  ],
};

export const APP_PLATFORMS: Family = { name: "application platforms", programs: [FLY, HEROKU, VERCEL, NETLIFY, FIREBASE, EB, CAP] };
