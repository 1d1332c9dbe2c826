import { CreditCard, ShieldCheck, Tag, Wallet, X } from "lucide-react";
import type * as React from "react";
import { useEffect, useState } from "react";
import { Form, useFetcher, useNavigate, useNavigation } from "react-router";
import { AddressStep, ShipTo } from "~/components/store/checkout-address.tsx";
import { CheckoutProp65 } from "~/components/store/checkout-prop65.tsx";
import { NewsConsentBox } from "~/components/store/news-consent-box.tsx";
import { PolicyAgreement } from "~/components/store/policy-agreement.tsx";
import { RenewalConsent } from "~/components/store/renewal-consent.tsx";
import { cartActionPath, useCart } from "~/components/store/use-cart.ts";
import { Badge } from "~/components/ui/badge.tsx";
import { Button } from "~/components/ui/button.tsx";
import { Input } from "~/components/ui/input.tsx";
import { Label } from "~/components/ui/label.tsx";
import { showToast, useFlashToast } from "~/components/ui/toaster.tsx";
import { useHydrated } from "~/hooks/use-hydrated.ts";
import { checkoutAuthUrl as authUrl, checkoutToasts } from "~/lib/store/checkout-toasts.ts";
import { brand } from "~core/brand.ts";
import { type PurchaseType, priceCheckout, shippingQuoteFor } from "~core/pricing/checkout-pricing.ts";
import { formatMoney } from "~core/pricing/money.ts";
import { formatTaxRate } from "~core/pricing/sales-tax.ts";
import { getSessionUser } from "~server/auth/session.ts";
import { addressStepView } from "~server/checkout/address-step.ts";
import { cartCoupon } from "~server/checkout/cart-coupon.ts";
import { hasVisibleCoupon } from "~server/coupons/coupons.ts";
import type { AppliedCoupon } from "~server/coupons/quote.ts";
import { redirectWithToast } from "~server/http/flash.ts";
import { checkoutProp65Html } from "~server/labels/checkout-warnings.ts";
import type { PaymentMethod } from "~server/payments/provider.ts";
import { availablePaymentMethods } from "~server/payments/registry.ts";
import { renewalTermsForPage } from "~server/subscriptions/renewal-consent.ts";
import type { Route } from "./+types/checkout";
import { loadCart, loadPurchaseType } from "./cart-request.server.ts";
import { type AddressFormState, checkoutAction } from "./checkout.server.ts";
import { cancelAbandonedPayment, requestCartId, sweepExpiredSessions } from "./checkout-request.server.ts";

