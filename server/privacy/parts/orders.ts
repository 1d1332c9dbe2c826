import { asc, eq, inArray } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import {
  couponUsages,
  orderItems,
  orders,
  type ShippingAddress,
  sandboxSessions,
} from "../../db/schema/index.ts";
import type { PrivacyPart } from "../part.ts";

/** What an erased order shows instead of the buyer (docs/compliance.md, section 6). */
export const ERASED_NAME = "Deleted customer";
export const ERASED = "Erased";

/**
 * The shipping address of an erased order: street, city and postal code are gone; the state and
 * country stay, because the sales tax the order charged is owed to that state.
 */
export function erasedAddress(address: ShippingAddress | null): ShippingAddress {
  return {
    line1: ERASED,
    city: ERASED,
    postalCode: "",
    state: address?.state ?? "",
    country: address?.country ?? "",
  };
}

/**
 * Orders are kept for accounting (amounts, tax, refunds) with the buyer anonymised: name, email,
 * phone, street address, client address, guest status link and tracking number; the coupon usage's
 * email and the sandbox's copy of the buyer go too.
 */
export const ordersPart: PrivacyPart = {
  name: "orders",
  exportFor: async (db, { orderIds }) => {
    if (orderIds.length === 0) return [];
    const rows = await db
      .select()
      .from(orders)
      .where(inArray(orders.id, orderIds))
      .orderBy(asc(orders.createdAt));
    const items = await db.select().from(orderItems).where(inArray(orderItems.orderId, orderIds));
    return rows.map((order) => ({
      ...shownOrder(order),
      items: items
        .filter((item) => item.orderId === order.id)
        .map(({ name, weight, sku, unitPriceCents, quantity, lineTotalCents, volumeDiscountCents }) => ({
          name,
          weight,
          sku,
          unitPriceCents,
          quantity,
          lineTotalCents,
          volumeDiscountCents,
        })),
    }));
  },
  eraseFor: async (tx, { orderIds, anonymousEmail }) => {
    if (orderIds.length === 0) return;
    await anonymiseOrders(tx, orderIds, anonymousEmail);
    await tx
      .update(couponUsages)
      .set({ userEmail: anonymousEmail })
      .where(inArray(couponUsages.orderId, orderIds));
    await tx.update(sandboxSessions).set({ buyer: null }).where(inArray(sandboxSessions.orderId, orderIds));
  },
};

async function anonymiseOrders(tx: Tx, orderIds: string[], anonymousEmail: string) {
  const rows = await tx
    .select({ id: orders.id, shippingAddress: orders.shippingAddress })
    .from(orders)
    .where(inArray(orders.id, orderIds));
  for (const row of rows) {
    await tx
      .update(orders)
      .set({
        userId: null,
        name: ERASED_NAME,
        email: anonymousEmail,
        phone: null,
        shippingAddress: row.shippingAddress ? erasedAddress(row.shippingAddress) : null,
        clientIp: null,
        statusToken: null,
        trackingNumber: null,
      })
      .where(eq(orders.id, row.id));
  }
}

/** An order as its buyer may see it: no secrets (status link token) and no provider internals. */
function shownOrder(order: typeof orders.$inferSelect) {
  const {
    userId: _user,
    statusToken: _token,
    providerSessionId: _session,
    stripeSessionId: _stripe,
    paypalOrderId: _paypal,
    providerPaymentId: _payment,
    cartId: _cart,
    couponId: _coupon,
    subscriptionId: _subscription,
    paymentEmailDue: _due,
    ...shown
  } = order;
  return shown;
}
