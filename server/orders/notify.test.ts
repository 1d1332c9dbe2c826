import { and, asc, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrder } from "../../tests/factories/index.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
import { duringFault } from "../../tests/support/faults.ts";
import { mailOutbox, orderItems, orders } from "../db/schema/index.ts";
import { InvalidInputError } from "../errors.ts";
import { createLogger } from "../logger.ts";
import { createMailer } from "../mail/mailer.ts";
import { getOutboxMessage } from "../mail/outbox.ts";
import { changeOrderStatus } from "./notify.ts";
import { updateTracking } from "./tracking.ts";

let database: TestDatabase;
let mailer: ReturnType<typeof createMailer>;
beforeAll(async () => {
  database = await createTestDatabase();
  mailer = createMailer({ db: database.db, log: createLogger("silent"), from: "Shop <shop@example.com>" });
});
afterAll(() => database.destroy());

const ups = { carrier: "ups", carrierName: null, trackingNumber: "1Z999AA10123456784" } as const;

const emailsTo = (to: string) =>
  database.db
    .select({ id: mailOutbox.id, subject: mailOutbox.subject, template: mailOutbox.template })
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to))
    .orderBy(asc(mailOutbox.createdAt), asc(mailOutbox.id));

const orderRow = async (id: string) => (await database.db.select().from(orders).where(eq(orders.id, id)))[0]!;

async function paidOrder(email: string) {
  const order = await createOrder(database.db, { paymentStatus: "paid", email, name: "Sam" });
  await database.db.insert(orderItems).values({
    orderId: order.id,
    name: "Pure Resin",
    unitPriceCents: 5999,
    quantity: 2,
    lineTotalCents: 11998,
  });
  return order;
}

describe("changeOrderStatus (what Orders Management calls)", () => {
  it("emails each status once per order: a repeated save or going back and forth sends nothing new", async () => {
    const order = await paidOrder("sam@example.com");
    const short = String(order.number);
    const steps = ["processing", "processing", "shipped", "processing", "shipped", "delivered", "cancelled"];
    for (const status of steps as ("processing" | "shipped" | "delivered" | "cancelled")[]) {
      const shipment = status === "shipped" ? ups : undefined;
      expect(await changeOrderStatus(database.db, mailer, order.id, status, { shipment })).toMatchObject({
        status,
      });
    }
    await mailer.idle();
    expect(
      (await emailsTo("sam@example.com")).map(({ subject, template }) => ({ subject, template })),
    ).toEqual([
      { subject: `Order #${short} is being prepared`, template: "order-status-update" },
      { subject: `Order #${short} has shipped`, template: "order-shipped" },
      { subject: `Order #${short} has been delivered`, template: "order-status-update" },
      { subject: `Order #${short} has been cancelled`, template: "order-status-update" },
    ]);
  });

  it("stores the carrier, tracking number and dates, and the shipped email carries the tracking link", async () => {
    const order = await paidOrder("tracy@example.com");
    await changeOrderStatus(database.db, mailer, order.id, "shipped", { shipment: ups });
    const shipped = await orderRow(order.id);
    expect(shipped).toMatchObject({ status: "shipped", carrier: "ups", trackingNumber: ups.trackingNumber });
    expect(shipped.shippedAt).toBeInstanceOf(Date);
    expect(shipped.deliveredAt).toBeNull();
    await changeOrderStatus(database.db, mailer, order.id, "delivered");
    expect((await orderRow(order.id)).deliveredAt).toBeInstanceOf(Date);

    const [email] = await emailsTo("tracy@example.com");
    const message = await getOutboxMessage(database.db, email!.id);
    expect(message?.html).toContain(`https://www.ups.com/track?tracknum=${ups.trackingNumber}`);
    expect(message?.text).toContain("Carrier: UPS");
    expect(message?.text).toContain(ups.trackingNumber);
  });

  it("refuses to mark an order shipped without tracking (unless it already has some)", async () => {
    const order = await paidOrder("nora@example.com");
    await expect(changeOrderStatus(database.db, mailer, order.id, "shipped")).rejects.toBeInstanceOf(
      InvalidInputError,
    );
    expect((await orderRow(order.id)).status).toBe("pending");
    await changeOrderStatus(database.db, mailer, order.id, "shipped", { shipment: ups });
    await changeOrderStatus(database.db, mailer, order.id, "processing");
    expect(await changeOrderStatus(database.db, mailer, order.id, "shipped")).toMatchObject({
      status: "shipped",
    });
  });

  it("keeps a status change when its email cannot be queued", async () => {
    const order = await paidOrder("fault@example.com");
    const change = await duringFault(database.db, "outbox-insert", () =>
      changeOrderStatus(database.db, mailer, order.id, "processing"),
    );
    expect(change).toMatchObject({ status: "processing" });
    expect((await orderRow(order.id)).status).toBe("processing");
  });

  it("changes nothing and sends nothing for an unpaid order", async () => {
    const order = await createOrder(database.db, { paymentStatus: "unpaid", email: "una@example.com" });
    expect(await changeOrderStatus(database.db, mailer, order.id, "shipped", { shipment: ups })).toBeNull();
    expect(await emailsTo("una@example.com")).toEqual([]);
    expect((await orderRow(order.id)).trackingNumber).toBeNull();
  });
});

describe("updateTracking (editing after shipping)", () => {
  it("corrects the carrier and number of a shipped order without another email", async () => {
    const order = await paidOrder("edit@example.com");
    await changeOrderStatus(database.db, mailer, order.id, "shipped", { shipment: ups });
    await updateTracking(database.db, order.id, {
      carrier: "other",
      carrierName: "Royal Mail",
      trackingNumber: "RM12345678",
    });
    expect(await orderRow(order.id)).toMatchObject({
      carrier: "other",
      carrierName: "Royal Mail",
      trackingNumber: "RM12345678",
    });
    await mailer.idle();
    const shippedEmails = await database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, "edit@example.com"), like(mailOutbox.subject, "%shipped")));
    expect(shippedEmails).toHaveLength(1);
  });

  it("refuses an order not shipped yet, an unpaid one and a made-up id", async () => {
    const pending = await paidOrder("early@example.com");
    await expect(updateTracking(database.db, pending.id, ups)).rejects.toMatchObject({ kind: "conflict" });
    const unpaid = await createOrder(database.db, { paymentStatus: "unpaid", status: "shipped" });
    await expect(updateTracking(database.db, unpaid.id, ups)).rejects.toMatchObject({ kind: "not_found" });
    await expect(updateTracking(database.db, "not-an-id", ups)).rejects.toMatchObject({ kind: "not_found" });
  });
});
