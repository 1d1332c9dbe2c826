import { setTimeout as delay } from "node:timers/promises";
import type { Config } from "../../config.ts";
import type { PaidSession, PaymentProvider, ProviderOrder } from "../provider.ts";
import { PaypalClient, type PaypalClientOptions } from "./client.ts";
import { capturePaypalOrder, getPaypalOrder, openPaypalOrder } from "./orders.ts";
import { returnUrls } from "./payloads.ts";
import { captureOf, refundPaypalCapture } from "./refunds.ts";
import { firstCyclePaid, isCaptured, orderBuyer, subscriberBuyer } from "./resources.ts";
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
  /** The shop's address, for links in what the webhook sends (refund emails). */
  readonly publicUrl: string;
};

/** Reads of an APPROVED subscription before the return page gives up (the webhook still fulfils it). */
const ACTIVATION_READS = 6;

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

  /**
   * Paid means captured (one-time), or for a subscription ACTIVE with our order as custom_id and
   * its first cycle collected (billing_info.last_payment; else PAYMENT.SALE.COMPLETED fulfils it).
   */
  async function confirmUnpaid(order: ProviderOrder, sessionId: string): Promise<PaidSession | null> {
    if (order.purchaseType === "subscription") {
      const subscription = await settledSubscription(sessionId);
      if (!firstCyclePaid(subscription) || subscription.custom_id !== order.id) return null;
      return { orderId: order.id, buyer: subscriberBuyer(subscription), providerSubscriptionId: sessionId };
    }
    let captured = await capturePaypalOrder(client, order.id, sessionId);
    // A replayed capture shows the capture as it was then (e.g. PENDING): read where it is now.
    if (captured && !isCaptured(captured)) captured = await getPaypalOrder(client, sessionId);
    if (!captured || !isCaptured(captured)) return null;
    const captureId = captureOf(captured);
    return {
      orderId: order.id,
      buyer: orderBuyer(captured),
      ...(captureId && { providerPaymentId: captureId }),
    };
  }

  /** Whether the buyer may still pay with PayPal (so closing our order would strand a payment). */
  async function paymentUnderway(order: ProviderOrder, sessionId: string): Promise<boolean> {
    if (order.purchaseType === "subscription") {
      const subscription = await getPaypalSubscription(client, sessionId);
      return subscription.status !== "APPROVAL_PENDING";
    }
    const paypalOrder = await getPaypalOrder(client, sessionId);
    return paypalOrder.status === "APPROVED" || paypalOrder.status === "COMPLETED";
  }

  return {
    name: "paypal",
    capturesOnConfirm: true,
    client,
    webhookId: config.webhookId,
    publicUrl,
    async createSession(_tx, { order, items, expiresAt }) {
      const urls = returnUrls(publicUrl, order.id);
      const opened =
        order.purchaseType === "subscription"
          ? await openPaypalSubscription(client, order, await productId(), urls)
          : await openPaypalOrder(client, order, items, urls);
      return { ...opened, expiresAt };
    },
    async confirm(_db, order) {
      return order.providerSessionId ? confirmUnpaid(order, order.providerSessionId) : null;
    },
    async cancel(_db, order) {
      if (!order.providerSessionId) return false;
      return !(await paymentUnderway(order, order.providerSessionId));
    },
    async cancelSubscription(subscription) {
      if (!subscription.providerSubscriptionId) throw new Error("Subscription has no PayPal id");
      // PayPal stops billing at once; our row stays active until the month already paid is over.
      await cancelPaypalSubscription(client, subscription.providerSubscriptionId);
      return null;
    },
    refund: (request) => refundPaypalCapture(client, request),
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
