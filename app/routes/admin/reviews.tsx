import { data, Form, Link, useNavigation } from "react-router";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { ReviewModerationCard } from "~/components/admin/review-moderation-card.tsx";
import { Button, buttonClass } from "~/components/ui/button.tsx";
import { useFlashToast } from "~/components/ui/toaster.tsx";
import { pageQuery } from "~/lib/admin/page-query.ts";
import { formText, parseForm } from "~/lib/forms.ts";
import { moderationSchema, reviewFilterSchema } from "~core/catalog/reviews.ts";
import { actionToast } from "~core/toast.ts";
import { failureToast, fieldMessages, settle } from "~server/http/error-response.ts";
import { listAdminReviews, moderateReview } from "~server/reviews/admin-reviews.ts";
import type { Route } from "./+types/reviews";

export function meta() {
  return [{ title: "Reviews | Admin" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const filter = reviewFilterSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const loaded = await settle(context.log, "review list failed", () =>
    listAdminReviews(context.database.db, filter),
  );
  if (loaded.ok) return { ...loaded.value, filter, error: null };
  return { reviews: [], next: null, filter, error: failureToast(loaded) };
}

/** Approve, hide (with a content reason), reply, or the incentivised label: one review per post. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const parsed = parseForm(moderationSchema, form);
  if (!parsed.ok) {
    const description = Object.values(parsed.errors)[0] ?? "Please check the form.";
    const toast = actionToast({ title: "Review not changed", description, variant: "destructive" });
    return data({ toast, failedId: formText(form).id ?? null, errors: parsed.errors }, 400);
  }
  const done = await settle(context.log, "review moderation failed", () =>
    moderateReview(context.database.db, parsed.data),
  );
  if (!done.ok)
    return data(
      { toast: failureToast(done), failedId: parsed.data.id, errors: fieldMessages(done) },
      { status: done.status, headers: done.headers },
    );
  return { toast: actionToast({ title: done.value, variant: "success" }), failedId: null, errors: {} };
}

/** The first message per field of a domain refusal (a flagged review approved without the tick). */

export default function Reviews({ loaderData, actionData }: Route.ComponentProps) {
  const { reviews, next, filter, error } = loaderData;
  useFlashToast(error);
  useFlashToast(actionData?.toast);
  const loading = useNavigation().state === "loading";
  return (
    <>
      <PageHeader
        title="Reviews"
        subtitle={`${reviews.length} ${reviews.length === 1 ? "review" : "reviews"}${filter.after ? " (older page)" : ""}`}
      />
      <Form method="get" className="mb-6 flex flex-wrap items-end gap-3" aria-label="Filter reviews">
        <FilterSelect label="Status" name="status" value={filter.status ?? ""}>
          <option value="">All</option>
          <option value="pending">Pending</option>
          <option value="approved">Approved</option>
          <option value="hidden">Hidden</option>
        </FilterSelect>
        <FilterSelect label="Rating" name="rating" value={String(filter.rating ?? "")}>
          <option value="">All</option>
          {[5, 4, 3, 2, 1].map((n) => (
            <option key={n} value={n}>
              {n} {n === 1 ? "star" : "stars"}
            </option>
          ))}
        </FilterSelect>
        <Button type="submit" variant="outline" disabled={loading}>
          Filter
        </Button>
      </Form>
      {reviews.length === 0 ? (
        <p className="rounded-lg border p-8 text-center text-muted-foreground">No reviews found</p>
      ) : (
        <ul className="flex flex-col gap-4">
          {reviews.map((review) => (
            <li key={review.id}>
              <ReviewModerationCard
                review={review}
                errors={actionData?.failedId === review.id ? actionData.errors : {}}
              />
            </li>
          ))}
        </ul>
      )}
      <nav aria-label="Review pages" className="mt-6 flex gap-3">
        {filter.after && (
          <Link to={`?${pageQuery(filter, null)}`} className={buttonClass({ variant: "outline" })}>
            Newest reviews
          </Link>
        )}
        {next && (
          <Link to={`?${pageQuery(filter, next)}`} className={buttonClass({ variant: "outline" })}>
            Older reviews
          </Link>
        )}
      </nav>
    </>
  );
}

function FilterSelect({
  label,
  name,
  value,
  children,
}: {
  label: string;
  name: string;
  value: string;
  children: React.ReactNode;
}) {
  return (
    <label className="flex flex-col gap-1 text-sm font-medium">
      {label}
      <select
        name={name}
        defaultValue={value}
        className="h-10 rounded-md border border-input bg-background px-3 text-sm"
      >
        {children}
      </select>
    </label>
  );
}
