import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrder } from "../../tests/factories/index.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
import { duringFault } from "../../tests/support/faults.ts";
import { mailOutbox, orderItems, orders } from "../db/schema/index.ts";
import { createLogger } from "../logger.ts";
import { createMailer } from "../mail/mailer.ts";
import { getOutboxMessage } from "../mail/outbox.ts";
import { fulfilOrder } from "../paid-orders/fulfil.ts";
import type { Buyer } from "../payments/provider.ts";
import { queueLatePaymentEmails } from "./payment-email.ts";

const inbox = "orders-desk@example.com";
let database: TestDatabase;
let mailer: ReturnType<typeof createMailer>;
beforeAll(async () => {
  database = await createTestDatabase();
  mailer = createMailer({
    db: database.db,
    log: createLogger("silent"),
    from: "Shop <shop@example.com>",
    shopInbox: inbox,
    publicUrl: "https://shop.example",
  });
});
afterAll(() => database.destroy());

const buyer = (email: string): Buyer => ({
  name: "Ada Buyer",
  email,
  phone: "555-0100",
  address: { line1: "1 Main St", city: "Austin", state: "TX", postalCode: "78701", country: "US" },
});

async function unpaidOrder() {
  const order = await createOrder(database.db, { paymentStatus: "unpaid", totalCents: 11998 });
  await database.db.insert(orderItems).values({
    orderId: order.id,
    name: "Pure Resin",
    weight: "30g",
    unitPriceCents: 5999,
    quantity: 2,
    lineTotalCents: 11998,
  });
  return order;
}

const inboxEmailsOf = (orderId: string) =>
  database.db
    .select({ id: mailOutbox.id, to: mailOutbox.to, subject: mailOutbox.subject })
    .from(mailOutbox)
    .where(eq(mailOutbox.dedupeKey, `admin-new-order:${orderId}`))
    .orderBy(asc(mailOutbox.createdAt));

describe("the shop's new-order email", () => {
  it("goes to SHOP_INBOX once when an order is paid, however often fulfilment runs", async () => {
    const order = await unpaidOrder();
    const input = { orderId: order.id, buyer: buyer("ada@example.com") };
    await Promise.all([fulfilOrder(database.db, mailer, input), fulfilOrder(database.db, mailer, input)]);
    await fulfilOrder(database.db, mailer, input);
    const emails = await inboxEmailsOf(order.id);
    // Named by the short number drawn at payment (#1001…), which the admin search finds.
    const [paid] = await database.db
      .select({ number: orders.number })
      .from(orders)
      .where(eq(orders.id, order.id));
    const label = String(paid!.number);
    expect(emails).toEqual([
      { id: expect.any(String), to: inbox, subject: `New order #${label}: Ada Buyer` },
    ]);
    const message = await getOutboxMessage(database.db, emails[0]!.id);
    expect(message?.text).toContain("Pure Resin (30g) × 2");
    expect(message?.text).toContain("$119.98");
    expect(message?.text).toContain("ada@example.com");
    expect(message?.text).toContain(`https://shop.example/admin/orders?q=${label}`);
  });

  it("never fails fulfilment: with the outbox down the order is paid, and the email follows once later", async () => {
    const order = await unpaidOrder();
    const result = await duringFault(database.db, "outbox-insert", () =>
      fulfilOrder(database.db, mailer, { orderId: order.id, buyer: buyer("late@example.com") }),
    );
    expect(result).toEqual({ orderId: order.id, fulfilled: true });
    const [paid] = await database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(paid).toMatchObject({ paymentStatus: "paid", paymentEmailDue: true });
    expect(await inboxEmailsOf(order.id)).toEqual([]);

    await queueLatePaymentEmails(database.db, mailer);
    await queueLatePaymentEmails(database.db, mailer);
    expect(await inboxEmailsOf(order.id)).toHaveLength(1);
  });

  it("is not sent when SHOP_INBOX is not configured", async () => {
    const plain = createMailer({
      db: database.db,
      log: createLogger("silent"),
      from: "Shop <shop@example.com>",
    });
    const order = await unpaidOrder();
    await fulfilOrder(database.db, plain, { orderId: order.id, buyer: buyer("bo@example.com") });
    expect(await inboxEmailsOf(order.id)).toEqual([]);
  });
});
