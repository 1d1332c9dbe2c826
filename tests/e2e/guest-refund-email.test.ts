import { describe, expect, it } from "vitest";
import { orderItems } from "../../server/db/schema/index.ts";
import { createOrder } from "../factories/index.ts";
import { setupE2E } from "../support/browser.ts";
import { signInAsAdmin, waitForToast } from "../support/e2e-helpers.ts";
import { latestEmailTo, linkIn, mailReader, mailReaderEnv } from "../support/mail.ts";

// Issue 31: a guest's refund email linked to /orders/{id}, which asks them to sign in.
const guestEmail = "guest.refund@example.com";
const ids = { label: "" };
const e2e = setupE2E({
  seed: "none",
  env: mailReaderEnv,
  prepare: async (db) => {
    const order = await createOrder(db, {
      paymentStatus: "paid",
      userId: null,
      name: "Guest Refund",
      email: guestEmail,
      subtotalCents: 3000,
      totalCents: 3000,
    });
    ids.label = String(order.number);
    await db.insert(orderItems).values({
      orderId: order.id,
      name: "Guest Resin",
      unitPriceCents: 3000,
      quantity: 1,
      lineTotalCents: 3000,
    });
  },
});

describe("a guest's emails", () => {
  it("the refund email links to the order status link, which opens without signing in", async () => {
    const admin = await e2e.newPage();
    await signInAsAdmin(admin, "/admin/orders", mailReader);
    await admin.getByRole("button", { name: new RegExp(`^View order #${ids.label}`) }).click();
    const details = admin.getByRole("dialog");
    await details.getByRole("region", { name: "Refunds" }).getByRole("button", { name: "Refund" }).click();
    const form = admin.getByRole("dialog", { name: "Refund order" });
    await form.getByLabel("Reason").fill("Changed their mind");
    await form.getByRole("button", { name: "Review refund" }).click();
    await form.getByRole("button", { name: "Confirm refund" }).click();
    await waitForToast(admin, "$30.00 refunded to the customer.");

    const mail = await latestEmailTo(e2e, guestEmail, `Refund for order #${ids.label}`);
    expect(mail.text).not.toMatch(/\/orders\//);
    const link = linkIn(mail, "/order-status/");
    const guest = await e2e.newPage();
    await guest.goto(link);
    await guest.getByRole("heading", { level: 1, name: /^Order #/ }).waitFor();
    expect(guest.url()).toContain("/order-status/");
    await guest.getByText("Refunded").first().waitFor();
  });
});
