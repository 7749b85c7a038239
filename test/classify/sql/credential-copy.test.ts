import { describe, expect, it } from "vitest";
import { CREDENTIAL_COPY_EXAMPLES, credentialCopies } from "../../../src/classify/sql/credential-copy.js";

describe("SQL that copies a credential table's rows out of it", () => {
  it.each(CREDENTIAL_COPY_EXAMPLES)("%s → %s", (sql, table) => {
    expect(credentialCopies(sql)[0]?.table ?? null).toBe(table);
  });
});
