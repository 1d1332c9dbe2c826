import { Link, useLocation } from "react-router";
import { type PurchaseType, SUBSCRIPTION_DISCOUNT_BASIS_POINTS } from "~core/pricing/checkout-pricing.ts";
import { formatMoney, percentageOf } from "~core/pricing/money.ts";

type PurchaseChoiceProps = {
  value: PurchaseType;
  onChange: (value: PurchaseType) => void;
  signedIn: boolean;
  /** The unit price shown beside each choice; none in the cart (its summary has the totals). */
  priceCents?: number;
  /** Radios inside a form post their choice with it (the product page's Add to Cart). */
  name?: string;
};

/**
 * One-time or "Subscribe & save 15%" (issue 31), on the product page and in the cart; checkout
 * starts from the choice kept with the cart. A guest sees why a subscription needs an account,
 * with sign-in and sign-up links that come back to this page.
 */
export function PurchaseChoice({
  value,
  onChange,
  signedIn,
  priceCents,
  name = "purchaseType",
}: PurchaseChoiceProps) {
  const { pathname, search } = useLocation();
  const back = encodeURIComponent(pathname + search);
  const subscribed =
    priceCents === undefined
      ? null
      : priceCents - percentageOf(priceCents, SUBSCRIPTION_DISCOUNT_BASIS_POINTS);
  const option = (type: PurchaseType, title: string, detail: string | null, disabled = false) => (
    <label className="flex cursor-pointer items-center gap-3 rounded-md border border-input px-3 py-2 text-sm transition-colors hover:border-primary/60 has-checked:border-primary has-checked:bg-primary/10 has-focus-visible:ring-2 has-focus-visible:ring-ring has-disabled:cursor-not-allowed has-disabled:opacity-60">
      <input
        type="radio"
        name={name}
        value={type}
        checked={value === type}
        disabled={disabled}
        onChange={() => onChange(type)}
        className="size-4 accent-primary"
      />
      <span className="flex flex-1 flex-wrap items-baseline justify-between gap-x-3">
        <span className="font-medium">{title}</span>
        {detail && <span className="text-muted-foreground tabular-nums">{detail}</span>}
      </span>
    </label>
  );
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-medium">Purchase</legend>
      {option("one_time", "One-time purchase", priceCents === undefined ? null : formatMoney(priceCents))}
      {option(
        "subscription",
        "Subscribe & save 15%",
        subscribed === null ? "Monthly, cancel anytime" : `${formatMoney(subscribed)} / month`,
        !signedIn,
      )}
      {!signedIn && (
        <p data-personal-part className="text-xs text-muted-foreground">
          A subscription renews each month from your account, where you skip, pause or cancel it.{" "}
          <Link to={`/auth?redirectTo=${back}`} className="font-medium text-primary underline">
            Sign in
          </Link>{" "}
          or{" "}
          <Link to={`/auth?tab=signup&redirectTo=${back}`} className="font-medium text-primary underline">
            create an account
          </Link>{" "}
          to subscribe.
        </p>
      )}
    </fieldset>
  );
}
