import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DAY_MS } from "../../core/pricing/commission.ts";
import { createContentCreator, createCoupon, createOrder, createUser } from "../../tests/factories/index.ts";
import { testBuyer } from "../../tests/support/checkout-fixtures.ts";
import { createTestDatabase, describeOnPostgres, type TestDatabase } from "../../tests/support/database.ts";
import { sandboxRefundDeps } from "../../tests/support/refunds.ts";
import { creatorLedgerEntries, creatorPayouts } from "../db/schema/index.ts";
import { ConflictError } from "../errors.ts";
import { updateOrderStatus } from "../orders/status.ts";
import { fulfilOrder } from "../paid-orders/fulfil.ts";
import { type RefundDeps, refundOrder } from "../refunds/refund-order.ts";
import { saveCommissionSettings } from "./commission-settings.ts";
import { creatorBalance, ledgerPage } from "./ledger-read.ts";
import { markCreatorPaid } from "./payouts.ts";
import { creatorOrdersPage, loadCreatorPortal } from "./portal.ts";

let database: TestDatabase;
let deps: RefundDeps;
let adminId: string;
beforeAll(async () => {
  database = await createTestDatabase();
  deps = sandboxRefundDeps(database.db);
  adminId = (await createUser(database.db, { email: "ledger-admin@example.com" })).id;
});
afterAll(() => database.destroy());

// Paid 31 days ago: clawbacks made now (refunds, cancels) land right after the 30-day hold.
const paidAt = new Date(Date.now() - 31 * DAY_MS);
const daysAfterPaid = (days: number) => new Date(paidAt.getTime() + days * DAY_MS);
const buyer = testBuyer;

/** A creator at `basisPoints`, their coupon, and a fulfilled order that used it. */
async function creatorWithOrder(
  basisPoints = 1000,
  amounts: Partial<Parameters<typeof createOrder>[1]> = {},
  paid = paidAt,
) {
  const creator = await createContentCreator(database.db, { commissionBasisPoints: basisPoints });
  const coupon = await createCoupon(database.db, { contentCreatorId: creator.id });
  const order = await createOrder(database.db, {
    couponId: coupon.id,
    couponCode: coupon.code,
    subtotalCents: 10000,
    couponDiscountCents: 1000,
    shippingCents: 700,
    taxCents: 500,
    totalCents: 10200,
    ...amounts,
  });
  await fulfilOrder(database.db, deps.mailer as never, { orderId: order.id, buyer, now: paid });
  return { creator, coupon, order };
}

const entriesOf = (creatorId: string) =>
  database.db
    .select()
    .from(creatorLedgerEntries)
    .where(eq(creatorLedgerEntries.creatorId, creatorId))
    .orderBy(creatorLedgerEntries.createdAt);
const refund = (orderId: string, request: Parameters<typeof refundOrder>[1]["request"]) =>
  refundOrder(deps, { orderId, actorId: adminId, request });
const markPaid = (creatorId: string, now: Date, idempotencyKey: string = randomUUID()) =>
  markCreatorPaid(database.db, { creatorId, reference: "BANK-1", idempotencyKey, actorId: adminId }, now);

