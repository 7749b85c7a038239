// DNS: zones and records — `nsupdate` (its update commands read from a literal
// heredoc, herestring or echo/printf pipe), zone transfers with `dig`/`host`,
// Cloudflare's API and `flarectl`, `dnscontrol push`. Deleting records is
// `delete × dns`, a zone `destroy × dns {total: true}`; adding or changing
// records `write × dns`. A zone transfer (`dig axfr`) copies a whole zone off
// its server: `read × dns {operation: zone transfer}`. (Cloud providers' DNS
// commands — `aws route53`, `gcloud dns`, `az network dns` — are the clouds'
// family.)
import { stdinLiteral } from "../common.js";
import { eff, row, type ApiRow, type Cli, type EffectSpec, type Family, type Match } from "./rows.js";

const NSUPDATE_CLI: Cli = { options: { shortValue: "kyprtuV", longBool: [] }, help: { flags: [] } };

/** nsupdate's commands: `update delete …`/`del …` remove records, `update add …`/`add …` add them. */
function nsupdateEffects(m: Match): EffectSpec[] {
  const text = m.rest.length === 0 ? stdinLiteral(m.ctx) : null;
  if (text === null) return [eff("write", "dns", { operation: "nsupdate" })];
  const lines = text.split(/\r?\n|;/).map((l) => l.trim().toLowerCase());
  const out: EffectSpec[] = [];
  if (lines.some((l) => /^(update\s+)?(delete|del)\b/.test(l))) out.push(eff("delete", "dns"));
  if (lines.some((l) => /^(update\s+)?add\b/.test(l) || /^prereq\b/.test(l))) out.push(eff("write", "dns"));
  return out;
}

const NSUPDATE = {
  names: ["nsupdate"],
  service: "nsupdate",
  cli: NSUPDATE_CLI,
  rows: [
    row("", nsupdateEffects, [
      ["echo 'update delete api.ledgerly.io. CNAME' | nsupdate -k /etc/bind/ddns.key", "delete dns"],
      ["nsupdate -k key.conf <<'EOF'\nserver ns1.example.com\nupdate add www.example.com 300 A 192.0.2.1\nsend\nEOF", "write dns"],
      ["nsupdate -l", "write dns operation=nsupdate"],
      ["printf 'show\\nanswer\\n' | nsupdate", ""],
    ], { operation: "nsupdate" }),
  ],
};

const DIG_CLI: Cli = { options: { shortValue: "bcfkmpqtxy" }, help: { flags: ["h"] } };
const ZONE_TRANSFER = /^(axfr|ixfr(=\d+)?)$/i;

const DIG = {
  names: ["dig", "kdig", "drill"],
  service: "dig",
  cli: DIG_CLI,
  rows: [
    row("", eff("read", "dns", { operation: "zone transfer" }), [
      ["dig @ns2.ledgerly.io ledgerly.io AXFR", "read dns operation='zone transfer'"],
      ["dig -t axfr partner.example @ns1.partner.example", "read dns"],
      ["dig ledgerly.io MX", ""],
      ["dig +short api.ledgerly.io", ""],
    ], { when: (m) => m.rest.some((o) => ZONE_TRANSFER.test(o.value)) || ZONE_TRANSFER.test(m.value("t") ?? ""), operation: "zone transfer" }),
  ],
};

const HOST = {
  names: ["host"],
  service: "host",
  cli: { options: { shortValue: "cNRtWm" }, help: { flags: [] } } as Cli,
  rows: [
    row("", eff("read", "dns", { operation: "zone transfer" }), [["host -l ledgerly.io ns2.ledgerly.io", "read dns"], ["host api.ledgerly.io", ""]], {
      when: (m) => m.has("l") || ZONE_TRANSFER.test(m.value("t") ?? ""),
      operation: "zone transfer",
    }),
  ],
};

const FLARECTL_CLI: Cli = { options: { longValue: ["zone", "id", "name", "type", "content", "ttl", "account-id"], longBool: ["proxy", "json"] }, help: { flags: ["help", "h"], word: "first" } };

const FLARECTL = {
  names: ["flarectl"],
  service: "cloudflare",
  cli: FLARECTL_CLI,
  rows: [
    row("zone|z delete|d", eff("destroy", "dns", { total: true }), [["flarectl zone delete --zone ledgerly-old.io", "destroy dns total"]]),
    row("dns|d delete|d", eff("delete", "dns"), [["flarectl dns delete --zone ledgerly.io --id 9f31c2", "delete dns"]]),
    row("dns|d create|c|update|u|create-or-update|o", eff("write", "dns"), [["flarectl dns create --zone ledgerly.io --name staging --type CNAME --content app.fly.dev", "write dns"]]),
    row("dns|d|zone|z list|l|info|i", eff("read", "dns"), [["flarectl dns list --zone ledgerly.io", "read dns"]]),
  ],
};

const DNSCONTROL = {
  names: ["dnscontrol"],
  service: "dnscontrol",
  cli: { options: { longValue: ["config", "creds", "domains", "providers", "cmode"] }, help: { flags: ["help", "h"], word: "first" } } as Cli,
  rows: [
    row("push", eff("write", "dns", { operation: "push" }), [["dnscontrol push --domains ledgerly.io", "write dns"]]),
    row("preview|check|get-zones|print-ir|version", eff("read", "dns"), [["dnscontrol preview", "read dns"]]),
  ],
};

/** Cloudflare's API: DNS records and zones, and the Workers platform's resources. */
function cloudflare(m: { method: string; segments: string[] }): EffectSpec | null {
  const s = m.segments[0] === "client" && m.segments[1] === "v4" ? m.segments.slice(2) : m.segments;
  const zone = s[0] === "zones" && s.length >= 2;
  if (zone && s[2] === "dns_records") return m.method === "DELETE" ? eff("delete", "dns") : eff("write", "dns");
  if (m.method !== "DELETE") return null;
  if (zone && s.length === 2) return eff("destroy", "dns", { total: true, operation: "zone delete" });
  if (s.includes("kv") || s.includes("r2")) return eff("delete", "object_storage");
  if (s.includes("d1")) return eff("destroy", "database");
  return eff("delete", "infrastructure");
}

const DNS_APIS: ApiRow[] = [
  {
    service: "cloudflare",
    host: /^api\.cloudflare\.com$/i,
    methods: ["DELETE", "POST", "PUT", "PATCH"],
    effect: (m) => cloudflare(m),
    examples: [
      ["curl -X DELETE https://api.cloudflare.com/client/v4/zones/9d2e11/dns_records/51c0aa -H 'Authorization: Bearer t'", "delete dns"],
      ["curl -H 'Authorization: Bearer t' https://api.cloudflare.com/client/v4/zones/9d2e11 -X DELETE", "destroy dns total"],
      ["curl https://api.cloudflare.com/client/v4/zones/9d2e11/dns_records?type=A", ""],
      ["curl -X DELETE https://api.cloudflare.com/client/v4/accounts/acc1/workers/scripts/ledgerly-edge", "delete infrastructure"],
    ],
  },
];

export const DNS: Family = {
  name: "DNS",
  programs: [NSUPDATE, DIG, HOST, FLARECTL, DNSCONTROL],
  apis: DNS_APIS,
};
