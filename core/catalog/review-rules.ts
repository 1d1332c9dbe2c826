/**
 * Verified reviews' limits and labels, without zod: the storefront's review form and list import
 * these, and the product page's first-load JavaScript must not carry the schemas (decision 015).
 */

export const REVIEW_TITLE_MAX = 100;
export const REVIEW_BODY_MAX = 2000;
/** Approved reviews shown per page on the product page ("More reviews" loads the next). */
export const REVIEWS_PER_PAGE = 10;
/** A shipped order counts as received this long after it shipped (without a delivery scan). */
export const SHIPPED_RECEIVED_AFTER_DAYS = 7;

/** The product page's review form (the anchor the form carries): emails and My Orders link here. */
export const reviewFormPath = (slug: string) => `/product/${encodeURIComponent(slug)}#write-review`;

export const HIDE_REASONS = ["abuse", "personal_data", "off_topic"] as const;
export type HideReason = (typeof HIDE_REASONS)[number];
export const hideReasonLabels: Record<HideReason, string> = {
  abuse: "Abusive language",
  personal_data: "Contains personal data",
  off_topic: "Off-topic",
};

export type ReviewStatus = "pending" | "approved" | "hidden";
