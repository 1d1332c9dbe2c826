import { describe, expect, it } from "vitest";
import { orderLabel } from "../../core/orders/order-number.ts";
import { createOrder, createUser } from "../factories/index.ts";
import { expectNoSeriousA11yViolations } from "../support/axe.ts";
import { setupE2E } from "../support/browser.ts";
import { adminEnv, signInAsAdmin, waitForToast } from "../support/e2e-helpers.ts";

/**
 * Customers in the browser (issue 34 item 1): the list (search, filter, sort in the URL), the
 * customer page with its figures and orders by number, saving a note and tags, on a 1280×720
 * laptop and on a phone, where the header's search button opens the command palette.
 */
const rosa = { name: "Rosa Quintero", email: "rosa.quintero@example.com" };
let orderName = "";

const e2e = setupE2E({
  seed: "none",
  env: adminEnv,
  prepare: async (db) => {
    const person = await createUser(db, rosa);
    const order = await createOrder(db, {
      paymentStatus: "paid",
      userId: person.id,
      email: rosa.email,
      totalCents: 4200,
    });
    await createOrder(db, { paymentStatus: "paid", userId: person.id, email: rosa.email, totalCents: 1800 });
    orderName = orderLabel(order);
    await createOrder(db, {
      paymentStatus: "paid",
      email: "gwen.guest@example.com",
      name: "Gwen Guest",
      totalCents: 999,
    });
    await createUser(db, { name: "Nolan Noorders", email: "nolan@example.com" });
  },
});

describe("customers", () => {
  it("finds a customer, opens their page and saves a note and tags (1280×720)", async () => {
    const page = await e2e.newPage("laptop");
    await signInAsAdmin(page);
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Customers" }).click();
    await page.waitForURL("**/admin/customers");
    // Guests appear by email; sorted by total spent, Rosa ($60.00) comes first.
    await page.getByRole("link", { name: "Gwen Guest" }).waitFor();
    await page.getByLabel("Sort by").selectOption("spent");
    await page.getByRole("button", { name: "Apply" }).click();
    await page.waitForURL(/sort=spent/);
    const first = page.getByRole("row").nth(1);
    await expect.poll(() => first.textContent()).toContain(rosa.name);
    await page.getByLabel("Has orders").selectOption("no");
    await page.getByRole("button", { name: "Apply" }).click();
    await page.waitForURL(/orders=no/);
    await page.getByRole("link", { name: "Nolan Noorders" }).waitFor();
    await expect.poll(() => page.getByRole("link", { name: rosa.name }).count()).toBe(0);
    await page.getByLabel("Search", { exact: true }).fill("quintero");
    await page.getByLabel("Has orders").selectOption("");
    await page.getByLabel("Search", { exact: true }).press("Enter");
    await page.waitForURL(/q=quintero/);
    await expectNoSeriousA11yViolations(page, "customer list");
    await page.getByRole("link", { name: rosa.name }).click();

    await page.getByRole("heading", { name: rosa.name }).waitFor();
    await page.getByText("$60.00").first().waitFor();
    await page.getByText("$30.00").first().waitFor();
    await page.getByRole("link", { name: `#${orderName}` }).waitFor();
    await page.getByLabel("Note (staff only)").fill("Prefers morning delivery");
    await page.getByLabel("Tags").fill("VIP, wholesale");
    await page.getByRole("button", { name: "Save note and tags" }).click();
    await waitForToast(page, "Note and tags saved");
    expect(await page.getByLabel("Tags").inputValue()).toBe("vip, wholesale");
    await expectNoSeriousA11yViolations(page, "customer page");

    await page.goto("/admin/customers?tag=vip");
    await page.getByRole("link", { name: rosa.name }).waitFor();
    expect(await page.getByRole("link", { name: "Gwen Guest" }).count()).toBe(0);
  });

  it("on a phone, the header's search button opens the palette, whose customer result opens the page", async () => {
    const page = await e2e.newPage("mobile");
    await signInAsAdmin(page, "/admin/customers");
    await page.getByRole("link", { name: rosa.name }).waitFor();
    await page.getByRole("button", { name: "Search or jump to" }).click();
    await page.getByRole("combobox", { name: "Search the back office" }).fill("rosa");
    await page.getByRole("option", { name: new RegExp(rosa.name) }).click();
    await page.waitForURL(/\/admin\/customers\/[0-9a-f-]{36}$/);
    await page.getByRole("heading", { name: rosa.name }).waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
  });
});
