import { desc, eq } from "drizzle-orm";
import { csvDate, csvDollars } from "../../core/text/csv.ts";
import type { Db } from "../db/client.ts";
import { keyText, nextKey, olderThan, type TimeKey } from "../db/keyset.ts";
import { coupons, couponUsages } from "../db/schema/index.ts";
import { type CsvExport, EXPORT_BATCH_SIZE } from "./csv-stream.ts";

export const COUPON_USAGE_CSV_HEADER = ["Coupon code", "Order ID", "Email", "Discount", "Used at"] as const;

/** Every coupon use (one per paid order that had a coupon), newest first. */
export function couponUsageCsvExport(db: Db, options: { batchSize?: number } = {}): CsvExport<TimeKey> {
  const size = options.batchSize ?? EXPORT_BATCH_SIZE;
  return {
    header: COUPON_USAGE_CSV_HEADER,
    async readBatch(cursor) {
      const rows = await db
        .select({
          id: couponUsages.id,
          key: keyText(couponUsages.usedAt),
          code: coupons.code,
          orderId: couponUsages.orderId,
          email: couponUsages.userEmail,
          discountCents: couponUsages.discountCents,
          usedAt: couponUsages.usedAt,
        })
        .from(couponUsages)
        .innerJoin(coupons, eq(coupons.id, couponUsages.couponId))
        .where(olderThan(couponUsages.usedAt, couponUsages.id, cursor, "uuid"))
        .orderBy(desc(couponUsages.usedAt), desc(couponUsages.id))
        .limit(size);
      return {
        rows: rows.map((r) => [r.code, r.orderId, r.email, csvDollars(r.discountCents), csvDate(r.usedAt)]),
        next: nextKey(rows, size),
      };
    },
  };
}
