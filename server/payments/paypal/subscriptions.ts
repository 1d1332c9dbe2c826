import { brand } from "../../../core/brand.ts";
import type { ProviderOrder, SubscriptionState } from "../provider.ts";
import { PaypalApiError, type PaypalClient } from "./client.ts";
import { planPayload, type ReturnUrls, subscriptionPayload } from "./payloads.ts";
import { approvalUrl, type PaypalSubscription } from "./resources.ts";

/** The one catalog product every plan hangs off; a fixed id lets every instance find and reuse it. */
export const PAYPAL_PRODUCT_ID = "PEAK-SHILAJIT-SUBSCRIPTION";

/** Makes sure the shop's PayPal catalog product exists (looked up once per process). */
export async function ensurePaypalProduct(client: PaypalClient): Promise<string> {
  try {
    await client.request(`/v1/catalogs/products/${PAYPAL_PRODUCT_ID}`);
  } catch (error) {
    if (!(error instanceof PaypalApiError && error.status === 404)) throw error;
    await client.request("/v1/catalogs/products", {
      body: { id: PAYPAL_PRODUCT_ID, name: `${brand.name} subscription`, type: "PHYSICAL" },
      requestId: `product-${PAYPAL_PRODUCT_ID}`,
    });
  }
  return PAYPAL_PRODUCT_ID;
}

/**
 * A subscription checkout: a plan at this order's prices (one plan per checkout keeps every price
 * exactly as the server computed it) and a subscription on it carrying our order id as custom_id.
 * Request ids derive from our order id, so a retry reuses what was created. The PayPal
 * subscription id is the session id: PayPal returns it to /paypal-success as subscription_id.
 */
export async function openPaypalSubscription(
  client: PaypalClient,
  order: ProviderOrder,
  productId: string,
  urls: ReturnUrls,
) {
  const plan = await client.request<{ id: string }>("/v1/billing/plans", {
    body: planPayload(order, productId),
    requestId: `plan-${order.id}`,
  });
  const subscription = await client.request<PaypalSubscription>("/v1/billing/subscriptions", {
    body: subscriptionPayload(order, plan.id, urls, brand.name),
    requestId: `subscription-${order.id}`,
  });
  return { sessionId: subscription.id, url: approvalUrl(subscription.links) };
}

export function getPaypalSubscription(client: PaypalClient, id: string) {
  return client.request<PaypalSubscription>(`/v1/billing/subscriptions/${encodeURIComponent(id)}`);
}

/**
 * PayPal has no "cancel at period end": its cancel stops billing at once. The period already paid
 * is still ours to deliver, so our row stays active until current_period_end with
 * cancel_at_period_end set (see paypalSubscriptionState). Cancelling twice is not an error.
 */
export async function cancelPaypalSubscription(client: PaypalClient, id: string): Promise<void> {
  try {
    await client.request(`/v1/billing/subscriptions/${encodeURIComponent(id)}/cancel`, {
      body: { reason: "Cancelled by the customer" },
    });
  } catch (error) {
    if (error instanceof PaypalApiError && error.issue === "SUBSCRIPTION_STATUS_INVALID") {
      const current = await getPaypalSubscription(client, id);
      if (current.status === "CANCELLED" || current.status === "EXPIRED") return;
    }
    throw error;
  }
}

/** `pausedUntil`: the customer paused it (decision 042), so SUSPENDED is that pause, not a failed payment. */
type Row = { currentPeriodEnd: Date | null; canceledAt: Date | null; pausedUntil?: Date | null };

/**
 * Our row's state from the subscription just fetched from PayPal (null for one not started yet).
 * CANCELLED keeps the row active until the paid period ends (PayPal cancels at once; we honour the
 * month already paid), then it reads canceled.
 */
export function paypalSubscriptionState(
  subscription: PaypalSubscription,
  row: Row,
  now = new Date(),
): SubscriptionState | null {
  const nextBilling = subscription.billing_info?.next_billing_time;
  const changedAt = subscription.status_update_time ? new Date(subscription.status_update_time) : now;
  const periodEnd = row.currentPeriodEnd;
  switch (subscription.status) {
    case "ACTIVE":
      return {
        status: "active",
        cancelAtPeriodEnd: false,
        currentPeriodEnd: nextBilling ? new Date(nextBilling) : periodEnd,
        canceledAt: null,
      };
    case "SUSPENDED":
      return {
        status: row.pausedUntil ? "active" : "past_due",
        cancelAtPeriodEnd: false,
        currentPeriodEnd: periodEnd,
        canceledAt: null,
      };
    case "CANCELLED":
      return {
        status: periodEnd && periodEnd > now ? "active" : "canceled",
        cancelAtPeriodEnd: true,
        currentPeriodEnd: periodEnd,
        canceledAt: row.canceledAt ?? changedAt,
      };
    case "EXPIRED":
      return {
        status: "canceled",
        cancelAtPeriodEnd: false,
        currentPeriodEnd: periodEnd,
        canceledAt: row.canceledAt ?? changedAt,
      };
    default:
      return null;
  }
}
