import { useEffect, useState } from "react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { Button } from "~/components/ui/button.tsx";
import { FormField } from "~/components/ui/form-field.tsx";
import { Input } from "~/components/ui/input.tsx";
import { FormAlert } from "~/components/ui/input-field.tsx";
import { Textarea } from "~/components/ui/textarea.tsx";
import { REVIEW_BODY_MAX, REVIEW_TITLE_MAX } from "~core/catalog/review-rules.ts";
import type { ReviewEligibility } from "~server/reviews/eligibility.ts";
import { useCartPurchase } from "./use-cart.ts";

/** The customer's own review, which they may edit. */
type OwnReview = { id: string; rating: number; title: string; body: string; status: string };

/** Who is looking: signed out (null), or a customer, whether they may review, and their review. */
export type Reviewer = { eligibility: ReviewEligibility; own?: OwnReview | null } | null;

/** The action's answer: sent, or what was typed with the errors. */
export type ReviewFormState =
  | { sent: true; edited?: boolean }
  | {
      sent: false;
      values: Record<string, string>;
      errors: Record<string, string | undefined>;
      formError: string | null;
    };

export const REVIEW_SENT = "Thank you! Your review will appear once it has been approved.";
export const REVIEW_EDITED = "Thank you! Your edited review will appear once it has been approved again.";

/**
 * The page's reviewer, or for a signed-in customer on the page's shared copy (which has none, see
 * server/http/personal-part.ts) their own, asked for once from /reviewer/:productId (a plain JSON
 * answer); undefined while it is on its way, null when it could not be had.
 */
function useReviewer(productId: string, fromPage: Reviewer): Reviewer | undefined {
  const { signedIn } = useCartPurchase();
  const missing = signedIn && fromPage === null;
  const [asked, setAsked] = useState<{ productId: string; reviewer: Reviewer } | null>(null);
  useEffect(() => {
    if (!missing) return;
    let current = true;
    fetch(`/reviewer/${productId}`)
      .then((response) => (response.ok ? (response.json() as Promise<{ reviewer: Reviewer }>) : null))
      .catch(() => null)
      .then((answer) => current && setAsked({ productId, reviewer: answer?.reviewer ?? null }));
    return () => {
      current = false;
    };
  }, [missing, productId]);
  if (!missing) return fromPage;
  return asked?.productId === productId ? asked.reviewer : undefined;
}

export function ReviewForm({
  productId,
  reviewer: fromPage,
  form,
}: {
  productId: string;
  reviewer: Reviewer;
  form: ReviewFormState | undefined;
}) {
  const location = useLocation();
  const reviewer = useReviewer(productId, fromPage);
  if (form?.sent) return <FormAlert tone="success">{form.edited ? REVIEW_EDITED : REVIEW_SENT}</FormAlert>;
  if (reviewer === undefined)
    return (
      <p id="write-review" aria-busy="true" className="text-sm text-muted-foreground">
        Checking whether you can review this product…
      </p>
    );
  if (!reviewer) {
    const back = encodeURIComponent(`${location.pathname}#write-review`);
    return (
      <p id="write-review" data-personal-part className="text-sm text-muted-foreground">
        <Link to={`/auth?redirectTo=${back}`} className="font-semibold text-primary underline">
          Sign in
        </Link>{" "}
        to review a product you bought.
      </p>
    );
  }
  if (reviewer.own) return <WriteReview form={form} own={reviewer.own} />;
  if (reviewer.eligibility === "already_reviewed")
    return (
      <p id="write-review" className="text-sm text-muted-foreground">
        You have already reviewed this product. Thank you!
      </p>
    );
  if (reviewer.eligibility === "not_received")
    return (
      <p id="write-review" className="text-sm text-muted-foreground">
        Reviews are written by customers who received this product.
      </p>
    );
  return <WriteReview form={form} />;
}

const STATUS_NOTE: Record<string, string> = {
  pending: "Your review is waiting for approval.",
  approved: "Your review is published.",
  hidden: "Your review is not shown.",
};

/** The form: a new review, or the author's own to edit (an edit is approved again before it shows). */
function WriteReview({
  form,
  own,
}: {
  form: Extract<ReviewFormState, { sent: false }> | undefined;
  own?: OwnReview;
}) {
  const submitting = useNavigation().state === "submitting";
  const values = form?.values ?? (own ? { ...own, rating: String(own.rating) } : {});
  const errors = form?.errors ?? {};
  return (
    <section
      id="write-review"
      aria-labelledby="write-review-heading"
      className="rounded-lg border bg-card p-6"
    >
      <h3 id="write-review-heading" className="text-xl font-semibold">
        {own ? "Edit your review" : "Write a review"}
      </h3>
      {own && (
        <p className="mt-1 text-sm text-muted-foreground">
          {STATUS_NOTE[own.status]} Saving a change sends it for approval again.
        </p>
      )}
      <Form method="post" noValidate preventScrollReset className="mt-4 flex max-w-2xl flex-col gap-4">
        {own && <input type="hidden" name="intent" value="edit" />}
        {own && <input type="hidden" name="id" value={own.id} />}
        {form?.formError && <FormAlert>{form.formError}</FormAlert>}
        <fieldset
          className="flex flex-col gap-2"
          aria-describedby={errors.rating ? "review-rating-error" : undefined}
        >
          <legend className="text-sm font-medium">
            Rating{" "}
            <span aria-hidden className="text-primary">
              *
            </span>
          </legend>
          <div className="flex flex-wrap gap-4">
            {[5, 4, 3, 2, 1].map((stars) => (
              <label key={stars} className="flex items-center gap-1.5 text-sm">
                <input
                  type="radio"
                  name="rating"
                  value={stars}
                  defaultChecked={values.rating === String(stars)}
                />
                {stars} {stars === 1 ? "star" : "stars"}
              </label>
            ))}
          </div>
          {errors.rating && (
            <p id="review-rating-error" className="text-sm text-destructive-text">
              {errors.rating}
            </p>
          )}
        </fieldset>
        <FormField label="Title" name="title" error={errors.title}>
          {(p) => <Input {...p} maxLength={REVIEW_TITLE_MAX} defaultValue={values.title} />}
        </FormField>
        <FormField label="Your review" name="body" required error={errors.body}>
          {(p) => <Textarea {...p} rows={5} maxLength={REVIEW_BODY_MAX} defaultValue={values.body} />}
        </FormField>
        <Button type="submit" disabled={submitting} className="self-start">
          {submitting ? "Sending..." : own ? "Save changes" : "Submit review"}
        </Button>
      </Form>
    </section>
  );
}
