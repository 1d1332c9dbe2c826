import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { subscriptions } from "../../db/schema/index.ts";
import type { Logger } from "../../logger.ts";
import { paymentFailures } from "../../observability/metrics.ts";
import type { PaymentEvents } from "../events.ts";
import { PayerMustChooseAgain } from "../provider.ts";
import type { PaypalProvider } from "./paypal-provider.ts";
import type { PaypalRefund, PaypalSaleRefund } from "./refunds.ts";
import { type PaypalSubscription, subscriberBuyer } from "./resources.ts";
import { getPaypalSubscription, paypalSubscriptionState } from "./subscriptions.ts";
import { REVERSED, refundReported, renewalFailed, saleRefunded } from "./webhook-money.ts";

/**
 * What acting on a verified event needs: PayPal (to read the current state), our subscriptions'
 * rows (read only) and the handler our events go to (../events.ts). server/webhooks/paypal.ts
 * receives the webhook.
 */
export type PaypalEventDeps = {
  db: Db;
  provider: PaypalProvider;
  log: Pick<Logger, "info" | "warn" | "error">;
  now?: () => Date;
  events: PaymentEvents;
};

export type PaypalEvent = { id: string; event_type: string; resource: Record<string, unknown> };

const TRANSMISSION_HEADERS = {
  auth_algo: "paypal-auth-algo",
  cert_url: "paypal-cert-url",
  transmission_id: "paypal-transmission-id",
  transmission_sig: "paypal-transmission-sig",
  transmission_time: "paypal-transmission-time",
} as const;

/**
 * A sale made this soon after the subscription started pays its first cycle, which the checkout
 * order already stands for; later sales (a month on, or PayPal's retries of one) are renewals.
 */
const FIRST_CYCLE_WINDOW_MS = 14 * 24 * 60 * 60 * 1000;

/** Our handler for one verified event, in the log's terms (also what a replay runs). */
export async function dispatchPaypalEvent(deps: PaypalEventDeps, event: PaypalEvent) {
  return (await handleEvent(deps, event)) === "ignored" ? "ignored" : "processed";
}

export function parseEvent(rawBody: string): PaypalEvent | null {
  try {
    const event = JSON.parse(rawBody) as PaypalEvent;
    const valid = typeof event?.id === "string" && typeof event.event_type === "string";
    return valid && event.resource && typeof event.resource === "object" ? event : null;
  } catch {
    return null;
  }
}

/**
 * PayPal checks the transmission headers against the event, sent back byte for byte: "SUCCESS"
 * when it verified them, otherwise why not.
 */
export async function verifyPaypalSignature(
  deps: Pick<PaypalEventDeps, "provider" | "log">,
  rawBody: string,
  headers: Headers,
) {
  const webhookId = deps.provider.webhookId;
  if (!webhookId) return "NO_WEBHOOK_ID";
  const fields: Record<string, string> = { webhook_id: webhookId };
  for (const [field, header] of Object.entries(TRANSMISSION_HEADERS)) {
    const value = headers.get(header);
    if (!value) return "MISSING_HEADERS";
    fields[field] = value;
  }
  const json = JSON.stringify(fields);
  const body = `${json.slice(0, -1)},"webhook_event":${rawBody}}`;
  try {
    const answer = await deps.provider.client.request<{ verification_status?: string }>(
      "/v1/notifications/verify-webhook-signature",
      { rawBody: body, readOnly: true },
    );
    return answer.verification_status ?? "FAILURE";
  } catch (error) {
    deps.log.error({ err: error }, "paypal webhook verification call failed");
    return "VERIFICATION_ERROR";
  }
}

