import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createProduct,
  createSubscription,
  createUser,
  updateOnlyVariant,
} from "../../tests/factories/index.ts";
import { recordingMailer, testBuyer } from "../../tests/support/checkout-fixtures.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
import { getOrCreateCart, priceCart } from "../cart/cart.ts";
import { readStorefrontVersion } from "../catalog/storefront-cache.ts";
import { startCheckout } from "../checkout/checkout.ts";
import {
  cartLines,
  orderItems,
  orders,
  products,
  productVariants,
  stockMovements,
  stockReservations,
  subscriptions,
} from "../db/schema/index.ts";
import { createLogger } from "../logger.ts";
import { createMailer } from "../mail/mailer.ts";
import { expireSandboxPayments } from "../orders/close-order.ts";
import { updateOrderStatus } from "../orders/status.ts";
import { completePayment } from "../paid-orders/complete-payment.ts";
import { fulfilOrder } from "../paid-orders/fulfil.ts";
import { paySandboxSession, SANDBOX_SUCCESS_CARD, sandboxProvider } from "../payments/sandbox.ts";
import { refundOrder } from "../refunds/refund-order.ts";
import { recordProviderRenewal, renewSubscription } from "../subscriptions/renew.ts";
import { adjustStock } from "./adjust.ts";
import { saveVariantStock } from "./editor-stock.ts";
import { listLowStock } from "./low-stock.ts";
import { restockItems } from "./restock.ts";

// Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL (one pool of 60 connections there, so
// the 50 checkouts below really run at once and contend for the variant row lock).
const buyer = testBuyer;
const mailer = recordingMailer();
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

/** A product whose one variant is tracked with `stock` units. */
async function trackedProduct(stock: number, lowStockThreshold: number | null = null) {
  const product = await createProduct(database.db);
  await updateOnlyVariant(database.db, product.id, { stockQuantity: stock, lowStockThreshold });
  const [variant] = await database.db
    .select()
    .from(productVariants)
    .where(eq(productVariants.productId, product.id));
  return { product, variant: variant! };
}

/**
 * A cart holding `quantity` units, as filled before other buyers' holds were taken: adding caps at
 * what is free at that moment, so the line is written as it stands (Pay is the guard tested here).
 */
async function cartWith(productId: string, quantity: number) {
  const { db } = database;
  const cartId = await getOrCreateCart(db, { guestCartId: null });
  const [variant] = await db.select().from(productVariants).where(eq(productVariants.productId, productId));
  const [product] = await db.select().from(products).where(eq(products.id, productId));
  await db.insert(cartLines).values({
    cartId,
    productId,
    variantId: variant!.id,
    productName: product!.name,
    weight: variant!.title,
    quantity,
  });
  return cartId;
}

const checkout = (cartId: string, now?: Date) =>
  startCheckout(database.db, sandboxProvider, {
    cartId,
    userId: null,
    purchaseType: "one_time",
    paymentMethod: "card",
    couponCode: null,
    now,
  });

async function payThroughSandbox(url: string) {
  const sessionId = /sbx_[\w-]+/.exec(url)![0];
  const paid = await paySandboxSession(database.db, sessionId, { cardNumber: SANDBOX_SUCCESS_CARD, buyer });
  expect(paid.ok).toBe(true);
  return completePayment(database.db, mailer, sandboxProvider, sessionId);
}

async function stockOf(variantId: string) {
  const [row] = await database.db.select().from(productVariants).where(eq(productVariants.id, variantId));
  return row!.stockQuantity;
}

const movementsOf = (variantId: string) =>
  database.db.select().from(stockMovements).where(eq(stockMovements.variantId, variantId));

