import type { ProviderOrder, ProviderRefund, RefundRequest } from "../provider.ts";
import type { PaypalClient } from "./client.ts";
import type { PaypalLink, PaypalOrder } from "./resources.ts";

/** A refund as PayPal answers it (Payments v2) and as PAYMENT.CAPTURE.REFUNDED carries it. */
export type PaypalRefund = {
  id: string;
  status: string;
  amount?: { value: string; currency_code: string };
  custom_id?: string;
  links?: PaypalLink[];
};

/**
 * Refunds through PayPal's Payments API (POST /v2/payments/captures/{capture_id}/refund), with
 * our refund's id as the PayPal-Request-Id (a retry is answered with the first refund) and as
 * custom_id (so the webhook echo of our own refund finds its row).
 */
export async function refundPaypalCapture(
  client: PaypalClient,
  request: RefundRequest,
): Promise<ProviderRefund> {
  const captureId = captureIdOf(request.order);
  const refund = await client.request<PaypalRefund>(
    `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`,
    {
      body: {
        amount: { value: (request.amountCents / 100).toFixed(2), currency_code: "USD" },
        custom_id: request.refundId,
        note_to_payer: request.reason.slice(0, 255),
      },
      requestId: `refund-${request.refundId}`,
    },
  );
  if (refund.status === "FAILED" || refund.status === "CANCELLED") {
    throw new Error(`PayPal refund ${refund.id} is ${refund.status}`);
  }
  return {
    providerRefundId: refund.id,
    status: refund.status === "COMPLETED" ? "succeeded" : "pending",
    providerPaymentId: captureId,
  };
}

/**
 * The capture stored at fulfilment. Subscription payments are sales of a billing agreement,
 * not captures: they are refunded in PayPal's dashboard (the webhook records them).
 */
function captureIdOf(order: ProviderOrder): string {
  if (!order.providerPaymentId) {
    throw new Error(`order ${order.id} has no PayPal capture (subscription payments are refunded at PayPal)`);
  }
  return order.providerPaymentId;
}

/** The id of the order's capture in a captured PayPal order. */
export function captureOf(order: PaypalOrder): string | undefined {
  return order.purchase_units?.[0]?.payments?.captures?.[0]?.id;
}

/**
 * A refund (or reversal) of a subscription payment, as PAYMENT.SALE.REFUNDED / REVERSED carry it
 * (Payments v1: `state`, `amount.total`, the sale in `sale_id` or the "sale" link).
 */
export type PaypalSaleRefund = {
  id: string;
  state: string;
  amount?: { total: string; currency: string };
  sale_id?: string;
  links?: PaypalLink[];
};

/** The sale a sale refund belongs to. */
export function refundedSaleId(refund: PaypalSaleRefund): string | null {
  if (typeof refund.sale_id === "string" && refund.sale_id) return refund.sale_id;
  const sale = refund.links?.find((link) => link.rel === "sale")?.href;
  const match = sale && /\/sale\/([^/?]+)/.exec(sale);
  return match ? decodeURIComponent(match[1]!) : null;
}

/** The capture a refund belongs to: the "up" link of the refund resource ends with its id. */
export function refundedCaptureId(refund: PaypalRefund): string | null {
  const up = refund.links?.find((link) => link.rel === "up")?.href;
  const match = up && /\/captures\/([^/?]+)/.exec(up);
  return match ? decodeURIComponent(match[1]!) : null;
}
