import { data, Form, Link } from "react-router";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { StripeWebhookPanel } from "~/components/admin/stripe-webhook-panel.tsx";
import { providerName, WebhookOutcomeBadge } from "~/components/admin/webhook-outcome-badge.tsx";
import { Button, buttonClass } from "~/components/ui/button.tsx";
import { Input } from "~/components/ui/input.tsx";
import { FormAlert } from "~/components/ui/input-field.tsx";
import { Label } from "~/components/ui/label.tsx";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableMessageRow,
  TableRow,
} from "~/components/ui/table.tsx";
import { pageQuery } from "~/lib/admin/page-query.ts";
import { formatDateTime } from "~/lib/dates.ts";
import { brand } from "~core/brand.ts";
import { settle } from "~server/http/error-response.ts";
import { PINNED_STRIPE_API_VERSION } from "~server/payments/stripe/api-version.ts";
import { stripeWebhookStatus } from "~server/payments/stripe/endpoint-status.ts";
import { stripeVersionSightings, VERSION_REPORT_DAYS } from "~server/payments/stripe/version-report.ts";
import { listWebhookEvents, webhookFilterSchema } from "~server/webhooks/admin-events.ts";
import type { Route } from "./+types/webhooks";

export function meta() {
  return [{ title: `Webhooks | ${brand.name} Admin` }];
}

/** Empty fields of the filter form mean "any". */
function filterParams(url: URL) {
  return Object.fromEntries([...url.searchParams].filter(([, value]) => value.trim() !== ""));
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = filterParams(new URL(request.url));
  const parsed = webhookFilterSchema.safeParse(params);
  const typed = { provider: params.provider ?? "", type: params.type ?? "", outcome: params.outcome ?? "" };
  if (!parsed.success) {
    const message = parsed.error.issues.map((issue) => issue.message).join(" ");
    return data({ typed, filter: null, page: null, message, stripe: null }, { status: 400 });
  }
  const [loaded, stripe] = await Promise.all([
    settle(context.log, "webhook event list failed", () =>
      listWebhookEvents(context.database.db, parsed.data),
    ),
    stripeReport(context),
  ]);
  if (!loaded.ok) {
    return { typed, filter: parsed.data, page: null, message: "Error loading webhook events.", stripe };
  }
  return { typed, filter: parsed.data, page: loaded.value, message: null, stripe };
}

/** The Stripe endpoint's state and the events at another API version (null without Stripe keys). */
async function stripeReport(context: Route.LoaderArgs["context"]) {
  if (!context.config.stripe) return null;
  const [status, sightings] = await Promise.all([
    stripeWebhookStatus(context),
    stripeVersionSightings(context.database.db).catch(() => []),
  ]);
  return { status, sightings, pinned: PINNED_STRIPE_API_VERSION, days: VERSION_REPORT_DAYS };
}

export default function Webhooks({ loaderData }: Route.ComponentProps) {
  const { typed, filter, page, message, stripe } = loaderData;
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Webhooks" subtitle="Signed events from Stripe and PayPal, newest first" />
      {stripe && <StripeWebhookPanel {...stripe} />}
      <FilterForm typed={typed} />
      {message && <FormAlert tone="error">{message}</FormAlert>}
      {page && filter && (
        <>
          <EventTable events={page.events} />
          <nav aria-label="Event pages" className="flex gap-2">
            {filter.after && (
              <Link to={`?${pageQuery(filter, null)}`} className={buttonClass({ variant: "outline" })}>
                Newest events
              </Link>
            )}
            {page.next && (
              <Link to={`?${pageQuery(filter, page.next)}`} className={buttonClass({ variant: "outline" })}>
                Older events
              </Link>
            )}
          </nav>
        </>
      )}
    </div>
  );
}

const selectClass = "h-9 rounded-md border border-input bg-background px-2 text-sm";

function FilterForm({ typed }: { typed: { provider: string; type: string; outcome: string } }) {
  return (
    <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Filter webhook events">
      <div className="flex flex-col gap-2">
        <Label htmlFor="provider">Provider</Label>
        <select id="provider" name="provider" defaultValue={typed.provider} className={selectClass}>
          <option value="">Any</option>
          <option value="stripe">Stripe</option>
          <option value="paypal">PayPal</option>
        </select>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="type">Event type</Label>
        <Input id="type" name="type" defaultValue={typed.type} placeholder="invoice.paid" className="w-64" />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="outcome">Outcome</Label>
        <select id="outcome" name="outcome" defaultValue={typed.outcome} className={selectClass}>
          <option value="">Any</option>
          <option value="processed">Processed</option>
          <option value="ignored">Ignored</option>
          <option value="failed">Failed</option>
        </select>
      </div>
      <Button type="submit" variant="outline">
        Filter
      </Button>
    </Form>
  );
}

type EventRow = NonNullable<Route.ComponentProps["loaderData"]["page"]>["events"][number];

function EventTable({ events }: { events: EventRow[] }) {
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Received</TableHead>
          <TableHead>Provider</TableHead>
          <TableHead>Type</TableHead>
          <TableHead>Event id</TableHead>
          <TableHead>Outcome</TableHead>
          <TableHead>Deliveries</TableHead>
          <TableHead className="text-right">Actions</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {events.length === 0 && <TableMessageRow colSpan={7}>No webhook events</TableMessageRow>}
        {events.map((event) => (
          <TableRow key={event.id}>
            <TableCell className="whitespace-nowrap">{formatDateTime(event.receivedAt)}</TableCell>
            <TableCell>{providerName(event.provider)}</TableCell>
            <TableCell className="font-mono text-xs">{event.type}</TableCell>
            <TableCell className="font-mono text-xs break-all">{event.eventId}</TableCell>
            <TableCell>
              <WebhookOutcomeBadge outcome={event.outcome} />
            </TableCell>
            <TableCell>{event.deliveries}</TableCell>
            <TableCell className="text-right">
              <Link
                to={`/admin/webhooks/${event.id}`}
                className={buttonClass({ variant: "ghost", size: "sm" })}
              >
                Details<span className="sr-only"> of {event.eventId}</span>
              </Link>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