describe("commission accrual", () => {
  it("earns the rate of the goods after discounts, without shipping or tax, once however often fulfilment runs", async () => {
    const creator = await createContentCreator(database.db, { commissionBasisPoints: 1250 });
    const coupon = await createCoupon(database.db, { contentCreatorId: creator.id });
    const order = await createOrder(database.db, {
      couponId: coupon.id,
      subtotalCents: 10001,
      volumeDiscountCents: 1,
      couponDiscountCents: 1000,
      shippingCents: 700,
      taxCents: 743,
      totalCents: 10443,
    });
    const input = { orderId: order.id, buyer, now: paidAt };
    const mailer = deps.mailer as never;
    await Promise.all([fulfilOrder(database.db, mailer, input), fulfilOrder(database.db, mailer, input)]);
    await fulfilOrder(database.db, mailer, input);
    const entries = await entriesOf(creator.id);
    // 12.5% of $90.00 = $11.25, pending for the 30 default days.
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      kind: "accrual",
      amountCents: 1125,
      baseCents: 9000,
      basisPoints: 1250,
    });
    expect(entries[0]!.availableAt).toEqual(daysAfterPaid(30));
  });

  it("rounds half up per order and skips inactive creators and orders without a creator coupon", async () => {
    // 10% of $0.05 = 0.5 cent → 1 cent.
    const { creator } = await creatorWithOrder(1000, {
      subtotalCents: 1005,
      couponDiscountCents: 1000,
      totalCents: 1005,
    });
    expect((await entriesOf(creator.id))[0]?.amountCents).toBe(1);
    const inactive = await createContentCreator(database.db, { isActive: false });
    const coupon = await createCoupon(database.db, { contentCreatorId: inactive.id });
    const order = await createOrder(database.db, { couponId: coupon.id });
    await fulfilOrder(database.db, deps.mailer as never, { orderId: order.id, buyer });
    expect(await entriesOf(inactive.id)).toEqual([]);
  });

  it("turns from pending to payable when the hold ends (the admin's hold days)", async () => {
    await saveCommissionSettings(database.db, { holdDays: 14 });
    const { creator } = await creatorWithOrder();
    await saveCommissionSettings(database.db, { holdDays: 30 });
    expect(await creatorBalance(database.db, creator.id, daysAfterPaid(13))).toEqual({
      pendingCents: 900,
      payableCents: 0,
      paidCents: 0,
      owedCents: 900,
    });
    expect(await creatorBalance(database.db, creator.id, daysAfterPaid(14))).toMatchObject({
      pendingCents: 0,
      payableCents: 900,
    });
  });
});

describe("clawbacks", () => {
  it("takes back the refunded share of a partial refund, and the exact rest on the full refund", async () => {
    const { creator, order } = await creatorWithOrder(1000);
    await refund(order.id, {
      mode: "amount",
      amount: 3400,
      reason: "Damaged jar",
      idempotencyKey: randomUUID(),
    });
    // $9.00 × 3400/10200 = $3.00.
    expect((await entriesOf(creator.id)).map((e) => e.amountCents)).toEqual([900, -300]);
    await refund(order.id, { mode: "amount", amount: 1, reason: "Goodwill", idempotencyKey: randomUUID() });
    await refund(order.id, { mode: "full", reason: "Returned", idempotencyKey: randomUUID() });
    const amounts = (await entriesOf(creator.id)).map((e) => e.amountCents);
    expect(amounts.reduce((a, b) => a + b, 0)).toBe(0);
    expect(amounts.slice(1).every((a) => a < 0)).toBe(true);
    const [row] = (await creatorOrdersPage(database.db, creator.id, undefined)).rows;
    expect(row).toMatchObject({
      commissionCents: 900,
      clawedBackCents: 900,
      firstName: "Ada",
      city: "Austin",
    });
  });

  it("gives the portal page only what it shows: no order or entry id (issue 29)", async () => {
    const { creator, order } = await creatorWithOrder();
    await refund(order.id, { mode: "amount", amount: 100, reason: "Dent", idempotencyKey: randomUUID() });
    const portal = await loadCreatorPortal(database.db, creator, { orders: null, ledger: null });
    expect(portal.orders.rows).toEqual([
      {
        orderRef: `#${order.id.slice(0, 8)}`,
        paidAt: expect.any(Date),
        totalCents: 10200,
        firstName: expect.any(String),
        city: expect.any(String),
        commissionCents: 900,
        clawedBackCents: expect.any(Number),
      },
    ]);
    expect(portal.ledger.rows).toHaveLength(2);
    const json = JSON.stringify(portal);
    expect(json).not.toContain(order.id);
    expect(json).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i);
  });

  it("takes back all of it when the admin cancels the order, once", async () => {
    const { creator, order } = await creatorWithOrder(1000, {}, new Date());
    await refund(order.id, { mode: "amount", amount: 5100, reason: "Half", idempotencyKey: randomUUID() });
    await updateOrderStatus(database.db, order.id, "cancelled");
    await updateOrderStatus(database.db, order.id, "processing");
    await updateOrderStatus(database.db, order.id, "cancelled");
    const entries = await entriesOf(creator.id);
    expect(entries.map((e) => [e.kind, e.amountCents])).toEqual([
      ["accrual", 900],
      ["clawback", -450],
      ["clawback", -450],
    ]);
    // A clawback of a pending accrual stays pending with it.
    expect(entries[2]!.availableAt).toEqual(entries[0]!.availableAt);
  });

  it("after a payout makes the balance negative, carried into the next payout", async () => {
    const first = await creatorWithOrder(1000);
    const payout = await markPaid(first.creator.id, daysAfterPaid(31));
    expect(payout.payout.amountCents).toBe(900);
    await updateOrderStatus(database.db, first.order.id, "cancelled");
    const now = daysAfterPaid(32);
    expect(await creatorBalance(database.db, first.creator.id, now)).toEqual({
      pendingCents: 0,
      payableCents: -900,
      paidCents: 900,
      owedCents: -900,
    });
    await expect(markPaid(first.creator.id, now)).rejects.toThrow(/negative balance is carried/);
    // A later order of 2 × $90 nets against it: $18.00 − $9.00.
    const later = await createOrder(database.db, {
      couponId: first.coupon.id,
      subtotalCents: 18000,
      totalCents: 18000,
    });
    await fulfilOrder(database.db, deps.mailer as never, { orderId: later.id, buyer, now });
    expect((await markPaid(first.creator.id, daysAfterPaid(63))).payout.amountCents).toBe(900);
    expect(await creatorBalance(database.db, first.creator.id, daysAfterPaid(63))).toMatchObject({
      payableCents: 0,
      paidCents: 1800,
      owedCents: 0,
    });
  });
});