describe("holds at checkout", () => {
  it("holds units while the payment is open and refuses what is not free: Only N left, then sold out", async () => {
    const { product, variant } = await trackedProduct(3);
    const first = await checkout(await cartWith(product.id, 2));
    expect(first.ok).toBe(true);
    expect(await checkout(await cartWith(product.id, 2))).toEqual({
      ok: false,
      reason: "out_of_stock",
      message: "Only 1 left",
    });
    expect((await checkout(await cartWith(product.id, 1))).ok).toBe(true);
    const refused = await checkout(await cartWith(product.id, 1));
    expect(refused).toMatchObject({ reason: "out_of_stock", message: `${product.name} (30g) is sold out` });
    // The refusal rolled its whole checkout back: no order, no hold.
    const holds = await database.db
      .select()
      .from(stockReservations)
      .where(eq(stockReservations.variantId, variant.id));
    expect(holds.map((h) => h.quantity).sort()).toEqual([1, 2]);
    expect(await stockOf(variant.id)).toBe(3);
  });

  it("an expired hold counts for nothing, and the sweep releases it", async () => {
    const { product, variant } = await trackedProduct(1);
    const start = new Date();
    const held = await checkout(await cartWith(product.id, 1), start);
    expect(held.ok).toBe(true);
    expect((await checkout(await cartWith(product.id, 1), start)).ok).toBe(false);
    const later = new Date(start.getTime() + 31 * 60_000);
    expect((await checkout(await cartWith(product.id, 1), later)).ok).toBe(true);
    await expireSandboxPayments(database.db, new Date(later.getTime() + 60 * 60_000));
    const holds = await database.db
      .select()
      .from(stockReservations)
      .where(eq(stockReservations.variantId, variant.id));
    expect(holds).toHaveLength(0);
  });

  it("the cart knows what is free, so a line asking more can say Only N left", async () => {
    const { product } = await trackedProduct(3);
    await checkout(await cartWith(product.id, 1));
    const cartId = await cartWith(product.id, 3);
    const [line] = (await priceCart(database.db, cartId)).lines;
    expect(line).toMatchObject({ quantity: 3, available: 2, status: "available" });
    const untracked = await createProduct(database.db);
    const [free] = (await priceCart(database.db, await cartWith(untracked.id, 3))).lines;
    expect(free?.available).toBeNull();
  });

  it("untracked variants are never held or refused", async () => {
    const product = await createProduct(database.db);
    const result = await checkout(await cartWith(product.id, 50));
    expect(result.ok).toBe(true);
  });
});

describe("taking stock at payment", () => {
  it("takes the units, deletes the hold, records a sale and sells the product out at zero", async () => {
    const { product, variant } = await trackedProduct(2);
    const started = await checkout(await cartWith(product.id, 2));
    if (!started.ok) throw new Error(started.reason);
    const order = await payThroughSandbox(started.url);
    expect(order?.id).toBe(started.orderId);
    expect(await stockOf(variant.id)).toBe(0);
    expect(
      await database.db
        .select()
        .from(stockReservations)
        .where(eq(stockReservations.orderId, started.orderId)),
    ).toEqual([]);
    expect(await movementsOf(variant.id)).toMatchObject([
      { delta: -2, quantityAfter: 0, reason: "sale", orderId: started.orderId, shortfall: 0 },
    ]);
    const [row] = await database.db.select().from(products).where(eq(products.id, product.id));
    expect(row?.soldOut).toBe(true);
  });

  it("a payment after its hold ended is fulfilled all the same: stock stops at zero, shortfall flagged", async () => {
    const { product, variant } = await trackedProduct(1);
    const start = new Date(Date.now() - 40 * 60_000);
    const late = await checkout(await cartWith(product.id, 1), start);
    const onTime = await checkout(await cartWith(product.id, 1));
    if (!late.ok || !onTime.ok) throw new Error("checkouts should open");
    await fulfilOrder(database.db, mailer, { orderId: onTime.orderId, buyer });
    const warnings: unknown[] = [];
    const result = await fulfilOrder(
      database.db,
      mailer,
      { orderId: late.orderId, buyer },
      { warn: (o: unknown) => warnings.push(o) },
    );
    expect(result.fulfilled).toBe(true);
    expect(await stockOf(variant.id)).toBe(0);
    const [paid] = await database.db.select().from(orders).where(eq(orders.id, late.orderId));
    expect(paid?.paymentStatus).toBe("paid");
    const [flagged] = await database.db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.orderId, late.orderId), eq(stockMovements.reason, "sale")));
    expect(flagged).toMatchObject({ delta: 0, shortfall: 1 });
    expect(warnings).toHaveLength(1);
  });
});

