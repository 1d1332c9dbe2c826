import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../../server/db/client.ts";
import { orderProp65Warnings } from "../../server/db/schema/index.ts";
import { createBlogPost } from "../factories/index.ts";
import { expectNoSeriousA11yViolations } from "../support/axe.ts";
import { setupE2E } from "../support/browser.ts";
import { openCheckout, openStorePage, type TestAddress, waitForCartQuantity } from "../support/store.ts";

/**
 * The demo flagship (server/seed/demo-labels.ts): Supplement Facts with † ingredients, its 100g
 * jar with its own panel, one claim, and a Prop 65 lead warning; the shop's default settings
 * (disclaimer everywhere, the checkout warning for California addresses only).
 */
const e2e = setupE2E({
  prepare: async (db) => {
    await createBlogPost(db, {
      slug: "claims-in-a-post",
      published: true,
      publishedAt: new Date(),
      content: "Why we like it.\n\n[claim] Supports natural energy.\n\n[claim] Supports focus.",
      contentHtml: null,
    });
  },
});
const PRODUCT = "/product/pure-himalayan-shilajit-resin";
const LEAD_WARNING =
  "Consuming this product can expose you to chemicals including lead, which is known to the State of California to cause birth defects or other reproductive harm. For more information go to www.P65Warnings.ca.gov/food.";

const california: TestAddress = {
  name: "Cal Buyer",
  phone: "+1 415 555 0100",
  line1: "1 Market St",
  line2: "",
  city: "San Francisco",
  state: "CA",
  postalCode: "94105",
};
const texas: TestAddress = {
  ...california,
  city: "Austin",
  state: "TX",
  postalCode: "78701",
  line1: "100 Congress Ave",
};

async function cartWithFlagship(page: Page) {
  await openStorePage(page, PRODUCT);
  await page.getByRole("main").getByRole("button", { name: "Add to Cart" }).click();
  await waitForCartQuantity(page, 1);
  await page.getByText("Added to cart").first().waitFor();
}

describe("supplement labels", () => {
  it("the product page shows the Supplement Facts table, the claim with its disclaimer and the Prop 65 warning", async () => {
    const page = await e2e.newPage();
    await openStorePage(page, PRODUCT);
    const panel = page.getByRole("table", { name: "Supplement Facts" });
    await panel.waitFor();
    const headers = await panel.getByRole("columnheader").allInnerTexts();
    expect(headers.map((h) => h.trim())).toEqual([
      "Dietary ingredient",
      "Amount Per Serving",
      "% Daily Value",
    ]);
    expect(await panel.getByRole("row", { name: /Fulvic acid/ }).innerText()).toMatch(/150 mg\s+†/);
    expect(await panel.innerText()).toContain("Serving Size 1 pea-sized portion (300 mg)");
    expect(await panel.innerText()).toContain("Servings Per Container About 100");
    await page.getByText("†Daily Value not established.").waitFor();
    await page.getByText("Other ingredients: None. Pure resin, no fillers.").waitFor();

    await page
      .getByRole("list", { name: "Product claims" })
      .getByText("Supports natural energy and vitality.*")
      .waitFor();
    await page
      .getByText(
        "*This statement has not been evaluated by the Food and Drug Administration. This product is not intended to diagnose, treat, cure, or prevent any disease.",
      )
      .waitFor();

    const warning = page.getByText(LEAD_WARNING);
    expect(await warning.isVisible()).toBe(false);
    await page.getByText("WARNING: California Proposition 65").click();
    await warning.waitFor();
    await expectNoSeriousA11yViolations(page, "product page with its label");

    // The 100g jar has its own panel, swapped in on the page.
    await page.getByRole("radio", { name: /^100g —/ }).check();
    await panel.getByText("Servings Per Container About 333").waitFor();
  });

  it("a post's [claim] paragraphs end with * and the post carries the disclaimer", async () => {
    const page = await e2e.newPage();
    await openStorePage(page, "/blog/claims-in-a-post");
    await page.getByText("Supports natural energy.*").waitFor();
    await page.getByText("Supports focus.*").waitFor();
    await page
      .getByText("*These statements have not been evaluated by the Food and Drug Administration.")
      .waitFor();
    // A post without claims carries no disclaimer.
    await openStorePage(page, "/blog/what-is-shilajit-a-beginners-guide-to-himalayan-resin");
    expect(await page.getByText("Food and Drug Administration").count()).toBe(0);
  });

  it("checkout shows the warning before Pay for a California address, not for Texas, and the order records it", async () => {
    const tex = await e2e.newPage();
    await cartWithFlagship(tex);
    await openCheckout(tex, texas);
    await tex.getByRole("button", { name: /^Pay \$/ }).waitFor();
    expect(await tex.getByRole("region", { name: "California Proposition 65 warning" }).count()).toBe(0);

    const cal = await e2e.newPage();
    await cartWithFlagship(cal);
    await openCheckout(cal, california);
    const box = cal.getByRole("region", { name: "California Proposition 65 warning" });
    expect(await box.innerText()).toBe(`WARNING: ${LEAD_WARNING}`);
    await expectNoSeriousA11yViolations(cal, "checkout with the Prop 65 warning");
    await cal.getByRole("button", { name: /^Pay \$/ }).click();
    await cal.waitForURL(/\/sandbox\/pay\//);

    const recorded = await readAppDatabase((db) =>
      db
        .select({ productName: orderProp65Warnings.productName, text: orderProp65Warnings.warningText })
        .from(orderProp65Warnings),
    );
    expect(recorded).toEqual([
      { productName: "Pure Himalayan Shilajit Resin", text: `WARNING: ${LEAD_WARNING}` },
    ]);
  });
});

/**
 * Reads the app's database: directly on PostgreSQL; on PGlite (one process at a time) after
 * stopping the app, so this is the file's last step.
 */
async function readAppDatabase<T>(read: (db: import("../../server/db/client.ts").Db) => Promise<T>) {
  if (e2e.app.database) return read(e2e.app.database.db);
  await e2e.app.stop();
  const local = await openDatabase({ dataDir: path.join(e2e.app.dataDir, "db") });
  try {
    return await read(local.db);
  } finally {
    await local.close();
  }
}
