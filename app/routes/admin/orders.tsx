import { Download, Eye, Printer, RefreshCw } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { data, Link, redirect, useLocation, useRevalidator, useSearchParams } from "react-router";
import { z } from "zod";
import { BulkBar } from "~/components/admin/bulk-orders/bulk-bar.tsx";
import type { OrderSelection } from "~/components/admin/bulk-orders/selection.ts";
import { OrderDetails, type OrderDetailsData } from "~/components/admin/order-details.tsx";
import { OrderFilters } from "~/components/admin/order-filters.tsx";
import { SavedViews } from "~/components/admin/order-saved-views.tsx";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { RefundPanel } from "~/components/admin/refund-panel.tsx";
import { type StatusActionData, StatusSelect } from "~/components/admin/status-select.tsx";
import { RefundBadge } from "~/components/store/refund-badge.tsx";
import { Button, buttonClass } from "~/components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "~/components/ui/dialog.tsx";
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
import { formatDateTime } from "~/lib/dates.ts";
import { MAX_BULK_ORDERS } from "~core/orders/bulk-orders.ts";
import { orderLabel } from "~core/orders/order-number.ts";
import { formatMoney } from "~core/pricing/money.ts";
import { actionToast } from "~core/toast.ts";
import { adminUser } from "~server/auth/guards.ts";
import { settle } from "~server/http/error-response.ts";
import { listAdminOrders } from "~server/orders/admin-list.ts";
import { changeOrderStatus } from "~server/orders/notify.ts";
import { orderFilterLabels, orderFilterParams, parseOrderFilter } from "~server/orders/order-filter.ts";
import { listOrderViews } from "~server/orders/saved-views.ts";
import { ORDER_STATUSES } from "~server/orders/status.ts";
import { undoStatusChange } from "~server/orders/status-notices.ts";
import type { Route } from "./+types/orders";
import { orderPermissions, withoutCustomerData } from "./orders-access.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // The filter lives in the URL (shareable; the back button returns to the previous one). A bad
  // parameter is left out and named on the page, never a failed page.
  const { filter, problems } = parseOrderFilter(url.searchParams);
  const page = Number(url.searchParams.get("page") ?? 1);
  // Previous/next links of a long list carry the position of the page they come from.
  const after = url.searchParams.get("after");
  const before = url.searchParams.get("before");
  const staff = context.get(adminUser);
  const { db } = context.database;
  const [loaded, views] = await Promise.all([
    settle(context.log, "admin order list failed", () =>
      listAdminOrders(db, { filter, page, after, before }),
    ),
    listOrderViews(db, staff.id),
  ]);
  const may = orderPermissions(staff.access);
  const query = orderFilterParams(filter).toString();
  const shown = {
    filter,
    query,
    problems: problems.map((p) => `${orderFilterLabels[p.field]}: ${p.message}`),
    views,
    may,
  };
  if (!loaded.ok) return { ...shown, result: null, error: true };
  return { ...shown, result: withoutCustomerData(loaded.value, may.customerData), error: false };
}

const statusForm = z.object({ orderId: z.uuid(), status: z.enum(ORDER_STATUSES) });
const undoForm = z.object({ intent: z.literal("undo"), orderId: z.uuid() });

export async function action({ request, context }: Route.ActionArgs) {
  const form = Object.fromEntries(await request.formData());
  if (form.intent === "undo") return undoAction(context, form);
  const parsed = statusForm.safeParse(form);
  const failure = () =>
    data(
      {
        toast: actionToast({
          title: "Update failed",
          description: "Could not update the order status. Please try again.",
          variant: "destructive",
        }),
      },
      { status: 400 },
    );
  if (!parsed.success) return failure();
  const { orderId, status } = parsed.data;
  // Shipping needs a carrier and tracking number: the ship dialog posts to the ship page's action;
  // a plain form (no JavaScript) that picked "Shipped" is sent to that page to enter them.
  if (status === "shipped") throw redirect(`/admin/orders/${orderId}/ship`);
  const changed = await settle(context.log, "order status update failed", () =>
    changeOrderStatus(context.database.db, context.mailer, orderId, status, {
      actorId: context.get(adminUser).id,
      log: context.log,
      holdForUndo: true,
    }),
  );
  if (!changed.ok || !changed.value) return failure();
  const change = changed.value;
  context.log.info({ orderId: change.id, status: change.status }, "order status changed");
  return {
    toast: actionToast({
      title: "Order status updated",
      description: `Order #${orderLabel(change)} status changed to ${change.status}`,
      variant: "success",
    }),
    undo: change.undoableUntil ? { orderId: change.id, until: change.undoableUntil.toISOString() } : null,
  } satisfies StatusActionData;
}

