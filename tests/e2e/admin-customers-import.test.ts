import path from "node:path";
import { describe, expect, it } from "vitest";
import { createUser } from "../factories/index.ts";
import { expectNoSeriousA11yViolations } from "../support/axe.ts";
import { setupE2E } from "../support/browser.ts";
import { adminEnv, signInAsAdmin } from "../support/e2e-helpers.ts";

const fixture = path.join(import.meta.dirname, "../../server/customer-import/fixtures/shopify-customers.csv");

const e2e = setupE2E({
  env: adminEnv,
  // Bo already has an account: the preview says Bo will be updated, not created.
  prepare: (db) =>
    createUser(db, { email: "bo.returning@example.com", name: "Bo Account" }).then(() => undefined),
});

describe("admin customers CSV import", () => {
  it("previews created, updated and refused rows with reasons, then imports on the button", async () => {
    const page = await e2e.newPage();
    await signInAsAdmin(page, "/admin/customers");
    await page.getByRole("link", { name: "Import" }).click();
    await page.getByRole("heading", { name: "Import customers" }).waitFor();

    await page.getByLabel("CSV file (up to 20 MB)").setInputFiles(fixture);
    await page.getByRole("button", { name: "Preview import" }).click();
    await page.getByRole("heading", { name: "Preview of shopify-customers.csv" }).waitFor();
    await expect
      .poll(() => page.getByRole("status").first().textContent(), { timeout: 15_000 })
      .toBe(
        "Shopify customer CSV: 1 to create, 1 to update, 2 refused, 1 email marketing consent to record. Nothing has been written yet.",
      );

    const refused = page.getByRole("region", { name: "Refused (2)" });
    await refused.getByRole("cell", { name: "Enter a valid email address." }).waitFor();
    await refused.getByRole("cell", { name: "The same email as row 2." }).waitFor();
    await page
      .getByRole("region", { name: "Will be updated (1)" })
      .getByRole("cell", { name: "bo.returning@example.com" })
      .waitFor();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole("button", { name: "Import 2 customers" }).click();
    await page.getByRole("heading", { name: "Imported shopify-customers.csv" }).waitFor();
    await page
      .getByText("Shopify customer CSV: 1 created, 1 updated, 2 refused, 1 email marketing consent recorded.")
      .waitFor();

    await page.getByRole("link", { name: "Back to customers" }).click();
    await page.getByRole("link", { name: 'Ada Lovelace, "Countess"' }).waitFor();
  });
});
