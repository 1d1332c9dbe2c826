import type { Db } from "../../server/db/client.ts";
import { coupons } from "../../server/db/schema/index.ts";
import { daysFromNow, uniqueSuffix } from "./unique.ts";

export type Coupon = typeof coupons.$inferSelect;

/**
 * An active, visible 10% coupon valid for a year. Values use the schema's units:
 * `discountValueHundredths` 1000 = 10% (percentage) or $10.00 (fixed); `minimumOrderCents` in cents.
 * The code is upper-cased like every stored code.
 */
export async function createCoupon(
  db: Db,
  overrides: Partial<typeof coupons.$inferInsert> = {},
): Promise<Coupon> {
  const code = (overrides.code ?? `TEST${uniqueSuffix()}`).toUpperCase();
  const [row] = await db
    .insert(coupons)
    .values({
      discountType: "percentage",
      discountValueHundredths: 1000,
      isActive: true,
      showOnFrontend: true,
      validFrom: daysFromNow(-1),
      validUntil: daysFromNow(365),
      ...overrides,
      code,
    })
    .returning();
  return row!;
}
