import { brand } from "../../../core/brand.ts";
import { PayerMustChooseAgain, type ProviderOrder, type ProviderOrderItem } from "../provider.ts";
import { PaypalApiError, type PaypalClient } from "./client.ts";
import { orderPayload, type ReturnUrls } from "./payloads.ts";
import { approvalUrl, type PaypalOrder } from "./resources.ts";

/** Capture answers that mean "send the buyer back to PayPal to choose another funding source". */
const CHOOSE_AGAIN = new Set(["INSTRUMENT_DECLINED", "REDIRECT_PAYER_FOR_ALTERNATE_FUNDING"]);

/**
 * Opens a PayPal order for one of our unpaid one-time orders. Our order id is the
 * PayPal-Request-Id, so a retried call cannot open a second PayPal order. The PayPal order id is
 * the session id the return page gets back as `token`.
 */
export async function openPaypalOrder(
  client: PaypalClient,
  order: ProviderOrder,
  items: ProviderOrderItem[],
  urls: ReturnUrls,
) {
  const created = await client.request<PaypalOrder>("/v2/checkout/orders", {
    body: orderPayload(order, items, urls, brand.name),
    requestId: order.id,
  });
  return { sessionId: created.id, url: approvalUrl(created.links) };
}

export function getPaypalOrder(client: PaypalClient, paypalOrderId: string) {
  return client.request<PaypalOrder>(`/v2/checkout/orders/${encodeURIComponent(paypalOrderId)}`);
}

/**
 * Captures an approved PayPal order, at most once: the request id `capture-<our order id>` is the
 * same on every attempt (a retry after a lost answer, the return page and the webhook racing), so
 * PayPal replays the first capture instead of taking the money twice. An order captured already
 * is read back. Null while the buyer has not approved it. A declined funding source throws
 * PayerMustChooseAgain with the approval page PayPal requires the buyer to be sent back to.
 */
export async function capturePaypalOrder(
  client: PaypalClient,
  ourOrderId: string,
  paypalOrderId: string,
): Promise<PaypalOrder | null> {
  try {
    return await client.request<PaypalOrder>(
      `/v2/checkout/orders/${encodeURIComponent(paypalOrderId)}/capture`,
      { body: {}, requestId: `capture-${ourOrderId}` },
    );
  } catch (error) {
    if (!(error instanceof PaypalApiError)) throw error;
    if (error.issue === "ORDER_ALREADY_CAPTURED") return getPaypalOrder(client, paypalOrderId);
    if (error.issue === "ORDER_NOT_APPROVED" || error.issue === "PAYER_ACTION_REQUIRED") return null;
    // PayPal's "restart": the same order's approval page, where the buyer picks another source.
    if (CHOOSE_AGAIN.has(error.issue))
      throw new PayerMustChooseAgain(client.checkoutUrl(paypalOrderId), error.issue);
    throw error;
  }
}
