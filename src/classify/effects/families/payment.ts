// Payments: Stripe (its CLI and REST API) and Braintree (REST). Deleting a
// customer, payment method, product, plan or webhook endpoint, or cancelling a
// subscription, is `delete × hosted_service` with its operation: billing stops
// or breaks, and the records are gone. Creating charges and reading objects are
// left alone (a charge is money, not a loss of state; see SPEC's spend limits).
import { eff, row, type ApiRow, type Cli, type Family } from "./rows.js";

const STRIPE_CLI: Cli = {
  options: { shortValue: "dgp", longValue: ["api-key", "project-name", "stripe-account", "stripe-version", "data", "expand", "color", "log-level", "device-name", "events", "forward-to"], longBool: ["live", "confirm", "show-headers"], aliases: { d: "data", p: "project-name" } },
  help: { flags: ["help", "h"], word: "first" },
  envFlags: ["project-name"],
};

const STRIPE = {
  names: ["stripe"],
  service: "stripe",
  cli: STRIPE_CLI,
  rows: [
    row("* delete|cancel", (m) => eff("delete", "hosted_service", m.has("live") ? { is_production: true } : {}), [
      ["stripe customers delete cus_PqR2x9", "delete hosted_service"],
      ["stripe subscriptions cancel sub_1Ox2 --live", "delete hosted_service is_production"],
    ]),
    row("delete", eff("delete", "hosted_service"), [["stripe delete /v1/webhook_endpoints/we_1Nx", "delete hosted_service"]]),
    row("* list|retrieve|search|get", eff("read", "hosted_service"), [["stripe customers list --limit 5", "read hosted_service"]]),
    row("get|listen|logs|trigger|login|status|version|samples|config", eff("read", "hosted_service"), [["stripe get /v1/balance", "read hosted_service"], ["stripe listen --forward-to localhost:8787/webhooks", "read hosted_service"]]),
  ],
};

const PAYMENT_APIS: ApiRow[] = [
  {
    service: "stripe",
    host: /^api\.stripe\.com$/i,
    methods: ["DELETE"],
    effect: eff("delete", "hosted_service"),
    examples: [["curl https://api.stripe.com/v1/products/prod_9x -u sk_test_x: -X DELETE", "delete hosted_service"]],
  },
  {
    service: "stripe",
    host: /^api\.stripe\.com$/i,
    methods: ["POST"],
    path: /\/(cancel|close|reject)\b/,
    effect: eff("delete", "hosted_service", { operation: "cancel" }),
    examples: [["curl -X POST https://api.stripe.com/v1/payment_intents/pi_3/cancel -u sk_test_x:", "delete hosted_service"]],
  },
  {
    service: "braintree",
    host: /(^|\.)braintreegateway\.com$/i,
    methods: ["DELETE"],
    effect: eff("delete", "hosted_service"),
    examples: [
      ["curl -X DELETE https://api.sandbox.braintreegateway.com/merchants/m9/payment_methods/credit_card/tok7", "delete hosted_service"],
      ["curl https://api.sandbox.braintreegateway.com/merchants/m9/customers/c42", ""],
    ],
  },
];

export const PAYMENT: Family = {
  name: "payments",
  programs: [STRIPE],
  apis: PAYMENT_APIS,
};
