import { randomBytes } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import { priceCheckout } from "../../core/pricing/checkout-pricing.ts";
import type { Tx } from "../db/client.ts";
import {
  account,
  orderItems,
  orders,
  type ShippingAddress,
  subscriptions,
  user,
} from "../db/schema/index.ts";
import { nextOrderNumber } from "../orders/order-number.ts";
import { newStatusToken } from "../orders/status-token.ts";

/**
 * A few weeks of sample sales for the demo shop, so the dashboard, its chart, the order list and
 * My Orders have something to show on the first visit. Every buyer's address ends in
 * `@demo.example.com` (example.com is reserved: no mail can reach a real person). The data is the
 * same on every fresh demo database (a fixed pseudo-random sequence), dated back from `now`.
 */

export const DEMO_EMAIL_DOMAIN = "demo.example.com";

/** The one demo customer who can sign in: their orders and subscription fill My Orders. */
export const demoCustomer = { name: "Jordan Lee", email: `jordan@${DEMO_EMAIL_DOMAIN}` } as const;

export type DemoProductRef = {
  id: string;
  name: string;
  weightType: string;
  priceCents: number;
  imageUrls: string[];
};
type Line = { product: DemoProductRef; quantity: number };
type Buyer = { name: string; email: string; userId?: string };

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const DAYS_OF_SALES = 35;

const guests = [
  "Avery Brooks",
  "Riley Nguyen",
  "Casey Morgan",
  "Taylor Reed",
  "Sam Patel",
  "Quinn Foster",
  "Morgan Diaz",
  "Jamie Walsh",
  "Drew Okafor",
  "Alex Romero",
].map((name) => ({ name, email: `${name.split(" ")[0]!.toLowerCase()}@${DEMO_EMAIL_DOMAIN}` }));

const cities: ShippingAddress[] = [
  { line1: "14 Aspen Way", city: "Denver", state: "CO", postalCode: "80203", country: "US" },
  { line1: "220 Pine St", city: "Seattle", state: "WA", postalCode: "98101", country: "US" },
  { line1: "9 Harbor Rd", city: "Portland", state: "ME", postalCode: "04101", country: "US" },
  { line1: "501 Elm Ave", city: "Austin", state: "TX", postalCode: "78701", country: "US" },
];

/**
 * Inserts the demo customer (with a random password, returned to be shown once), their
 * subscription and orders, and guest orders over the last five weeks, all paid.
 */
export async function seedDemoOrders(tx: Tx, products: DemoProductRef[], now: number) {
  const password = randomBytes(12).toString("base64url");
  const customerId = await insertCustomer(tx, password, new Date(now - 40 * DAY));
  const random = pseudoRandom(20_241_118);
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)]!;
  const [flagship, gold, drops] = products;

  const jordan: Buyer = { ...demoCustomer, userId: customerId };
  const subscriptionLines = [{ product: gold!, quantity: 1 }];
  const subscriptionId = await insertSubscription(tx, customerId, subscriptionLines, now);
  await insertOrder(tx, jordan, subscriptionLines, new Date(now - 34 * DAY), { subscriptionId });
  await insertOrder(tx, jordan, [{ product: drops!, quantity: 2 }], new Date(now - 12 * DAY), {});
  await insertOrder(tx, jordan, subscriptionLines, new Date(now - 4 * DAY), { subscriptionId });

  let cancelledOne = false;
  for (let daysAgo = DAYS_OF_SALES; daysAgo >= 0; daysAgo--) {
    // Today always has a couple of orders from the last hour, so "today" on the dashboard is not empty.
    const ordersThatDay = daysAgo === 0 ? 2 : Math.floor(random() * 4);
    const spread = daysAgo === 0 ? HOUR : 10 * HOUR;
    for (let n = 0; n < ordersThatDay; n++) {
      const createdAt = new Date(now - daysAgo * DAY - Math.floor(random() * spread));
      const lines = [
        { product: random() < 0.5 ? flagship! : pick(products), quantity: 1 + Math.floor(random() * 2) },
      ];
      if (random() < 0.25)
        lines.push({ product: pick(products.filter((p) => p !== lines[0]!.product)), quantity: 1 });
      // One order, about three weeks old, was cancelled by the shop.
      const cancelled: boolean = !cancelledOne && daysAgo <= 20;
      cancelledOne ||= cancelled;
      await insertOrder(tx, pick(guests), lines, createdAt, {
        cancelled,
        method: random() < 0.3 ? "paypal" : "card",
      });
    }
  }
  return { ...demoCustomer, password };
}

