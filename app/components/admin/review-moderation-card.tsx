import { Form, Link } from "react-router";
import { ClaimFlags, flaggedSources } from "~/components/admin/claim-flags.tsx";
import { StarRating } from "~/components/store/star-rating.tsx";
import { Badge, type BadgeVariant } from "~/components/ui/badge.tsx";
import { Button } from "~/components/ui/button.tsx";
import { Card, CardContent } from "~/components/ui/card.tsx";
import { FieldError } from "~/components/ui/field-error.tsx";
import { FormField } from "~/components/ui/form-field.tsx";
import { Textarea } from "~/components/ui/textarea.tsx";
import { formatDateTime } from "~/lib/dates.ts";
import type { FieldErrors } from "~/lib/forms.ts";
import {
  HIDE_REASONS,
  hideReasonLabels,
  REVIEW_BODY_MAX,
  type ReviewStatus,
} from "~core/catalog/review-rules.ts";
import { orderLabel } from "~core/orders/order-number.ts";
import type { AdminReview } from "~server/reviews/admin-reviews.ts";

const statusBadge: Record<ReviewStatus, { label: string; variant: BadgeVariant }> = {
  pending: { label: "Pending", variant: "warning" },
  approved: { label: "Approved", variant: "success" },
  hidden: { label: "Hidden", variant: "muted" },
};

/** One review in the moderation list with its actions (each a small form posting an intent). */
export function ReviewModerationCard({ review, errors }: { review: AdminReview; errors: FieldErrors }) {
  const status = statusBadge[review.status];
  return (
    <Card>
      <CardContent className="flex flex-col gap-3 pt-6">
        <article
          aria-label={`Review by ${review.authorName} of ${review.productName}`}
          className="flex flex-col gap-3"
        >
          <div className="flex flex-wrap items-center gap-2">
            <StarRating rating={review.rating} />
            <Badge variant={status.variant}>{status.label}</Badge>
            {review.hideReason && <Badge variant="muted">{hideReasonLabels[review.hideReason]}</Badge>}
            {review.incentivised && <Badge variant="secondary">Incentivised review</Badge>}
          </div>
          <p className="text-sm text-muted-foreground">
            <Link
              to={`/product/${encodeURIComponent(review.productSlug)}`}
              className="font-semibold text-foreground underline"
            >
              {review.productName}
            </Link>{" "}
            · {review.authorName} ({review.authorEmail}) ·{" "}
            <time dateTime={new Date(review.createdAt).toISOString()}>
              {formatDateTime(review.createdAt)}
            </time>
            {review.orderId && (
              <>
                {" · "}
                <Link to={`/admin/orders/${review.orderId}`} className="underline">
                  order #{orderLabel({ id: review.orderId, number: review.orderNumber })}
                </Link>
              </>
            )}
            {review.editedAt && <> · edited {formatDateTime(review.editedAt)}</>}
          </p>
          {review.title && <h2 className="font-semibold">{review.title}</h2>}
          <p className="whitespace-pre-line">{review.body}</p>
          <ClaimFlags
            sources={[
              { label: "Title", text: review.title ?? "" },
              { label: "Review", text: review.body },
            ]}
          />
          <ModerationActions review={review} errors={errors} />
        </article>
      </CardContent>
    </Card>
  );
}

function ModerationActions({ review, errors }: { review: AdminReview; errors: FieldErrors }) {
  const flagged =
    flaggedSources([{ label: "Review", text: `${review.title ?? ""}\n${review.body}` }]).length > 0;
  return (
    <div className="flex flex-col gap-3 border-t pt-3">
      <div className="flex flex-wrap items-end gap-3">
        {review.status !== "approved" && (
          <Form method="post" className="flex flex-wrap items-center gap-3">
            <input type="hidden" name="id" value={review.id} />
            {flagged && (
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name="claimsChecked"
                  aria-describedby={errors.claimsChecked ? `claims-${review.id}` : undefined}
                />
                I checked the flagged claims
              </label>
            )}
            <Button type="submit" name="intent" value="approve" size="sm">
              Approve
            </Button>
            <FieldError id={`claims-${review.id}`} message={errors.claimsChecked} />
          </Form>
        )}
        {review.status !== "hidden" && <HideForm id={review.id} error={errors.reason} />}
        <Form method="post">
          <input type="hidden" name="id" value={review.id} />
          <input type="hidden" name="value" value={String(!review.incentivised)} />
          <Button type="submit" name="intent" value="incentivised" size="sm" variant="outline">
            {review.incentivised ? "Remove incentivised label" : "Mark as incentivised"}
          </Button>
        </Form>
      </div>
      <Form method="post" className="flex flex-col gap-2">
        <input type="hidden" name="id" value={review.id} />
        <FormField label="Reply" name="reply" error={errors.reply}>
          {(p) => <Textarea {...p} rows={2} maxLength={REVIEW_BODY_MAX} defaultValue={review.reply ?? ""} />}
        </FormField>
        <Button type="submit" name="intent" value="reply" size="sm" variant="outline" className="self-start">
          Save reply
        </Button>
      </Form>
    </div>
  );
}

/** Hiding names a content reason (FTC 16 CFR 465): never the rating. */
function HideForm({ id, error }: { id: string; error: string | undefined }) {
  return (
    <Form method="post" className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="id" value={id} />
      <label className="flex flex-col gap-1 text-sm font-medium">
        Hide reason
        <select
          name="reason"
          defaultValue=""
          aria-invalid={error ? true : undefined}
          className="h-9 rounded-md border border-input bg-background px-2 text-sm"
        >
          <option value="">Choose a reason</option>
          {HIDE_REASONS.map((reason) => (
            <option key={reason} value={reason}>
              {hideReasonLabels[reason]}
            </option>
          ))}
        </select>
      </label>
      <Button type="submit" name="intent" value="hide" size="sm" variant="destructive">
        Hide
      </Button>
      <FieldError message={error} className="w-full" />
    </Form>
  );
}
