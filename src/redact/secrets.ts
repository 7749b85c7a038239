// The one secret scrubber: what the ledger's `--ledger-redact` and the guard's
// record fold both use to keep tokens, keys and passwords out of what they
// write. Each pattern is data with an example beside it (a test runs every
// example); every quantifier is bounded or over a disjoint class, so a scan is
// linear in the text whatever it holds.

export interface SecretPattern {
  /** What kind of secret this is; passed to the replacer. */
  readonly kind: string;
  /** Global regex. When it has a group named `secret`, only that group is replaced. */
  readonly pattern: RegExp;
  /** A text holding one such secret, and the secret in it. */
  readonly example: { readonly text: string; readonly secret: string };
}

const KEY_WORDS = "password|passwd|passphrase|pwd|secret|token|api[_-]?key|apikey|access[_-]?key|private[_-]?key|client[_-]?secret|auth[_-]?key|credentials?";

export const SECRET_PATTERNS: readonly SecretPattern[] = [
  {
    kind: "private_key",
    // A whole PEM block, or a torn one running to the end of the text.
    pattern: /-----BEGIN [A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----[^]*?(?:-----END [A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----|$)/g,
    example: { text: "key: -----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXk\n-----END OPENSSH PRIVATE KEY----- done", secret: "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXk\n-----END OPENSSH PRIVATE KEY-----" },
  },
  { kind: "aws_access_key_id", pattern: /\b(?:AKIA|ASIA|AGPA|AIDA|AROA)[0-9A-Z]{16}\b/g, example: { text: "id=AKIAIOSFODNN7EXAMPLE;", secret: "AKIAIOSFODNN7EXAMPLE" } },
  { kind: "github_token", pattern: /\b(?:gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{22,255})\b/g, example: { text: "push with ghp_0123456789abcdefghijABCDEFGHIJ012345 now", secret: "ghp_0123456789abcdefghijABCDEFGHIJ012345" } },
  { kind: "gitlab_token", pattern: /\bglpat-[A-Za-z0-9_-]{20,255}/g, example: { text: "glpat-abcdefghij0123456789 ", secret: "glpat-abcdefghij0123456789" } },
  { kind: "slack_token", pattern: /\bxox[abposr]-[A-Za-z0-9-]{10,255}/g, example: { text: "SLACK=xoxb-1234567890-abcdefghij", secret: "xoxb-1234567890-abcdefghij" } },
  { kind: "slack_webhook", pattern: /https:\/\/hooks\.slack\.com\/services\/[A-Za-z0-9/]{10,255}/g, example: { text: "curl https://hooks.slack.com/services/T000/B000/XXXXXXXX -d x", secret: "https://hooks.slack.com/services/T000/B000/XXXXXXXX" } },
  { kind: "api_key", pattern: /\bsk-(?:ant-|proj-)?[A-Za-z0-9_-]{20,255}/g, example: { text: "OPENAI_API_KEY sk-proj-abcdefghijklmnopqrstuv", secret: "sk-proj-abcdefghijklmnopqrstuv" } },
  { kind: "stripe_key", pattern: /\b[rsp]k_(?:live|test)_[A-Za-z0-9]{16,255}/g, example: { text: "k=sk_live_abcdefghijklmnop1234", secret: "sk_live_abcdefghijklmnop1234" } },
  { kind: "google_api_key", pattern: /\bAIza[0-9A-Za-z_-]{35}/g, example: { text: "AIzaSyA-abcdefghijklmnopqrstuvwxyz01234 x", secret: "AIzaSyA-abcdefghijklmnopqrstuvwxyz01234" } },
  { kind: "npm_token", pattern: /\bnpm_[A-Za-z0-9]{36}\b/g, example: { text: "//registry/:_authToken npm_abcdefghijklmnopqrstuvwxyz0123456789", secret: "npm_abcdefghijklmnopqrstuvwxyz0123456789" } },
  { kind: "jwt", pattern: /\beyJ[A-Za-z0-9_-]{8,4096}\.eyJ[A-Za-z0-9_-]{8,4096}\.[A-Za-z0-9_-]{8,4096}/g, example: { text: "t=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U", secret: "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U" } },
  {
    kind: "authorization_header",
    pattern: /\b(?:authorization|proxy-authorization)["']?\s{0,4}[:=]\s{0,4}["']?(?:bearer|basic|token|digest)\s{1,4}(?<secret>[^\s"',;]{1,4096})/gi,
    example: { text: "curl -H 'Authorization: Bearer abc.def.ghi' https://x", secret: "abc.def.ghi" },
  },
  {
    kind: "url_password",
    pattern: /\b[a-z][a-z0-9+.-]{0,20}:\/\/[^\s/:@]{1,256}:(?<secret>[^\s/@]{1,256})(?=@)/gi,
    example: { text: "git clone https://bob:hunter2@example.com/r.git", secret: "hunter2" },
  },
  {
    kind: "assignment",
    // `password=…`, `"api_key": "…"`, `DB_PASSWORD: …`, `--token=…`.
    pattern: new RegExp(`(?<![A-Za-z0-9])[A-Za-z0-9_.-]{0,40}(?:${KEY_WORDS})[A-Za-z0-9_.-]{0,40}["']?\\s{0,4}[:=]\\s{0,4}["']?(?<secret>[^\\s"',;&}]{1,4096})`, "gi"),
    example: { text: '{"db_password": "s3cr3t!", "user": "me"}', secret: "s3cr3t!" },
  },
  {
    kind: "flag",
    // `--password hunter2`, `--api-key abc` (a flag whose next word is its value).
    pattern: new RegExp(`(?<![A-Za-z0-9-])--?[A-Za-z0-9_-]{0,40}(?:${KEY_WORDS})[A-Za-z0-9_-]{0,40}\\s{1,4}["']?(?<secret>[^\\s"'-][^\\s"']{0,4095})`, "gi"),
    example: { text: "mysql --password hunter2 -e 'select 1'", secret: "hunter2" },
  },
];

/** How a found secret is written instead: by default a fixed marker naming its kind. */
export type Replacer = (secret: string, kind: string) => string;

export const redactedMarker: Replacer = (_secret, kind) => `[REDACTED:${kind}]`;

/** The text with every secret the patterns find replaced. Never throws; linear in the text. */
export function scrubSecrets(text: string, replace: Replacer = redactedMarker): string {
  let out = text;
  for (const { kind, pattern } of SECRET_PATTERNS) {
    pattern.lastIndex = 0;
    out = out.replace(pattern, (...args) => {
      const match = args[0] as string;
      const groups = args[args.length - 1] as Record<string, string | undefined> | string;
      const secret = typeof groups === "object" && groups !== null ? groups.secret : undefined;
      if (secret === undefined) return replace(match, kind);
      // Replace only the named group: it is the match's tail for every pattern above.
      if (secret.startsWith("[REDACTED")) return match;
      return match.slice(0, match.length - secret.length) + replace(secret, kind);
    });
  }
  return out;
}

/** Whether the text holds anything the scrubber would replace. */
export function holdsSecret(text: string): boolean {
  return scrubSecrets(text, () => "\u0000") !== text;
}
