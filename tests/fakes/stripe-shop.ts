import { eq } from "drizzle-orm";
import { addToCart, getOrCreateCart } from "../../server/cart/cart.ts";
import { type CheckoutRequest, startCheckout } from "../../server/checkout/checkout.ts";
import type { Db } from "../../server/db/client.ts";
import { orders } from "../../server/db/schema/index.ts";
import { createLogger } from "../../server/logger.ts";
import { createMailer } from "../../server/mail/mailer.ts";
import { type StripeGateway, stripeGateway } from "../../server/payments/stripe/gateway.ts";
import type { StripeWebhookDeps } from "../../server/webhooks/stripe.ts";
import { createProduct } from "../factories/index.ts";
import { TEST_WEBHOOK_SECRET } from "./stripe-events.ts";
import { type FakeStripe, startFakeStripe } from "./stripe-server.ts";

export const SHOP_URL = "http://shop.test";

/**
 * The real Stripe SDK (through our gateway) pointed at a local fake Stripe, a real mailer writing
 * to the test database's outbox, and helpers to fill a cart and start a Stripe checkout.
 */
export async function startStripeTestbed(db: Db) {
  const fake = await startFakeStripe();
  const config = { secretKey: "sk_test_fake", webhookSecret: TEST_WEBHOOK_SECRET, apiBase: fake.url };
  const gateway: StripeGateway = stripeGateway(config, SHOP_URL);
  const log = createLogger("silent");
  const mailer = createMailer({
    db,
    log,
    from: "Shop <shop@example.com>",
    linkSecret: "stripe-testbed-link-secret-0123456789abcdef",
  });
  const webhookDeps: StripeWebhookDeps = { db, mailer, log, gateway, publicUrl: SHOP_URL };

  /** A cart holding each price once (or `quantity` times). */
  async function cartWith(prices: number[], options: { userId?: string; quantity?: number } = {}) {
    const cartId = await getOrCreateCart(
      db,
      options.userId ? { userId: options.userId } : { guestCartId: null },
    );
    for (const priceCents of prices) {
      const product = await createProduct(db, { priceCents });
      await addToCart(db, cartId, product.id, options.quantity ?? 1);
    }
    return cartId;
  }

  /** Starts checkout with Stripe; returns the order row and the fake's session. */
  async function checkout(cartId: string, extra: Partial<CheckoutRequest> = {}) {
    const result = await startCheckout(db, gateway.provider, {
      cartId,
      userId: null,
      purchaseType: "one_time",
      paymentMethod: "card",
      couponCode: null,
      ...extra,
    });
    if (!result.ok) throw new Error(`checkout refused: ${result.reason}`);
    const [order] = await db.select().from(orders).where(eq(orders.id, result.orderId));
    return { ...result, order: order!, session: fake.session(order!.stripeSessionId!) };
  }

  return { fake: fake as FakeStripe, gateway, mailer, webhookDeps, cartWith, checkout, close: fake.close };
}
