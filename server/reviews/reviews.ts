import { and, count, desc, eq, sql, sum } from "drizzle-orm";
import { averageRating, REVIEWS_PER_PAGE, type ReviewInput } from "../../core/catalog/reviews.ts";
import { firstGrapheme } from "../../core/text/graphemes.ts";
import type { Db } from "../db/client.ts";
import { isUuid } from "../db/ids.ts";
import { reviews } from "../db/schema/index.ts";
import { ConflictError, NotFoundError } from "../errors.ts";
import { receivedOrderId } from "./eligibility.ts";

/** An approved review as the storefront shows it (every one is a verified purchase). */
export type PublicReview = {
  id: string;
  authorName: string;
  rating: number;
  title: string;
  body: string;
  reply: string | null;
  incentivised: boolean;
  /** ISO date. */
  createdAt: string;
};

export type ReviewSummary = { average: number; count: number };

export type ProductReviews = ReviewSummary & { reviews: PublicReview[]; hasMore: boolean };

/** "Jane Doe" → "Jane D.": enough to be a person, not enough to find them. */
export function shownName(fullName: string): string {
  const [first = "", ...rest] = fullName.trim().split(/\s+/);
  const last = rest.at(-1);
  // By grapheme: a last name starting with an emoji keeps it whole, never half of it ("�.").
  const initial = last ? ` ${firstGrapheme(last).toUpperCase()}.` : "";
  return (first || "Customer") + initial;
}

export const ALREADY_REVIEWED = {
  title: "Review not sent",
  description: "You have already reviewed this product.",
};
export const NOT_RECEIVED = {
  title: "Review not sent",
  description: "Only customers who received this product can review it.",
};

/**
 * A customer's review of a product they received: stored as pending for moderation. One per
 * product and customer; two at once are decided by the unique index, not by a prior read.
 */
export async function submitReview(
  db: Db,
  author: { userId: string; name: string },
  productId: string,
  input: ReviewInput,
  now = new Date(),
): Promise<{ id: string }> {
  const orderId = await receivedOrderId(db, author.userId, productId, now);
  if (!orderId) throw new NotFoundError(NOT_RECEIVED);
  const [row] = await db
    .insert(reviews)
    .values({
      productId,
      userId: author.userId,
      orderId,
      authorName: shownName(author.name),
      rating: input.rating,
      title: input.title,
      body: input.body,
    })
    .onConflictDoNothing({ target: [reviews.productId, reviews.userId] })
    .returning({ id: reviews.id });
  if (!row) throw new ConflictError(ALREADY_REVIEWED);
  return row;
}

export const REVIEW_NOT_YOURS = { title: "Review not found", description: "This review no longer exists." };

/**
 * The author's edit of their review: new rating, title and text, back to pending (and out of a
 * hidden state) for moderation again. Only the author's own review of this product matches, so
 * another customer's review id is a NotFoundError, never a hint that it exists.
 */
export async function editReview(
  db: Db,
  author: { userId: string },
  productId: string,
  reviewId: string,
  input: ReviewInput,
): Promise<{ id: string }> {
  const [row] = isUuid(reviewId)
    ? await db
        .update(reviews)
        .set({ ...input, status: "pending", hideReason: null, moderatedAt: null, editedAt: sql`now()` })
        .where(
          and(eq(reviews.id, reviewId), eq(reviews.userId, author.userId), eq(reviews.productId, productId)),
        )
        .returning({ id: reviews.id })
    : [];
  if (!row) throw new NotFoundError(REVIEW_NOT_YOURS);
  return row;
}

/** The customer's own review of a product (what the edit form starts from), or null. */
export async function ownReview(db: Db, userId: string, productId: string) {
  const [row] = await db
    .select({
      id: reviews.id,
      rating: reviews.rating,
      title: reviews.title,
      body: reviews.body,
      status: reviews.status,
    })
    .from(reviews)
    .where(and(eq(reviews.userId, userId), eq(reviews.productId, productId)));
  return row ?? null;
}

const approvedOf = (productId: string) =>
  and(eq(reviews.productId, productId), eq(reviews.status, "approved"));

export async function reviewSummary(db: Db, productId: string): Promise<ReviewSummary> {
  const [row] = await db
    .select({ count: count(), sum: sum(reviews.rating) })
    .from(reviews)
    .where(approvedOf(productId));
  const total = row?.count ?? 0;
  return { count: total, average: averageRating(Number(row?.sum ?? 0), total) };
}

/** The approved reviews of a product, newest first, `page` (1-based) of REVIEWS_PER_PAGE, with the summary. */
export async function productReviews(db: Db, productId: string, page = 1): Promise<ProductReviews> {
  const shown = Math.min(Math.max(1, Math.floor(page)), 100) * REVIEWS_PER_PAGE;
  const [summary, rows] = await Promise.all([
    reviewSummary(db, productId),
    db
      .select()
      .from(reviews)
      .where(approvedOf(productId))
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(shown + 1),
  ]);
  return {
    ...summary,
    hasMore: rows.length > shown,
    reviews: rows.slice(0, shown).map((r) => ({
      id: r.id,
      authorName: r.authorName,
      rating: r.rating,
      title: r.title,
      body: r.body,
      reply: r.reply,
      incentivised: r.incentivised,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}
