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
  const user = request.headers.has("Cookie") ? await getSessionUser(context, request) : null;
  const [reviews, reviewer] = await Promise.all([
    productReviews(context.database.db, productId, page),
    user ? reviewerOf(context, user, productId) : null,
  ]);
  return { reviews: { ...reviews, page }, reviewer };
}

/** Whether a signed-in customer may review the product, and their own review if they wrote one. */
export async function reviewerOf(context: RequestContext, user: SessionUser, productId: string) {
  const db = context.database.db;
  const [eligibility, own] = await Promise.all([
    reviewEligibility(db, user.id, productId),
    ownReview(db, user.id, productId),
  ]);
  return { eligibility, own };
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