describe("returns", () => {
  it("cancelling a paid order puts its items back once, however often the status changes", async () => {
    const { product, variant } = await trackedProduct(5);
    const started = await checkout(await cartWith(product.id, 2));
    if (!started.ok) throw new Error(started.reason);
    await fulfilOrder(database.db, mailer, { orderId: started.orderId, buyer });
    expect(await stockOf(variant.id)).toBe(3);
    const admin = await createUser(database.db);
    await updateOrderStatus(database.db, started.orderId, "cancelled", undefined, admin.id);
    await updateOrderStatus(database.db, started.orderId, "processing");
    await updateOrderStatus(database.db, started.orderId, "cancelled");
    expect(await stockOf(variant.id)).toBe(5);
    const cancels = (await movementsOf(variant.id)).filter((m) => m.reason === "cancel");
    expect(cancels.map((m) => [m.delta, m.actorId])).toEqual([[2, admin.id]]);
    const returned = await database.db.transaction((tx) =>
      restockItems(tx, {
        orderId: started.orderId,
        items: [{ variantId: variant.id, quantity: 2 }],
        reason: "refund",
        actorId: null,
      }),
    );
    expect(returned).toBe(0);
  });

  it("a refund of one unit by lines, then a cancel, returns each unit once; a refund by amount returns none", async () => {
    const { product, variant } = await trackedProduct(4);
    const started = await checkout(await cartWith(product.id, 3));
    if (!started.ok) throw new Error(started.reason);
    await fulfilOrder(database.db, mailer, { orderId: started.orderId, buyer });
    const [line] = await database.db.select().from(orderItems).where(eq(orderItems.orderId, started.orderId));
    const admin = await createUser(database.db);
    const log = createLogger("silent");
    const deps = {
      db: database.db,
      mailer: createMailer({ db: database.db, log, from: "Shop <shop@example.com>" }),
      providerFor: () => sandboxProvider,
      publicUrl: "http://shop.test",
      log,
    };
    const refund = (request: Parameters<typeof refundOrder>[1]["request"]) =>
      refundOrder(deps, { orderId: started.orderId, actorId: admin.id, request });
    await refund({ mode: "amount", amount: 100, reason: "Goodwill", idempotencyKey: crypto.randomUUID() });
    expect(await stockOf(variant.id)).toBe(1);
    await refund({
      mode: "lines",
      reason: "One jar broken",
      idempotencyKey: crypto.randomUUID(),
      lines: [{ orderItemId: line!.id, quantity: 1 }],
    });
    expect(await stockOf(variant.id)).toBe(2);
    await updateOrderStatus(database.db, started.orderId, "cancelled");
    expect(await stockOf(variant.id)).toBe(4);
  });
});

