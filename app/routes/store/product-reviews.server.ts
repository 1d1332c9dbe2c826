import type { ReviewInput } from "~core/catalog/reviews.ts";

// The route parses its form with this; imported from here so the schema stays on the server.
export { reviewInputSchema } from "~core/catalog/reviews.ts";

import { getSessionUser, type SessionUser } from "~server/auth/session.ts";
import type { RequestContext } from "~server/context.ts";
import { reviewEligibility } from "~server/reviews/eligibility.ts";
import { checkReviewRateLimit } from "~server/reviews/rate-limit.ts";
import { editReview, ownReview, productReviews, submitReview } from "~server/reviews/reviews.ts";

/** ?reviews=2 shows the latest 20, and so on (a crawler's ?reviews=99999 is capped). */
function reviewsPage(request: Request): number {
  const page = Number(new URL(request.url).searchParams.get("reviews"));
  return Number.isInteger(page) && page >= 1 && page <= 100 ? page : 1;
}

/**
 * The product page's reviews and, for a signed-in customer, whether they may write one. A visitor
 * without cookies never costs a session lookup (their page is the shared, cached one).
 */
export async function reviewsForPage(context: RequestContext, request: Request, productId: string) {
  const page = reviewsPage(request);
  const db = context.database.db;
  const user = request.headers.has("Cookie") ? await getSessionUser(context, request) : null;
  const [reviews, eligibility, own] = await Promise.all([
    productReviews(db, productId, page),
    user ? reviewEligibility(db, user.id, productId) : null,
    user ? ownReview(db, user.id, productId) : null,
  ]);
  return { reviews: { ...reviews, page }, reviewer: eligibility ? { eligibility, own } : null };
}

/** A signed-in customer's review from the product page: rate-limited, then stored as pending. */
export async function submitReviewFromPage(
  context: RequestContext,
  user: SessionUser,
  productId: string,
  input: ReviewInput,
) {
  const db = context.database.db;
  await checkReviewRateLimit(db, user.id, context.clientIp);
  return submitReview(db, { userId: user.id, name: user.name }, productId, input);
}

/** The author's edit of their review from the product page: rate-limited like a submission. */
export async function editReviewFromPage(
  context: RequestContext,
  user: SessionUser,
  productId: string,
  reviewId: string,
  input: ReviewInput,
) {
  const db = context.database.db;
  await checkReviewRateLimit(db, user.id, context.clientIp);
  return editReview(db, { userId: user.id }, productId, reviewId, input);
}
