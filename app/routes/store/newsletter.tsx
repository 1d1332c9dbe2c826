import { data } from "react-router";
import { NewsletterForm } from "~/components/store/newsletter-form.tsx";
import { PageHeader } from "~/components/store/page-header.tsx";
import { parseForm } from "~/lib/forms.ts";
import { pageTitle } from "~/lib/store/seo.ts";
import { NEWSLETTER_CHECK_INBOX, NEWSLETTER_FORM_NOTE } from "~core/legal/marketing.ts";
import { failureData, settle } from "~server/http/error-response.ts";
import { newsletterFormSchema } from "~server/marketing/newsletter.ts";
import type { Route } from "./+types/newsletter";
import { subscribeFromFooter } from "./newsletter.server.ts";

export function meta() {
  return [{ title: pageTitle("Newsletter") }, { name: "robots", content: "noindex" }];
}

/** A refused request keeps its Retry-After (the action's headers reach the document response). */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders;
}

type NewsletterAnswer = { sent: boolean; email?: string; error?: string; message?: string; note?: string };

/**
 * The footer's newsletter form posts here (plain HTML: works without JavaScript). The answer is
 * the same whether the address is new, pending, subscribed or unsubscribed (no enumeration).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const parsed = parseForm(newsletterFormSchema, await request.formData());
  if (!parsed.ok)
    return data<NewsletterAnswer>(
      { sent: false, email: parsed.values.email, error: parsed.errors.email },
      400,
    );
  const email = parsed.data.email;
  const done = await settle(
    context.log,
    "newsletter sign-up failed",
    () => subscribeFromFooter(context, email),
    {
      title: "Error",
      description: "We could not take your subscription. Please try again later.",
      status: 500,
    },
  );
  if (!done.ok) return failureData(done, { sent: false, email, error: done.message.description });
  return { sent: true, message: NEWSLETTER_CHECK_INBOX } satisfies NewsletterAnswer;
}

/** The note beside the form comes as data: long texts stay out of the storefront bundle. */
export function loader() {
  return { note: NEWSLETTER_FORM_NOTE };
}

export default function Newsletter({ loaderData, actionData }: Route.ComponentProps) {
  const answer: NewsletterAnswer = { note: loaderData.note, ...(actionData ?? { sent: false }) };
  return (
    <>
      <PageHeader title="Newsletter" intro="News, new batches and offers, a few times a month." />
      <div className="mx-auto max-w-xl px-4 py-12">
        {answer.sent ? (
          <p role="status" className="rounded-md border bg-card p-4">
            {answer.message}
          </p>
        ) : (
          <>
            {answer.error && (
              <p role="alert" className="mb-4 text-sm text-destructive-text">
                {answer.error}
              </p>
            )}
            <NewsletterForm id="newsletter-page-email" email={answer.email} />
            <p className="mt-3 text-sm text-muted-foreground">{answer.note}</p>
          </>
        )}
      </div>
    </>
  );
}
