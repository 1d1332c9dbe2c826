import { randomUUID } from "node:crypto";
import { and, eq, sum } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrder, createUser } from "../../tests/factories/index.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
import { mailOutbox, orderDailyStats, orderItems, orders, refunds } from "../db/schema/index.ts";
import { ConflictError, InvalidInputError } from "../errors.ts";
import { createLogger } from "../logger.ts";
import { createMailer } from "../mail/mailer.ts";
import { sandboxProvider } from "../payments/sandbox.ts";
import { getRefundPanel } from "./panel.ts";
import { recordProviderRefund } from "./provider-refund.ts";
import { type RefundDeps, refundOrder } from "./refund-order.ts";

let database: TestDatabase;
let deps: RefundDeps;
let adminId: string;
beforeAll(async () => {
  database = await createTestDatabase();
  const log = createLogger("silent");
  deps = {
    db: database.db,
    mailer: createMailer({ db: database.db, log, from: "Shop <shop@example.com>" }),
    providerFor: () => sandboxProvider,
    publicUrl: "http://shop.test",
    log,
  };
  adminId = (await createUser(database.db, { email: "refunder@example.com" })).id;
});
afterAll(() => database.destroy());

const key = () => randomUUID();
const paidOrder = (totalCents = 5000, extra: Partial<typeof orders.$inferInsert> = {}) =>
  createOrder(database.db, {
    paymentStatus: "paid",
    subtotalCents: totalCents,
    totalCents,
    email: "buyer@example.com",
    name: "Refund Buyer",
    ...extra,
  });
const refund = (orderId: string, request: Parameters<typeof refundOrder>[1]["request"]) =>
  refundOrder(deps, { orderId, actorId: adminId, request });
const refundedCents = async (orderId: string) =>
  (await database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!.refundedCents;
const refundEmails = async (orderId: string) => {
  // Emails name the order by its short number (#1001).
  const [order] = await database.db
    .select({ number: orders.number })
    .from(orders)
    .where(eq(orders.id, orderId));
  return database.db
    .select({ subject: mailOutbox.subject, to: mailOutbox.to })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.template, "order-refunded"),
        eq(mailOutbox.subject, `Refund for order #${order!.number}`),
      ),
    );
};

describe("refundOrder", () => {
  it("refunds part, then the rest; the order reads Partially refunded, then Refunded; one email each", async () => {
    const order = await paidOrder(5000);
    const first = await refund(order.id, {
      mode: "amount",
      amount: 1250,
      reason: "Damaged jar",
      idempotencyKey: key(),
    });
    expect(first).toMatchObject({
      state: "settled",
      refund: { amountCents: 1250, status: "succeeded", source: "admin" },
    });
    expect(first.refund.providerRefundId).toBe(`sbx_re_${first.refund.id}`);
    expect(await refundedCents(order.id)).toBe(1250);

    const rest = await refund(order.id, {
      mode: "full",
      reason: "Customer returned it",
      idempotencyKey: key(),
    });
    expect(rest.refund.amountCents).toBe(3750);
    expect(await refundedCents(order.id)).toBe(5000);

    const panel = await getRefundPanel(database.db, order.id);
    expect(panel).toMatchObject({ remainingCents: 0, refundedCents: 5000 });
    expect(panel?.history.map((h) => [h.amountCents, h.reason, h.by])).toEqual([
      [3750, "Customer returned it", "refunder@example.com"],
      [1250, "Damaged jar", "refunder@example.com"],
    ]);
    expect(await refundEmails(order.id)).toHaveLength(2);
  });

  it("refuses more than is left to refund, and records nothing", async () => {
    const order = await paidOrder(2000);
    await refund(order.id, { mode: "amount", amount: 1500, reason: "Late", idempotencyKey: key() });
    const over = refund(order.id, { mode: "amount", amount: 501, reason: "Again", idempotencyKey: key() });
    await expect(over).rejects.toBeInstanceOf(InvalidInputError);
    await expect(over).rejects.toThrow("At most $5.00 is left to refund on this order.");
    expect(await refundedCents(order.id)).toBe(1500);
  });

  it("refunds once for the same idempotency key (a double click or a retried post)", async () => {
    const order = await paidOrder(3000);
    const request = { mode: "amount" as const, amount: 1000, reason: "Double click", idempotencyKey: key() };
    const [a, b] = await Promise.all([refund(order.id, request), refund(order.id, request)]);
    expect(a.refund.id).toBe(b.refund.id);
    const again = await refund(order.id, request);
    expect(again.refund.id).toBe(a.refund.id);
    expect(await refundedCents(order.id)).toBe(1000);
    expect(await database.db.select().from(refunds).where(eq(refunds.orderId, order.id))).toHaveLength(1);
    expect(await refundEmails(order.id)).toHaveLength(1);
  });

  it("two refunds of the remaining amount at once: one succeeds, the other is told nothing is left", async () => {
    const order = await paidOrder(4000);
    const results = await Promise.allSettled([
      refund(order.id, { mode: "full", reason: "Tab one", idempotencyKey: key() }),
      refund(order.id, { mode: "full", reason: "Tab two", idempotencyKey: key() }),
    ]);
    const refused = results.filter((r) => r.status === "rejected");
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(String((refused[0] as PromiseRejectedResult).reason.message)).toMatch(/Nothing is left to refund/);
    expect(await refundedCents(order.id)).toBe(4000);
  });

  it("does not let a key of one order act on another", async () => {
    const [one, other] = [await paidOrder(1000), await paidOrder(1000)];
    const request = { mode: "full" as const, reason: "Mine", idempotencyKey: key() };
    await refund(one.id, request);
    await expect(refund(other.id, request)).rejects.toThrow("There is no such paid order.");
    expect(await refundedCents(other.id)).toBe(0);
  });

  it("refuses unpaid orders", async () => {
    const unpaid = await createOrder(database.db);
    await expect(refund(unpaid.id, { mode: "full", reason: "x", idempotencyKey: key() })).rejects.toThrow(
      "There is no such paid order.",
    );
  });
});

