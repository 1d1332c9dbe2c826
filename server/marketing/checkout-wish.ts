import { eq } from "drizzle-orm";
import { CONSENT_TEXTS } from "../../core/legal/marketing.ts";
import type { Db } from "../db/client.ts";
import { checkoutNewsletterWishes, type orders, user } from "../db/schema/index.ts";
import type { Logger } from "../logger.ts";
import type { Mailer } from "../mail/mailer.ts";
import { sendOptInEmail } from "./newsletter.ts";

/**
 * The checkout's "Email me news and offers" box, kept on the cart at Pay (ticked: remembered;
 * unticked on a later Pay: forgotten). The guest's address is known only after payment.
 */
export async function recordCheckoutNewsWish(db: Db, cartId: string, wanted: boolean) {
  if (!wanted) {
    await db.delete(checkoutNewsletterWishes).where(eq(checkoutNewsletterWishes.cartId, cartId));
    return;
  }
  await db
    .insert(checkoutNewsletterWishes)
    .values({ cartId, consentText: CONSENT_TEXTS.checkout })
    .onConflictDoNothing();
}

type Order = typeof orders.$inferSelect;

/**
 * After payment: the double opt-in email for a buyer who ticked the box — a signed-in buyer's
 * account address, a guest's payer address. Taking the wish (delete … returning) makes it once
 * however many times fulfilment is reached. A failure costs only that email (logged).
 */
export async function sendCheckoutOptInSafely(
  db: Db,
  mailer: Pick<Mailer, "send"> & Partial<Pick<Mailer, "publicUrl" | "linkSecret">>,
  order: Order,
  log?: Partial<Pick<Logger, "warn">>,
) {
  if (!order.cartId) return;
  try {
    const [wish] = await db
      .delete(checkoutNewsletterWishes)
      .where(eq(checkoutNewsletterWishes.cartId, order.cartId))
      .returning();
    if (!wish) return;
    const [account] = order.userId
      ? await db.select({ email: user.email }).from(user).where(eq(user.id, order.userId))
      : [];
    const email = account?.email ?? order.email;
    if (!email) return;
    await sendOptInEmail(db, mailer, {
      email,
      source: "checkout",
      consentText: wish.consentText,
      userId: order.userId,
    });
  } catch (error) {
    log?.warn?.({ err: error, orderId: order.id }, "newsletter opt-in email not queued");
  }
}
