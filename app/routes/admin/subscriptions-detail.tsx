import { ArrowLeft, Printer, Search } from "lucide-react";
import { data, Link } from "react-router";
import { statusLabel } from "~/components/admin/order-status.ts";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { RenewalRecordPanel } from "~/components/admin/renewal-record-panel.tsx";
import { SubscriptionHistory } from "~/components/admin/subscription-history.tsx";
import { CancelSubscription } from "~/components/subscriptions/cancel-subscription.tsx";
import { Badge } from "~/components/ui/badge.tsx";
import { buttonClass } from "~/components/ui/button.tsx";
import { FormAlert } from "~/components/ui/input-field.tsx";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableMessageRow,
  TableRow,
} from "~/components/ui/table.tsx";
import { useFlashToast } from "~/components/ui/toaster.tsx";
import { formatDate, formatDateTime } from "~/lib/dates.ts";
import {
  canCancel,
  itemsText,
  providerLabel,
  renewalText,
  subscriptionStatusLabel,
  subscriptionStatusVariant,
} from "~/lib/subscriptions.ts";
import { cancelSubscriptionAction } from "~/routes/account/cancel-subscription.server.ts";
import { brand } from "~core/brand.ts";
import { orderLabel, subscriptionRef } from "~core/orders/order-number.ts";
import { formatMoney } from "~core/pricing/money.ts";
import { getAdminSubscription } from "~server/subscriptions/admin-subscriptions.ts";
import { adminRenewalRecord } from "~server/subscriptions/renewal-record.ts";
import type { Route } from "./+types/subscriptions-detail";

export function meta({ data }: Route.MetaArgs) {
  const title = data ? subscriptionTitle(data.subscription) : "Subscription";
  return [{ title: `${title} | ${brand.name} Admin` }];
}

/** Staff name a subscription as the customer does: by its first order's number (subscriptionRef). */
function subscriptionTitle(sub: { id: string; orders: { number: number | null }[] }) {
  return `Subscription ${subscriptionRef({ id: sub.id, firstOrderNumber: sub.orders.at(-1)?.number ?? null })}`;
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const subscription = await getAdminSubscription(context.database.db, params.subscriptionId);
  if (!subscription) throw data("Subscription not found", { status: 404 });
  return { subscription, renewal: await adminRenewalRecord(context.database.db, subscription.id) };
}

/** Admins cancel at period end too: the same provider call as the customer's button. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const formData = await request.formData();
  formData.set("subscriptionId", params.subscriptionId);
  return cancelSubscriptionAction(context, formData);
}

export default function SubscriptionDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { subscription: sub } = loaderData;
  useFlashToast(actionData?.toast);
  return (
    <div className="flex flex-col gap-6">
      <Link
        to="/admin/subscriptions"
        className="inline-flex items-center gap-1 self-start text-sm text-primary"
      >
        <ArrowLeft className="size-4" aria-hidden />
        Back to Subscriptions
      </Link>
      <PageHeader title={subscriptionTitle(sub)} subtitle={`Created ${formatDateTime(sub.createdAt)}`}>
        {canCancel(sub) && <CancelSubscription subscription={sub} />}
      </PageHeader>
      {actionData?.toast && (
        // The toast's text on the page too: it is all a browser without JavaScript shows.
        <FormAlert tone={actionData.ok ? "success" : "error"}>
          {actionData.toast.title}: {actionData.toast.description}
        </FormAlert>
      )}
      <dl className="grid max-w-3xl grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
        <dt className="text-muted-foreground">Customer</dt>
        <dd className="break-all">
          {sub.customerName ? `${sub.customerName} · ` : ""}
          {sub.customerEmail ?? "—"}
        </dd>
        <dt className="text-muted-foreground">Items</dt>
        <dd>{itemsText(sub.items)}</dd>
        <dt className="text-muted-foreground">Monthly price</dt>
        <dd>{formatMoney(sub.monthlyPriceCents)}</dd>
        <dt className="text-muted-foreground">Provider</dt>
        <dd className="break-all">
          {providerLabel(sub.provider)}
          {sub.providerSubscriptionId && (
            <span className="text-muted-foreground"> · {sub.providerSubscriptionId}</span>
          )}
        </dd>
        <dt className="text-muted-foreground">Status</dt>
        <dd>
          <Badge variant={subscriptionStatusVariant(sub)}>{subscriptionStatusLabel(sub.status)}</Badge>
        </dd>
        <dt className="text-muted-foreground">Renewal</dt>
        <dd>{renewalText(sub)}</dd>
      </dl>
      <OrdersTable orders={sub.orders} />
      <SubscriptionHistory events={sub.events} />
      <RenewalRecordPanel subscription={sub} record={loaderData.renewal} />
    </div>
  );
}

type OrderRow = Route.ComponentProps["loaderData"]["subscription"]["orders"][number];

function OrdersTable({ orders }: { orders: OrderRow[] }) {
  return (
    <section aria-labelledby="subscription-orders" className="flex flex-col gap-3">
      <h2 id="subscription-orders" className="font-display text-xl font-semibold">
        Orders
      </h2>
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Order</TableHead>
            <TableHead>Kind</TableHead>
            <TableHead>Date</TableHead>
            <TableHead>Total</TableHead>
            <TableHead>Status</TableHead>
            <TableHead className="text-right">Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {orders.length === 0 && <TableMessageRow colSpan={6}>No paid orders yet</TableMessageRow>}
          {orders.map((order) => (
            <TableRow key={order.id}>
              <TableCell className="font-mono text-xs">#{orderLabel(order)}</TableCell>
              <TableCell>{order.kind === "first" ? "First order" : "Renewal"}</TableCell>
              <TableCell className="whitespace-nowrap">{formatDate(order.createdAt)}</TableCell>
              <TableCell>{formatMoney(order.totalCents)}</TableCell>
              <TableCell>{statusLabel(order.status)}</TableCell>
              <TableCell className="text-right whitespace-nowrap">
                <Link
                  to={`/admin/orders?q=${order.id}`}
                  className={buttonClass({ variant: "ghost", size: "sm" })}
                >
                  <Search aria-hidden />
                  Open in Orders<span className="sr-only"> #{orderLabel(order)}</span>
                </Link>
                <a
                  href={`/admin/orders/${order.id}/print`}
                  target="_blank"
                  rel="noopener"
                  className={buttonClass({ variant: "ghost", size: "sm" })}
                >
                  <Printer aria-hidden />
                  Packing slip<span className="sr-only"> #{orderLabel(order)}</span>
                </a>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </section>
  );
}
