import { ArrowLeft, Truck } from "lucide-react";
import { data, Form, Link } from "react-router";
import { z } from "zod";
import { statusLabel } from "~/components/admin/order-status.ts";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { ShipmentFields } from "~/components/admin/shipment-fields.tsx";
import { Button } from "~/components/ui/button.tsx";
import { FormAlert } from "~/components/ui/input-field.tsx";
import { useFlashToast } from "~/components/ui/toaster.tsx";
import { type FieldErrors, formText, parseForm } from "~/lib/forms.ts";
import { brand } from "~core/brand.ts";
import { shipmentSchema } from "~core/forms/shipment-form.ts";
import { orderLabel } from "~core/orders/order-number.ts";
import { actionToast } from "~core/toast.ts";
import { adminUser } from "~server/auth/guards.ts";
import { NotFoundError } from "~server/errors.ts";
import { failureData, fieldMessages, settle } from "~server/http/error-response.ts";
import { changeOrderStatus } from "~server/orders/notify.ts";
import { getShipment, updateTracking } from "~server/orders/tracking.ts";
import type { Route } from "./+types/order-ship";

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `Ship order #${data ? orderLabel(data.order) : ""} | ${brand.name}` }];
}

/** A paid order's shipping form: "ship" before it has shipped, "edit" (the tracking only) after. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const order = await getShipment(context.database.db, params.orderId);
  if (!order) throw data("Order not found", { status: 404 });
  return { order, intent: shippedAlready(order.status) ? "edit" : "ship" };
}

const shippedAlready = (status: string) => status === "shipped" || status === "delivered";

const intentSchema = z.object({ intent: z.enum(["ship", "edit"]) });

/**
 * Marks the order shipped with its carrier and tracking number (the status email follows once), or
 * corrects the tracking of a shipped order. The ship dialog on Orders Management posts here too.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = intentSchema.safeParse(formText(form));
  const parsed = parseForm(shipmentSchema, form);
  if (!parsed.ok || !intent.success) {
    const errors = parsed.ok ? { form: "Unknown action" } : parsed.errors;
    const description = Object.values(errors)[0] ?? "Check the tracking details.";
    return data(
      {
        saved: false,
        errors,
        values: parsed.ok ? formText(form) : parsed.values,
        toast: actionToast({ title: "Tracking not saved", description, variant: "destructive" }),
      },
      { status: 400 },
    );
  }
  const { db } = context.database;
  const saved = await settle(context.log, "shipment save failed", async () => {
    if (intent.data.intent === "edit") return updateTracking(db, params.orderId, parsed.data);
    const change = await changeOrderStatus(db, context.mailer, params.orderId, "shipped", {
      shipment: parsed.data,
      actorId: context.get(adminUser).id,
      log: context.log,
    });
    if (!change)
      throw new NotFoundError({
        title: "Order not found",
        description: "This order does not exist or is not paid.",
      });
    return change;
  });
  if (!saved.ok) {
    return failureData(saved, {
      saved: false,
      errors: fieldMessages(saved),
      values: formText(form),
    });
  }
  context.log.info({ orderId: params.orderId, intent: intent.data.intent }, "order shipment saved");
  const shipped = intent.data.intent === "ship";
  return {
    saved: true,
    errors: {} as FieldErrors,
    values: null,
    toast: actionToast({
      title: shipped ? "Order marked shipped" : "Tracking updated",
      description: `Order #${orderLabel(saved.value)}: ${parsed.data.trackingNumber}`,
      variant: "success",
    }),
  };
}

export default function OrderShip({ loaderData, actionData }: Route.ComponentProps) {
  const { order, intent } = loaderData;
  useFlashToast(actionData?.toast);
  const title = intent === "edit" ? "Edit tracking" : "Mark shipped";
  return (
    <>
      <PageHeader
        title={`${title}: order #${orderLabel(order)}`}
        subtitle={`${order.name || "—"} · ${statusLabel(order.status)}`}
      />
      <Form method="post" className="flex max-w-md flex-col gap-4">
        <input type="hidden" name="intent" value={intent} />
        {actionData?.saved && <FormAlert tone="success">{actionData.toast.title}.</FormAlert>}
        {actionData?.errors?.form && <FormAlert>{actionData.errors.form}</FormAlert>}
        <ShipmentFields defaults={actionData?.values ?? order} errors={actionData?.errors} />
        <div className="flex gap-2">
          <Button type="submit">
            <Truck aria-hidden />
            {intent === "edit" ? "Save tracking" : "Mark shipped"}
          </Button>
          <Link
            to="/admin/orders"
            className="inline-flex items-center gap-1 px-3 text-sm underline-offset-4 hover:underline"
          >
            <ArrowLeft className="size-4" aria-hidden />
            Back to orders
          </Link>
        </div>
      </Form>
    </>
  );
}
