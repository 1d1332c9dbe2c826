import { BadgeCheck } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge.tsx";
import { buttonClass } from "~/components/ui/button.tsx";
import type { ProductReviews } from "~server/reviews/reviews.ts";
import { type Reviewer, ReviewForm, type ReviewFormState } from "./review-form.tsx";
import { StarRating } from "./star-rating.tsx";

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

/** The product page's reviews: average and count, the form for a customer who may write one, the list. */
export function ProductReviewsSection({
  productId,
  reviews,
  reviewer,
  form,
  moreHref,
}: {
  productId: string;
  reviews: ProductReviews;
  reviewer: Reviewer;
  form: ReviewFormState | undefined;
  /** The link that shows the next ten (null when all are shown). */
  moreHref: string | null;
}) {
  return (
    <section aria-labelledby="reviews-heading" className="mt-12 flex flex-col gap-6 border-t pt-8">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="reviews-heading" className="font-display text-3xl font-semibold">
          Customer Reviews
        </h2>
        <ReviewSummary average={reviews.average} count={reviews.count} />
      </div>
      <ReviewForm productId={productId} reviewer={reviewer} form={form} />
      {reviews.reviews.length > 0 && (
        <ol aria-label="Reviews" className="flex flex-col gap-4">
          {reviews.reviews.map((review) => (
            <ReviewItem key={review.id} review={review} />
          ))}
        </ol>
      )}
      {moreHref && (
        <Link
          to={moreHref}
          preventScrollReset
          className={buttonClass({ variant: "outline", className: "self-start" })}
        >
          More reviews
        </Link>
      )}
    </section>
  );
}

function ReviewSummary({ average, count }: { average: number; count: number }) {
  if (count === 0) return <p className="text-muted-foreground">No reviews yet</p>;
  return (
    <div className="flex items-center gap-2">
      <StarRating rating={average} label={`Average rating ${average} out of 5`} />
      <p className="text-sm text-muted-foreground">
        {average.toFixed(1)} out of 5 · {count} {count === 1 ? "review" : "reviews"}
      </p>
    </div>
  );
}

function ReviewItem({ review }: { review: ProductReviews["reviews"][number] }) {
  return (
    <li className="flex flex-col gap-2 rounded-lg border bg-card p-5">
      <div className="flex flex-wrap items-center gap-2">
        <StarRating rating={review.rating} />
        {review.title && <h3 className="font-semibold">{review.title}</h3>}
      </div>
      <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
        <span>{review.authorName}</span>
        <time dateTime={review.createdAt}>{dateFormat.format(new Date(review.createdAt))}</time>
        <Badge variant="success">
          <BadgeCheck aria-hidden />
          Verified purchase
        </Badge>
        {review.incentivised && <Badge variant="muted">Incentivised review</Badge>}
      </p>
      {/* Plain text: React escapes it; line breaks are kept. */}
      <p className="leading-relaxed whitespace-pre-line">{review.body}</p>
      {review.reply && (
        <div className="mt-2 border-l-2 border-primary/60 pl-4 text-sm">
          <p className="font-semibold">Reply from the shop</p>
          <p className="whitespace-pre-line text-muted-foreground">{review.reply}</p>
        </div>
      )}
    </li>
  );
}