async function handleEvent(deps: PaypalEventDeps, event: PaypalEvent) {
  const resource = event.resource;
  switch (event.event_type) {
    case "CHECKOUT.ORDER.APPROVED":
      return fulfil(deps, String(resource.id));
    case "PAYMENT.CAPTURE.COMPLETED": {
      const related = resource.supplementary_data as { related_ids?: { order_id?: string } } | undefined;
      const orderId = related?.related_ids?.order_id;
      return orderId ? fulfil(deps, orderId) : undefined;
    }
    case "BILLING.SUBSCRIPTION.ACTIVATED":
      return fulfil(deps, String(resource.id));
    case "PAYMENT.SALE.COMPLETED":
      return recordSale(deps, resource);
    case "BILLING.SUBSCRIPTION.CANCELLED":
    case "BILLING.SUBSCRIPTION.SUSPENDED":
    case "BILLING.SUBSCRIPTION.EXPIRED":
    case "BILLING.SUBSCRIPTION.RE-ACTIVATED":
      return syncFromPaypal(deps, await getPaypalSubscription(deps.provider.client, String(resource.id)));
    case "PAYMENT.CAPTURE.REFUNDED":
      return refundReported(deps, resource as PaypalRefund);
    case "PAYMENT.CAPTURE.REVERSED":
      return refundReported(deps, resource as PaypalRefund, REVERSED);
    case "PAYMENT.SALE.REFUNDED":
      return saleRefunded(deps, resource as PaypalSaleRefund);
    case "PAYMENT.SALE.REVERSED":
      return saleRefunded(deps, resource as PaypalSaleRefund, REVERSED);
    case "BILLING.SUBSCRIPTION.PAYMENT.FAILED":
      paymentFailures.inc({ provider: "paypal", reason: event.event_type.toLowerCase() });
      return renewalFailed(
        deps,
        await getPaypalSubscription(deps.provider.client, String(resource.id)),
        event.id,
      );
    case "PAYMENT.CAPTURE.DENIED":
      paymentFailures.inc({ provider: "paypal", reason: event.event_type.toLowerCase() });
      return;
    default:
      deps.log.info({ type: event.event_type }, "paypal webhook event ignored");
      return "ignored" as const;
  }
}

/**
 * Confirms with PayPal (capturing once if needed) and fulfils: the same path as the return page.
 * A declined funding source is the buyer's to fix at PayPal (the return page sends them there),
 * not a failure of this event: PayPal is not asked to deliver it again.
 */
async function fulfil(deps: PaypalEventDeps, sessionId: string) {
  try {
    return await deps.events.sessionPaid(deps.provider, sessionId);
  } catch (error) {
    if (!(error instanceof PayerMustChooseAgain)) throw error;
    deps.log.info({ sessionId, issue: error.issue }, "paypal capture declined; the buyer chooses again");
    return null;
  }
}

/**
 * A subscription payment. The first cycle's sale is the checkout order: the sale itself (from a
 * verified event) proves it paid — an ACTIVE subscription does not — so it fulfils that order and
 * is stored as its payment (what a refund of it names). Later sales become renewal orders, once
 * per sale id.
 */
async function recordSale(deps: PaypalEventDeps, sale: Record<string, unknown>) {
  const subscriptionId = sale.billing_agreement_id;
  if (typeof subscriptionId !== "string" || sale.state !== "completed") return;
  const subscription = await getPaypalSubscription(deps.provider.client, subscriptionId);
  const paidAt = new Date(String(sale.create_time));
  const startedAt = subscription.start_time ? new Date(subscription.start_time) : paidAt;
  if (paidAt.getTime() - startedAt.getTime() < FIRST_CYCLE_WINDOW_MS) {
    return firstCyclePaid(deps, subscription, String(sale.id));
  }
  await fulfil(deps, subscriptionId);
  const nextBilling = subscription.billing_info?.next_billing_time;
  const result = await deps.events.renewalPaid({
    provider: "paypal",
    providerSubscriptionId: subscriptionId,
    providerPaymentId: String(sale.id),
    paidAt,
    periodEnd: nextBilling ? new Date(nextBilling) : undefined,
  });
  if (!result.ok && result.reason === "not_found")
    deps.log.warn({ subscriptionId, saleId: sale.id }, "paypal sale for an unknown subscription ignored");
}

/** The checkout order of a subscription whose first cycle PayPal collected (this sale). */
async function firstCyclePaid(deps: PaypalEventDeps, subscription: PaypalSubscription, saleId: string) {
  const order = await deps.events.orderForSession("paypal", subscription.id);
  if (!order || order.id !== subscription.custom_id) return;
  if (order.paymentStatus === "paid") return deps.events.paymentIdReported(order.id, saleId);
  await deps.events.orderPaid({
    orderId: order.id,
    buyer: subscriberBuyer(subscription),
    providerSubscriptionId: subscription.id,
    providerPaymentId: saleId,
  });
}

/** Copies PayPal's current view of the subscription onto our row (when we have one). */
async function syncFromPaypal(deps: PaypalEventDeps, subscription: PaypalSubscription) {
  const [row] = await deps.db
    .select({
      currentPeriodEnd: subscriptions.currentPeriodEnd,
      canceledAt: subscriptions.canceledAt,
      pausedUntil: subscriptions.pausedUntil,
    })
    .from(subscriptions)
    .where(
      and(eq(subscriptions.provider, "paypal"), eq(subscriptions.providerSubscriptionId, subscription.id)),
    );
  if (!row) return;
  const state = paypalSubscriptionState(subscription, row, deps.now?.() ?? new Date());
  if (state)
    await deps.events.subscriptionChanged(
      { provider: "paypal", providerSubscriptionId: subscription.id },
      state,
    );
}
