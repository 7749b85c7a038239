import { describe, expect, it } from "vitest";
import { URL_CREDENTIAL_EXAMPLES, urlCredential } from "../../src/classify/url-credentials.js";
import { classifyUrl } from "../../src/classify/urls.js";

describe("credentials in a URL's query string", () => {
  it.each(URL_CREDENTIAL_EXAMPLES)("%s → %s", (url, param) => {
    expect(urlCredential(classifyUrl(url)!)?.param ?? null).toBe(param);
  });
});
