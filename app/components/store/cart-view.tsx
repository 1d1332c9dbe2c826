import { ShoppingBag } from "lucide-react";
import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button.tsx";
import type { PricedCart } from "~core/cart-pricing.ts";
import { couponDiscountCents } from "~core/checkout-pricing.ts";
import { formatMoney } from "~core/money.ts";
import { missingForFreeShipping, quoteZone } from "~core/shipping.ts";
import { CartLineItem } from "./cart-line-item.tsx";
import { useCartCoupon, useShippingEstimate } from "./use-cart.ts";

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

/** Subtotal, shipping note and total; a cart with unavailable lines cannot go to checkout. */
export function CartSummary({ cart, children }: { cart: PricedCart; children?: React.ReactNode }) {
  const zone = useShippingEstimate();
  // The coupon applied at checkout stays with the cart, so its saving shows here too.
  const coupon = useCartCoupon();
  const couponCents = coupon ? couponDiscountCents(cart.totalCents, coupon) : 0;
  const goodsCents = cart.totalCents - couponCents;
  // The US default zone's rate for the goods as they stand (tax comes at checkout).
  const estimate = zone ? quoteZone(zone, goodsCents) : null;
  const missing = estimate ? missingForFreeShipping(estimate, goodsCents) : null;
  return (
    <div className="flex flex-col gap-3">
      <dl className="flex flex-col gap-2 text-sm">
        <div className="flex justify-between">
          <dt className="text-muted-foreground">Subtotal</dt>
          <dd className="tabular-nums">{formatMoney(cart.subtotalCents)}</dd>
        </div>
        {cart.volumeDiscountCents > 0 && (
          <div className="flex justify-between">
            <dt className="text-muted-foreground">Volume saving</dt>
            <dd className="tabular-nums">-{formatMoney(cart.volumeDiscountCents)}</dd>
          </div>
        )}
        {coupon && couponCents > 0 && (
          <div className="flex justify-between">
            <dt className="text-muted-foreground">Coupon ({coupon.code})</dt>
            <dd className="tabular-nums">-{formatMoney(couponCents)}</dd>
          </div>
        )}
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
          <dd className="text-primary tabular-nums">{formatMoney(goodsCents + (estimate?.cents ?? 0))}</dd>
        </div>
      </dl>
      {missing !== null && estimate?.freeOverCents != null && (
        <p role="status" className="text-sm text-muted-foreground">
          Free shipping on orders over {formatMoney(estimate.freeOverCents)}: add {formatMoney(missing)} more.
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
