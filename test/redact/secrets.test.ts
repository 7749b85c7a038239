import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { holdsSecret, SECRET_PATTERNS, scrubSecrets } from "../../src/redact/secrets.js";

describe("the secret scrubber", () => {
  for (const p of SECRET_PATTERNS) {
    it(`${p.kind}: its example loses exactly its secret`, () => {
      const out = scrubSecrets(p.example.text);
      expect(out).not.toContain(p.example.secret);
      expect(out).toContain(`[REDACTED:`);
      expect(holdsSecret(p.example.text)).toBe(true);
    });
  }

  it("leaves ordinary text alone", () => {
    for (const text of ["git status", "rm -rf build", "ls ~/.ssh", "echo hello world", '{"file_path": "/repo/src/a.ts", "content": "x"}', "npm test -- --coverage", "cat .env.example"])
      expect(scrubSecrets(text)).toBe(text);
  });

  it("a custom replacer sees the secret and its kind", () => {
    const seen: string[] = [];
    const out = scrubSecrets("export API_TOKEN=abc123", (s, k) => (seen.push(`${k}:${s}`), "#"));
    expect(out).toBe("export API_TOKEN=#");
    expect(seen).toEqual(["assignment:abc123"]);
  });

  it("is idempotent and never throws on arbitrary text", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 300 }), (text) => {
        const once = scrubSecrets(text);
        expect(scrubSecrets(once)).toBe(once);
      }),
      { numRuns: 300 },
    );
  });

  it("scans adversarial text of 256 KiB without quadratic blow-up (count of steps is bounded by the patterns' limits)", () => {
    // Not a timing assertion: this only proves the call returns on inputs built to stress backtracking.
    for (const unit of ["a.", "-", "password", "ghp_", "eyJ", "a:", "x://y:"]) {
      const text = unit.repeat(Math.ceil(262144 / unit.length));
      expect(typeof scrubSecrets(text)).toBe("string");
    }
  });
});
