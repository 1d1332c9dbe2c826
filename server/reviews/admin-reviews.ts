import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import type { HideReason, Moderation, ReviewStatus } from "../../core/catalog/reviews.ts";
import { findDiseaseClaims } from "../../core/legal/disease-claims.ts";
import { type Tracked, updateTracked } from "../audit/tracked.ts";
import type { Db } from "../db/client.ts";
import { decodeOrderKey, encodeOrderKey } from "../db/order-cursor.ts";
import { orders, products, reviews, user } from "../db/schema/index.ts";
import { InvalidInputError, NotFoundError } from "../errors.ts";

/** `after`: the "Older reviews" link's position (the last review of the page before). */
export type AdminReviewFilter = { status?: ReviewStatus; rating?: number; after?: string };

export type AdminReview = {
  id: string;
  productName: string;
  productSlug: string;
  authorName: string;
  authorEmail: string;
  orderId: string | null;
  orderNumber: number | null;
  rating: number;
  title: string;
  body: string;
  status: ReviewStatus;
  hideReason: HideReason | null;
  reply: string | null;
  incentivised: boolean;
  createdAt: Date;
  moderatedAt: Date | null;
  editedAt: Date | null;
};

export const ADMIN_REVIEWS_PAGE_SIZE = 50;

export type AdminReviewPage = { reviews: AdminReview[]; next: string | null };

/**
 * The moderation queue: newest first, filtered by status and stars, 50 a page. Pages are a keyset
 * seek on (created_at, id): the position travels in the "Older reviews" link, as in the order list.
 */
export async function listAdminReviews(
  db: Db,
  filter: AdminReviewFilter = {},
  pageSize = ADMIN_REVIEWS_PAGE_SIZE,
): Promise<AdminReviewPage> {
  const where: SQL[] = [];
  if (filter.status) where.push(eq(reviews.status, filter.status));
  if (filter.rating) where.push(eq(reviews.rating, filter.rating));
  const after = decodeOrderKey(filter.after);
  if (after)
    where.push(
      sql`(${reviews.createdAt}, ${reviews.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`,
    );
  const rows = await db
    .select({
      key: sql<string>`${reviews.createdAt}::text`,
      id: reviews.id,
      productName: products.name,
      productSlug: products.slug,
      authorName: reviews.authorName,
      authorEmail: user.email,
      orderId: reviews.orderId,
      orderNumber: orders.number,
      rating: reviews.rating,
      title: reviews.title,
      body: reviews.body,
      status: reviews.status,
      hideReason: reviews.hideReason,
      reply: reviews.reply,
      incentivised: reviews.incentivised,
      createdAt: reviews.createdAt,
      moderatedAt: reviews.moderatedAt,
      editedAt: reviews.editedAt,
    })
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .innerJoin(user, eq(user.id, reviews.userId))
    .leftJoin(orders, eq(orders.id, reviews.orderId))
    .where(and(...where))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(pageSize + 1);
  const page = rows.slice(0, pageSize);
  const last = page.at(-1);
  const next = rows.length > pageSize && last ? encodeOrderKey({ createdAt: last.key, id: last.id }) : null;
  return { reviews: page.map(({ key: _key, ...review }) => review), next };
}

const REVIEW_GONE = { title: "Review not found", description: "This review no longer exists." };

/** Reviews in the audit log, by their title (or rating when untitled). */
const trackedReview: Tracked<typeof reviews> = {
  entityType: "review",
  label: (r) => r.title ?? `${r.rating}-star review`,
};

async function moderate(db: Db, id: string, set: Partial<typeof reviews.$inferInsert>, now: Date) {
  const row = await updateTracked(db, reviews, id, { ...set, moderatedAt: now }, trackedReview, "moderate");
  if (!row) throw new NotFoundError(REVIEW_GONE);
}

export const approveReview = (db: Db, id: string, now = new Date()) =>
  moderate(db, id, { status: "approved", hideReason: null }, now);

/** Whether a review's title or text reads like a disease claim (core/legal/disease-claims.ts). */
export const reviewClaimFlags = (review: { title: string | null; body: string }) =>
  findDiseaseClaims([review.title, review.body].filter(Boolean).join("\n"));

const claimsNotChecked = () =>
  new InvalidInputError(
    {
      title: "Review held",
      description:
        "This review may claim to cure, treat or prevent a disease. Read the flags, then tick “I checked the flagged claims” to publish it, or hide it.",
    },
    { claimsChecked: ["Tick this to publish a flagged review"] },
  );

/**
 * Approval of a review: one flagged as a likely disease claim stays held until the owner ticks
 * that they read the flags (publishing it makes the claim the shop's own, FTC). Never edited.
 */
async function approveChecked(db: Db, id: string, claimsChecked: boolean) {
  if (!claimsChecked) {
    const [review] = await db
      .select({ title: reviews.title, body: reviews.body })
      .from(reviews)
      .where(eq(reviews.id, id));
    if (review && reviewClaimFlags(review).length > 0) throw claimsNotChecked();
  }
  await approveReview(db, id);
}

/** Hidden for its content only (FTC 16 CFR 465): the reason is required by type and by a CHECK. */
export const hideReview = (db: Db, id: string, reason: HideReason, now = new Date()) =>
  moderate(db, id, { status: "hidden", hideReason: reason }, now);

/** The shop's public answer under the review; an empty reply removes it. */
export const replyToReview = (db: Db, id: string, reply: string, now = new Date()) =>
  moderate(db, id, { reply: reply || null }, now);

/** "Incentivised review" label (a free product, a discount for reviewing): the admin sets it. */
export const setReviewIncentivised = (db: Db, id: string, incentivised: boolean, now = new Date()) =>
  moderate(db, id, { incentivised }, now);

/** Runs one moderation action from the admin screen; says what was done (the toast's title). */
export async function moderateReview(db: Db, action: Moderation): Promise<string> {
  switch (action.intent) {
    case "approve":
      await approveChecked(db, action.id, action.claimsChecked);
      return "Review approved";
    case "hide":
      await hideReview(db, action.id, action.reason);
      return "Review hidden";
    case "reply":
      await replyToReview(db, action.id, action.reply);
      return action.reply ? "Reply saved" : "Reply removed";
    case "incentivised":
      await setReviewIncentivised(db, action.id, action.value);
      return action.value ? "Marked as incentivised" : "Incentivised label removed";
  }
}
