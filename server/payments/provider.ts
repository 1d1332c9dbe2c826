import type { Db, Tx } from "../db/client.ts";
import type { ShippingAddress } from "../db/schema/index.ts";

export type PaymentMethod = "card" | "paypal";

/** What a provider tells us about the person who paid. */
export type Buyer = { name: string; email: string; phone: string; address: ShippingAddress };

/**
 * The seam between checkout and whoever takes the money. Only the built-in sandbox implements it
 * today; Stripe and PayPal plug in here later without touching checkout or fulfilment.
 */
export interface PaymentProvider {
  readonly name: "sandbox" | "stripe" | "paypal";
  /** Opens a hosted payment session for an unpaid order, inside checkout's transaction. */
  createSession(
    tx: Tx,
    input: { orderId: string; method: PaymentMethod; expiresAt: Date },
  ): Promise<{ sessionId: string; url: string }>;
  /** The order and buyer of a paid session; null while unpaid, unknown, cancelled or expired. */
  confirm(db: Db, sessionId: string): Promise<{ orderId: string; buyer: Buyer } | null>;
  /** Gives up on an unpaid session; returns the order id when it was still open. */
  cancel(db: Db, sessionId: string): Promise<string | null>;
}
