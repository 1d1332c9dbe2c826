import { and, eq, isNotNull, lte } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { products } from "../db/schema/index.ts";

/**
 * Makes every draft whose publish time has come active, in one statement (so two instances
 * racing publish each product once), and clears the time. The products row trigger bumps
 * storefront_version in the same transaction: cached pages, counts and the feed are rebuilt.
 * Returns the ids published. Runs each minute (server/background.ts, "scheduled products").
 */
export async function publishDueProducts(db: Db, now: Date): Promise<string[]> {
  const rows = await db
    .update(products)
    .set({ status: "active", publishAt: null })
    .where(and(eq(products.status, "draft"), isNotNull(products.publishAt), lte(products.publishAt, now)))
    .returning({ id: products.id });
  return rows.map((r) => r.id);
}
