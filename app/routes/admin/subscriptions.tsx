import { Eye } from "lucide-react";
import { Form, Link } from "react-router";
import { z } from "zod";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { Badge } from "~/components/ui/badge.tsx";
import { Button, buttonClass } from "~/components/ui/button.tsx";
import { Label } from "~/components/ui/label.tsx";
import { Pagination } from "~/components/ui/pagination.tsx";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableMessageRow,
  TableRow,
} from "~/components/ui/table.tsx";
import { formatDate } from "~/lib/dates.ts";
import {
  itemsText,
  providerLabel,
  renewalText,
  SUBSCRIPTION_STATUSES,
  subscriptionStatusLabel,
  subscriptionStatusVariant,
} from "~/lib/subscriptions.ts";
import { brand } from "~core/brand.ts";
import { subscriptionRef } from "~core/orders/order-number.ts";
import { formatMoney } from "~core/pricing/money.ts";
import { listAdminSubscriptions } from "~server/subscriptions/admin-subscriptions.ts";
import type { Route } from "./+types/subscriptions";

export function meta() {
  return [{ title: `Subscriptions | ${brand.name} Admin` }];
}

const querySchema = z.object({
  page: z.coerce.number().int().min(1).catch(1),
  status: z.enum(SUBSCRIPTION_STATUSES).optional().catch(undefined),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const { page, status } = querySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const result = await listAdminSubscriptions(context.database.db, { page, status });
  return { ...result, status: status ?? "" };
}

export default function Subscriptions({ loaderData }: Route.ComponentProps) {
  const { subscriptions, total, page, pageCount, status } = loaderData;
  const href = (p: number) => `?${new URLSearchParams({ ...(status ? { status } : {}), page: String(p) })}`;
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Subscriptions"
        subtitle={`${total} ${total === 1 ? "subscription" : "subscriptions"}`}
      />
      <Form method="get" className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-2">
          <Label htmlFor="status-filter">Status</Label>
          <select
            id="status-filter"
            name="status"
            defaultValue={status}
            className="h-10 w-48 rounded-md border border-input bg-background px-3 text-sm"
          >
            <option value="">All statuses</option>
            {SUBSCRIPTION_STATUSES.map((s) => (
              <option key={s} value={s}>
                {subscriptionStatusLabel(s)}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" variant="outline">
          Filter
        </Button>
      </Form>
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Customer</TableHead>
            <TableHead>Items</TableHead>
            <TableHead>Monthly price</TableHead>
            <TableHead>Provider</TableHead>
            <TableHead>Status</TableHead>
            <TableHead>Next renewal</TableHead>
            <TableHead>Created</TableHead>
            <TableHead className="text-right">Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {subscriptions.length === 0 && (
            <TableMessageRow colSpan={8}>
              {status ? "No subscriptions with this status" : "No subscriptions yet"}
            </TableMessageRow>
          )}
          {subscriptions.map((sub) => (
            <TableRow key={sub.id}>
              <TableCell className="break-all">{sub.customerEmail ?? "—"}</TableCell>
              <TableCell className="min-w-48">{itemsText(sub.items)}</TableCell>
              <TableCell>{formatMoney(sub.monthlyPriceCents)}</TableCell>
              <TableCell>{providerLabel(sub.provider)}</TableCell>
              <TableCell>
                <Badge variant={subscriptionStatusVariant(sub)}>{subscriptionStatusLabel(sub.status)}</Badge>
              </TableCell>
              <TableCell className="whitespace-nowrap">{renewalText(sub)}</TableCell>
              <TableCell className="whitespace-nowrap">{formatDate(sub.createdAt)}</TableCell>
              <TableCell className="text-right">
                <Link
                  to={`/admin/subscriptions/${sub.id}`}
                  className={buttonClass({ variant: "ghost", size: "sm" })}
                >
                  <Eye aria-hidden />
                  View
                  <span className="sr-only"> subscription {subscriptionRef(sub)}</span>
                </Link>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Pagination page={page} totalPages={pageCount} getHref={href} />
    </div>
  );
}
