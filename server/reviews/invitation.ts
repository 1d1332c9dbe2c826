import { eq, inArray } from "drizzle-orm";
import { reviewFormPath } from "../../core/reviews.ts";
import type { Db } from "../db/client.ts";
import { orderItems, orders, products } from "../db/schema/index.ts";
import type { Logger } from "../logger.ts";
import type { Mailer } from "../mail/mailer.ts";
import { type MarketingMessage, sendMarketingEmail } from "../mail/marketing.ts";

/** One invitation per order, ever: the outbox stores this key at most once. */
export const reviewInvitationKey = (orderId: string) => `review-invitation:${orderId}`;

type Order = typeof orders.$inferSelect;

/**
 * The invitation for a received order: a link per product still in the catalog. Null when nobody
 * could write the review (a guest order has no account to sign in with) or nothing is left to review.
 */
export async function reviewInvitationMessage(
  db: Db,
  order: Order,
  publicUrl: string,
): Promise<MarketingMessage<"review-invitation"> | null> {
  if (!order.email || !order.userId) return null;
  const items = await db
    .select({ productId: orderItems.productId })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id));
  const ids = [...new Set(items.map((i) => i.productId).filter((id): id is string => !!id))];
  if (ids.length === 0) return null;
  const rows = await db
    .select({ name: products.name, slug: products.slug })
    .from(products)
    .where(inArray(products.id, ids));
  if (rows.length === 0) return null;
  const shortId = order.id.slice(0, 8);
  return {
    to: order.email,
    subject: `How was your order #${shortId}?`,
    template: "review-invitation",
    dedupeKey: reviewInvitationKey(order.id),
    props: {
      name: order.name ?? "",
      shortId,
      products: rows.map((p) => ({ name: p.name, url: publicUrl + reviewFormPath(p.slug) })),
    },
  };
}

/**
 * Queues the invitation once the order was delivered. After the status committed, so a failing
 * outbox only costs the invitation (logged), never the status change. It is marketing: it goes
 * through the shared marketing path (consent, unsubscribe link and headers, postal address).
 */
export async function queueReviewInvitationSafely(
  db: Db,
  mailer: Pick<Mailer, "send" | "publicUrl" | "linkSecret">,
  orderId: string,
  log?: Partial<Pick<Logger, "warn">>,
): Promise<void> {
  try {
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    const message = order && (await reviewInvitationMessage(db, order, mailer.publicUrl ?? ""));
    if (message) await sendMarketingEmail(db, mailer, "customers", message, log);
  } catch (error) {
    log?.warn?.({ err: error, orderId }, "review invitation not queued");
  }
}
