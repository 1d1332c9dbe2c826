import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartWith } from "../../tests/support/checkout-fixtures.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
import { duringFault } from "../../tests/support/faults.ts";
import { loadConfig } from "../config.ts";
import { orders } from "../db/schema/index.ts";
import { createLogger } from "../logger.ts";
import { createMailer } from "../mail/mailer.ts";
import { paySandboxSession, sandboxProvider } from "../payments/sandbox.ts";
import { startCheckout } from "./checkout.ts";
import { processReturn } from "./return-page.ts";

let database: TestDatabase;
let context: Parameters<typeof processReturn>[0];
beforeAll(async () => {
  database = await createTestDatabase();
  const log = createLogger("silent");
  context = {
    config: loadConfig({ PUBLIC_URL: "http://shop.test" }),
    database,
    log,
    mailer: createMailer({ db: database.db, log, from: "Shop <shop@example.com>" }),
  };
});
afterAll(() => database.destroy());

const buyer = {
  name: "Quinn Return",
  email: "quinn@example.com",
  phone: "555-0142",
  address: { line1: "4 Oak St", city: "Reno", state: "NV", postalCode: "89501", country: "US" },
};

/** A sandbox session opened for a guest's one-time order (nothing paid yet). */
async function openSession(): Promise<string> {
  const started = await startCheckout(database.db, sandboxProvider, {
    cartId: await cartWith(database.db),
    userId: null,
    purchaseType: "one_time",
    paymentMethod: "card",
    couponCode: null,
  });
  if (!started.ok) throw new Error(started.reason);
  const [order] = await database.db.select().from(orders).where(eq(orders.id, started.orderId));
  return order!.providerSessionId!;
}

/** A sandbox session the buyer has paid on its hosted page (the order not marked paid yet). */
async function paidSession(): Promise<string> {
  const sessionId = await openSession();
  await paySandboxSession(database.db, sessionId, { cardNumber: "4242424242424242", buyer });
  return sessionId;
}

describe("the return page's outcome", () => {
  it("is 'pending' (the payment is safe) while the order cannot be marked paid, then the paid order", async () => {
    const sessionId = await paidSession();
    const during = await duringFault(database.db, "order-marked-paid", () =>
      processReturn(context, sessionId),
    );
    expect(during).toEqual({ state: "pending" });
    const after = await processReturn(context, sessionId);
    expect(after).toMatchObject({ state: "paid", order: { paymentStatus: "paid", email: buyer.email } });
  });

  it("shows the paid order even when its confirmation email cannot be queued", async () => {
    const sessionId = await paidSession();
    const outcome = await duringFault(database.db, "outbox-insert", () => processReturn(context, sessionId));
    expect(outcome).toMatchObject({ state: "paid", order: { paymentStatus: "paid", paymentEmailDue: true } });
  });

  it("is 'failed' for an unknown session and for one the provider does not confirm as paid", async () => {
    expect(await processReturn(context, "sbx_unknown")).toEqual({ state: "failed" });
    expect(await processReturn(context, await openSession())).toEqual({ state: "failed" });
  });
});
