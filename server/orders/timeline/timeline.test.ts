import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrder, createOutboxMail, createUser } from "../../../tests/factories/index.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/database.ts";
import { withActor } from "../../audit/actor.ts";
import { entityTimeline } from "../../audit/query.ts";
import { refunds, webhookEvents } from "../../db/schema/index.ts";
import { addOrderNote } from "../notes.ts";
import { updateOrderStatus } from "../status.ts";
import { mergeTimelines, orderTimeline } from "./index.ts";

let database: TestDatabase;
let orderId = "";
let otherId = "";

const at = (minute: number) => new Date(Date.UTC(2026, 0, 5, 10, minute));

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  const order = await createOrder(db, {
    paymentStatus: "paid",
    status: "shipped",
    createdAt: at(0),
    paidAt: at(1),
    shippedAt: at(30),
    carrier: "ups",
    trackingNumber: "1Z999AA10123456784",
    stripeSessionId: "cs_test_timeline",
  });
  orderId = order.id;
  otherId = (await createOrder(db, { paymentStatus: "paid", createdAt: at(0) })).id;
  await createOutboxMail(db, {
    dedupeKey: `payment-email:${orderId}`,
    subject: "Order confirmed",
    createdAt: at(2),
  });
  await createOutboxMail(db, {
    dedupeKey: `order-status:${orderId}:shipped`,
    subject: "Shipped",
    createdAt: at(31),
  });
  await createOutboxMail(db, {
    dedupeKey: `payment-email:${otherId}`,
    subject: "Someone else",
    createdAt: at(3),
  });
  const staff = await createUser(db, { name: "Rae Admin" });
  const [refund] = await db
    .insert(refunds)
    .values({
      orderId,
      amountCents: 1000,
      reason: "Damaged lid",
      provider: "stripe",
      status: "succeeded",
      source: "admin",
      createdBy: staff.id,
      createdAt: at(40),
    })
    .returning();
  await createOutboxMail(db, {
    dedupeKey: `refund-email:${refund!.id}`,
    subject: "Refund",
    createdAt: at(41),
  });
  await db.insert(webhookEvents).values([
    {
      provider: "stripe",
      eventId: "evt_1",
      type: "checkout.session.completed",
      payload: { data: { object: { id: "cs_test_timeline" } } },
      receivedAt: at(1),
    },
    {
      provider: "stripe",
      eventId: "evt_2",
      type: "checkout.session.completed",
      payload: { data: { object: { id: "cs_other" } } },
      receivedAt: at(1),
    },
  ]);
  await addOrderNote(db, { orderId, body: "Hold until Monday", author: { id: staff.id, name: "Rae Admin" } });
});
afterAll(() => database.destroy());

describe("an order's timeline", () => {
  it("merges the order row, emails, status emails, refunds, notes and webhook events, newest first", async () => {
    const events = (await orderTimeline(database.db, orderId))!;
    const titles = events.map((e) => e.title);
    expect(titles[0]).toBe("Note");
    expect(events[0]).toMatchObject({ detail: "Hold until Monday", actor: "Rae Admin" });
    expect(titles).toEqual(
      expect.arrayContaining([
        "Order placed",
        "Paid $59.99 by card",
        "Shipped",
        "Status: shipped",
        "Email stored: Order confirmed",
        "Refund of $10.00 succeeded",
        "Stripe event checkout.session.completed",
      ]),
    );
    expect(titles.filter((t) => t.startsWith("Stripe event"))).toHaveLength(1);
    expect(titles.join()).not.toContain("Someone else");
    expect(events.at(-1)?.title).toBe("Order placed");
    const times = events.map((e) => e.at.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it("shows what staff did from the audit log, with who did it; a note is recorded there too", async () => {
    const db = database.db;
    const order = await createOrder(db, { paymentStatus: "paid", status: "pending" });
    const sam = await createUser(db, { name: "Sam Lee" });
    const staff = { kind: "staff" as const, id: sam.id, name: "Sam Lee", email: sam.email, ip: null };
    await withActor(staff, async () => {
      await updateOrderStatus(db, order.id, "processing");
      await updateOrderStatus(db, order.id, "shipped", {
        carrier: "ups",
        carrierName: null,
        trackingNumber: "1Z999AA10123456784",
      });
      await addOrderNote(db, {
        orderId: order.id,
        body: "Left at the door",
        author: { id: staff.id, name: staff.name },
      });
    });
    const events = (await orderTimeline(db, order.id))!;
    expect(events.filter((e) => e.id.startsWith("audit:"))).toEqual([
      expect.objectContaining({
        title: "Status changed from Processing to Shipped",
        actor: "Sam Lee",
        detail: "UPS: 1Z999AA10123456784",
      }),
      expect.objectContaining({
        title: "Status changed from Pending to Processing",
        actor: "Sam Lee",
        detail: null,
      }),
    ]);
    // The note shows once (from its own table), and the audit log has it with its text.
    expect(events.filter((e) => e.detail === "Left at the door")).toHaveLength(1);
    const logged = await entityTimeline(db, "order", order.id);
    expect(logged.find((e) => e.action === "note")?.changes).toEqual({
      note: { from: null, to: "Left at the door" },
    });
  });

  it("is null for an unknown or malformed id", async () => {
    expect(await orderTimeline(database.db, crypto.randomUUID())).toBeNull();
    expect(await orderTimeline(database.db, "nope")).toBeNull();
  });

  it("merges another source's events by time", () => {
    const merged = mergeTimelines(
      [{ id: "a", at: at(1), kind: "placed", title: "A" }],
      [{ id: "b", at: at(2), kind: "audit", title: "B" }],
    );
    expect(merged.map((e) => e.id)).toEqual(["b", "a"]);
  });
});
