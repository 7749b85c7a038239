import { describe, expect, it } from "vitest";
import { foreignHosts, VENDOR_CREDENTIALS } from "../../src/classify/credential-hosts.js";
import { classifyUrl } from "../../src/classify/urls.js";

describe("credential-hosts: a vendor's credential and the hosts it belongs to", () => {
  for (const v of VENDOR_CREDENTIALS) {
    for (const [name, host, foreign] of v.examples) {
      it(`$${name} to ${host}: ${foreign ? "foreign" : "its own"}`, () => {
        expect(v.vars.test(name)).toBe(true);
        const u = classifyUrl(`https://${host}/x`)!;
        expect(foreignHosts(name, [u]).length > 0).toBe(foreign);
      });
    }
  }
  it("a generic name and a private host are not judged", () => {
    expect(foreignHosts("API_TOKEN", [classifyUrl("https://x.example/")!])).toEqual([]);
    expect(foreignHosts("GITHUB_TOKEN", [classifyUrl("http://127.0.0.1:8080/")!])).toEqual([]);
  });
});