describe("admin adjustments", () => {
  it("sets and changes the count with a movement; refuses below zero and untracked additions", async () => {
    const product = await createProduct(database.db);
    const [variant] = await database.db
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, product.id));
    const id = variant!.id;
    const base = { variantId: id, reason: "adjustment" as const, note: "" };
    const refusal = (promise: Promise<unknown>) =>
      promise.then(
        () => "accepted",
        (error: Error) => error.message,
      );
    expect(
      await refusal(adjustStock(database.db, product.id, { ...base, mode: "add", quantity: 2 }, null)),
    ).toMatch(/not tracked/);
    expect(
      await adjustStock(database.db, product.id, { ...base, mode: "set", quantity: 2, note: "count" }, null),
    ).toBe(2);
    expect(await adjustStock(database.db, product.id, { ...base, mode: "add", quantity: -2 }, null)).toBe(0);
    expect(
      await refusal(adjustStock(database.db, product.id, { ...base, mode: "add", quantity: -1 }, null)),
    ).toMatch(/below zero/);
    expect((await movementsOf(id)).map((m) => [m.delta, m.quantityAfter])).toEqual([
      [2, 2],
      [-2, 0],
    ]);
    const [row] = await database.db.select().from(products).where(eq(products.id, product.id));
    expect(row?.soldOut).toBe(true);
    const other = await createProduct(database.db);
    expect(
      await refusal(adjustStock(database.db, other.id, { ...base, mode: "set", quantity: 1 }, null)),
    ).toMatch(/no longer exists/);
  });
});

describe("the product form's stock field", () => {
  it("applies what the admin changed to today's count, so sales made meanwhile are kept", async () => {
    const product = await createProduct(database.db);
    const [variant] = await database.db
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, product.id));
    const id = variant!.id;
    const save = (typed: number | null, shown: number | null) =>
      database.db.transaction((tx) => saveVariantStock(tx, id, { typed, shown }));
    await save(10, null);
    expect(await stockOf(id)).toBe(10);
    await database.db.update(productVariants).set({ stockQuantity: 7 }).where(eq(productVariants.id, id));
    await save(15, 10); // the form showed 10; 3 sold meanwhile
    expect(await stockOf(id)).toBe(12);
    await save(12, 12);
    expect((await movementsOf(id)).map((m) => m.quantityAfter)).toEqual([10, 12]);
    await save(null, 12);
    expect(await stockOf(id)).toBeNull();
  });
});

describe("low stock on the dashboard", () => {
  it("lists tracked variants at or under their threshold, emptiest first", async () => {
    const { variant: low } = await trackedProduct(2);
    const { variant: out } = await trackedProduct(0);
    const { variant: plenty } = await trackedProduct(50);
    const listed = (await listLowStock(database.db, 1000)).map((v) => v.sku);
    expect(listed).toContain(low.sku);
    expect(listed.indexOf(out.sku)).toBeLessThan(listed.indexOf(low.sku));
    expect(listed).not.toContain(plenty.sku);
  });

  it("lists a variant marked sold out, first, whatever its count (or when it is not tracked)", async () => {
    const { product: counted, variant: flagged } = await trackedProduct(500);
    await updateOnlyVariant(database.db, counted.id, { soldOut: true });
    const untracked = await createProduct(database.db);
    const [untrackedVariant] = await database.db
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, untracked.id));
    await updateOnlyVariant(database.db, untracked.id, { soldOut: true, stockQuantity: null });
    const listed = await listLowStock(database.db, 1000);
    const skus = listed.map((v) => v.sku);
    expect(skus).toContain(flagged.sku);
    expect(skus).toContain(untrackedVariant!.sku);
    expect(listed.find((v) => v.sku === flagged.sku)).toMatchObject({ soldOut: true, stockQuantity: 500 });
    expect(listed.findIndex((v) => !v.soldOut)).toBeGreaterThan(skus.indexOf(flagged.sku));
  });
});

