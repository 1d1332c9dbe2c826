import { formatMoney } from "./money.ts";

/**
 * The limits of a coupon's terms, shared by the admin form (its live warning) and the server's
 * validation. Values are in hundredths: basis points for a percentage, cents for an amount.
 */
export const MAX_PERCENTAGE_HUNDREDTHS = 100_00;
/** A fixed discount above $1,000 is a typo in a supplement shop, not a promotion. */
export const MAX_FIXED_DISCOUNT_CENTS = 1_000_00;
export const MAX_MINIMUM_ORDER_CENTS = 100_000_00;

type DiscountKind = "percentage" | "fixed";

/** Why a discount value is out of range for its type, or null when it is fine. */
export function discountValueProblem(type: DiscountKind, hundredths: number): string | null {
  if (!Number.isFinite(hundredths) || hundredths < 1) return "Discount value must be greater than 0";
  if (type === "percentage" && hundredths > MAX_PERCENTAGE_HUNDREDTHS)
    return "A percentage discount is at most 100%";
  if (type === "fixed" && hundredths > MAX_FIXED_DISCOUNT_CENTS)
    return `A fixed discount is at most ${formatMoney(MAX_FIXED_DISCOUNT_CENTS)}`;
  return null;
}

/**
 * The owner's warning when a coupon can make an order's items free: 100% off, or an amount at
 * least as large as the smallest order it applies to (its minimum order, or any order without one).
 * Null when every order still pays something.
 */
export function freeOrderWarning(terms: {
  discountType: DiscountKind;
  discountValueHundredths: number;
  minimumOrderCents: number | null;
}): string | null {
  const value = terms.discountValueHundredths;
  if (terms.discountType === "percentage") {
    return value >= MAX_PERCENTAGE_HUNDREDTHS ? "At 100% off, every order with this coupon is free." : null;
  }
  if (terms.minimumOrderCents !== null && terms.minimumOrderCents > value) return null;
  const amount = formatMoney(value);
  return `Orders of ${amount} or less will be free: set a minimum order above ${amount} to prevent it.`;
}
