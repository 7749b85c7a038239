// CI/CD: pipelines, workflows, jobs, runs and their variables and caches —
// GitHub Actions through `gh`, GitLab CI through `glab`, Jenkins (`jenkins-cli`,
// `java -jar jenkins-cli.jar`, its `doDelete` URLs), CircleCI (CLI and API),
// Azure Pipelines. Deleting a job, pipeline, run, cache or variable is
// `delete × ci_pipeline` (a Jenkins job, with its history, `destroy`);
// cancelling a run or disabling a workflow is `write × ci_pipeline` with its
// operation (a deploy can stop half-applied). Secrets kept by the CI system
// (contexts, credentials, Actions secrets) are `secret_store`.
import { AZ_CLI, GH_CLI, GLAB_CLI } from "./clis.js";
import { eff, row, type ApiRow, type Cli, type Family } from "./rows.js";

const GH_ACTIONS = {
  names: ["gh"],
  service: "gh-actions",
  cli: GH_CLI,
  rows: [
    row("variable delete|remove", eff("delete", "ci_pipeline"), [["gh variable delete DEPLOY_REGION --env production", "delete ci_pipeline"], ["gh -R ledgerly/api variable remove BUILD_FLAGS", "delete ci_pipeline"]]),
    row("run delete", eff("delete", "ci_pipeline"), [["gh run delete 9137712", "delete ci_pipeline"]]),
    row("cache delete", eff("delete", "ci_pipeline"), [["gh cache delete --all -R ledgerly/api", "delete ci_pipeline"]]),
    row("run cancel", eff("write", "ci_pipeline", { operation: "run cancel" }), [["gh run cancel 9137712", "write ci_pipeline operation='run cancel'"]]),
    row("workflow disable", eff("write", "ci_pipeline", { operation: "workflow disable" }), [["gh workflow disable release.yml", "write ci_pipeline operation='workflow disable'"]]),
    row("run|workflow|cache|variable list|view|watch|get|download|enable|run|rerun", eff("read", "ci_pipeline"), [["gh run list --workflow ci.yml", "read ci_pipeline"], ["gh workflow view release.yml", "read ci_pipeline"]]),
  ],
};

const GLAB_CI = {
  names: ["glab"],
  service: "glab-ci",
  cli: GLAB_CLI,
  rows: [
    row("ci|pipeline delete", eff("delete", "ci_pipeline"), [["glab ci delete 88123", "delete ci_pipeline"]]),
    row("variable|schedule delete", eff("delete", "ci_pipeline"), [["glab variable delete DEPLOY_KEY --scope production", "delete ci_pipeline"], ["glab schedule delete 17", "delete ci_pipeline"]]),
    row("ci cancel", eff("write", "ci_pipeline", { operation: "run cancel" }), [["glab ci cancel pipeline 88123", "write ci_pipeline"]]),
    row("ci|variable|schedule list|view|status|trace|get|lint", eff("read", "ci_pipeline"), [["glab ci status --branch main", "read ci_pipeline"], ["glab variable list --group ledgerly", "read ci_pipeline"]]),
  ],
};

/** Jenkins' CLI (args4j: `-s URL -auth user:token COMMAND …`). */
const JENKINS_CLI: Cli = {
  style: "single-dash",
  valueFlags: ["s", "auth", "i", "user", "p", "logger", "bearer", "webSocket"],
  help: { flags: ["help"], word: "first" },
};

const JENKINS = {
  names: ["jenkins-cli", "jenkins"],
  service: "jenkins",
  cli: JENKINS_CLI,
  rows: [
    row("delete-job", eff("destroy", "ci_pipeline"), [
      ["java -jar jenkins-cli.jar -s https://ci.ledgerly.io/ -auth @creds delete-job ledgerly-nightly", "destroy ci_pipeline"],
      ["jenkins-cli -s https://ci.ledgerly.io/ delete-job api-build web-build", "destroy ci_pipeline"],
    ]),
    row("delete-builds|delete-node|delete-view", eff("delete", "ci_pipeline"), [
      ["java -jar ~/bin/jenkins-cli.jar -s https://ci.ledgerly.io/ delete-builds api-build 1-40", "delete ci_pipeline"],
      ["java -jar jenkins-cli.jar -s https://ci.ledgerly.io/ delete-node mac-runner-2", "delete ci_pipeline"],
    ]),
    row("delete-credentials|delete-credentials-domain", eff("delete", "secret_store"), [["java -jar jenkins-cli.jar -s https://ci.ledgerly.io/ delete-credentials system::system::(global) deploy-key", "delete secret_store"]]),
    row("disable-job|clear-queue", eff("write", "ci_pipeline"), [["jenkins-cli -s https://ci.ledgerly.io/ disable-job prod-deploy", "write ci_pipeline"]]),
    row("list-jobs|get-job|who-am-i|list-views|list-plugins|get-node|get-credentials|get-view|console|version|build|list-changes", eff("read", "ci_pipeline"), [
      ["java -jar jenkins-cli.jar -s https://ci.ledgerly.io/ list-jobs Release", "read ci_pipeline"],
      ["jenkins-cli -s https://ci.ledgerly.io/ build api-build -p BRANCH=main", "read ci_pipeline"],
      ["java -jar ledgerly-tools.jar delete-job nightly", ""],
    ]),
  ],
};

const CIRCLECI_CLI: Cli = {
  options: { longValue: ["token", "host", "org-id", "integration", "skip-update-check"], longBool: ["debug", "yes", "skip-update-check"] },
  help: { flags: ["help", "h"], word: "first" },
};