describe("subscription renewals", () => {
  async function subscribedTo(stock: number) {
    const { product, variant } = await trackedProduct(stock);
    const subscriber = await createUser(database.db);
    const item = {
      productId: product.id,
      variantId: variant.id,
      name: product.name,
      weight: "30g",
      unitPriceCents: 5999,
      quantity: 2,
      imageUrl: null,
    };
    const subscription = await createSubscription(database.db, {
      userId: subscriber.id,
      items: [item],
      currentPeriodEnd: new Date(Date.now() - 60_000),
    });
    return { subscription, variant, subscriber };
  }

  it("a sandbox renewal with an item out of stock is skipped: no order, period moved on, subscriber emailed", async () => {
    const { subscription, variant, subscriber } = await subscribedTo(1);
    const mail = recordingMailer();
    const result = await renewSubscription(database.db, mail, subscription.id);
    expect(result).toMatchObject({ ok: false, reason: "out_of_stock" });
    expect(await database.db.select().from(orders).where(eq(orders.subscriptionId, subscription.id))).toEqual(
      [],
    );
    const [moved] = await database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, subscription.id));
    expect(moved!.currentPeriodEnd!.getTime()).toBeGreaterThan(subscription.currentPeriodEnd!.getTime());
    expect(mail.sent).toMatchObject([
      { to: subscriber.email, template: "renewal-out-of-stock", props: { outcome: "skipped" } },
    ]);
    expect(await stockOf(variant.id)).toBe(1);
  });

  it("a sandbox renewal in stock takes its units", async () => {
    const { subscription, variant } = await subscribedTo(5);
    expect((await renewSubscription(database.db, recordingMailer(), subscription.id)).ok).toBe(true);
    expect(await stockOf(variant.id)).toBe(3);
  });

  it("a provider-charged renewal is never refused: the order stands, back-ordered, and the subscriber is told", async () => {
    const { subscription, variant } = await subscribedTo(1);
    await database.db
      .update(subscriptions)
      .set({ provider: "stripe" })
      .where(eq(subscriptions.id, subscription.id));
    const mail = recordingMailer();
    const result = await recordProviderRenewal(database.db, mail, {
      provider: "stripe",
      providerSubscriptionId: subscription.providerSubscriptionId!,
      providerPaymentId: `in_${variant.id}`,
      paidAt: new Date(),
    });
    expect(result.ok).toBe(true);
    expect(await stockOf(variant.id)).toBe(0);
    expect(mail.sent.map((m) => m.template)).toContain("renewal-out-of-stock");
  });
});

describe("storefront version", () => {
  it("moves only when what the shopper sees changes: Only N left, sold out, back in stock", async () => {
    const { variant } = await trackedProduct(50, 5);
    const setStock = (n: number) =>
      database.db.update(productVariants).set({ stockQuantity: n }).where(eq(productVariants.id, variant.id));
    const version = () => readStorefrontVersion(database.db);
    let before = await version();
    await setStock(40);
    expect(await version()).toBe(before);
    await setStock(5);
    expect(await version()).toBeGreaterThan(before!);
    before = await version();
    await setStock(4);
    expect(await version()).toBeGreaterThan(before!);
    before = await version();
    await setStock(60);
    expect(await version()).toBeGreaterThan(before!);
  });
});

describe("never below zero", () => {
  it("50 concurrent checkouts for the last 3 units: 3 sessions, 3 paid orders, 47 refusals", async () => {
    const { product, variant } = await trackedProduct(3);
    const carts = await Promise.all(Array.from({ length: 50 }, () => cartWith(product.id, 1)));
    const results = await Promise.all(carts.map((cartId) => checkout(cartId)));
    const opened = results.filter((r) => r.ok);
    expect(opened).toHaveLength(3);
    const refused = results.filter((r) => !r.ok);
    expect(refused).toHaveLength(47);
    for (const r of refused)
      expect(r).toMatchObject({ reason: "out_of_stock", message: expect.stringMatching(/is sold out$/) });
    const paid = await Promise.all(opened.map((r) => payThroughSandbox(r.url)));
    expect(paid.filter(Boolean)).toHaveLength(3);
    expect(await stockOf(variant.id)).toBe(0);
    const sales = await movementsOf(variant.id);
    expect(sales.reduce((sum, m) => sum + m.delta, 0)).toBe(-3);
    expect(sales.every((m) => m.shortfall === 0)).toBe(true);
  });
});
