import { describe, expect, it } from "vitest";
import { createOrder } from "../factories/index.ts";
import { expectNoSeriousA11yViolations } from "../support/axe.ts";
import { setupE2E } from "../support/browser.ts";
import { adminEnv, signInAsAdmin } from "../support/e2e-helpers.ts";

/**
 * A new shop is told what it has not set up (a Texas shop charged no tax and nothing said so),
 * sees the tax it collected, and finds tax and refunds in the orders CSV.
 */
const e2e = setupE2E({
  seed: "none",
  env: adminEnv,
  prepare: async (db) => {
    await createOrder(db, {
      paymentStatus: "paid",
      email: "taxed@example.com",
      subtotalCents: 10000,
      shippingCents: 0,
      taxCents: 825,
      totalCents: 10825,
      refundedCents: 1000,
      paidAt: new Date(),
    });
  },
});

describe("dashboard setup and tax", () => {
  it("lists each setup step done or not, and the tax collected", async () => {
    const page = await e2e.newPage();
    await signInAsAdmin(page, "/admin/dashboard");
    const checklist = page.getByRole("region", { name: "Setup checklist" });
    await checklist.getByText("Sales tax: not done").waitFor();
    await checklist.getByRole("link", { name: "No tax rates: orders are charged no sales tax" }).waitFor();
    await checklist.getByText("Payments: not done").waitFor();
    await checklist.getByText("Email: not done").waitFor();
    for (const step of ["Shipping", "Policies"])
      await checklist.getByText(new RegExp(`^${step}: `)).waitFor();
    const tax = page.getByRole("region", { name: "Totals" });
    expect(await tax.innerText()).toContain("Tax collected (30 days)");
    expect(await tax.innerText()).toContain("$8.25");
    await expectNoSeriousA11yViolations(page, "dashboard checklist");
  });

  it("exports tax and refunded amounts as columns of the orders CSV", async () => {
    const page = await e2e.newPage();
    await signInAsAdmin(page, "/admin/orders");
    const response = await page.request.get("/admin/orders/export.csv");
    expect(response.status()).toBe(200);
    const [header, row] = (await response.text()).replace(/^\uFEFF/, "").split("\r\n");
    const columns = header!.split(",");
    const cells = row!.split(",");
    expect(cells[columns.indexOf("Tax")]).toBe("8.25");
    expect(cells[columns.indexOf("Refunded")]).toBe("10.00");
    expect(cells[columns.indexOf("Total")]).toBe("108.25");
  });
});
