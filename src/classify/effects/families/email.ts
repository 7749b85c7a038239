// Email services: AWS SES (v1 and v2), and the REST APIs of Mailgun, Postmark
// and SendGrid. Deleting a sending domain, identity, template, list, route,
// webhook, credential or suppression entry is `delete × hosted_service`
// (removing a suppression lets mail reach addresses that bounced or
// unsubscribed). Sending mail and reading stats change nothing here.
import { AWS_CLI } from "./clis.js";
import { eff, row, type ApiRow, type Family } from "./rows.js";

const AWS_SES = {
  names: ["aws"],
  service: "aws-ses",
  cli: AWS_CLI,
  rows: [
    row("ses|sesv2|pinpoint-email *", (m) => (/^delete-/.test(m.path[1]) ? eff("delete", "hosted_service") : /^(list|get|describe)-/.test(m.path[1]) ? eff("read", "hosted_service") : null), [
      ["aws ses delete-identity --identity billing@ledgerly.io", "delete hosted_service"],
      ["aws sesv2 delete-email-identity --email-identity ledgerly.io", "delete hosted_service"],
      ["aws ses delete-receipt-rule-set --rule-set-name inbound-support", "delete hosted_service"],
      ["aws ses list-identities --identity-type Domain", "read hosted_service"],
      ["aws sesv2 list-suppressed-destinations", "read hosted_service"],
      ["aws ses send-email --from ops@ledgerly.io --destination ToAddresses=dev@ledgerly.io --message file://msg.json", ""],
    ]),
  ],
};

const EMAIL_APIS: ApiRow[] = [
  {
    service: "mailgun",
    host: /^api(\.eu)?\.mailgun\.net$/i,
    methods: ["DELETE"],
    effect: eff("delete", "hosted_service"),
    examples: [
      ["curl -s --user 'api:key-x' -X DELETE https://api.mailgun.net/v3/domains/mg.ledgerly.io", "delete hosted_service"],
      ["curl --user 'api:key-x' -X DELETE https://api.eu.mailgun.net/v3/mg.ledgerly.io/unsubscribes/ana@example.org", "delete hosted_service"],
      ["curl --user 'api:key-x' https://api.mailgun.net/v3/mg.ledgerly.io/events", ""],
      ["curl --user 'api:key-x' https://api.mailgun.net/v3/mg.ledgerly.io/messages -F to=dev@ledgerly.io -F subject=hi", ""],
    ],
  },
  {
    service: "postmark",
    host: /^api\.postmarkapp\.com$/i,
    methods: ["DELETE"],
    effect: eff("delete", "hosted_service"),
    examples: [
      ["curl -X DELETE https://api.postmarkapp.com/templates/receipt-v2 -H 'X-Postmark-Server-Token: t'", "delete hosted_service"],
      ["curl https://api.postmarkapp.com/email/withTemplate -H 'X-Postmark-Server-Token: t' --json '{\"TemplateAlias\":\"receipt\"}'", ""],
    ],
  },
  {
    service: "sendgrid",
    host: /^api\.sendgrid\.com$/i,
    methods: ["DELETE"],
    effect: eff("delete", "hosted_service"),
    examples: [["curl -X DELETE https://api.sendgrid.com/v3/marketing/lists/6a1f -H 'Authorization: Bearer SG.x'", "delete hosted_service"]],
  },
];

export const EMAIL: Family = {
  name: "email",
  programs: [AWS_SES],
  apis: EMAIL_APIS,
};