const CIRCLECI = {
  names: ["circleci"],
  service: "circleci",
  cli: CIRCLECI_CLI,
  rows: [
    row("context delete", eff("destroy", "secret_store"), [["circleci context delete github ledgerly deploy-creds", "destroy secret_store"]]),
    row("context remove-secret", eff("delete", "secret_store"), [["circleci context remove-secret github ledgerly deploy-creds NPM_TOKEN", "delete secret_store"]]),
    row("orb|namespace|pipeline|project delete|remove", eff("delete", "ci_pipeline"), [["circleci orb delete ledgerly/deploy-tools", "delete ci_pipeline"], ["circleci pipeline delete 5d2c1a0e", "delete ci_pipeline"]]),
    row("context|orb|pipeline|project|namespace|config|local|policy|diagnostic|version|info|runner", (m) => (m.path[0] === "diagnostic" || m.path[0] === "version" || /^(list|info|validate|execute|status|show|process|get)$/.test(m.rest[0]?.value ?? "") ? eff("read", "ci_pipeline") : null), [
      ["circleci context list github ledgerly", "read ci_pipeline"],
      ["circleci config validate", "read ci_pipeline"],
      ["circleci diagnostic --host https://circleci.ledgerly.io", "read ci_pipeline"],
    ]),
  ],
};

const AZ_PIPELINES = {
  names: ["az"],
  service: "azure-pipelines",
  cli: AZ_CLI,
  rows: [
    row("pipelines variable-group delete", eff("destroy", "ci_pipeline"), [["az pipelines variable-group delete --group-id 11 --project Ledgerly --yes", "destroy ci_pipeline"]]),
    row("pipelines variable-group variable delete", eff("delete", "ci_pipeline"), [["az pipelines variable-group variable delete --group-id 11 --name SIGNING_KEY --yes", "delete ci_pipeline"]]),
    row("pipelines delete", eff("delete", "ci_pipeline"), [["az pipelines delete --id 205 --project Ledgerly --yes", "delete ci_pipeline"]]),
    row("pipelines folder|variable|build|release delete", eff("delete", "ci_pipeline"), [["az pipelines folder delete --path '\\Release' --yes", "delete ci_pipeline"], ["az pipelines variable delete --name NUGET_KEY --pipeline-id 205 --yes", "delete ci_pipeline"]]),
    row("pipelines list|show|run|runs|variable|variable-group|agent|pool|build|release|folder", (m) => (m.path[1] === "list" || m.path[1] === "show" || m.path[1] === "run" || /^(list|show|download)$/.test(m.rest[0]?.value ?? "") || m.rest[1]?.value === "download" ? eff("read", "ci_pipeline") : null), [
      ["az pipelines list --project Ledgerly -o table", "read ci_pipeline"],
      ["az pipelines runs artifact download --run-id 4410 --artifact-name bundle --path ./out", "read ci_pipeline"],
    ]),
  ],
};

const CI_APIS: ApiRow[] = [
  {
    service: "jenkins",
    methods: ["POST"],
    path: /\/doDelete\b/,
    effect: eff("destroy", "ci_pipeline"),
    operation: "doDelete",
    examples: [
      ["curl -X POST -u bot:$TOKEN https://ci.ledgerly.io/job/legacy-build/doDelete", "destroy ci_pipeline"],
      ["curl https://ci.ledgerly.io/job/folder/job/old/doDelete --request POST", "destroy ci_pipeline"],
      ["curl https://ci.ledgerly.io/job/api-build/api/json", ""],
    ],
  },
  {
    service: "circleci",
    host: /(^|\.)circleci\.com$/i,
    methods: ["DELETE"],
    path: /^\/api\//,
    effect: (m) => (m.segments.some((s) => /^(envvar|environment-variable|context)$/.test(s)) ? eff("delete", "secret_store") : eff("delete", "ci_pipeline")),
    examples: [["curl -X DELETE -H 'Circle-Token: t' https://circleci.com/api/v2/project/gh/ledgerly/api/envvar/SENTRY_DSN", "delete secret_store"]],
  },
];

// A GitLab runner unregistered stops taking the project's jobs (pipelines queue, deploys stall) and its token is
// revoked on the server. `verify --delete` only forgets runners the server already removed.
const GITLAB_RUNNER = {
  names: ["gitlab-runner"],
  service: "gitlab-runner",
  cli: { options: { shortValue: "c", longValue: ["config", "url", "token", "name"], longBool: ["all-runners", "debug"], aliases: { c: "config", u: "url", t: "token", n: "name" } }, help: { flags: ["help", "h"] } } satisfies Cli,
  rows: [
    row("unregister", (m) => eff("delete", "ci_pipeline", { resource: "runner", ...(m.has("all-runners") ? { all: true } : {}) }), [
      ["gitlab-runner unregister --all-runners", "delete ci_pipeline all"],
      ["sudo gitlab-runner unregister --name build-1", "delete ci_pipeline"],
      ["gitlab-runner unregister --help", ""],
    ]),
    row("list|status|verify", eff("read", "ci_pipeline"), [["gitlab-runner list", "read ci_pipeline"], ["gitlab-runner verify --delete", "read ci_pipeline"]]),
  ],
};

export const CI: Family = {
  name: "CI/CD",
  programs: [GH_ACTIONS, GLAB_CI, JENKINS, CIRCLECI, AZ_PIPELINES, GITLAB_RUNNER],
  apis: CI_APIS,
};
