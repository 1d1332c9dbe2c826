import { z } from "zod";
import { HIDE_REASONS, REVIEW_BODY_MAX, REVIEW_TITLE_MAX } from "./review-rules.ts";

/** Verified reviews (docs/reviews.md): the forms' rules, shared by the server and the screens. */

export * from "./review-rules.ts";

// Control characters (except line breaks and tabs) have no place in plain text.
// biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to find them
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

const plainText = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .refine((text) => !CONTROL.test(text), "Please use plain text.");

export const reviewInputSchema = z.object({
  rating: z.coerce
    .number({ message: "Please choose a rating from 1 to 5 stars." })
    .int("Please choose a rating from 1 to 5 stars.")
    .min(1, "Please choose a rating from 1 to 5 stars.")
    .max(5, "Please choose a rating from 1 to 5 stars."),
  title: plainText(REVIEW_TITLE_MAX, `Please keep the title to ${REVIEW_TITLE_MAX} characters.`),
  body: plainText(REVIEW_BODY_MAX, `Please keep the review to ${REVIEW_BODY_MAX} characters.`).pipe(
    z.string().min(1, "Please write a few words about the product."),
  ),
});
export type ReviewInput = z.output<typeof reviewInputSchema>;

export const hideReviewSchema = z.object({
  reason: z.enum(HIDE_REASONS, {
    message: "Choose why the review is hidden: abuse, personal data or off-topic.",
  }),
});

export const replySchema = z.object({
  reply: plainText(REVIEW_BODY_MAX, `Please keep the reply to ${REVIEW_BODY_MAX} characters.`),
});

/** One decimal place, as shown and as given to search engines ("4.5"). */
export function averageRating(sum: number, count: number): number {
  return count === 0 ? 0 : Math.round((sum / count) * 10) / 10;
}

/** The admin list's filters (?status=pending&rating=1&after=…); anything else shows everything. */
export const reviewFilterSchema = z.object({
  status: z.enum(["pending", "approved", "hidden"]).optional().catch(undefined),
  rating: z.coerce.number().int().min(1).max(5).optional().catch(undefined),
  /** The "Older reviews" position; a token that is not ours shows the first page. */
  after: z.string().max(200).optional().catch(undefined),
});
export type ReviewFilter = z.output<typeof reviewFilterSchema>;

const reviewId = z.uuid("This review no longer exists.");

/** One moderation action on one review, as the admin screen posts it (`intent` names it). */
export const moderationSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("approve"),
    id: reviewId,
    // The owner's tick that a flagged review's disease-claim flags were read (reviews it needs).
    claimsChecked: z
      .string()
      .optional()
      .transform((v) => v === "on"),
  }),
  z.object({ intent: z.literal("hide"), id: reviewId }).extend(hideReviewSchema.shape),
  z.object({ intent: z.literal("reply"), id: reviewId }).extend(replySchema.shape),
  z.object({
    intent: z.literal("incentivised"),
    id: reviewId,
    value: z.enum(["true", "false"]).transform((v) => v === "true"),
  }),
]);
export type Moderation = z.output<typeof moderationSchema>;