describe("payouts", () => {
  it("pay everything payable once; the same form again returns the same payout", async () => {
    const { creator } = await creatorWithOrder(1000);
    const key = randomUUID();
    await expect(markPaid(creator.id, daysAfterPaid(29), key)).rejects.toBeInstanceOf(ConflictError);
    const first = await markPaid(creator.id, daysAfterPaid(30), key);
    const again = await markPaid(creator.id, daysAfterPaid(30), key);
    expect(again).toEqual({ payout: first.payout, repeated: true });
    await expect(markPaid(creator.id, daysAfterPaid(30))).rejects.toThrow(/nothing payable/);
    const page = await ledgerPage(database.db, creator.id, undefined, daysAfterPaid(30));
    expect(page.rows.map((r) => [r.kind, r.state, r.payoutReference])).toEqual([
      ["payout", "payout", "BANK-1"],
      ["accrual", "paid", "BANK-1"],
    ]);
  });

  it("keeps the ledger append-only: an entry cannot be edited or deleted", async () => {
    const { creator } = await creatorWithOrder(1000);
    const change = database.db.execute(
      sql`update creator_ledger_entries set amount_cents = 1 where creator_id = ${creator.id}`,
    );
    await expect(change).rejects.toSatisfy(refusedAsAppendOnly);
    const removal = database.db
      .delete(creatorLedgerEntries)
      .where(eq(creatorLedgerEntries.creatorId, creator.id));
    await expect(removal).rejects.toSatisfy(refusedAsAppendOnly);
  });
});

/** The trigger's message, which drizzle keeps as the failed query's cause. */
const refusedAsAppendOnly = (error: unknown) =>
  /append-only/.test(String((error as { cause?: Error }).cause?.message ?? error));

describeOnPostgres("payouts at the same moment", () => {
  it("two admins marking paid at once make one payout", async () => {
    const { creator } = await creatorWithOrder(1000);
    const now = daysAfterPaid(31);
    const results = await Promise.allSettled([markPaid(creator.id, now), markPaid(creator.id, now)]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const payouts = await database.db
      .select()
      .from(creatorPayouts)
      .where(eq(creatorPayouts.creatorId, creator.id));
    expect(payouts.map((p) => p.amountCents)).toEqual([900]);
  });

  it("a double click (one form, twice at once) makes one payout", async () => {
    const { creator } = await creatorWithOrder(1000);
    const key = randomUUID();
    const now = daysAfterPaid(31);
    const [a, b] = await Promise.all([markPaid(creator.id, now, key), markPaid(creator.id, now, key)]);
    expect(a.payout.id).toBe(b.payout.id);
    expect((await creatorBalance(database.db, creator.id, now)).paidCents).toBe(900);
  });

  it("a refund and a cancel at once claw back the commission once", async () => {
    const { creator, order } = await creatorWithOrder(1000);
    await Promise.all([
      refund(order.id, { mode: "full", reason: "Returned", idempotencyKey: randomUUID() }),
      updateOrderStatus(database.db, order.id, "cancelled"),
    ]);
    const amounts = (await entriesOf(creator.id)).map((e) => e.amountCents);
    expect(amounts.reduce((a, b) => a + b, 0)).toBe(0);
  });
});
