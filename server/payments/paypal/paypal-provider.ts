import { setTimeout as delay } from "node:timers/promises";
import { and, eq } from "drizzle-orm";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { orders, subscriptions } from "../../db/schema/index.ts";
import { holdIsOver, paymentHoldRule } from "../../reservations/hold-rule.ts";
import { closeUnpaidOrder } from "../close-order.ts";
import type { PaidSession, PaymentProvider } from "../provider.ts";
import { PaypalClient, type PaypalClientOptions } from "./client.ts";
import { capturePaypalOrder, getPaypalOrder, openPaypalOrder } from "./orders.ts";
import { returnUrls } from "./payloads.ts";
import { isCaptured, orderBuyer, subscriberBuyer } from "./resources.ts";
import {
  cancelPaypalSubscription,
  ensurePaypalProduct,
  getPaypalSubscription,
  openPaypalSubscription,
} from "./subscriptions.ts";

export type PaypalConfig = NonNullable<Config["paypal"]>;

export type PaypalProvider = PaymentProvider & {
  readonly name: "paypal";
  readonly client: PaypalClient;
  readonly webhookId: string | undefined;
};

type Order = typeof orders.$inferSelect;

/** Reads of an APPROVED subscription before the return page gives up (the webhook still fulfils it). */
const ACTIVATION_READS = 6;

/** Our order behind a PayPal order id or subscription id (its provider session id). */
async function findOrder(db: Db, sessionId: string): Promise<Order | undefined> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.provider, "paypal"), eq(orders.providerSessionId, sessionId)));
  return order;
}

/** A reload of the return page (or a later webhook) for an order already paid: no PayPal call. */
function alreadyPaid(order: Order, sessionId: string): PaidSession {
  return {
    orderId: order.id,
    buyer: {
      name: order.name ?? "",
      email: order.email ?? "",
      phone: order.phone ?? "",
      address: order.shippingAddress ?? { line1: "", city: "", state: "", postalCode: "", country: "" },
    },
    ...(order.purchaseType === "subscription" ? { providerSubscriptionId: sessionId } : {}),
  };
}

/** PayPal Orders v2 (one-time) and Subscriptions (monthly) behind the PaymentProvider seam. */
export function createPaypalProvider(
  config: PaypalConfig,
  publicUrl: string,
  options: PaypalClientOptions = {},
): PaypalProvider {
  const client = new PaypalClient(config, options);
  const activationPollMs = options.activationPollMs ?? 1000;
  let product: Promise<string> | undefined;
  const productId = () => {
    product ??= ensurePaypalProduct(client).catch((error) => {
      product = undefined;
      throw error;
    });
    return product;
  };

  /**
   * The subscription as PayPal has it once it is past APPROVED: the buyer returns as soon as they
   * approve, and PayPal activates it (charging the first month) a moment later. Without this wait
   * the return page would report a failure for a subscription that is about to be active.
   */
  async function settledSubscription(id: string) {
    let subscription = await getPaypalSubscription(client, id);
    for (let read = 1; subscription.status === "APPROVED" && read < ACTIVATION_READS; read++) {
      await delay(activationPollMs);
      subscription = await getPaypalSubscription(client, id);
    }
    return subscription;
  }

  /** Paid means captured (one-time) or ACTIVE with our order as custom_id (subscription). */
  async function confirmUnpaid(order: Order, sessionId: string): Promise<PaidSession | null> {
    if (order.purchaseType === "subscription") {
      const subscription = await settledSubscription(sessionId);
      if (subscription.status !== "ACTIVE" || subscription.custom_id !== order.id) return null;
      return { orderId: order.id, buyer: subscriberBuyer(subscription), providerSubscriptionId: sessionId };
    }
    let captured = await capturePaypalOrder(client, order.id, sessionId);
    // A replayed capture shows the capture as it was then (e.g. PENDING): read where it is now.
    if (captured && !isCaptured(captured)) captured = await getPaypalOrder(client, sessionId);
    if (!captured || !isCaptured(captured)) return null;
    return { orderId: order.id, buyer: orderBuyer(captured) };
  }

  /** Whether the buyer may still pay with PayPal (so closing our order would strand a payment). */
  async function paymentUnderway(order: Order, sessionId: string): Promise<boolean> {
    if (order.purchaseType === "subscription") {
      const subscription = await getPaypalSubscription(client, sessionId);
      return subscription.status !== "APPROVAL_PENDING";
    }
    const paypalOrder = await getPaypalOrder(client, sessionId);
    return paypalOrder.status === "APPROVED" || paypalOrder.status === "COMPLETED";
  }

  return {
    name: "paypal",
    client,
    webhookId: config.webhookId,
    async createSession(tx, { orderId }) {
      const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
      if (!order) throw new Error(`Order ${orderId} not found`);
      const urls = returnUrls(publicUrl, order.id);
      if (order.purchaseType === "subscription")
        return openPaypalSubscription(client, tx, order, await productId(), urls);
      return openPaypalOrder(client, tx, order, urls);
    },
    async confirm(db, sessionId) {
      const order = await findOrder(db, sessionId);
      if (!order) return null;
      if (order.paymentStatus === "paid") return alreadyPaid(order, sessionId);
      // An expired order is never captured: the buyer gave it up (or it timed out) on our side.
      if (order.paymentStatus !== "unpaid") return null;
      // PayPal keeps an approval link usable for hours; its coupon hold ends with the payment
      // window (the hold rule), so a one-time order is not captured after it.
      if (order.purchaseType === "one_time" && holdIsOver(paymentHoldRule, order.createdAt)) {
        await db.transaction((tx) => closeUnpaidOrder(tx, order.id));
        return null;
      }
      return confirmUnpaid(order, sessionId);
    },
    async cancel(db, sessionId) {
      const order = await findOrder(db, sessionId);
      if (order?.paymentStatus !== "unpaid") return null;
      if (await paymentUnderway(order, sessionId)) return null;
      const closed = await db.transaction((tx) => closeUnpaidOrder(tx, order.id));
      return closed ? order.id : null;
    },
    async cancelSubscription(db, subscription) {
      if (!subscription.providerSubscriptionId) throw new Error("Subscription has no PayPal id");
      await cancelPaypalSubscription(client, subscription.providerSubscriptionId);
      // PayPal stopped billing at once; the paid month runs out on our side (active until then).
      await db
        .update(subscriptions)
        .set({ cancelAtPeriodEnd: true })
        .where(eq(subscriptions.id, subscription.id));
    },
  };
}

const cache = new WeakMap<object, PaypalProvider>();

/** One provider (and so one cached OAuth token) per config object. */
export function paypalProviderFor(config: Pick<Config, "paypal" | "publicUrl">): PaypalProvider {
  if (!config.paypal) throw new Error("The paypal payment provider is not configured");
  let provider = cache.get(config);
  if (!provider) {
    provider = createPaypalProvider(config.paypal, config.publicUrl);
    cache.set(config, provider);
  }
  return provider;
}
