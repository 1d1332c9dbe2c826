import path from "node:path";
import { describe, expect, it } from "vitest";
import { createProduct } from "../factories/index.ts";
import { expectNoSeriousA11yViolations } from "../support/axe.ts";
import { setupE2E } from "../support/browser.ts";
import { adminEnv, signInAsAdmin } from "../support/e2e-helpers.ts";

const fixture = path.join(import.meta.dirname, "../../server/catalog-csv/fixtures/shopify-products.csv");

const e2e = setupE2E({
  env: adminEnv,
  // The resin already exists: the preview says it will be updated, not created.
  prepare: (db) => createProduct(db, { name: "Old Resin", slug: "himalayan-resin" }).then(() => undefined),
});

describe("admin catalog CSV import", () => {
  it("previews created, updated and refused rows with reasons, then imports on the button", async () => {
    const page = await e2e.newPage();
    await signInAsAdmin(page, "/admin/products");
    await page.getByRole("link", { name: "Import" }).click();
    await page.getByRole("heading", { name: "Import products" }).waitFor();

    await page.getByLabel("CSV file (up to 20 MB)").setInputFiles(fixture);
    await page.getByRole("button", { name: "Preview import" }).click();
    await page.getByRole("heading", { name: "Preview of shopify-products.csv" }).waitFor();
    await expect
      .poll(() => page.getByRole("status").first().textContent())
      .toBe("Shopify product CSV: 3 to create, 1 to update, 3 refused. Nothing has been written yet.");

    const refused = page.getByRole("region", { name: "Refused (3)" });
    await expect
      .poll(() => refused.getByRole("row", { name: /broken-price/ }).textContent())
      .toMatch(/^8broken-priceBroken Pricerow 8 .*Price must be a positive amount/);
    await refused
      .getByRole("cell", { name: "SKU HR-30-1 is also on product himalayan-resin earlier in the file" })
      .waitFor();
    await page
      .getByRole("region", { name: "Will be updated (1)" })
      .getByRole("cell", { name: "himalayan-resin" })
      .waitFor();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole("button", { name: "Import 4 products" }).click();
    await page.getByRole("heading", { name: "Imported shopify-products.csv" }).waitFor();
    await page.getByText("Shopify product CSV: 3 created, 1 updated, 3 refused.").waitFor();

    await page.getByRole("link", { name: "Back to products" }).click();
    await page.getByRole("cell", { name: 'Himalayan Resin, "Gold Grade"' }).waitFor();
    await page.getByText("4 products").waitFor();
  });
});
