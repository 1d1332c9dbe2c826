import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { attachedOrderNotices, orders, user } from "../db/schema/index.ts";
import { attachImportedAddress } from "./imported-address.ts";

/**
 * Attaches the paid guest orders (no account) placed with this account's email, compared without
 * case, to the account — only once the email is verified: an unverified sign-up must never claim
 * someone else's orders (decision 037). One idempotent UPDATE: an order attached once has a user id
 * and is never matched again. Records the count for a one-time notice. Returns how many. An
 * imported customer's address joins the address book at the same moment (imported-address.ts).
 */
export async function attachGuestOrders(db: Db, userId: string): Promise<number> {
  await attachImportedAddress(db, userId);
  return db.transaction(async (tx) => {
    const verifiedEmail = tx
      .select({ email: sql`lower(${user.email})` })
      .from(user)
      .where(and(eq(user.id, userId), eq(user.emailVerified, true)));
    const attached = await tx
      .update(orders)
      .set({ userId })
      .where(
        and(
          isNull(orders.userId),
          eq(orders.paymentStatus, "paid"),
          sql`lower(${orders.email}) = (${verifiedEmail})`,
        ),
      )
      .returning({ id: orders.id });
    if (attached.length > 0)
      await tx
        .insert(attachedOrderNotices)
        .values({ userId, orderCount: attached.length })
        .onConflictDoUpdate({
          target: attachedOrderNotices.userId,
          set: { orderCount: sql`${attachedOrderNotices.orderCount} + ${attached.length}` },
        });
    return attached.length;
  });
}

/** How many attached orders wait to be announced; the notice is taken, so it shows once. */
export async function takeAttachedOrdersNotice(db: Db, userId: string): Promise<number> {
  const [taken] = await db
    .delete(attachedOrderNotices)
    .where(eq(attachedOrderNotices.userId, userId))
    .returning({ orderCount: attachedOrderNotices.orderCount });
  return taken?.orderCount ?? 0;
}

/** The one-time message (spec): "Your 2 earlier orders are now in My Orders". */
export function attachedOrdersMessage(count: number): string {
  return count === 1
    ? "Your earlier order is now in My Orders"
    : `Your ${count} earlier orders are now in My Orders`;
}
