import { describe, expect, it } from "vitest";
import { orderLabel } from "../../core/orders/order-number.ts";
import { orderItems } from "../../server/db/schema/index.ts";
import { createOrder, createUser } from "../factories/index.ts";
import { expectNoSeriousA11yViolations } from "../support/axe.ts";
import { setupE2E } from "../support/browser.ts";
import { submitAdminSignIn } from "../support/e2e-helpers.ts";
import { latestEmailTo, mailReaderEnv } from "../support/mail.ts";

/**
 * The morning of a fulfilment helper (issue 35): filter the orders waiting to ship, select them
 * all, upload the carrier's tracking CSV, check the preview (a row for an order not selected is
 * left out), apply it, and print the packing slips with one pick list for the lot.
 */
const helper = { email: "finn@example.com", password: "finn-packs-parcels-1", name: "Finn Packer" };
const buyers = ["ana@example.com", "ben@example.com", "cleo@example.com"];
const waiting: { id: string; label: string; email: string }[] = [];
let shippedLabel = "";

const e2e = setupE2E({
  seed: "none",
  env: mailReaderEnv,
  prepare: async (db) => {
    await createUser(db, { ...helper, role: "admin", staffRole: "fulfilment" });
    for (const [i, email] of buyers.entries()) {
      const order = await createOrder(db, {
        paymentStatus: "paid",
        status: "pending",
        email,
        name: `Buyer ${i}`,
      });
      await db.insert(orderItems).values({
        orderId: order.id,
        name: "Gold Grade Shilajit Resin",
        weight: "30g",
        unitPriceCents: 5999,
        quantity: i + 1,
        lineTotalCents: 5999 * (i + 1),
      });
      waiting.push({ id: order.id, label: orderLabel(order), email });
    }
    shippedLabel = orderLabel(await createOrder(db, { paymentStatus: "paid", status: "shipped" }));
  },
});

describe("the morning of a fulfilment helper", () => {
  it("filters the orders waiting to ship, ships them from a tracking CSV and prints their slips", async () => {
    const page = await e2e.newPage();
    await submitAdminSignIn(page, helper.email, helper.password);
    await page.waitForURL("**/admin/orders");
    const table = page.getByRole("table");

    await page.getByLabel("Status", { exact: true }).selectOption("pending");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await page.waitForURL(/status=pending/);
    await expect.poll(() => table.getByText(`#${shippedLabel}`).count()).toBe(0);
    for (const order of waiting) await table.getByText(`#${order.label}`).waitFor();

    await page.getByRole("checkbox", { name: "Select all orders on this page" }).check();
    const bar = page.getByRole("region", { name: "Bulk actions" });
    await bar.getByText("3 selected").waitFor();
    await bar.getByRole("button", { name: "Mark shipped" }).click();
    const dialog = page.getByRole("dialog", { name: "Mark 3 orders shipped" });
    const csv = [
      "order,carrier,tracking",
      ...waiting.map((o, i) => `${o.label},UPS,1Z999AA1012345678${i}`),
      `${shippedLabel},UPS,1Z999AA10123456789`,
    ].join("\n");
    await dialog
      .getByLabel("Tracking CSV", { exact: true })
      .setInputFiles({ name: "tracking.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await dialog.getByRole("button", { name: "Preview" }).click();
    await dialog.getByText("3 orders ready to ship; 1 rows with errors are left out.").waitFor();
    const preview = dialog.getByRole("table", { name: "Shipping preview" });
    for (const order of waiting) {
      expect(await preview.getByRole("row").filter({ hasText: order.label }).innerText()).toContain("Ships");
    }
    await expectNoSeriousA11yViolations(page, "bulk ship preview");
    await dialog.getByRole("button", { name: "Apply: ship 3 orders" }).click();

    const progress = page.getByRole("region", { name: "Bulk action progress" });
    await progress.getByText("Done: 3 of 3 orders").waitFor({ timeout: 30_000 });
    // Each customer is told once, with their own tracking number.
    const mail = await latestEmailTo(e2e, waiting[2]!.email, `Order #${waiting[2]!.label} has shipped`);
    expect(mail.text).toContain("1Z999AA10123456782");
    await page.reload();
    await page.getByText("No orders match this filter").waitFor();

    // The same orders, now shipped: one print run with a pick list and a slip per order.
    await page.getByLabel("Status", { exact: true }).selectOption("shipped");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await page.waitForURL(/status=shipped/);
    await page.getByRole("checkbox", { name: "Select all orders on this page" }).check();
    await bar.getByText("4 selected").waitFor();
    const [slips] = await Promise.all([
      page.context().waitForEvent("page"),
      bar.getByRole("button", { name: "Print packing slips" }).click(),
    ]);
    await slips!.getByRole("heading", { name: "Pick list: 4 orders" }).waitFor();
    const pickList = await slips!.getByRole("table", { name: "Pick list" }).innerText();
    // 1 + 2 + 3 jars of the same resin on one line.
    expect(pickList).toMatch(/Gold Grade Shilajit Resin[^\n]*\s+6/);
    for (const order of waiting) await slips!.getByText(`#${order.label}`).first().waitFor();
  });
});
