import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedWebhookRequest, stripeEvent, TEST_WEBHOOK_SECRET } from "../../tests/fakes/stripe-events.ts";
import { fakeBuyer } from "../../tests/fakes/stripe-server.ts";
import { SHOP_URL, startStripeTestbed } from "../../tests/fakes/stripe-shop.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
import { mailOutbox, orders, webhookEvents } from "../db/schema/index.ts";
import { ConflictError } from "../errors.ts";
import { MAX_STORED_PAYLOAD_BYTES, recordDelivery } from "./log.ts";
import { pruneWebhookEvents } from "./prune.ts";
import { type ReplayServices, replayWebhookEvent } from "./replay.ts";
import { handleStripeWebhook } from "./stripe.ts";

let database: TestDatabase;
let bed: Awaited<ReturnType<typeof startStripeTestbed>>;
let services: ReplayServices;
beforeAll(async () => {
  database = await createTestDatabase();
  bed = await startStripeTestbed(database.db);
  services = {
    config: {
      stripe: { secretKey: "sk_test_fake", webhookSecret: TEST_WEBHOOK_SECRET, apiBase: bed.fake.url },
      paypal: undefined,
      publicUrl: SHOP_URL,
    } as ReplayServices["config"],
    mailer: bed.mailer,
    log: bed.webhookDeps.log,
    database: { db: database.db },
  };
});
afterAll(async () => {
  await bed?.close();
  await database?.destroy();
});

const deliver = async (event: unknown) =>
  (await handleStripeWebhook(bed.webhookDeps, signedWebhookRequest(`${SHOP_URL}/webhooks/stripe`, event)))
    .status;

async function logged(eventId: string) {
  const rows = await database.db.select().from(webhookEvents).where(eq(webhookEvents.eventId, eventId));
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

const orderOf = async (id: string) => (await database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const confirmations = async (email: string) =>
  (await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).filter(
    (m) => m.template === "order-confirmation",
  );

describe("webhook event log", () => {
  it("stores each verified event with its payload and outcome; a duplicate delivery updates the row", async () => {
    const { order, session } = await bed.checkout(await bed.cartWith([2500]));
    bed.fake.completeSession(session.id, { ...fakeBuyer, email: "logged@example.com" });
    const event = stripeEvent("checkout.session.completed", bed.fake.session(session.id));
    expect(await deliver(event)).toBe(200);
    expect(await logged(event.id)).toMatchObject({
      provider: "stripe",
      type: "checkout.session.completed",
      outcome: "processed",
      payload: event,
      deliveries: 1,
      attempts: 1,
      error: null,
    });
    expect(await deliver(event)).toBe(200);
    expect(await logged(event.id)).toMatchObject({ outcome: "processed", deliveries: 2, attempts: 1 });
    expect((await orderOf(order.id)).paymentStatus).toBe("paid");

    const unknown = stripeEvent("customer.created", { id: "cus_1" });
    expect(await deliver(unknown)).toBe(200);
    expect(await logged(unknown.id)).toMatchObject({ outcome: "ignored", attempts: 1 });
  });

  it("a refused signature is not logged", async () => {
    const event = stripeEvent("customer.created", { id: "cus_2" });
    const forged = signedWebhookRequest(`${SHOP_URL}/webhooks/stripe`, event, { secret: "whsec_forged" });
    expect((await handleStripeWebhook(bed.webhookDeps, forged)).status).toBe(400);
    expect(await database.db.select().from(webhookEvents).where(eq(webhookEvents.eventId, event.id))).toEqual(
      [],
    );
  });

  it("replay runs our handler again on the stored payload and records the outcome", async () => {
    const email = "replayed@example.com";
    const { order, session } = await bed.checkout(await bed.cartWith([3100]));
    // Delivered before the buyer finished paying: handled, but nothing to fulfil yet.
    const event = stripeEvent("checkout.session.completed", bed.fake.session(session.id));
    expect(await deliver(event)).toBe(200);
    expect((await orderOf(order.id)).paymentStatus).toBe("unpaid");

    bed.fake.completeSession(session.id, { ...fakeBuyer, email });
    const row = await logged(event.id);
    expect(await replayWebhookEvent(services, row.id)).toBe("processed");
    expect((await orderOf(order.id)).paymentStatus).toBe("paid");
    const after = await logged(event.id);
    expect(after).toMatchObject({ outcome: "processed", attempts: 2, deliveries: 1 });
    expect(after.replayedAt).toBeInstanceOf(Date);
    expect(await confirmations(email)).toHaveLength(1);
  });

  it("a double click replays once; the handler is idempotent anyway", async () => {
    const email = "double@example.com";
    const { session } = await bed.checkout(await bed.cartWith([1500]));
    bed.fake.completeSession(session.id, { ...fakeBuyer, email });
    const event = stripeEvent("checkout.session.completed", bed.fake.session(session.id));
    expect(await deliver(event)).toBe(200);
    const { id } = await logged(event.id);

    const clicks = await Promise.allSettled([
      replayWebhookEvent(services, id),
      replayWebhookEvent(services, id),
    ]);
    expect(clicks.filter((c) => c.status === "fulfilled")).toHaveLength(1);
    const refused = clicks.find((c) => c.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(ConflictError);
    expect(refused.reason.userMessage.title).toBe("Already replayed");
    expect(await logged(event.id)).toMatchObject({ attempts: 2 });
    expect(await confirmations(email)).toHaveLength(1);
  });

  it("keeps no payload above the cap, and then refuses a replay with a message", async () => {
    const rawBody = JSON.stringify({ id: "evt_big", pad: "x".repeat(MAX_STORED_PAYLOAD_BYTES) });
    const { id } = await recordDelivery(database.db, {
      provider: "stripe",
      eventId: "evt_big",
      type: "customer.updated",
      rawBody,
    });
    expect(await logged("evt_big")).toMatchObject({ payload: null, payloadBytes: rawBody.length });
    await expect(replayWebhookEvent(services, id)).rejects.toMatchObject({
      userMessage: { title: "Cannot replay" },
    });
    await expect(replayWebhookEvent(services, "not-a-uuid")).rejects.toMatchObject({ kind: "not_found" });
    // jsonb refuses \u0000: logged without the payload instead of failing the delivery.
    await recordDelivery(database.db, {
      provider: "paypal",
      eventId: "WH-NUL",
      type: "X",
      rawBody: '{"id":"WH-NUL","note":"a\\u0000b"}',
    });
    expect(await logged("WH-NUL")).toMatchObject({ payload: null });
  });

  it("the retention job deletes events older than the retention period only", async () => {
    const old = await recordDelivery(database.db, {
      provider: "paypal",
      eventId: "WH-OLD",
      type: "X",
      rawBody: "{}",
    });
    await database.db
      .update(webhookEvents)
      .set({ receivedAt: new Date(Date.now() - 91 * 24 * 60 * 60 * 1000) })
      .where(eq(webhookEvents.id, old.id));
    const before = (await database.db.select().from(webhookEvents)).length;
    expect(await pruneWebhookEvents(database.db, 90)).toBe(1);
    expect((await database.db.select().from(webhookEvents)).length).toBe(before - 1);
  });
});
