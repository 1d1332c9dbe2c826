import { and, inArray, isNull, lt } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { carts } from "../db/schema/index.ts";

/** A guest cart nobody has changed for this long is abandoned (its cookie may live on; it then starts empty). */
export const GUEST_CART_RETENTION_DAYS = 90;
const BATCH = 1000;

/**
 * Deletes abandoned guest carts (and their lines, by cascade), a batch per call so the minute
 * sweep never holds a long transaction. Signed-in customers' carts are kept: they follow the account.
 */
export async function deleteAbandonedGuestCarts(db: Db, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - GUEST_CART_RETENTION_DAYS * 24 * 60 * 60 * 1000);
  const stale = db
    .select({ id: carts.id })
    .from(carts)
    .where(and(isNull(carts.userId), lt(carts.updatedAt, cutoff)))
    .limit(BATCH);
  const deleted = await db.delete(carts).where(inArray(carts.id, stale)).returning({ id: carts.id });
  return deleted.length;
}
