import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { orderLabel } from "../../core/orders/order-number.ts";
import { orderItems } from "../../server/db/schema/index.ts";
import { createOrder } from "../factories/index.ts";
import { expectNoSeriousA11yViolations } from "../support/axe.ts";
import { setupE2E } from "../support/browser.ts";
import { adminEnv, signInAsAdmin, waitForToast } from "../support/e2e-helpers.ts";

/**
 * A status change that emails the customer is asked first (with a warning when it skips steps),
 * and its email waits a minute, during which Undo puts the order back and nobody is emailed.
 * (The minute itself and the email after it: server/orders/status-notices.test.ts, on its clock.)
 */
const customerEmail = "slip@example.com";
let orderId = "";
/** How staff see the order: its number (#1001). */
let orderName = "";

const e2e = setupE2E({
  seed: "none",
  env: adminEnv,
  prepare: async (db) => {
    const order = await createOrder(db, { paymentStatus: "paid", name: "Sly Slip", email: customerEmail });
    orderId = order.id;
    orderName = orderLabel(order);
    await db.insert(orderItems).values({
      orderId,
      name: "Pure Himalayan Shilajit Resin",
      unitPriceCents: 5999,
      quantity: 1,
      lineTotalCents: 5999,
    });
  },
});

const statusSelect = (page: Page) => page.getByRole("combobox", { name: `Status of order #${orderName}` });

async function outboxTo(page: Page, address: string) {
  const reader = await page.context().newPage();
  await reader.goto(`/admin/emails?to=${encodeURIComponent(address)}`);
  const text = await reader.getByRole("main").innerText();
  await reader.close();
  return text;
}

describe("changing an order's status", () => {
  it("asks before emailing, warns of skipped steps, and undoes within the minute without an email", async () => {
    const page = await e2e.newPage();
    await signInAsAdmin(page, "/admin/orders");
    const short = orderName;

    await statusSelect(page).selectOption("delivered");
    const ask = page.getByRole("alertdialog", { name: `Change order #${short} to Delivered?` });
    await ask.getByText("The customer is emailed that the order was delivered.").waitFor();
    await ask
      .getByText(
        "This skips Processing and Shipped: the customer gets no shipping email and no tracking number.",
      )
      .waitFor();
    await expectNoSeriousA11yViolations(page, "status change question");
    await ask.getByRole("button", { name: "Go back" }).click();
    await ask.waitFor({ state: "hidden" });
    expect(await statusSelect(page).inputValue()).toBe("pending");

    await statusSelect(page).selectOption("delivered");
    await ask.getByRole("button", { name: "Change status and email" }).click();
    await waitForToast(page, "Order status updated");
    await expect.poll(() => statusSelect(page).inputValue()).toBe("delivered");
    // Held: nothing is in the outbox for the customer during the minute.
    expect(await outboxTo(page, customerEmail)).toContain("No emails yet.");

    await page.getByRole("button", { name: `Undo the status change of order #${short}` }).click();
    await waitForToast(page, "Status change undone");
    await page.reload();
    await expect.poll(() => statusSelect(page).inputValue()).toBe("pending");
    expect(await outboxTo(page, customerEmail)).toContain("No emails yet.");
  });

  it("says a cancel cannot be undone before it restocks", async () => {
    const page = await e2e.newPage();
    await signInAsAdmin(page, "/admin/orders");
    await statusSelect(page).selectOption("cancelled");
    const ask = page.getByRole("alertdialog", { name: `Cancel order #${orderName}?` });
    await ask.getByText(/This cannot be undone\./).waitFor();
    await ask.getByRole("button", { name: "Go back" }).click();
    expect(await statusSelect(page).inputValue()).toBe("pending");
  });
});
