import { ArrowLeft, Printer, Truck } from "lucide-react";
import { data, Link } from "react-router";
import { OrderDetails } from "~/components/admin/order-details.tsx";
import { OrderNoteForm } from "~/components/admin/order-note-form.tsx";
import { OrderTimeline } from "~/components/admin/order-timeline.tsx";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { RefundPanel } from "~/components/admin/refund-panel.tsx";
import { StatusSelect } from "~/components/admin/status-select.tsx";
import { buttonClass } from "~/components/ui/button.tsx";
import { useFlashToast } from "~/components/ui/toaster.tsx";
import { formatDateTime } from "~/lib/dates.ts";
import { parseForm } from "~/lib/forms.ts";
import { brand } from "~core/brand.ts";
import { orderLabel } from "~core/orders/order-number.ts";
import { actionToast } from "~core/toast.ts";
import { adminUser } from "~server/auth/guards.ts";
import { failureData, settle } from "~server/http/error-response.ts";
import { getAdminOrder } from "~server/orders/admin-list.ts";
import { addOrderNote, noteSchema } from "~server/orders/notes.ts";
import { orderTimeline } from "~server/orders/timeline/index.ts";
import type { Route } from "./+types/order";
import { orderPermissions, timelineFor, withoutCustomerData } from "./orders-access.server.ts";

export function meta({ data }: Route.MetaArgs) {
  const title = data ? `Order #${orderLabel(data.order)}` : "Order";
  return [{ title: `${title} | ${brand.name} Admin` }];
}

/** A paid order's own page: details, status, refunds, internal notes and the timeline. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const { db } = context.database;
  const order = await getAdminOrder(db, params.orderId);
  const timeline = order ? await orderTimeline(db, order.id) : null;
  if (!order || !timeline) throw data("Order not found", { status: 404 });
  const may = orderPermissions(context.get(adminUser).access);
  const [shown] = withoutCustomerData({ orders: [order] }, may.customerData).orders;
  return { order: shown!, timeline: timelineFor(timeline, may), may };
}

/** Adds an internal note (never shown to the customer); the timeline shows it at once. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const parsed = parseForm(noteSchema, await request.formData());
  if (!parsed.ok)
    return data(
      {
        ok: false as const,
        errors: parsed.errors,
        values: parsed.values,
        toast: actionToast({
          title: "Note not added",
          description: parsed.errors.body ?? "Check the note.",
          variant: "destructive",
        }),
      },
      { status: 400 },
    );
  const staff = context.get(adminUser);
  const added = await settle(context.log, "order note failed", () =>
    addOrderNote(context.database.db, {
      orderId: params.orderId,
      body: parsed.data.body,
      author: { id: staff.id, name: staff.name },
    }),
  );
  if (!added.ok)
    return failureData(added, { ok: false as const, errors: {}, values: { body: parsed.data.body } });
  context.log.info({ orderId: params.orderId, noteId: added.value.id }, "order note added");
  return {
    ok: true as const,
    errors: {},
    values: {},
    toast: actionToast({ title: "Note added", variant: "success" }),
  };
}

export default function OrderPage({ loaderData, actionData }: Route.ComponentProps) {
  const { order, timeline, may } = loaderData;
  useFlashToast(actionData?.toast);
  return (
    <div className="flex flex-col gap-6">
      <Link to="/admin/orders" className="inline-flex items-center gap-1 self-start text-sm text-primary">
        <ArrowLeft className="size-4" aria-hidden />
        Back to Orders
      </Link>
      <PageHeader
        title={`Order #${orderLabel(order)}`}
        subtitle={`Placed ${formatDateTime(order.createdAt)}`}
      >
        <StatusSelect order={order} action="/admin/orders" />
        {may.ship && (
          <Link to={`/admin/orders/${order.id}/ship`} className={buttonClass({ variant: "outline" })}>
            <Truck aria-hidden />
            {order.status === "shipped" || order.status === "delivered" ? "Edit tracking" : "Ship"}
          </Link>
        )}
        {may.print && (
          <a
            href={`/admin/orders/${order.id}/print`}
            target="_blank"
            rel="noopener"
            className={buttonClass({ variant: "outline" })}
          >
            <Printer aria-hidden />
            Print packing slip
          </a>
        )}
      </PageHeader>
      <div className="grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="flex flex-col gap-6">
          <OrderDetails order={order} />
          {may.refund && <RefundPanel orderId={order.id} />}
        </div>
        <section aria-labelledby="timeline-heading" className="flex flex-col gap-4">
          <h2 id="timeline-heading" className="text-lg font-semibold">
            Timeline
          </h2>
          {may.note && <OrderNoteForm result={actionData} />}
          <OrderTimeline events={timeline} />
        </section>
      </div>
    </div>
  );
}
