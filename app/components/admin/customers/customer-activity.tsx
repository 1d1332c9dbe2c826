import { Link } from "react-router";
import { Badge } from "~/components/ui/badge.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card.tsx";
import { formatDate, formatDateTime } from "~/lib/dates.ts";
import { itemsText, subscriptionStatusLabel } from "~/lib/subscriptions.ts";
import { formatMoney } from "~core/pricing/money.ts";
import type { CustomerProfile } from "~server/customers/profile.ts";

function Section({
  title,
  empty,
  children,
}: {
  title: string;
  empty: string | null;
  children: React.ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent className="text-sm">
        {empty ? <p className="text-muted-foreground">{empty}</p> : children}
      </CardContent>
    </Card>
  );
}

const marketingText = {
  subscribed: "Subscribed",
  pending: "Waiting for confirmation",
  unsubscribed: "Unsubscribed",
  none: "No consent given",
};

/** Subscriptions, reviews, marketing consent with its history, privacy requests. */
export function CustomerActivity({ profile }: { profile: CustomerProfile }) {
  const { subscriptions, reviews, marketing, privacyRequests } = profile;
  return (
    <>
      <Section title="Subscriptions" empty={subscriptions.length === 0 ? "No subscriptions." : null}>
        <ul className="flex flex-col gap-2">
          {subscriptions.map((sub) => (
            <li key={sub.id} className="flex flex-wrap items-center gap-2">
              <Link
                to={`/admin/subscriptions/${sub.id}`}
                className="text-primary underline-offset-4 hover:underline"
              >
                {itemsText(sub.items)}
              </Link>
              <Badge variant="muted">{subscriptionStatusLabel(sub.status)}</Badge>
              <span className="text-muted-foreground">{formatMoney(sub.monthlyTotalCents)} a month</span>
            </li>
          ))}
        </ul>
      </Section>
      <Section title="Reviews" empty={reviews.length === 0 ? "No reviews." : null}>
        <ul className="flex flex-col gap-2">
          {reviews.map((review) => (
            <li key={review.id}>
              <span className="font-medium">{review.product}</span> · {review.rating}/5
              {review.title && ` · ${review.title}`} · <Badge variant="muted">{review.status}</Badge>{" "}
              <span className="text-muted-foreground">{formatDate(review.createdAt)}</span>
            </li>
          ))}
        </ul>
      </Section>
      <Section title="Marketing consent" empty={null}>
        <p className="mb-2 font-medium">{marketingText[marketing.status]}</p>
        <ol className="flex flex-col gap-1">
          {marketing.history.map((event) => (
            <li key={`${event.what}-${String(event.at)}`}>
              <span className="text-muted-foreground">{formatDateTime(event.at)}</span> · {event.what}
              {event.detail && <div className="text-xs text-muted-foreground">“{event.detail}”</div>}
            </li>
          ))}
        </ol>
      </Section>
      <Section title="Privacy requests" empty={privacyRequests.length === 0 ? "No privacy requests." : null}>
        <ul className="flex flex-col gap-1">
          {privacyRequests.map((request) => (
            <li key={request.id}>
              {request.action === "export" ? "Data export" : "Erasure"} · by {request.requestedBy} ·{" "}
              <span className="text-muted-foreground">{formatDateTime(request.createdAt)}</span>
            </li>
          ))}
        </ul>
      </Section>
    </>
  );
}
