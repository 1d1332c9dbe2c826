import { accrueCommission } from "../../server/creators/ledger.ts";
import { hashPassword } from "../../server/creators/password.ts";
import type { Db } from "../../server/db/client.ts";
import { contentCreators, orders } from "../../server/db/schema/index.ts";
import { nextOrderNumber } from "../../server/orders/order-number.ts";
import { newStatusToken } from "../../server/orders/status-token.ts";
import { uniqueSuffix } from "./unique.ts";

export type ContentCreator = typeof contentCreators.$inferSelect;

export const DEFAULT_CREATOR_PASSWORD = "creator-pass-123";

/**
 * A content creator; pass `password` (plain) to choose it — only its scrypt hash is stored.
 * Defaults: active, commission 10.00% (1000 basis points).
 */
export async function createContentCreator(
  db: Db,
  overrides: Partial<Omit<typeof contentCreators.$inferInsert, "passwordHash">> & { password?: string } = {},
): Promise<ContentCreator> {
  const { password = DEFAULT_CREATOR_PASSWORD, ...fields } = overrides;
  const username = fields.username ?? `creator${uniqueSuffix()}`;
  const [row] = await db
    .insert(contentCreators)
    .values({
      fullName: "Alex Rivera",
      email: `${username}@example.com`,
      commissionBasisPoints: 1000,
      isActive: true,
      ...fields,
      username,
      passwordHash: await hashPassword(password),
    })
    .returning();
  return row!;
}

/**
 * A paid order that used the coupon, with its commission accrued as fulfilment does it (for tests
 * that need a creator's orders without a checkout). `paidAt` defaults to now.
 */
export async function createCreatorOrder(
  db: Db,
  couponId: string,
  overrides: Partial<typeof orders.$inferInsert> = {},
) {
  const [order] = await db
    .insert(orders)
    .values({
      paymentStatus: "paid",
      number: nextOrderNumber(),
      paidAt: new Date(),
      subtotalCents: 10000,
      couponDiscountCents: 1000,
      totalCents: 9000,
      couponId,
      statusToken: newStatusToken(),
      ...overrides,
    })
    .returning();
  await db.transaction((tx) => accrueCommission(tx, order!, order!.paidAt!));
  return order!;
}
