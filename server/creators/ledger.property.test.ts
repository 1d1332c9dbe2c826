import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { balanceOf, commissionCents, DAY_MS } from "../../core/pricing/commission.ts";
import { createContentCreator, createCoupon, createOrder, createUser } from "../../tests/factories/index.ts";
import { testBuyer } from "../../tests/support/checkout-fixtures.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
import { sandboxRefundDeps } from "../../tests/support/refunds.ts";
import { creatorLedgerEntries, creatorPayoutEntries, creatorPayouts, orders } from "../db/schema/index.ts";
import { ConflictError } from "../errors.ts";
import { updateOrderStatus } from "../orders/status.ts";
import { fulfilOrder } from "../paid-orders/fulfil.ts";
import { type RefundDeps, refundOrder } from "../refunds/refund-order.ts";
import { creatorBalance } from "./ledger-read.ts";
import { markCreatorPaid } from "./payouts.ts";

/**
 * The ledger under random histories (decision 040): orders with odd amounts and rates, partial and
 * full refunds, cancels, time passing and payouts, through the real domain functions and database.
 * After every history the entries add up to the balance and its parts, no order gives back more
 * than it earned, and every amount is a whole number of cents.
 */
let database: TestDatabase;
let deps: RefundDeps;
let adminId: string;
beforeAll(async () => {
  database = await createTestDatabase();
  deps = sandboxRefundDeps(database.db);
  adminId = (await createUser(database.db, { email: "property-admin@example.com" })).id;
});
afterAll(() => database.destroy());

const buyer = testBuyer;