describe("refunds by lines", () => {
  /** $30 × 2 and $40 × 1, a $10 coupon: the lines were paid $52.50 and $37.50 ($90 total). */
  async function orderWithLines() {
    const order = await paidOrder(9000, { subtotalCents: 10000, couponDiscountCents: 1000 });
    const [jar, kit] = await database.db
      .insert(orderItems)
      .values([
        { orderId: order.id, name: "Jar", unitPriceCents: 3000, quantity: 2, lineTotalCents: 6000 },
        { orderId: order.id, name: "Kit", unitPriceCents: 4000, quantity: 1, lineTotalCents: 4000 },
      ])
      .returning();
    return { order, jar: jar!, kit: kit! };
  }

  it("refunds what the units were paid after discounts, keeping the lines for restocking", async () => {
    const { order, jar, kit } = await orderWithLines();
    const one = await refund(order.id, {
      mode: "lines",
      reason: "One jar broken",
      idempotencyKey: key(),
      lines: [{ orderItemId: jar.id, quantity: 1 }],
    });
    expect(one.refund.amountCents).toBe(2700);
    expect(one.refund.lines).toEqual([{ orderItemId: jar.id, variantId: null, quantity: 1 }]);
    const rest = await refund(order.id, {
      mode: "lines",
      reason: "Returned the rest",
      idempotencyKey: key(),
      lines: [
        { orderItemId: jar.id, quantity: 1 },
        { orderItemId: kit.id, quantity: 1 },
      ],
    });
    expect(rest.refund.amountCents).toBe(2700 + 3600);
    expect(await refundedCents(order.id)).toBe(9000);
  });

  it("refuses more units than are left and a line of another order", async () => {
    const { order, jar } = await orderWithLines();
    const elsewhere = await orderWithLines();
    await refund(order.id, {
      mode: "lines",
      reason: "a",
      idempotencyKey: key(),
      lines: [{ orderItemId: jar.id, quantity: 2 }],
    });
    await expect(
      refund(order.id, {
        mode: "lines",
        reason: "b",
        idempotencyKey: key(),
        lines: [{ orderItemId: jar.id, quantity: 1 }],
      }),
    ).rejects.toThrow("Only 0 of Jar can still be refunded.");
    await expect(
      refund(order.id, {
        mode: "lines",
        reason: "c",
        idempotencyKey: key(),
        lines: [{ orderItemId: elsewhere.kit.id, quantity: 1 }],
      }),
    ).rejects.toThrow("This order has no such line.");
    expect(await refundedCents(elsewhere.order.id)).toBe(0);
  });
});

