import { and, eq, gt, inArray, isNotNull, lte, notExists } from "drizzle-orm";
import { reviewFormPath, SHIPPED_RECEIVED_AFTER_DAYS } from "../../core/catalog/reviews.ts";
import { orderLabel } from "../../core/orders/order-number.ts";
import type { Db } from "../db/client.ts";
import { orderItems, orders, products, reviewInvitations } from "../db/schema/index.ts";
import type { Logger } from "../logger.ts";
import type { Mailer } from "../mail/mailer.ts";
import { type MarketingMessage, sendMarketingEmail } from "../marketing/marketing-email.ts";

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
  const shortId = orderLabel(order);
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

/** Why the invitation went: the order was marked delivered, or it stayed shipped for 7 days. */
export type InvitationVia = "delivered" | "shipped";

type InvitationMailer = Pick<Mailer, "send" | "publicUrl" | "linkSecret">;

/**
 * The one way an invitation is sent: builds it, claims the order's review_invitations row (the
 * primary key lets exactly one caller through, whichever path and instance), then queues it
 * through the marketing path (consent, unsubscribe link and headers, postal address). A claim
 * whose email was not queued (the outbox failed) is not retried: never twice wins. Only a shop
 * without its postal address yet gives the claim back, so the invitation goes once it is set.
 */
export async function inviteToReview(
  db: Db,
  mailer: InvitationMailer,
  order: Order,
  via: InvitationVia,
  log?: Partial<Pick<Logger, "warn">>,
): Promise<boolean> {
  const message = await reviewInvitationMessage(db, order, mailer.publicUrl ?? "");
  if (!message) return false;
  const claimed = await db
    .insert(reviewInvitations)
    .values({ orderId: order.id, via })
    .onConflictDoNothing()
    .returning({ orderId: reviewInvitations.orderId });
  if (!claimed.length) return false;
  const outcome = await sendMarketingEmail(db, mailer, "customers", message, log);
  if (outcome === "no-postal-address")
    await db.delete(reviewInvitations).where(eq(reviewInvitations.orderId, order.id));
  return outcome === "queued";
}

/**
 * Queues the invitation once the order was delivered. After the status committed, so a failing
 * outbox only costs the invitation (logged), never the status change. It is marketing: it goes
 * through the shared marketing path (consent, unsubscribe link and headers, postal address).
 */
export async function queueReviewInvitationSafely(
  db: Db,
  mailer: InvitationMailer,
  orderId: string,
  log?: Partial<Pick<Logger, "warn">>,
): Promise<void> {
  try {
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    if (order) await inviteToReview(db, mailer, order, "delivered", log);
  } catch (error) {
    log?.warn?.({ err: error, orderId }, "review invitation not queued");
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Orders shipped longer ago than this are left alone (no invitation weeks late, or at first start). */
export const SHIPPED_INVITE_WINDOW_DAYS = 30;
/** Invitations per run at most: the next run continues. */
const SHIPPED_BATCH = 100;

/**
 * Invites the customers of paid orders shipped 7+ days ago and never marked delivered (they may
 * review by then). Each order is claimed by inviteToReview, so an order invited on delivery, or by
 * another instance's run, is never invited again. Returns how many were queued.
 */
export async function inviteShippedOrders(
  db: Db,
  mailer: InvitationMailer,
  now = new Date(),
): Promise<number> {
  const due = new Date(now.getTime() - SHIPPED_RECEIVED_AFTER_DAYS * DAY_MS);
  const oldest = new Date(due.getTime() - SHIPPED_INVITE_WINDOW_DAYS * DAY_MS);
  const candidates = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.status, "shipped"),
        eq(orders.paymentStatus, "paid"),
        isNotNull(orders.userId),
        lte(orders.shippedAt, due),
        gt(orders.shippedAt, oldest),
        notExists(
          db
            .select({ one: reviewInvitations.orderId })
            .from(reviewInvitations)
            .where(eq(reviewInvitations.orderId, orders.id)),
        ),
      ),
    )
    .orderBy(orders.shippedAt)
    .limit(SHIPPED_BATCH);
  let sent = 0;
  for (const order of candidates) if (await inviteToReview(db, mailer, order, "shipped")) sent++;
  return sent;
}
