import { ShoppingBag } from "lucide-react";
import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button.tsx";
import type { PricedCart } from "~core/pricing/cart-pricing.ts";
import { priceCheckout } from "~core/pricing/checkout-pricing.ts";
import { formatMoney } from "~core/pricing/money.ts";
import { missingForFreeShipping, quoteZone } from "~core/pricing/shipping.ts";
import { CartLineItem } from "./cart-line-item.tsx";
import { useCartCoupon, useCartPurchase, useShippingEstimate } from "./use-cart.ts";

/** 'Your cart is empty' with the way back to the products (drawer and /cart). */
export function CartEmpty({
  titleAs: Title = "h2",
  onNavigate,
}: {
  /** The heading element: h1 on the page, the dialog title in the drawer. */
  titleAs?: React.ElementType<{ className?: string; children?: React.ReactNode }>;
  onNavigate?: () => void;
}) {
  return (
    <div className="flex flex-col items-center gap-3 py-12 text-center">
      <ShoppingBag className="size-12 text-primary/70" aria-hidden />
      <Title className="font-display text-2xl font-semibold">Your cart is empty</Title>
      <p className="text-muted-foreground">Looks like you haven't added any products yet.</p>
      <Link to="/products" onClick={onNavigate} className={buttonClass({ className: "mt-3" })}>
        Browse Products
      </Link>
    </div>
  );
}

export function CartLines({ cart, onNavigate }: { cart: PricedCart; onNavigate?: () => void }) {
  return (
    <ul aria-label="Cart items" className="divide-y">
      {cart.lines.map((line) => (
        <CartLineItem key={line.lineId} line={line} onNavigate={onNavigate} />
      ))}
    </ul>
  );
}

/**
 * Subtotal, the savings, shipping estimate and total, priced as checkout prices them (core/
 * checkout-pricing.ts): the subscription discount when the cart is set to subscribe, then the kept
 * coupon, then the US default zone's shipping (free on a subscription). Tax comes at checkout.
 * A cart with unavailable lines cannot go to checkout.
 */
export function CartSummary({ cart, children }: { cart: PricedCart; children?: React.ReactNode }) {
  const zone = useShippingEstimate();
  const coupon = useCartCoupon();
  const { purchaseType, signedIn } = useCartPurchase();
  const priced = priceCheckout({
    subtotalCents: cart.subtotalCents,
    volumeDiscountCents: cart.volumeDiscountCents,
    totalQuantity: cart.quantity,
    // Only an account can subscribe: a guest's cart is priced as a one-time purchase.
    purchaseType: signedIn ? purchaseType : "one_time",
    coupon,
    shippingZone: zone,
  });
  const estimate = zone ? { cents: priced.shippingCents } : null;
  const freeOver = zone && priced.subscriptionDiscountCents === 0 ? quoteZone(zone, priced.goodsCents) : null;
  const missing = freeOver ? missingForFreeShipping(freeOver, priced.goodsCents) : null;
  return (
    <div className="flex flex-col gap-3">
      <dl className="flex flex-col gap-2 text-sm">
        <SummaryLine label="Subtotal" cents={cart.subtotalCents} always />
        <SummaryLine label="Volume saving" cents={-priced.volumeDiscountCents} />
        <SummaryLine
          label={`Subscription discount (${priced.subscriptionDiscountBasisPoints / 100}%)`}
          cents={-priced.subscriptionDiscountCents}
        />
        {coupon && <SummaryLine label={`Coupon (${coupon.code})`} cents={-priced.couponDiscountCents} />}
        <div className="flex justify-between">
          <dt className="text-muted-foreground">
            Shipping{estimate && estimate.cents > 0 ? " (estimate)" : ""}
          </dt>
          <dd>
            {!estimate
              ? "Calculated at checkout"
              : estimate.cents > 0
                ? formatMoney(estimate.cents)
                : "Free shipping"}
          </dd>
        </div>
        <div className="flex justify-between border-t pt-2 text-base font-semibold">
          <dt>Total</dt>
          <dd className="text-primary tabular-nums">
            {formatMoney(priced.goodsCents + (estimate?.cents ?? 0))}
          </dd>
        </div>
      </dl>
      {missing !== null && freeOver?.freeOverCents != null && (
        <p role="status" className="text-sm text-muted-foreground">
          Free shipping on orders over {formatMoney(freeOver.freeOverCents)}: add {formatMoney(missing)} more.
        </p>
      )}
      {cart.hasUnavailableLines && (
        <p role="status" className="text-sm text-destructive-text">
          Remove the items that are no longer available to check out.
        </p>
      )}
      {children}
    </div>
  );
}

/** One amount of the summary; a zero saving is left out unless `always`. */
function SummaryLine({ label, cents, always }: { label: string; cents: number; always?: boolean }) {
  if (cents === 0 && !always) return null;
  return (
    <div className="flex justify-between">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="tabular-nums">{cents < 0 ? `-${formatMoney(-cents)}` : formatMoney(cents)}</dd>
    </div>
  );
}

/** The checkout button: a link, or a disabled button while the cart cannot be checked out. */
export function CheckoutButton({
  cart,
  label,
  onNavigate,
}: {
  cart: PricedCart;
  label: string;
  onNavigate?: () => void;
}) {
  const className = buttonClass({ size: "lg", className: "w-full" });
  if (cart.hasUnavailableLines) {
    return (
      <button type="button" disabled className={className}>
        {label}
      </button>
    );
  }
  return (
    <Link to="/checkout" onClick={onNavigate} className={className}>
      {label}
    </Link>
  );
}