export function meta() {
  return [{ title: `Checkout | ${brand.name}` }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getSessionUser(context, request);
  const cancelledOrder = new URL(request.url).searchParams.get("cancelled");
  if (cancelledOrder) {
    await cancelAbandonedPayment(context, request, { orderId: cancelledOrder, userId: user?.id ?? null });
    throw await redirectWithToast("/checkout", checkoutToasts.paymentCancelled);
  }
  const cart = await loadCart(context, request, user?.id ?? null);
  if (cart.lines.length === 0) throw await redirectWithToast("/products", checkoutToasts.cartEmpty);
  sweepExpiredSessions(context);
  const userId = user?.id ?? null;
  const cartId = await requestCartId(context, request, userId);
  const view = await addressStepView(context, { cartId, userId });
  // The coupon applied earlier stays with the cart (re-checked; dropped when it no longer applies).
  // The purchase choice made on the product page or in the cart is where checkout starts.
  const purchaseType = await loadPurchaseType(context, request, userId);
  const kept = await cartCoupon(context.database.db, cartId, cart, {
    purchaseType,
    signedIn: Boolean(user),
  });
  const changing = new URL(request.url).searchParams.get("step") === "address";
  return {
    ...view,
    // Step 1 until an address is kept (or the buyer asked to change it), then step 2.
    step: !view.address || changing ? ("address" as const) : ("pay" as const),
    signedIn: Boolean(user),
    purchaseType,
    showCoupon: await hasVisibleCoupon(context.database.db),
    paymentMethods: availablePaymentMethods(context.config),
    prop65Html: await checkoutProp65Html(context.database.db, cart.lines, view.address),
    renewalTerms: user && view.address ? renewalTermsForPage(cart, view.terms) : null,
    applied: kept.applied,
    droppedCoupon: kept.dropped,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return checkoutAction(context, request);
}

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const { signedIn, showCoupon, paymentMethods, terms, address } = loaderData;
  const cart = useCart();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const cartChoice = useFetcher();
  // A refused Pay answers with the choices made, so a page without JavaScript shows them again.
  const kept = actionData as {
    purchaseType?: PurchaseType;
    paymentMethod?: PaymentMethod;
    consentError?: string;
  };
  const [purchaseType, setPurchaseType] = useState<PurchaseType>(
    kept?.purchaseType ?? loaderData.purchaseType,
  );
  const [chosenMethod, setPaymentMethod] = useState<PaymentMethod>(
    kept?.paymentMethod ?? paymentMethods[0] ?? "card",
  );
  // Only the methods this shop has a provider for are offered (card first, the default).
  const paymentMethod = paymentMethods.includes(chosenMethod) ? chosenMethod : paymentMethods[0];
  const [code, setCode] = useState("");
  const [applied, setApplied] = useState<AppliedCoupon | null>(loaderData.applied);
  useFlashToast(actionData?.toast);

  // The cart's kept coupon as the server last read it (after a reload, or a change in another tab).
  const keptCode = loaderData.applied?.code ?? null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the kept code only
  useEffect(() => {
    if (!actionData) setApplied(loaderData.applied);
  }, [keptCode]);
  useEffect(() => {
    if (loaderData.droppedCoupon) showToast(checkoutToasts.couponDropped(loaderData.droppedCoupon));
  }, [loaderData.droppedCoupon]);

  // Each action answer says which coupon is applied now (none after a removal or a refusal).
  useEffect(() => {
    if (!actionData) return;
    setApplied(actionData.applied);
    if (actionData.applied) setCode("");
  }, [actionData]);

  // Signing out (in another tab, or the session ending) drops a chosen subscription.
  useEffect(() => {
    if (!signedIn) setPurchaseType("one_time");
  }, [signedIn]);

  const breakdown = priceCheckout({
    subtotalCents: cart.subtotalCents,
    volumeDiscountCents: cart.volumeDiscountCents,
    totalQuantity: cart.quantity,
    purchaseType,
    coupon: applied,
    ...terms,
  });
  const shipping = shippingQuoteFor({ ...terms, purchaseType }, breakdown.goodsCents);
  const paying = navigation.state !== "idle" && navigation.formData?.get("intent") === "pay";

  function choosePurchaseType(value: PurchaseType) {
    if (value === "subscription" && !signedIn) {
      showToast(checkoutToasts.signInRequired);
      navigate(authUrl);
      return;
    }
    setPurchaseType(value);
    // Kept with the cart too, so the cart and a later visit to checkout show the same choice.
    void cartChoice.submit(
      { intent: "purchase-type", purchaseType: value },
      { method: "post", action: cartActionPath },
    );
  }

  if (loaderData.step === "address" || !address) {
    const submitting = navigation.state !== "idle" && navigation.formData?.get("intent") === "save-address";
    return (
      <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6 lg:px-8">
        <h1 className="mb-8 font-display text-4xl font-semibold">Checkout</h1>
        <div className="grid gap-8 lg:grid-cols-[1fr_22rem]">
          <AddressStep
            saved={loaderData.saved}
            initial={address ?? loaderData.prefill}
            guestEmail={loaderData.guestEmail}
            form={(actionData as { addressForm?: AddressFormState } | undefined)?.addressForm ?? null}
            signedIn={signedIn}
            submitting={submitting}
          />
          <section aria-labelledby="summary-title" className="h-fit rounded-lg border bg-card p-5">
            <h2 id="summary-title" className="mb-4 font-display text-xl font-semibold">
              Order Summary
            </h2>
            <CartLines lines={cart.lines} />
            <dl className="flex flex-col gap-2 border-t pt-4 text-sm">
              <Row label="Subtotal" value={formatMoney(breakdown.subtotalCents)} />
              <Row label="Shipping and tax" value="Calculated for your address" />
            </dl>
          </section>
        </div>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6 lg:px-8">
      <h1 className="mb-8 font-display text-4xl font-semibold">Checkout</h1>
      <Form method="post" className="group grid gap-8 lg:grid-cols-[1fr_22rem]">
        <input type="hidden" name="appliedCoupon" value={applied?.code ?? ""} />
        <div className="flex flex-col gap-6">
          <ShipTo address={address} email={loaderData.guestEmail} />
          <fieldset className="rounded-lg border bg-card p-5">
            <legend className="px-1 font-display text-xl font-semibold">Purchase Type</legend>
            <div className="mt-2 grid gap-3">
              <Choice
                name="purchaseType"
                value="one_time"
                checked={purchaseType === "one_time"}
                onChange={() => choosePurchaseType("one_time")}
                title="One-time purchase"
                detail="Pay once, no commitment."
              />
              <Choice
                name="purchaseType"
                value="subscription"
                checked={purchaseType === "subscription"}
                onChange={() => choosePurchaseType("subscription")}
                title="Monthly subscription"
                detail={`Save 15% every month (20% with 2 or more items: Bulk Bonus, an extra 5%). Free shipping, monthly auto-renewal, cancel anytime.${signedIn ? "" : " Sign in to subscribe."}`}
              />
            </div>
          </fieldset>
          <fieldset className="rounded-lg border bg-card p-5">
            <legend className="px-1 font-display text-xl font-semibold">Payment Method</legend>
            <div className="mt-2 grid gap-3 sm:grid-cols-2">
              {paymentMethods.map((method) => (
                <Choice
                  key={method}
                  name="paymentMethod"
                  value={method}
                  checked={paymentMethod === method}
                  onChange={() => setPaymentMethod(method)}
                  {...paymentChoices[method]}
                />
              ))}
            </div>
          </fieldset>
          {showCoupon && (
            <section aria-labelledby="coupon-title" className="rounded-lg border bg-card p-5">
              <h2
                id="coupon-title"
                className="mb-3 flex items-center gap-2 font-display text-xl font-semibold"
              >
                <Tag className="size-4" aria-hidden /> Coupon Code
              </h2>
              {applied ? (
                <div className="flex flex-wrap items-center gap-3">
                  <Badge variant="success">
                    {applied.code} applied: -{formatMoney(breakdown.couponDiscountCents)}
                  </Badge>
                  <Button type="submit" name="intent" value="remove-coupon" variant="ghost" size="sm">
                    <X className="size-4" aria-hidden /> Remove
                  </Button>
                </div>
              ) : (
                <div className="flex gap-2">
                  <Label htmlFor="couponCode" className="sr-only">
                    Coupon code
                  </Label>
                  <Input
                    id="couponCode"
                    name="couponCode"
                    value={code}
                    onChange={(event) => setCode(event.target.value.toUpperCase())}
                    placeholder="Enter coupon code"
                    autoComplete="off"
                    className="uppercase"
                    maxLength={50}
                  />
                  <Button
                    type="submit"
                    name="intent"
                    value="apply-coupon"
                    variant="outline"
                    disabled={hydrated && code.trim() === ""}
                  >
                    Apply
                  </Button>
                </div>
              )}
            </section>
          )}
        </div>
        <section aria-labelledby="summary-title" className="h-fit rounded-lg border bg-card p-5">
          <h2 id="summary-title" className="mb-4 font-display text-xl font-semibold">
            Order Summary
          </h2>
          <CartLines lines={cart.lines} />
          <dl className="flex flex-col gap-2 border-t pt-4 text-sm">
            <Row label="Subtotal" value={formatMoney(breakdown.subtotalCents)} />
            {breakdown.volumeDiscountCents > 0 && (
              <Row label="Volume saving" value={`-${formatMoney(breakdown.volumeDiscountCents)}`} />
            )}
            {breakdown.subscriptionDiscountCents > 0 && (
              <Row
                label={`Subscription discount (${breakdown.subscriptionDiscountBasisPoints / 100}%${breakdown.subscriptionDiscountBasisPoints === 2000 ? ", Bulk Bonus" : ""})`}
                value={`-${formatMoney(breakdown.subscriptionDiscountCents)}`}
              />
            )}
            {applied && (
              <Row
                label={`Coupon (${applied.code})`}
                value={`-${formatMoney(breakdown.couponDiscountCents)}`}
              />
            )}
            <Row
              label={
                breakdown.shippingCents > 0 ? `Shipping (${shipping?.rateName ?? "Shipping"})` : "Shipping"
              }
              value={breakdown.shippingCents > 0 ? formatMoney(breakdown.shippingCents) : "Free shipping"}
            />
            {breakdown.taxCents > 0 && (
              <Row
                label={`Sales tax (${address.state} ${formatTaxRate(breakdown.taxBasisPoints)})`}
                value={formatMoney(breakdown.taxCents)}
              />
            )}
            <div className="flex justify-between border-t pt-3 text-base font-semibold">
              <dt>Total</dt>
              <dd>{formatMoney(breakdown.totalCents)}</dd>
            </div>
          </dl>
          <CheckoutProp65 html={loaderData.prop65Html} />
          {loaderData.renewalTerms && (
            <RenewalConsent terms={loaderData.renewalTerms} error={kept?.consentError} />
          )}
          <div className="mt-5">
            <NewsConsentBox id="checkout-newsletter" />
          </div>
          <Button type="submit" name="intent" value="pay" className="mt-5 w-full" disabled={paying}>
            {paying ? "Processing..." : `Pay ${formatMoney(breakdown.totalCents)}`}
          </Button>
          <PolicyAgreement />
          <p className="mt-3 flex items-center gap-2 text-xs text-muted-foreground">
            <ShieldCheck className="size-4" aria-hidden /> Prices are confirmed on our server before payment.
          </p>
        </section>
      </Form>
    </div>
  );
}

const paymentChoices = {
  card: { title: "Credit / Debit Card", icon: <CreditCard className="size-4" aria-hidden /> },
  paypal: { title: "PayPal", icon: <Wallet className="size-4" aria-hidden /> },
} as const;

function CartLines({ lines }: { lines: ReturnType<typeof useCart>["lines"] }) {
  return (
    <ul className="mb-4 flex flex-col gap-2 text-sm">
      {lines.map((line) => (
        <li key={line.lineId} className="flex justify-between gap-3">
          <span>
            {line.name} ({line.weight}) × {line.quantity}
          </span>
          <span>{formatMoney(line.lineTotalCents)}</span>
        </li>
      ))}
    </ul>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-3">
      <dt className="text-muted-foreground">{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function Choice(props: {
  name: string;
  value: string;
  checked: boolean;
  onChange: () => void;
  title: string;
  detail?: string;
  icon?: React.ReactNode;
}) {
  return (
    <label className="flex cursor-pointer items-start gap-3 rounded-md border p-3 has-checked:border-primary has-checked:bg-primary/5">
      <input
        type="radio"
        name={props.name}
        value={props.value}
        checked={props.checked}
        onChange={props.onChange}
        className="mt-1 accent-primary"
      />
      <span className="flex flex-col gap-1">
        <span className="flex items-center gap-2 font-medium">
          {props.icon}
          {props.title}
        </span>
        {props.detail && <span className="text-sm text-muted-foreground">{props.detail}</span>}
      </span>
    </label>
  );
}
