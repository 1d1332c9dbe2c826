import { formatMoney } from "./money.ts";
import { formatTaxRate } from "./sales-tax.ts";

/** What an order charged on top of its goods, as stored (orders from before 035/036 lack the new fields). */
export type ShippingAndTax = {
  shippingCents: number;
  shippingRateName?: string | null;
  taxCents?: number;
  taxBasisPoints?: number;
  taxState?: string | null;
};

/** Every amount an order's totals show, as stored (pages, emails and the admin show the same). */
export type OrderTotals = {
  subtotalCents: number;
  volumeDiscountCents: number;
  subscriptionDiscountCents: number;
  couponCode: string | null;
  couponDiscountCents: number;
  totalCents: number;
} & ShippingAndTax;

/** The totals of a stored order, and nothing else of it (what a page or an email may carry). */
export function orderTotalsOf(order: Required<OrderTotals>): Required<OrderTotals> {
  return {
    subtotalCents: order.subtotalCents,
    volumeDiscountCents: order.volumeDiscountCents,
    subscriptionDiscountCents: order.subscriptionDiscountCents,
    couponCode: order.couponCode,
    couponDiscountCents: order.couponDiscountCents,
    shippingCents: order.shippingCents,
    shippingRateName: order.shippingRateName,
    taxCents: order.taxCents,
    taxBasisPoints: order.taxBasisPoints,
    taxState: order.taxState,
    totalCents: order.totalCents,
  };
}

export type ChargeRow = { label: string; value: string; cents: number };

/**
 * The shipping and sales tax rows of an order's totals, worded alike on the order pages, the
 * confirmation email and the admin: "Shipping (Standard shipping) $5.00", "Sales tax (TX 8.25%) $4.13".
 */
export function shippingAndTaxRows(order: ShippingAndTax): ChargeRow[] {
  const rate = order.shippingRateName && order.shippingCents > 0 ? ` (${order.shippingRateName})` : "";
  const rows: ChargeRow[] = [
    {
      label: `Shipping${rate}`,
      value: order.shippingCents > 0 ? formatMoney(order.shippingCents) : "Free",
      cents: order.shippingCents,
    },
  ];
  const tax = order.taxCents ?? 0;
  if (tax > 0) {
    const where = order.taxState ? `${order.taxState} ${formatTaxRate(order.taxBasisPoints ?? 0)}` : "";
    rows.push({ label: where ? `Sales tax (${where})` : "Sales tax", value: formatMoney(tax), cents: tax });
  }
  return rows;
}

/**
 * Every line between the subtotal and the total of an order, in the order they were taken (decision
 * 030): volume saving, subscription discount, coupon, shipping, sales tax. The success page, the
 * order pages and the confirmation email show exactly these, so the lines add up to the charge:
 * subtotal + Σ cents = total.
 */
export function orderChargeRows(order: OrderTotals): ChargeRow[] {
  const rows: ChargeRow[] = [];
  const discount = (label: string, cents: number) => {
    if (cents > 0) rows.push({ label, value: `-${formatMoney(cents)}`, cents: -cents });
  };
  discount("Volume saving", order.volumeDiscountCents);
  discount("Subscription discount", order.subscriptionDiscountCents);
  if (order.couponCode) discount(`Coupon ${order.couponCode}`, order.couponDiscountCents);
  return [...rows, ...shippingAndTaxRows(order)];
}
