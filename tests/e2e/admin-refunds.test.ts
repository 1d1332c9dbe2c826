import { describe, expect, it } from "vitest";
import { orderItems } from "../../server/db/schema/index.ts";
import { createOrder, createUser } from "../factories/index.ts";
import { setupE2E } from "../support/browser.ts";
import { adminEnv, signIn, signInAsAdmin, waitForToast } from "../support/e2e-helpers.ts";

const customerEmail = "refunded.customer@example.com";
const ids = { order: "", number: 0 };

// A paid sandbox order of two jars at $30 for the customer; the admin refunds one jar.
const e2e = setupE2E({
  env: adminEnv,
  prepare: async (db) => {
    const customer = await createUser(db, { email: customerEmail });
    const order = await createOrder(db, {
      paymentStatus: "paid",
      userId: customer.id,
      name: "Refunded Customer",
      email: customerEmail,
      subtotalCents: 6000,
      totalCents: 6000,
    });
    ids.order = order.id;
    ids.number = order.number!;
    await db.insert(orderItems).values({
      orderId: order.id,
      name: "Refund Resin",
      unitPriceCents: 3000,
      quantity: 2,
      lineTotalCents: 6000,
    });
  },
});

describe("admin refunds", () => {
  it("the admin refunds one of two jars; the order and My Orders read Partially refunded", async () => {
    const admin = await e2e.newPage();
    await signInAsAdmin(admin, "/admin/orders");
    await admin.getByRole("button", { name: `View order #${ids.number}` }).click();
    const details = admin.getByRole("dialog");
    const refunds = details.getByRole("region", { name: "Refunds" });
    await refunds.getByText("No refunds.").waitFor();
    await refunds.getByRole("button", { name: "Refund" }).click();

    const form = admin.getByRole("dialog", { name: "Refund order" });
    await form.getByText("$60.00 can still be refunded.").waitFor();
    await form.getByRole("radio", { name: "Items" }).check();
    await form.getByLabel(/Units of Refund Resin/).fill("1");
    await form.getByLabel("Reason").fill("One jar arrived cracked");
    await form.getByRole("button", { name: "Review refund" }).click();
    await form.getByText("Refund $30.00 to the customer? This cannot be undone.").waitFor();
    await form.getByRole("button", { name: "Confirm refund" }).click();
    await waitForToast(admin, "$30.00 refunded to the customer.");

    await refunds.getByRole("cell", { name: "One jar arrived cracked" }).waitFor();
    await expect.poll(() => refunds.getByText("Partially refunded").count()).toBe(1);
    await refunds.getByRole("cell", { name: adminEnv.ADMIN_EMAIL }).waitFor();
    await admin.keyboard.press("Escape");
    await admin.getByRole("table").getByText("Partially refunded").waitFor();

    const customer = await e2e.newPage();
    await signIn(customer, customerEmail, "/orders");
    await customer.getByText("Partially refunded").waitFor();
    await customer.goto(`/orders/${ids.order}`);
    await customer.getByText("Partially refunded").waitFor();
  });
});