/** Undo of a held status change: the order goes back and the customer is never emailed. */
async function undoAction(context: Route.ActionArgs["context"], form: Record<string, unknown>) {
  const parsed = undoForm.safeParse(form);
  const undone = parsed.success
    ? await settle(context.log, "order status undo failed", () =>
        undoStatusChange(context.database.db, parsed.data.orderId),
      )
    : null;
  if (!undone?.ok)
    return data({ toast: undoFailed("Could not undo the change. Please try again.") }, { status: 500 });
  const result = undone.value;
  if (!result.ok)
    return data(
      { toast: undoFailed("Too late: the customer has already been emailed about this change.") },
      { status: 409 },
    );
  context.log.info(
    { orderId: result.orderId, status: result.status, undone: result.undone },
    "order status change undone",
  );
  return {
    toast: actionToast({
      title: "Status change undone",
      description: `Order #${orderLabel({ id: result.orderId, number: result.number })} is ${result.status} again; the customer was not emailed.`,
      variant: "success",
    }),
    undo: null,
  } satisfies StatusActionData;
}

const undoFailed = (description: string) =>
  actionToast({ title: "Undo failed", description, variant: "destructive" });

export default function Orders({ loaderData }: Route.ComponentProps) {
  const { filter, query, problems, views, result, error, may } = loaderData;
  const filtered = query !== "";
  useOneRefetchWhenEmpty(!result || result.orders.length === 0);
  const bulk = useOrderSelection(query, result?.total ?? 0);
  const pageIds = result?.orders.map((o) => o.id) ?? [];
  const allOnPage = pageIds.length > 0 && pageIds.every((id) => bulk.ids.has(id));
  const mayBulk = Object.values(may.bulk).some(Boolean);
  const location = useLocation();
  const [params] = useSearchParams();
  const pageHref = (page: number) => {
    const next = new URLSearchParams(params);
    next.set("page", String(page));
    next.delete("after");
    next.delete("before");
    if (result && page === result.page + 1 && result.cursors.next) next.set("after", result.cursors.next);
    if (result && page === result.page - 1 && result.cursors.previous)
      next.set("before", result.cursors.previous);
    return `?${next}`;
  };
  return (
    <>
      <PageHeader title="Orders Management" subtitle={result ? orderCount(result) : undefined}>
        <Link
          to={location.pathname + location.search}
          className={buttonClass({ variant: "outline" })}
          preventScrollReset
        >
          <RefreshCw aria-hidden />
          Refresh
        </Link>
        {may.exportOrders && (
          <a href={exportHref(query)} className={buttonClass({ variant: "outline" })} download>
            <Download aria-hidden />
            Export CSV
          </a>
        )}
        {may.exportCustomers && (
          <a href="/admin/customers/export.csv" className={buttonClass({ variant: "outline" })} download>
            <Download aria-hidden />
            Export customers
          </a>
        )}
      </PageHeader>
      <SavedViews views={views} query={query} />
      {/* Keyed by the query: after Back/Forward the form shows the URL's filter, not the last typed one. */}
      <OrderFilters key={location.search} filter={filter} filtered={filtered} />
      {problems.length > 0 && (
        <p role="alert" className="mb-4 rounded-md border border-warning/60 bg-warning/10 p-3 text-sm">
          Left out of the filter: {problems.join(". ")}.
        </p>
      )}
      {mayBulk && result && bulk.selection.count > 0 && (
        <BulkBar
          selection={bulk.selection}
          pageOrders={result.orders.filter((o) => bulk.matching || bulk.ids.has(o.id))}
          may={may.bulk}
          onClear={bulk.clear}
        />
      )}
      {mayBulk && result && allOnPage && !bulk.matching && result.total > pageIds.length && (
        <p className="mb-3 text-sm">
          All {pageIds.length} orders on this page are selected.{" "}
          {result.total <= MAX_BULK_ORDERS ? (
            <Button type="button" variant="link" className="h-auto p-0" onClick={bulk.selectMatching}>
              Select all {orderCount(result).toLowerCase()}{" "}
              {filtered ? "matching this filter" : "in the list"}
            </Button>
          ) : (
            `Bulk actions take at most ${MAX_BULK_ORDERS.toLocaleString("en-US")} orders: filter to narrow the list.`
          )}
        </p>
      )}
      {error || !result ? (
        <p role="alert" className="rounded-md border border-destructive-text/50 bg-destructive/15 p-4">
          Error loading orders. Please try refreshing the page.
        </p>
      ) : (
        <>
          <Table>
            <TableHeader>
              <TableRow>
                {mayBulk && (
                  <TableHead className="w-8">
                    <input
                      type="checkbox"
                      className="size-4 accent-primary"
                      aria-label="Select all orders on this page"
                      checked={allOnPage}
                      onChange={(e) => bulk.setPage(pageIds, e.currentTarget.checked)}
                    />
                  </TableHead>
                )}
                <TableHead>Order</TableHead>
                <TableHead>Customer</TableHead>
                <TableHead>Total</TableHead>
                <TableHead>Coupon</TableHead>
                <TableHead>Date</TableHead>
                <TableHead>Status</TableHead>
                <TableHead className="text-right">Actions</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {result.orders.length === 0 && (
                <TableMessageRow colSpan={mayBulk ? 8 : 7}>
                  {filtered ? "No orders match this filter" : "No orders yet"}
                </TableMessageRow>
              )}
              {result.orders.map((order) => (
                <TableRow key={order.id}>
                  {mayBulk && (
                    <TableCell>
                      <input
                        type="checkbox"
                        className="size-4 accent-primary"
                        aria-label={`Select order #${orderLabel(order)}`}
                        checked={bulk.matching || bulk.ids.has(order.id)}
                        onChange={(e) => bulk.setPage([order.id], e.currentTarget.checked)}
                      />
                    </TableCell>
                  )}
                  <TableCell className="font-mono text-xs">
                    <Link
                      to={`/admin/orders/${order.id}`}
                      className="text-primary underline-offset-4 hover:underline"
                    >
                      #{orderLabel(order)}
                    </Link>
                  </TableCell>
                  <TableCell>
                    <span className="block font-medium">{order.name || "—"}</span>
                    <span className="block text-xs text-muted-foreground">{order.email}</span>
                  </TableCell>
                  <TableCell>{formatMoney(order.totalCents)}</TableCell>
                  <TableCell>{order.couponCode ?? "—"}</TableCell>
                  <TableCell className="whitespace-nowrap">{formatDateTime(order.createdAt)}</TableCell>
                  <TableCell>
                    <StatusSelect order={order} />
                    <RefundBadge order={order} />
                  </TableCell>
                  <TableCell className="text-right">
                    <OrderDialog order={order} mayRefund={may.refund} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <Pagination className="mt-4" page={result.page} totalPages={result.pageCount} getHref={pageHref} />
        </>
      )}
    </>
  );
}

/**
 * The rows ticked on the page (kept across pages), or "all matching": every order the filter
 * finds. A new filter clears "all matching", which belonged to the old one.
 */
function useOrderSelection(query: string, total: number) {
  const [ids, setIds] = useState<Set<string>>(() => new Set());
  const [matchingSearch, setMatchingSearch] = useState<string | null>(null);
  const matching = matchingSearch !== null && matchingSearch === query;
  const setPage = (pageIds: string[], on: boolean) => {
    setMatchingSearch(null);
    setIds((before) => {
      const next = new Set(before);
      for (const id of pageIds) on ? next.add(id) : next.delete(id);
      return next;
    });
  };
  const selection: OrderSelection = {
    ids: [...ids],
    matching,
    query,
    count: matching ? total : ids.size,
  };
  return {
    ids,
    matching,
    selection,
    setPage,
    selectMatching: () => setMatchingSearch(query),
    clear: () => {
      setIds(new Set());
      setMatchingSearch(null);
    },
  };
}

/** The CSV of the list as filtered now (every page, not just this one; always newest first). */
function exportHref(query: string) {
  return query ? `/admin/orders/export.csv?${query}` : "/admin/orders/export.csv";
}

/** The spec: if no orders have loaded after 3 seconds, one automatic refetch runs (once per visit). */
const EMPTY_REFETCH_MS = 3000;
function useOneRefetchWhenEmpty(empty: boolean) {
  const { revalidate } = useRevalidator();
  const refetched = useRef(false);
  const latest = useRef(revalidate);
  latest.current = revalidate;
  useEffect(() => {
    if (!empty || refetched.current) return;
    const timer = setTimeout(() => {
      refetched.current = true;
      void latest.current();
    }, EMPTY_REFETCH_MS);
    return () => clearTimeout(timer);
  }, [empty]);
}

/** "23 orders", or "About 1,000,000 orders" when the list is too long to count exactly. */
function orderCount({ total, totalIsEstimate }: { total: number; totalIsEstimate: boolean }) {
  if (!totalIsEstimate) return `${total} orders`;
  const rounded = Number(total.toPrecision(2));
  return `About ${rounded.toLocaleString("en-US")} orders`;
}

function OrderDialog({ order, mayRefund }: { order: OrderDetailsData; mayRefund: boolean }) {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" aria-label={`View order #${orderLabel(order)}`}>
          <Eye aria-hidden />
          View
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Order #{orderLabel(order)}</DialogTitle>
          <DialogDescription>Placed {formatDateTime(order.createdAt)}</DialogDescription>
        </DialogHeader>
        <OrderDetails order={order} />
        {mayRefund && <RefundPanel orderId={order.id} />}
        <div className="flex justify-end">
          <a
            href={`/admin/orders/${order.id}/print`}
            target="_blank"
            rel="noopener"
            className={buttonClass({ variant: "outline" })}
          >
            <Printer aria-hidden />
            Print packing slip
          </a>
        </div>
      </DialogContent>
    </Dialog>
  );
}
