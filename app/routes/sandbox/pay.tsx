import { FlaskConical } from "lucide-react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { Button, buttonClass } from "~/components/ui/button.tsx";
import { Input } from "~/components/ui/input.tsx";
import { Label } from "~/components/ui/label.tsx";
import { parseForm } from "~/lib/forms.ts";
import { checkoutToasts } from "~/lib/store/checkout-toasts.ts";
import { sandboxPaySchema } from "~/lib/store/sandbox-form.ts";
import { formatMoney } from "~core/pricing/money.ts";
import { redirectWithToast } from "~server/http/flash.ts";
import { cancelPayment } from "~server/orders/payment-session.ts";
import { fulfilOrder } from "~server/paid-orders/fulfil.ts";
import { sandboxEnabled } from "~server/payments/registry.ts";
import {
  loadSandboxSession,
  paySandboxSession,
  sandboxProvider,
  sandboxReturnUrl,
} from "~server/payments/sandbox.ts";
import type { Route } from "./+types/pay";

export function meta() {
  return [{ title: "Test mode payment" }, { name: "robots", content: "noindex" }];
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const found = await loadSandboxSession(context.database.db, params.sessionId);
  if (!found) throw data("Payment session not found", 404);
  const { session, order, items, open, buyerEmail } = found;
  // Once a real provider is configured no test payment is taken, not even for an older session.
  const off = !sandboxEnabled(context.config);
  return {
    open: open && !off,
    off,
    method: session.method,
    totalCents: order.totalCents,
    // The address and email our checkout took: shown and prefilled, as Stripe and PayPal get them.
    prefill: {
      name: order.name ?? "",
      email: buyerEmail,
      phone: order.phone ?? "",
      line1: order.shippingAddress?.line1 ?? "",
      line2: order.shippingAddress?.line2 ?? "",
      city: order.shippingAddress?.city ?? "",
      state: order.shippingAddress?.state ?? "",
      postalCode: order.shippingAddress?.postalCode ?? "",
      country: order.shippingAddress?.country ?? "US",
    } as Record<string, string>,
    items: items.map(({ id, name, weight, quantity, lineTotalCents }) => ({
      id,
      name,
      weight,
      quantity,
      lineTotalCents,
    })),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const db = context.database.db;
  const form = await request.formData();
  if (form.get("intent") === "cancel") {
    await cancelPayment(db, sandboxProvider, params.sessionId);
    return redirectWithToast("/checkout", checkoutToasts.paymentCancelled);
  }
  if (!sandboxEnabled(context.config)) {
    return data({ errors: {}, values: {} as Record<string, string>, message: sandboxOffMessage }, 403);
  }
  const parsed = parseForm(sandboxPaySchema, form);
  if (!parsed.ok) return data({ errors: parsed.errors, values: parsed.values, message: null }, 400);
  const { cardNumber, name, email, phone, ...address } = parsed.data;
  const buyer = { name, email, phone, address: { ...address, line2: address.line2 || undefined } };
  const paid = await paySandboxSession(db, params.sessionId, { cardNumber, buyer });
  if (!paid.ok) {
    const values = Object.fromEntries([...form].filter(([, v]) => typeof v === "string")) as Record<
      string,
      string
    >;
    return data({ errors: {}, values, message: paid.message }, 400);
  }
  // Like a provider's webhook: fulfil now, so the order is paid even if the buyer never returns.
  // The session was confirmed paid just above, so there is nothing to ask it again. The payment is
  // taken either way: when fulfilment fails, the return page and the reconciliation job finish it.
  await fulfilOrder(db, context.mailer, { orderId: paid.orderId, buyer }, context.log).catch((error) =>
    context.log.error(
      { err: error, orderId: paid.orderId },
      "sandbox payment taken; fulfilment left to retries",
    ),
  );
  return redirect(sandboxReturnUrl(params.sessionId, paid.method));
}

const sandboxOffMessage = "Test mode is off in this shop: this payment cannot be completed here.";

const fields = [
  ["name", "Full name", "name", "text"],
  ["email", "Email", "email", "email"],
  ["phone", "Phone", "tel", "tel"],
  ["line1", "Address", "address-line1", "text"],
  ["line2", "Apartment, suite (optional)", "address-line2", "text"],
  ["city", "City", "address-level2", "text"],
  ["state", "State", "address-level1", "text"],
  ["postalCode", "ZIP code", "postal-code", "text"],
  ["country", "Country", "country", "text"],
] as const;

export default function SandboxPay({ loaderData, actionData }: Route.ComponentProps) {
  const { open, off, method, totalCents, items, prefill } = loaderData;
  const busy = useNavigation().state !== "idle";
  const values = actionData?.values ?? {};
  const errors: Partial<Record<string, string>> = actionData?.errors ?? {};
  const paypal = method === "paypal";
  return (
    <main id="main" className="mx-auto flex min-h-dvh max-w-lg flex-col gap-6 px-4 py-8">
      <p
        role="note"
        className="flex items-center gap-2 rounded-md border border-warning/50 bg-warning/15 px-3 py-2 text-sm font-semibold text-warning"
      >
        <FlaskConical className="size-4" aria-hidden /> Test mode: no real money moves.
      </p>
      <h1 className="font-display text-3xl font-semibold">
        {paypal ? "Pay with PayPal (sandbox)" : "Pay by card (sandbox)"}
      </h1>
      <section aria-labelledby="amount-title" className="rounded-lg border bg-card p-4">
        <h2 id="amount-title" className="text-sm text-muted-foreground">
          Amount due
        </h2>
        <p className="font-display text-3xl font-semibold">{formatMoney(totalCents)}</p>
        <ul className="mt-3 flex flex-col gap-1 text-sm">
          {items.map((item) => (
            <li key={item.id} className="flex justify-between gap-3">
              <span>
                {item.name} ({item.weight}) × {item.quantity}
              </span>
              <span>{formatMoney(item.lineTotalCents)}</span>
            </li>
          ))}
        </ul>
      </section>
      {!open ? (
        <div className="flex flex-col gap-3">
          <p role="alert">{off ? sandboxOffMessage : "This payment session has expired or was cancelled."}</p>
          <Link to="/checkout" className={buttonClass({})}>
            Return to checkout
          </Link>
        </div>
      ) : (
        <>
          <Form method="post" className="flex flex-col gap-4" noValidate>
            {actionData?.message && (
              <p
                role="alert"
                className="rounded-md border border-destructive-text/50 bg-destructive/25 px-3 py-2 text-sm text-destructive-text"
              >
                {actionData.message}
              </p>
            )}
            {fields.map(([name, label, autoComplete, type]) => (
              <div key={name} className="flex flex-col gap-2">
                <Label htmlFor={name}>{label}</Label>
                <Input
                  id={name}
                  name={name}
                  type={type}
                  autoComplete={autoComplete}
                  defaultValue={values[name] ?? prefill[name] ?? ""}
                  aria-invalid={errors[name] ? true : undefined}
                  aria-describedby={errors[name] ? `${name}-error` : undefined}
                />
                {errors[name] && (
                  <p id={`${name}-error`} className="text-sm text-destructive-text">
                    {errors[name]}
                  </p>
                )}
              </div>
            ))}
            {!paypal && (
              <div className="flex flex-col gap-2">
                <Label htmlFor="cardNumber">Card number</Label>
                <Input
                  id="cardNumber"
                  name="cardNumber"
                  inputMode="numeric"
                  autoComplete="cc-number"
                  placeholder="4242 4242 4242 4242"
                  defaultValue={values.cardNumber ?? ""}
                  aria-describedby="card-hint"
                />
                <p id="card-hint" className="text-xs text-muted-foreground">
                  Test cards: 4242 4242 4242 4242 is paid, 4000 0000 0000 0002 is declined.
                </p>
              </div>
            )}
            <Button type="submit" name="intent" value="pay" disabled={busy}>
              {paypal ? `Pay ${formatMoney(totalCents)} with PayPal` : `Pay ${formatMoney(totalCents)}`}
            </Button>
          </Form>
          <Form method="post">
            <Button type="submit" name="intent" value="cancel" variant="ghost" className="w-full">
              Cancel and return to checkout
            </Button>
          </Form>
        </>
      )}
    </main>
  );
}
