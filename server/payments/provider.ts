import type { Db, Tx } from "../db/client.ts";
import type { Buyer, orderItems, orders, subscriptions } from "../db/schema/index.ts";

export type PaymentMethod = "card" | "paypal";

export type { Buyer };

/** Our order as providers read it (its id, prices and, once opened, its session id). */
export type ProviderOrder = typeof orders.$inferSelect;
export type ProviderOrderItem = typeof orderItems.$inferSelect;

/** What confirming a paid session tells fulfilment. */
export type PaidSession = {
  orderId: string;
  buyer: Buyer;
  /** The provider's id of the recurring agreement a subscription checkout started. */
  providerSubscriptionId?: string;
  /** The provider's id of the money taken (Stripe payment intent, PayPal capture), for refunds. */
  providerPaymentId?: string;
};

/** A refund to ask of the provider; `refundId` (our row) makes the request idempotent. */
export type RefundRequest = { order: ProviderOrder; refundId: string; amountCents: number; reason: string };

/**
 * What the provider answered: its refund id, whether the money is on its way (`pending`: the
 * provider still processes it) and, when it had to look it up, the payment the refund named.
 */
export type ProviderRefund = {
  providerRefundId: string;
  status: "succeeded" | "pending";
  providerPaymentId?: string;
};

/**
 * The provider refused the way the buyer chose to pay and asks that they choose another on its
 * page (PayPal's INSTRUMENT_DECLINED / REDIRECT_PAYER_FOR_ALTERNATE_FUNDING): nothing was taken,
 * the order stays payable, and `retryUrl` is where the buyer picks another funding source.
 */
export class PayerMustChooseAgain extends Error {
  constructor(
    readonly retryUrl: string,
    readonly issue: string,
  ) {
    super(`the provider declined the payment (${issue}); the buyer must choose another way to pay`);
  }
}

/** A subscription as the provider reports it now, copied onto our row (server/subscriptions/sync.ts). */
export type SubscriptionState = {
  status: (typeof subscriptions.$inferSelect)["status"];
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: Date | null;
  canceledAt: Date | null;
};

/** A hosted payment page the provider opened; `expiresAt` is when it stops taking payment. */
export type OpenedSession = { sessionId: string; url: string; expiresAt: Date };

/** The subscription row fields a provider needs to act on it. */
export type SubscriptionRef = { id: string; providerSubscriptionId: string | null };

/**
 * The seam between our orders and whoever takes the money: the built-in sandbox, Stripe or PayPal
 * (server/payments/registry.ts picks one). A provider talks to the provider and returns what it
 * said; it never writes our orders or subscriptions (server/orders and server/subscriptions do,
 * from its answers). The sandbox keeps its own sessions in our database, hence the db handles.
 */
export interface PaymentProvider {
  readonly name: "sandbox" | "stripe" | "paypal";
  /**
   * Whether confirming takes the money (PayPal captures an approved order on confirm): such a
   * one-time order is never confirmed after its payment window (decision 011).
   */
  readonly capturesOnConfirm: boolean;
  /** Opens a hosted payment page for an unpaid order, inside checkout's transaction. */
  createSession(
    tx: Tx,
    input: { order: ProviderOrder; items: ProviderOrderItem[]; method: PaymentMethod; expiresAt: Date },
  ): Promise<OpenedSession>;
  /** The buyer of the order's session if it was paid; null while unpaid, cancelled or expired. */
  confirm(db: Db, order: ProviderOrder): Promise<PaidSession | null>;
  /** Gives up the order's session; true when it ended unpaid (false: paid, or still payable). */
  cancel(db: Db, order: ProviderOrder): Promise<boolean>;
  /**
   * "Cancel anytime": stops renewals at the end of the paid period with the provider. Returns the
   * subscription's state as the provider now reports it, when it reports one. Throws when refused.
   */
  cancelSubscription(subscription: SubscriptionRef): Promise<SubscriptionState | null>;
  /**
   * Gives `amountCents` of a paid order back through the provider that took it, at most once per
   * `refundId` (its idempotency key). Throws when the provider refuses.
   */
  refund(request: RefundRequest): Promise<ProviderRefund>;
}