async function insertCustomer(tx: Tx, password: string, createdAt: Date): Promise<string> {
  const id = crypto.randomUUID();
  await tx.insert(user).values({ id, ...demoCustomer, emailVerified: true, role: "customer", createdAt });
  await tx.insert(account).values({
    id: crypto.randomUUID(),
    accountId: id,
    providerId: "credential",
    userId: id,
    password: await hashPassword(password),
  });
  return id;
}

async function insertSubscription(tx: Tx, userId: string, lines: Line[], now: number): Promise<string> {
  const price = priceLines(lines, "subscription");
  const [row] = await tx
    .insert(subscriptions)
    .values({
      userId,
      provider: "sandbox",
      providerSubscriptionId: `sub_demo_${randomBytes(6).toString("hex")}`,
      status: "active",
      items: lines.map(({ product, quantity }) => ({
        productId: product.id,
        name: product.name,
        weight: product.weightType,
        unitPriceCents: product.priceCents,
        quantity,
        imageUrl: product.imageUrls[0] ?? null,
      })),
      monthlyTotalCents: price.totalCents,
      discountBasisPoints: price.subscriptionDiscountBasisPoints,
      // Started 34 days ago and renewed 4 days ago: the next renewal is due in 26 days.
      currentPeriodEnd: new Date(now + 26 * DAY),
      createdAt: new Date(now - 34 * DAY),
    })
    .returning({ id: subscriptions.id });
  return row!.id;
}

type OrderOptions = { subscriptionId?: string; cancelled?: boolean; method?: "card" | "paypal" };

async function insertOrder(tx: Tx, buyer: Buyer, lines: Line[], createdAt: Date, options: OrderOptions) {
  const purchaseType = options.subscriptionId ? "subscription" : "one_time";
  const price = priceLines(lines, purchaseType);
  const status = fulfilmentStatus(createdAt, options.cancelled);
  const [order] = await tx
    .insert(orders)
    .values({
      userId: buyer.userId ?? null,
      paymentStatus: "paid",
      number: nextOrderNumber(),
      status,
      ...demoTracking(status, createdAt),
      purchaseType,
      paymentMethod: options.method ?? "card",
      provider: "sandbox",
      name: buyer.name,
      email: buyer.email,
      phone: "555-0100",
      shippingAddress: cities[buyer.name.length % cities.length],
      subtotalCents: price.subtotalCents,
      subscriptionDiscountCents: price.subscriptionDiscountCents,
      totalCents: price.totalCents,
      subscriptionId: options.subscriptionId ?? null,
      statusToken: newStatusToken(),
      paidAt: new Date(createdAt.getTime() + 60_000),
      createdAt,
      updatedAt: createdAt,
    })
    .returning({ id: orders.id });
  await tx.insert(orderItems).values(
    lines.map(({ product, quantity }) => ({
      orderId: order!.id,
      productId: product.id,
      name: product.name,
      weight: product.weightType,
      unitPriceCents: product.priceCents,
      quantity,
      lineTotalCents: product.priceCents * quantity,
      imageUrl: product.imageUrls[0] ?? null,
    })),
  );
}

function priceLines(lines: Line[], purchaseType: "one_time" | "subscription") {
  return priceCheckout({
    subtotalCents: lines.reduce((sum, l) => sum + l.product.priceCents * l.quantity, 0),
    totalQuantity: lines.reduce((sum, l) => sum + l.quantity, 0),
    purchaseType,
  });
}

/** Older orders have arrived; the last few days' are still on their way. */
function fulfilmentStatus(createdAt: Date, cancelled = false) {
  if (cancelled) return "cancelled" as const;
  const ageDays = (Date.now() - createdAt.getTime()) / DAY;
  if (ageDays > 10) return "delivered" as const;
  if (ageDays > 3) return "shipped" as const;
  return ageDays > 1 ? ("processing" as const) : ("pending" as const);
}

/** Shipped and delivered demo orders went by UPS (a made-up number, but a working link). */
function demoTracking(status: ReturnType<typeof fulfilmentStatus>, createdAt: Date) {
  if (status !== "shipped" && status !== "delivered") return {};
  return {
    carrier: "ups" as const,
    trackingNumber: `1ZDEMO${createdAt.getTime().toString(36).toUpperCase()}`,
    shippedAt: new Date(createdAt.getTime() + 2 * DAY),
    deliveredAt: status === "delivered" ? new Date(createdAt.getTime() + 7 * DAY) : null,
  };
}

/** mulberry32: a small seeded generator, so every demo database gets the same sales. */
function pseudoRandom(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
