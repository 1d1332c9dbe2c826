import { randomUUID } from "node:crypto";
import { data } from "react-router";
import { parseForm } from "~/lib/forms.ts";
import { refundFormSchema } from "~core/forms/refund-form.ts";
import { formatMoney } from "~core/pricing/money.ts";
import { actionToast } from "~core/toast.ts";
import { adminUser } from "~server/auth/guards.ts";
import { failureData, fieldMessages, settle } from "~server/http/error-response.ts";
import { providerNamed } from "~server/payments/registry.ts";
import { getRefundPanel } from "~server/refunds/panel.ts";
import { refundOrder } from "~server/refunds/refund-order.ts";
import type { Route } from "./+types/order-refunds";

/**
 * GET: the refund panel of a paid order (what is left, lines, history) and a fresh idempotency
 * key for the form it renders. POST: the refund (server/refunds/refund-order.ts). A resource
 * route under the admin guard, loaded by the order dialog (app/components/admin/refund-panel.tsx).
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const panel = await getRefundPanel(context.database.db, params.orderId);
  if (!panel) throw data("Order not found", { status: 404 });
  return { panel, idempotencyKey: randomUUID() };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const raw = refundFormValues(await request.formData());
  const parsed = parseForm(refundFormSchema, raw);
  if (!parsed.ok) {
    const toast = actionToast({
      title: "Refund not possible",
      description: firstError(parsed.errors),
      variant: "destructive",
    });
    return data({ ok: false as const, errors: parsed.errors, toast }, { status: 400 });
  }
  const admin = context.get(adminUser);
  const refunded = await settle(context.log, "refund failed", () =>
    refundOrder(
      {
        db: context.database.db,
        mailer: context.mailer,
        providerFor: (name) => providerNamed(context, name),
        publicUrl: context.config.publicUrl,
        log: context.log,
      },
      { orderId: params.orderId, actorId: admin.id, request: parsed.data },
    ),
  );
  if (!refunded.ok) {
    return failureData(refunded, { ok: false as const, errors: fieldMessages(refunded) });
  }
  const { refund, state } = refunded.value;
  context.log.info(
    { orderId: params.orderId, refundId: refund.id, amountCents: refund.amountCents },
    "order refunded",
  );
  return {
    ok: true as const,
    errors: {},
    toast: actionToast({
      title: state === "pending" ? "Refund under way" : "Refund issued",
      description: `${formatMoney(refund.amountCents)} ${state === "pending" ? "is being refunded" : "refunded"} to the customer.`,
      variant: "success",
    }),
  };
}

/** The form's fields; units of lines come as `qty.<order item id>`. */
function refundFormValues(form: FormData) {
  const text = (name: string) => String(form.get(name) ?? "");
  const lines = [...form.entries()]
    .filter(([name]) => name.startsWith("qty."))
    .slice(0, 101)
    .map(([name, value]) => ({ orderItemId: name.slice(4), quantity: String(value) || "0" }));
  return {
    mode: text("mode"),
    reason: text("reason"),
    amount: text("amount"),
    idempotencyKey: text("idempotencyKey"),
    lines,
  };
}

function firstError(errors: Record<string, string | undefined>) {
  return Object.values(errors).find(Boolean) ?? "Check the refund form.";
}
