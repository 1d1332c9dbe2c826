import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { createProduct } from "../factories/index.ts";
import { expectNoSeriousA11yViolations } from "../support/axe.ts";
import { setupE2E } from "../support/browser.ts";
import { adminEnv, signInAsAdmin, testAdmin, waitForToast } from "../support/e2e-helpers.ts";

const e2e = setupE2E({
  seed: "none",
  env: adminEnv,
  prepare: async (db) => {
    await createProduct(db, { name: "Trail Resin", slug: "trail-resin", priceCents: 5999 });
  },
});

async function openEditor(page: Page, name: string) {
  await page.goto("/admin/products");
  await page
    .getByRole("row")
    .filter({ hasText: name })
    .getByRole("link", { name: `Edit ${name}` })
    .click();
  await page.getByRole("button", { name: "Update Product" }).waitFor();
}

describe("the activity log in the back office", () => {
  it("shows a product's edit in its history and finds it with the log's filters", async () => {
    const page = await e2e.newPage();
    await signInAsAdmin(page, "/admin/products");
    await openEditor(page, "Trail Resin");
    await page.getByLabel("Name", { exact: true }).fill("Trail Resin Gold");
    await page.getByRole("button", { name: "Update Product" }).click();
    await waitForToast(page, "Product updated successfully");

    await openEditor(page, "Trail Resin Gold");
    const history = page.getByRole("region", { name: "Product history" });
    await history.getByText("Trail Resin Gold").waitFor();
    const entry = await history.getByRole("listitem").first().innerText();
    expect(entry).toContain(testAdmin.email);
    expect(entry).toMatch(/update/);
    expect(entry).toMatch(/Trail Resin\s*→\s*Trail Resin Gold/);

    await page.goto("/admin/activity");
    await page.getByRole("heading", { name: "Activity Log" }).waitFor();
    await page.getByLabel("Entity").selectOption("product");
    await page.getByLabel("Action").selectOption("update");
    await page.getByRole("button", { name: "Filter" }).click();
    await page.waitForURL(/entity=product/);
    expect(new URL(page.url()).searchParams.get("action")).toBe("update");
    const row = page.getByRole("row").filter({ hasText: "Trail Resin Gold" });
    await row.waitFor();
    expect(await row.innerText()).toContain(testAdmin.email);
    // The row is in the unfiltered list too: the link shows when the filtered page has rendered.
    const csv = page.getByRole("link", { name: "Export CSV" });
    await expect.poll(() => csv.getAttribute("href"), { timeout: 15_000 }).toContain("entity=product");
    await expectNoSeriousA11yViolations(page, "activity log");

    // A date range with nothing in it: the empty state, the filters kept.
    await page.getByLabel("To", { exact: true }).fill("2020-01-01");
    await page.getByRole("button", { name: "Filter" }).click();
    await page.getByText("No entries match these filters.").waitFor();
    expect(await page.getByLabel("Entity").inputValue()).toBe("product");

    // The retention setting: validated on the server, kept as typed.
    await page.getByRole("link", { name: "Clear" }).click();
    await page.getByLabel("Keep entries for (days)").fill("10");
    await page.getByLabel("Keep entries for (days)").evaluate((input) => input.removeAttribute("min"));
    await page.getByRole("button", { name: "Save retention" }).click();
    await page.getByText("Keep entries for at least 30 days").waitFor();
    expect(await page.getByLabel("Keep entries for (days)").inputValue()).toBe("10");
  });
});
