import type { Db, Tx } from "../db/client.ts";
import type { Buyer } from "../db/schema/index.ts";

export type PaymentMethod = "card" | "paypal";

export type { Buyer };

/** What confirming a paid session tells fulfilment. */
export type PaidSession = {
  orderId: string;
  buyer: Buyer;
  /** The provider's id of the recurring agreement a subscription checkout started. */
  providerSubscriptionId?: string;
};

/** The subscription row fields a provider needs to act on it. */
export type SubscriptionRef = { id: string; providerSubscriptionId: string | null };

/**
 * The seam between checkout and whoever takes the money: the built-in sandbox, Stripe or PayPal
 * (server/payments/registry.ts picks one). Checkout, return pages and fulfilment only see this.
 */
export interface PaymentProvider {
  readonly name: "sandbox" | "stripe" | "paypal";
  /** Opens a hosted payment session for an unpaid order, inside checkout's transaction. */
  createSession(
    tx: Tx,
    input: { orderId: string; method: PaymentMethod; expiresAt: Date },
  ): Promise<{ sessionId: string; url: string }>;
  /** The order and buyer of a paid session; null while unpaid, unknown, cancelled or expired. */
  confirm(db: Db, sessionId: string): Promise<PaidSession | null>;
  /** Gives up on an unpaid session; returns the order id when it was still open. */
  cancel(db: Db, sessionId: string): Promise<string | null>;
  /**
   * "Cancel anytime": stops renewals at the end of the paid period, with the provider first and
   * then on our row (cancel_at_period_end = true). Throws when the provider refuses.
   */
  cancelSubscription(db: Db, subscription: SubscriptionRef): Promise<void>;
}