const action = fc.oneof(
  fc.record({
    kind: fc.constant("order" as const),
    subtotal: fc.integer({ min: 1, max: 500_000 }),
    discountShare: fc.integer({ min: 0, max: 100 }),
    extras: fc.integer({ min: 0, max: 5_000 }),
  }),
  fc.record({
    kind: fc.constant("refund" as const),
    pick: fc.nat(),
    share: fc.integer({ min: 1, max: 100 }),
  }),
  fc.record({ kind: fc.constant("cancel" as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant("wait" as const), days: fc.integer({ min: 1, max: 40 }) }),
  fc.record({ kind: fc.constant("payout" as const) }),
);
type Action = typeof action extends fc.Arbitrary<infer A> ? A : never;

type Placed = { id: string; totalCents: number; expectedCents: number };

/** Plays one history for a new creator; the clock starts 120 days ago and only moves forward. */
async function play(basisPoints: number, actions: Action[]) {
  const creator = await createContentCreator(database.db, { commissionBasisPoints: basisPoints });
  const coupon = await createCoupon(database.db, { contentCreatorId: creator.id });
  const placed: Placed[] = [];
  let clock = Date.now() - 120 * DAY_MS;
  for (const step of actions) {
    const now = new Date(clock);
    if (step.kind === "order") {
      const couponDiscountCents = Math.floor((step.subtotal * step.discountShare) / 100);
      const amounts = {
        subtotalCents: step.subtotal,
        volumeDiscountCents: 0,
        subscriptionDiscountCents: 0,
        couponDiscountCents,
      };
      const totalCents = step.subtotal - couponDiscountCents + step.extras;
      if (totalCents <= 0) continue;
      const order = await createOrder(database.db, {
        ...amounts,
        couponId: coupon.id,
        shippingCents: step.extras,
        totalCents,
      });
      await fulfilOrder(database.db, deps.mailer as never, { orderId: order.id, buyer, now });
      placed.push({ id: order.id, totalCents, expectedCents: commissionCents(amounts, basisPoints) });
    } else if (step.kind === "refund" && placed.length > 0) {
      const order = placed[step.pick % placed.length]!;
      const amount = Math.max(1, Math.floor((order.totalCents * step.share) / 100));
      await refundOrder(deps, {
        orderId: order.id,
        actorId: adminId,
        request: { mode: "amount", amount, reason: "Property", idempotencyKey: randomUUID() },
      }).catch(ignoreRefusal);
    } else if (step.kind === "cancel" && placed.length > 0) {
      await updateOrderStatus(database.db, placed[step.pick % placed.length]!.id, "cancelled");
    } else if (step.kind === "wait") {
      clock += step.days * DAY_MS;
    } else if (step.kind === "payout") {
      const input = { creatorId: creator.id, reference: "P", idempotencyKey: randomUUID(), actorId: adminId };
      await markCreatorPaid(database.db, input, now).catch(ignoreRefusal);
    }
  }
  return { creatorId: creator.id, placed, now: new Date(clock) };
}

/** Nothing to pay, nothing left to refund: refusals the history may run into. */
function ignoreRefusal(error: unknown) {
  if (error instanceof ConflictError || (error as Error).name === "InvalidInputError") return;
  throw error;
}

async function checkInvariants({ creatorId, placed, now }: Awaited<ReturnType<typeof play>>) {
  const entries = await database.db
    .select({ entry: creatorLedgerEntries, paidBy: creatorPayoutEntries.payoutId })
    .from(creatorLedgerEntries)
    .leftJoin(creatorPayoutEntries, eq(creatorPayoutEntries.entryId, creatorLedgerEntries.id))
    .where(eq(creatorLedgerEntries.creatorId, creatorId));
  for (const { entry } of entries) expect(Number.isInteger(entry.amountCents)).toBe(true);

  const sql = await creatorBalance(database.db, creatorId, now);
  const fromEntries = balanceOf(
    entries.map(({ entry, paidBy }) => ({ ...entry, paid: paidBy !== null })),
    now,
  );
  expect(sql).toEqual(fromEntries);
  const sum = entries.reduce((total, { entry }) => total + entry.amountCents, 0);
  expect(sql.owedCents).toBe(sum);
  expect(sql.pendingCents + sql.payableCents).toBe(sql.owedCents);

  // Paid to date is what the payouts paid, and what the entries they link add up to.
  const payouts = await database.db
    .select()
    .from(creatorPayouts)
    .where(eq(creatorPayouts.creatorId, creatorId));
  const paidOut = payouts.reduce((total, p) => total + p.amountCents, 0);
  const linked = entries.filter((e) => e.paidBy !== null).reduce((t, { entry }) => t + entry.amountCents, 0);
  expect(sql.paidCents).toBe(paidOut);
  expect(linked).toBe(paidOut);
  for (const payout of payouts) expect(payout.amountCents).toBeGreaterThan(0);

  for (const order of placed) {
    const mine = entries.filter(({ entry }) => entry.orderId === order.id).map(({ entry }) => entry);
    const accrued = mine.filter((e) => e.kind === "accrual").map((e) => e.amountCents);
    // Subtracted from 0 (not negated): no clawback is +0, which toBe tells apart from -0.
    const clawed = mine.filter((e) => e.kind === "clawback").reduce((t, e) => t - e.amountCents, 0);
    expect(accrued).toEqual(order.expectedCents > 0 ? [order.expectedCents] : []);
    expect(clawed).toBeGreaterThanOrEqual(0);
    expect(clawed).toBeLessThanOrEqual(accrued[0] ?? 0);
    // Cancelled or refunded in full: every cent of the commission came back.
    const [row] = await database.db.select().from(orders).where(eq(orders.id, order.id));
    if (row!.status === "cancelled" || row!.refundedCents === row!.totalCents)
      expect(clawed).toBe(accrued[0] ?? 0);
  }
}

describe("the commission ledger under random histories", () => {
  it("always sums to the balance, with consistent parts and whole cents", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 10_000 }),
        fc.array(action, { minLength: 1, maxLength: 14 }),
        async (basisPoints, actions) => checkInvariants(await play(basisPoints, actions)),
      ),
      { numRuns: 25 },
    );
  }, 240_000);
});
