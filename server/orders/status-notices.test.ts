import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderLabel } from "../../core/orders/order-number.ts";
import { createOrder } from "../../tests/factories/index.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
import { mailOutbox, orders } from "../db/schema/index.ts";
import { createLogger } from "../logger.ts";
import { createMailer } from "../mail/mailer.ts";
import { changeOrderStatus, sendDueStatusNotices } from "./notify.ts";
import { STATUS_UNDO_MS, undoStatusChange } from "./status-notices.ts";

let database: TestDatabase;
let mailer: ReturnType<typeof createMailer>;
beforeAll(async () => {
  database = await createTestDatabase();
  mailer = createMailer({ db: database.db, log: createLogger("silent"), from: "Shop <shop@example.com>" });
});
afterAll(() => database.destroy());

/** The clock of these tests: each change happens at `t0`, the background runs at later instants. */
const t0 = new Date("2026-05-01T10:00:00Z");
const at = (ms: number) => new Date(t0.getTime() + ms);

const subjectsTo = async (to: string) => {
  await mailer.idle();
  const rows = await database.db
    .select({ subject: mailOutbox.subject })
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to))
    .orderBy(asc(mailOutbox.createdAt));
  return rows.map((r) => r.subject);
};
const statusOf = async (id: string) => (await database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const held = (id: string, status: "processing" | "delivered" | "pending" | "cancelled") =>
  changeOrderStatus(database.db, mailer, id, status, { holdForUndo: true, now: t0 });

describe("a status change held for a minute", () => {
  it("emails nobody until the minute is over, then once", async () => {
    const order = await createOrder(database.db, { paymentStatus: "paid", email: "wait@example.com" });
    const change = await held(order.id, "processing");
    expect(change?.undoableUntil).toEqual(at(STATUS_UNDO_MS));
    expect(await sendDueStatusNotices(database.db, mailer, at(STATUS_UNDO_MS - 1))).toBe(0);
    expect(await subjectsTo("wait@example.com")).toEqual([]);
    expect(await sendDueStatusNotices(database.db, mailer, at(STATUS_UNDO_MS))).toBe(1);
    expect(await sendDueStatusNotices(database.db, mailer, at(STATUS_UNDO_MS + 1))).toBe(0);
    expect(await subjectsTo("wait@example.com")).toEqual([`Order #${orderLabel(order)} is being prepared`]);
    expect(await undoStatusChange(database.db, order.id, at(STATUS_UNDO_MS + 1))).toEqual({
      ok: false,
      reason: "too_late",
    });
  });

  it("an undo within the minute puts the status back and no email is ever sent", async () => {
    const order = await createOrder(database.db, { paymentStatus: "paid", email: "oops@example.com" });
    await held(order.id, "delivered");
    expect((await statusOf(order.id)).deliveredAt).not.toBeNull();
    expect(await undoStatusChange(database.db, order.id, at(30_000))).toEqual({
      ok: true,
      orderId: order.id,
      number: order.number,
      status: "pending",
      undone: "delivered",
    });
    expect(await statusOf(order.id)).toMatchObject({ status: "pending", deliveredAt: null });
    await sendDueStatusNotices(database.db, mailer, at(10 * STATUS_UNDO_MS));
    // Neither the delivered email nor the review invitation that comes with delivery.
    expect(await subjectsTo("oops@example.com")).toEqual([]);
  });

  it("a second change within the minute replaces the first; undo goes back to what the customer knew", async () => {
    const order = await createOrder(database.db, { paymentStatus: "paid", email: "twice@example.com" });
    await held(order.id, "processing");
    await held(order.id, "delivered");
    const undone = await undoStatusChange(database.db, order.id, at(1000));
    expect(undone.ok && undone.status).toBe("pending");
    await held(order.id, "processing");
    await held(order.id, "pending");
    expect(await sendDueStatusNotices(database.db, mailer, at(STATUS_UNDO_MS))).toBe(0);
    expect(await subjectsTo("twice@example.com")).toEqual([]);
  });

  it("never holds a cancel: it restocks at once, so its email goes at once", async () => {
    const order = await createOrder(database.db, { paymentStatus: "paid", email: "cancel@example.com" });
    const change = await held(order.id, "cancelled");
    expect(change?.undoableUntil).toBeNull();
    expect(await subjectsTo("cancel@example.com")).toHaveLength(1);
    expect((await undoStatusChange(database.db, order.id, t0)).ok).toBe(false);
  });
});
