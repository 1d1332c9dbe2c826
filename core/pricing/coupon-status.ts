import { formatMoney } from "./money.ts";

/** A coupon's status as the admin table shows it (shared by the table and its server tests; no server code). */
export function couponStatus(c: { isActive: boolean; validUntil: Date | string | null }, now = new Date()) {
  if (!c.isActive) return "Inactive" as const;
  if (c.validUntil && new Date(c.validUntil).getTime() < now.getTime()) return "Expired" as const;
  return "Active" as const;
}

/** A coupon's discount as shown: "15%", "12.5%" or "$5.00" (the admin table and the creator portal). */
export function discountLabel(c: { discountType: "percentage" | "fixed"; discountValueHundredths: number }) {
  return c.discountType === "percentage"
    ? `${(c.discountValueHundredths / 100).toFixed(2).replace(/\.00$/, "")}%`
    : formatMoney(c.discountValueHundredths);
}