describe("refunds the provider reports (webhooks)", () => {
  it("counts the echo of our own refund once, and a dashboard refund once however often it comes", async () => {
    const order = await paidOrder(6000, { provider: "stripe", providerPaymentId: `pi_${randomUUID()}` });
    const ours = await refund(order.id, {
      mode: "amount",
      amount: 1000,
      reason: "Ours",
      idempotencyKey: key(),
    });
    const echo = {
      provider: "stripe" as const,
      providerRefundId: ours.refund.providerRefundId!,
      providerPaymentId: order.providerPaymentId,
      amountCents: 1000,
      status: "succeeded" as const,
      ourRefundId: ours.refund.id,
    };
    expect(await recordProviderRefund(deps, echo)).toBe(true);
    expect(await recordProviderRefund(deps, { ...echo, ourRefundId: null })).toBe(true);
    expect(await refundedCents(order.id)).toBe(1000);

    const dashboard = { ...echo, providerRefundId: "re_dashboard_1", amountCents: 2000, ourRefundId: null };
    await recordProviderRefund(deps, dashboard);
    await recordProviderRefund(deps, dashboard);
    expect(await refundedCents(order.id)).toBe(3000);
    const rows = await database.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(rows.find((r) => r.providerRefundId === "re_dashboard_1")).toMatchObject({
      source: "provider",
      createdBy: null,
      status: "succeeded",
    });
    expect(await refundEmails(order.id)).toHaveLength(2);
  });

  it("a refund still pending at the provider holds its amount until it fails there", async () => {
    const order = await paidOrder(3000, { provider: "stripe", providerPaymentId: `pi_${randomUUID()}` });
    const [pending] = await database.db
      .insert(refunds)
      .values({
        orderId: order.id,
        amountCents: 1000,
        reason: "Slow bank",
        provider: "stripe",
        source: "admin",
      })
      .returning();
    expect((await getRefundPanel(database.db, order.id))?.remainingCents).toBe(2000);
    const event = {
      provider: "stripe" as const,
      providerRefundId: "re_pending_1",
      providerPaymentId: order.providerPaymentId,
      amountCents: 1000,
      ourRefundId: pending!.id,
    };
    await recordProviderRefund(deps, { ...event, status: "pending" });
    expect((await getRefundPanel(database.db, order.id))?.remainingCents).toBe(2000);
    await recordProviderRefund(deps, { ...event, status: "failed" });
    expect((await getRefundPanel(database.db, order.id))?.remainingCents).toBe(3000);
    expect(await refundedCents(order.id)).toBe(0);
  });

  it("ignores a refund of a payment that is not ours", async () => {
    const known = await recordProviderRefund(deps, {
      provider: "paypal",
      providerRefundId: "REF-unknown",
      providerPaymentId: "CAP-unknown",
      amountCents: 100,
      status: "succeeded" as const,
    });
    expect(known).toBe(false);
  });
});

describe("dashboard revenue", () => {
  it("is net of refunds (the order-stats counters follow refunded_cents)", async () => {
    const day = new Date("2020-03-04T12:00:00Z");
    const order = await paidOrder(7000, { createdAt: day });
    const revenue = async () =>
      (
        await database.db
          .select({ cents: sum(orderDailyStats.revenueCents).mapWith(Number) })
          .from(orderDailyStats)
          .where(eq(orderDailyStats.day, "2020-03-04"))
      )[0]?.cents;
    expect(await revenue()).toBe(7000);
    await refund(order.id, { mode: "amount", amount: 2500, reason: "Partial", idempotencyKey: key() });
    expect(await revenue()).toBe(4500);
  });
});

describe("a provider that refuses", () => {
  it("records nothing and says so; the same form can be opened again with a new key", async () => {
    const order = await paidOrder(1000);
    const refusing: RefundDeps = {
      ...deps,
      providerFor: () => ({
        ...sandboxProvider,
        refund: () => Promise.reject(new Error("declined")),
      }),
    };
    const request = { mode: "full" as const, reason: "Nope", idempotencyKey: key() };
    await expect(refundOrder(refusing, { orderId: order.id, actorId: adminId, request })).rejects.toThrow(
      "nothing was refunded",
    );
    await expect(refundOrder(deps, { orderId: order.id, actorId: adminId, request })).rejects.toBeInstanceOf(
      ConflictError,
    );
    expect(await refundedCents(order.id)).toBe(0);
    const retried = await refund(order.id, { ...request, idempotencyKey: key() });
    expect(retried.refund.amountCents).toBe(1000);
  });
});
