/** A coupon's status as the admin table shows it (shared by the table and its server tests; no server code). */
export function couponStatus(c: { isActive: boolean; validUntil: Date | string | null }, now = new Date()) {
  if (!c.isActive) return "Inactive" as const;
  if (c.validUntil && new Date(c.validUntil).getTime() < now.getTime()) return "Expired" as const;
  return "Active" as const;
}
