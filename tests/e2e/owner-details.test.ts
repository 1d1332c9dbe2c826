import { describe, expect, it } from "vitest";
import { orderItems } from "../../server/db/schema/index.ts";
import { createOrder, createProduct, createTestimonial, updateOnlyVariant } from "../factories/index.ts";
import { expectNoSeriousA11yViolations } from "../support/axe.ts";
import { setupE2E } from "../support/browser.ts";
import { adminEnv, signInAsAdmin } from "../support/e2e-helpers.ts";

/** The owner's smaller papercuts: the packing slip, the dashboard's chart and low stock, the home page. */
let orderId = "";

const e2e = setupE2E({
  seed: "none",
  env: adminEnv,
  prepare: async (db) => {
    const product = await createProduct(db, { name: "Flagged Resin" });
    // Plenty counted, but marked sold out by hand: the owner must see it.
    await updateOnlyVariant(db, product.id, { soldOut: true, stockQuantity: 10_000 });
    const order = await createOrder(db, {
      paymentStatus: "paid",
      paidAt: new Date(),
      name: "Gina Gift",
      email: "gina@example.com",
      shippingAddress: {
        line1: "9 Present Lane",
        city: "Austin",
        state: "TX",
        postalCode: "78701",
        country: "US",
      },
      subtotalCents: 5999,
      totalCents: 5999,
    });
    orderId = order.id;
    await db.insert(orderItems).values({
      orderId,
      name: "Pure Himalayan Shilajit Resin",
      unitPriceCents: 5999,
      quantity: 1,
      lineTotalCents: 5999,
    });
    for (let i = 0; i < 4; i++) await createTestimonial(db, { name: `Reviewer ${i + 1}` });
  },
});

describe("owner details", () => {
  it("prints a packing slip without prices by default, with the recipient under Ship to", async () => {
    const page = await e2e.newPage();
    await signInAsAdmin(page, `/admin/orders/${orderId}/print`);
    await page.getByRole("heading", { name: "Packing slip" }).waitFor();
    const shipTo = await page.getByText("9 Present Lane").locator("..").innerText();
    expect(shipTo.split("\n")[0]).toBe("Gina Gift");
    expect(await page.getByRole("main").innerText()).not.toContain("$59.99");
    await page.getByRole("link", { name: "Show prices" }).click();
    await page.getByText("$59.99").first().waitFor();
    await page.getByRole("link", { name: "Hide prices" }).waitFor();
  });

  it("lists a variant marked sold out under low stock, and the chart has axis values", async () => {
    const page = await e2e.newPage();
    await signInAsAdmin(page, "/admin/dashboard");
    const low = page.getByRole("list", { name: "Low stock" });
    await low.getByText("Flagged Resin").waitFor();
    await low.getByText("Sold out").waitFor();
    const revenueAxis = await page.locator("[data-axis=Revenue]").innerText();
    expect(revenueAxis.split("\n")).toEqual(["$59.99", "$30.00", "$0.00"]);
    expect((await page.locator("[data-axis=Orders]").innerText()).split("\n")[0]).toBe("1");
    await expectNoSeriousA11yViolations(page, "dashboard with axes");
  });

  it("lays four testimonials out two by two, never one alone on a row", async () => {
    const page = await e2e.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/");
    const cards = page.getByRole("region", { name: "What Our Customers Say" }).getByRole("listitem");
    expect(await cards.count()).toBe(4);
    const tops = await cards.evaluateAll((els) =>
      els.map((el) => Math.round(el.getBoundingClientRect().top)),
    );
    expect(tops[0]).toBe(tops[1]);
    expect(tops[2]).toBe(tops[3]);
  });
});
